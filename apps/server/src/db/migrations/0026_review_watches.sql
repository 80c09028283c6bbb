CREATE TABLE "review_watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"video_version" integer NOT NULL,
	"reviewer" text NOT NULL,
	"ranges" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_watches" ADD CONSTRAINT "review_watches_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_watches_reviewer_unique" ON "review_watches" USING btree ("card_id","video_version","reviewer");