CREATE TABLE "guest_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"mark" text NOT NULL,
	"guest_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"key" text,
	"height" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_links" ADD COLUMN "watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_copies" ADD CONSTRAINT "guest_copies_link_id_guest_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."guest_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_copies" ADD CONSTRAINT "guest_copies_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_copies_unique" ON "guest_copies" USING btree ("link_id","asset_id","guest_name");--> statement-breakpoint
CREATE INDEX "guest_copies_due_idx" ON "guest_copies" USING btree ("next_attempt_at") WHERE "guest_copies"."done_at" is null and "guest_copies"."failed_at" is null;