CREATE TABLE "caption_cues" (
	"track_id" integer NOT NULL,
	"n" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"text" text NOT NULL,
	"settings" text,
	CONSTRAINT "caption_cues_track_id_n_pk" PRIMARY KEY("track_id","n")
);
--> statement-breakpoint
CREATE TABLE "caption_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"video_version" integer NOT NULL,
	"video_number" integer DEFAULT 1 NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"error" text,
	"file_key" text,
	"asset_id" integer,
	"created_by" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caption_cues" ADD CONSTRAINT "caption_cues_track_id_caption_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."caption_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caption_tracks_card_idx" ON "caption_tracks" USING btree ("card_id","video_version");--> statement-breakpoint
CREATE UNIQUE INDEX "caption_tracks_one_transcript" ON "caption_tracks" USING btree ("card_id","video_version","video_number") WHERE "caption_tracks"."source" = 'transcript';--> statement-breakpoint
CREATE INDEX "caption_tracks_due_idx" ON "caption_tracks" USING btree ("next_attempt_at") WHERE "caption_tracks"."done_at" is null and "caption_tracks"."failed_at" is null;