CREATE TABLE "card_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"video_version" integer NOT NULL,
	"reviewer" text NOT NULL,
	"guest_link_id" integer,
	"name" text NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"watched" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_decisions_decision_check" CHECK (decision in ('approved', 'changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "approval_rule" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_links" ADD COLUMN "approver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_rule" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_decisions" ADD CONSTRAINT "card_decisions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_decisions" ADD CONSTRAINT "card_decisions_guest_link_id_guest_links_id_fk" FOREIGN KEY ("guest_link_id") REFERENCES "public"."guest_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_decisions_reviewer_unique" ON "card_decisions" USING btree ("card_id","video_version","reviewer");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_approval_rule_check" CHECK (approval_rule in ('any', 'all'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_rule_check" CHECK (approval_rule in ('any', 'all'));