ALTER TABLE "card_notes" ADD COLUMN "fix_round" smallint;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "wont_fix_reason" text;--> statement-breakpoint
CREATE INDEX "card_notes_open_fix_idx" ON "card_notes" USING btree ("card_id") WHERE fix_round is not null and is_complete = false and wont_fix_reason is null and is_deleted = false;