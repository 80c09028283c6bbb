CREATE TABLE "media_frames" (
	"asset_id" integer NOT NULL,
	"frame" integer NOT NULL,
	"grabbed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_frames_asset_id_frame_pk" PRIMARY KEY("asset_id","frame")
);
--> statement-breakpoint
ALTER TABLE "media_frames" ADD CONSTRAINT "media_frames_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE cascade ON UPDATE no action;