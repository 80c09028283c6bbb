ALTER TABLE "card_notes" ADD COLUMN "time_in" double precision;--> statement-breakpoint
ALTER TABLE "card_notes" ADD COLUMN "time_out" double precision;--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_range_check" CHECK (time_out is null or (time_in is not null and time_out > time_in));--> statement-breakpoint
-- Earlier notes keep their moment: a drawing's time, or the first @VT{} tag as written (83.5 stays 83.5).
UPDATE "card_notes" SET "time_in" = CASE
  WHEN "annotation"->>'time' IS NOT NULL THEN ("annotation"->>'time')::double precision
  ELSE coalesce(substring("note" from '@VT\{([0-9]{1,6}(?:\.[0-9]{1,3})?)\}')::double precision, "video_time")
END
WHERE "video_time" IS NOT NULL;
