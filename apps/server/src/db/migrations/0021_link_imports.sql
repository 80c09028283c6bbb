ALTER TABLE "media_assets" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "imported_at" timestamp with time zone;