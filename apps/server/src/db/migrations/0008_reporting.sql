CREATE TABLE "rating_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rating_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_type" text NOT NULL,
	"old_rating" smallint,
	"new_rating" smallint NOT NULL,
	"old_qa_id" integer,
	"new_qa_id" integer,
	"reason" text NOT NULL,
	"changed_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_changes_range" CHECK (new_rating between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_rating_id_card_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."card_ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_old_qa_id_users_id_fk" FOREIGN KEY ("old_qa_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_new_qa_id_users_id_fk" FOREIGN KEY ("new_qa_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_changes_created_idx" ON "rating_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rating_changes_rating_idx" ON "rating_changes" USING btree ("rating_id");--> statement-breakpoint
CREATE INDEX "card_activity_created_idx" ON "card_activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "card_notes_created_idx" ON "card_notes" USING btree ("created_at","card_id") WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "card_ratings_created_idx" ON "card_ratings" USING btree ("created_at","card_type");