ALTER TABLE "card_activity" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "guest_links" ADD COLUMN "download" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "download_policy" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_links" ADD CONSTRAINT "guest_links_download_check" CHECK (download in ('none', 'proxy', 'original'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_download_policy_check" CHECK (download_policy in ('always', 'after_approval'));