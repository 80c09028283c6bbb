ALTER TABLE "cards" ADD COLUMN "promised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "expected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "first_delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cards_expected_idx" ON "cards" USING btree ("expected_at") WHERE expected_at is not null;--> statement-breakpoint
CREATE INDEX "cards_first_delivered_idx" ON "cards" USING btree ("first_delivered_at") WHERE first_delivered_at is not null;