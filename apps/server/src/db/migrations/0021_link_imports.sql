ALTER TABLE "media_assets" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "source_bytes" bigint;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;