CREATE TABLE "card_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"user_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"parent_id" integer,
	"chat" text NOT NULL,
	"note_type" text DEFAULT 'comment' NOT NULL,
	"note" text NOT NULL,
	"author_id" integer NOT NULL,
	"video_number" smallint,
	"video_time" integer,
	"annotation" jsonb,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"reaction" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_notes_chat_check" CHECK (chat in ('customer', 'team', 'yt')),
	CONSTRAINT "card_notes_type_check" CHECK (note_type in ('comment', 'annotation'))
);
--> statement-breakpoint
CREATE TABLE "card_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"card_type" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"rated_by" integer,
	"assigned_qa_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_ratings_range" CHECK (rating between 1 and 5),
	CONSTRAINT "card_ratings_type" CHECK (card_type in ('done', 'repurpose'))
);
--> statement-breakpoint
CREATE TABLE "card_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"video_url" text NOT NULL,
	"video_type" text,
	"audio_video_type" text,
	"parent_link_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"card_title" text NOT NULL,
	"card_status" text DEFAULT 'video_request' NOT NULL,
	"repurpose_status" text,
	"yt_card_status" text,
	"is_complete" boolean DEFAULT false NOT NULL,
	"is_repurpose_complete" boolean DEFAULT false NOT NULL,
	"yt_is_complete" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"dropbox_link" text NOT NULL,
	"youtube_aspect_ratio" text NOT NULL,
	"custom_aspect_ratio" text,
	"video_purpose" text NOT NULL,
	"other_video_purpose" text,
	"additional_info" text,
	"special_instructions" text,
	"voice_note" text,
	"has_youtube_helper" boolean DEFAULT false NOT NULL,
	"video_thumb_desc" text,
	"video_thumb_ref" text,
	"video_optimization_desc" text,
	"affiliate_links" text,
	"subtitles" boolean DEFAULT false NOT NULL,
	"has_end_card" boolean DEFAULT false NOT NULL,
	"has_repurpose" boolean DEFAULT false NOT NULL,
	"repurpose_aspect" text,
	"repurpose_headline" text,
	"call_to_action" text,
	"repurpose_additional_info" text,
	"done_video_link" text,
	"content_id" text,
	"no_content_id" boolean DEFAULT false NOT NULL,
	"unlisted_video_link" text,
	"thumbnails_link" text,
	"yt_snippet_link" text,
	"srt_file" text,
	"repurpose_done_link" text,
	"yt_card_description" text,
	"done_video_limit" smallint DEFAULT 1 NOT NULL,
	"due_date" timestamp with time zone,
	"yt_due_date" timestamp with time zone,
	"timeline" smallint,
	"yt_timeline" smallint,
	"revision_nr" integer DEFAULT 0 NOT NULL,
	"repurpose_revision_nr" integer DEFAULT 0 NOT NULL,
	"yt_card_revision" integer DEFAULT 0 NOT NULL,
	"assigned_qa_id" integer,
	"assigned_to" integer,
	"yt_helper_id" integer,
	"yt_assigned_time" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_status_check" CHECK (card_status in ('video_request', 'on_hold', 'editing', 'qa', 'done', 'canceled', 'repurpose_editing', 'repurpose_done', 'completed_done'))
);
--> statement-breakpoint
CREATE TABLE "customer_qas" (
	"customer_id" integer NOT NULL,
	"qa_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	CONSTRAINT "customer_qas_customer_id_slot_pk" PRIMARY KEY("customer_id","slot")
);
--> statement-breakpoint
CREATE TABLE "customer_yt_helpers" (
	"customer_id" integer NOT NULL,
	"helper_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	CONSTRAINT "customer_yt_helpers_customer_id_slot_pk" PRIMARY KEY("customer_id","slot")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"actor_id" integer,
	"card_id" integer,
	"type" text NOT NULL,
	"data" text NOT NULL,
	"action_link" text,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_type" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"useremail" text NOT NULL,
	"pending_email" text,
	"email_verified_at" timestamp with time zone,
	"password_hash" text NOT NULL,
	"secondary_email" text,
	"dropbox_email" text,
	"assigned_to_lead_id" integer,
	"billing_date" timestamp with time zone,
	"subscription_type" text,
	"custom_subscription" smallint,
	"request_limit" integer,
	"extra_qa_slot" boolean DEFAULT false NOT NULL,
	"has_subtitles" boolean DEFAULT false NOT NULL,
	"has_youtube_helper" boolean DEFAULT false NOT NULL,
	"done_video_limit" smallint DEFAULT 1 NOT NULL,
	"team_notes" text,
	"preferred_editing_software" text,
	"timezone" text DEFAULT '' NOT NULL,
	"referral" text,
	"otherreferral" text,
	"video_type" text,
	"about_video" text,
	"social_media_link" text,
	"video_style" text,
	"video_inspired" text,
	"video_info" text,
	"additional_video_info" text,
	"channel_name" text,
	"prev_thumbnails_link" text,
	"description_link" text,
	"ref_thumbnails_file" text,
	"thumbnail_font" text,
	"thumbnail_main_color" text,
	"thumbnail_sub_color" text,
	"photo_preference" text,
	"text_preference" text,
	"title_preference" text,
	"end_card_preference" text,
	"public_video" text,
	"keyword_list" text,
	"additional_thumbnail_data" text,
	"video_publishing_schedules" text,
	"yt_analytics_data" jsonb,
	"yt_access_token" text,
	"mail_preferences" jsonb DEFAULT '{"card_movement":1,"card_comment":1,"card_comment_tag":1}'::jsonb NOT NULL,
	"last_login_time" timestamp with time zone,
	"is_active_subscription" boolean DEFAULT true NOT NULL,
	"is_profile_completed" boolean DEFAULT false NOT NULL,
	"is_yt_fields_filled" boolean DEFAULT true NOT NULL,
	"is_temporary_password" boolean DEFAULT false NOT NULL,
	"is_on_leave" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"show_portal_video" boolean DEFAULT true NOT NULL,
	"profile_img" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_client_type_check" CHECK (client_type in ('admin', 'customer', 'team-lead', 'editor', 'qa', 'yt-helper', 'yt-helper-lead'))
);
--> statement-breakpoint
ALTER TABLE "card_activity" ADD CONSTRAINT "card_activity_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_activity" ADD CONSTRAINT "card_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_events" ADD CONSTRAINT "card_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_notes" ADD CONSTRAINT "card_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ratings" ADD CONSTRAINT "card_ratings_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ratings" ADD CONSTRAINT "card_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ratings" ADD CONSTRAINT "card_ratings_assigned_qa_id_users_id_fk" FOREIGN KEY ("assigned_qa_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_videos" ADD CONSTRAINT "card_videos_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_assigned_qa_id_users_id_fk" FOREIGN KEY ("assigned_qa_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_yt_helper_id_users_id_fk" FOREIGN KEY ("yt_helper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_qas" ADD CONSTRAINT "customer_qas_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_qas" ADD CONSTRAINT "customer_qas_qa_id_users_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_yt_helpers" ADD CONSTRAINT "customer_yt_helpers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_yt_helpers" ADD CONSTRAINT "customer_yt_helpers_helper_id_users_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_activity_card_idx" ON "card_activity" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_events_card_idx" ON "card_events" USING btree ("card_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_notes_card_chat_idx" ON "card_notes" USING btree ("card_id","chat","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_ratings_card_type_unique" ON "card_ratings" USING btree ("card_id","card_type");--> statement-breakpoint
CREATE INDEX "card_ratings_qa_idx" ON "card_ratings" USING btree ("assigned_qa_id");--> statement-breakpoint
CREATE INDEX "card_videos_card_idx" ON "card_videos" USING btree ("card_id","kind","version");--> statement-breakpoint
CREATE INDEX "cards_board_idx" ON "cards" USING btree ("card_status","updated_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "cards_queue_idx" ON "cards" USING btree ("card_status","sort","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "cards_client_board_idx" ON "cards" USING btree ("client_id","card_status","updated_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "cards_editor_board_idx" ON "cards" USING btree ("assigned_to","card_status","updated_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "cards_qa_idx" ON "cards" USING btree ("assigned_qa_id","card_status");--> statement-breakpoint
CREATE INDEX "cards_helper_idx" ON "cards" USING btree ("yt_helper_id","card_status");--> statement-breakpoint
CREATE INDEX "cards_created_idx" ON "cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cards_due_idx" ON "cards" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "cards_archived_idx" ON "cards" USING btree ("archived_at") WHERE archived_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_client_title_unique" ON "cards" USING btree ("client_id",lower("card_title"));--> statement-breakpoint
CREATE INDEX "customer_qas_qa_idx" ON "customer_qas" USING btree ("qa_id");--> statement-breakpoint
CREATE INDEX "customer_yt_helpers_helper_idx" ON "customer_yt_helpers" USING btree ("helper_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_unique" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("useremail"));--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("client_type");--> statement-breakpoint
CREATE INDEX "users_lead_idx" ON "users" USING btree ("assigned_to_lead_id");