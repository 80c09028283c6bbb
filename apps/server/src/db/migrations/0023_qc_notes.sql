ALTER TABLE "card_notes" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "qc_kind" text;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "qc_video_id" integer;--> statement-breakpoint
ALTER TABLE "card_videos" ADD COLUMN "qc_noted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_qc_video_id_card_videos_id_fk" FOREIGN KEY ("qc_video_id") REFERENCES "public"."card_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_author_check" CHECK (author_id is not null or qc_kind is not null);--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_qc_kind_check" CHECK (qc_kind in ('black', 'freeze', 'silence'));