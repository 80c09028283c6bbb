ALTER TABLE "card_ratings" DROP CONSTRAINT "card_ratings_type";--> statement-breakpoint
CREATE INDEX "cards_yt_board_idx" ON "cards" USING btree ("yt_card_status","updated_at","id") WHERE archived_at is null and yt_card_status is not null;--> statement-breakpoint
CREATE INDEX "cards_yt_helper_board_idx" ON "cards" USING btree ("yt_helper_id","yt_card_status","updated_at","id") WHERE archived_at is null and yt_card_status is not null;--> statement-breakpoint
CREATE INDEX "cards_yt_client_board_idx" ON "cards" USING btree ("client_id","yt_card_status","updated_at","id") WHERE archived_at is null and yt_card_status is not null;--> statement-breakpoint
ALTER TABLE "card_ratings" ADD CONSTRAINT "card_ratings_type" CHECK (card_type in ('done', 'repurpose', 'yt'));--> statement-breakpoint
-- A helper status means "on the helper board": cards whose normal side is complete (docs/workflow.md).
UPDATE "cards" SET "yt_card_status" = NULL WHERE NOT ("has_youtube_helper" AND "is_complete");--> statement-breakpoint
UPDATE "cards" SET "yt_card_status" = CASE WHEN "yt_is_complete" THEN 'completed' ELSE 'assigned' END
  WHERE "has_youtube_helper" AND "is_complete"
    AND ("yt_card_status" IS NULL OR "yt_is_complete" OR "yt_card_status" NOT IN ('assigned', 'inProgress', 'ytQA', 'inDone', 'cancelled', 'completed'));--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_yt_status_check" CHECK (yt_card_status is null or yt_card_status in ('assigned', 'inProgress', 'ytQA', 'inDone', 'cancelled', 'completed'));