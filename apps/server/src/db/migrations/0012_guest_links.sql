CREATE TABLE "guest_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"password_hash" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "guest_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"guest_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "guest_link_id" integer;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "guest_links" ADD CONSTRAINT "guest_links_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_links" ADD CONSTRAINT "guest_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_visits" ADD CONSTRAINT "guest_visits_link_id_guest_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."guest_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_links_token_unique" ON "guest_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "guest_links_card_idx" ON "guest_links" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_visits_token_unique" ON "guest_visits" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "guest_visits_link_idx" ON "guest_visits" USING btree ("link_id");--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_guest_link_id_guest_links_id_fk" FOREIGN KEY ("guest_link_id") REFERENCES "public"."guest_links"("id") ON DELETE set null ON UPDATE no action;