CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"enable_banner" boolean DEFAULT false NOT NULL,
	"banner_heading" text NOT NULL,
	"banner_heading_style" text DEFAULT 'h4' NOT NULL,
	"banner_text" text NOT NULL,
	"banner_text_style" text DEFAULT '15px' NOT NULL,
	"banner_heading_color" text DEFAULT '#ffffff' NOT NULL,
	"banner_font_style" text DEFAULT 'none' NOT NULL,
	"banner_image" text,
	"banner_image_style_height" integer,
	"banner_image_style_width" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_dates_check" CHECK (start_date <= end_date),
	CONSTRAINT "announcements_heading_style_check" CHECK (banner_heading_style in ('h1', 'h2', 'h3', 'h4', 'h5', 'h6')),
	CONSTRAINT "announcements_text_style_check" CHECK (banner_text_style in ('14px', '15px', '16px', '17px', '18px', '19px', '20px')),
	CONSTRAINT "announcements_font_style_check" CHECK (banner_font_style in ('none', 'b', 'i'))
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_title" text NOT NULL,
	"holiday_date" date NOT NULL,
	"holiday_status" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_leaves" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_leaves_dates_check" CHECK (start_date <= end_date)
);
--> statement-breakpoint
ALTER TABLE "user_leaves" ADD CONSTRAINT "user_leaves_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_leaves" ADD CONSTRAINT "user_leaves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_active_idx" ON "announcements" USING btree ("start_date","end_date") WHERE "announcements"."enable_banner";--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_live_date_unique" ON "holidays" USING btree ("holiday_date") WHERE not "holidays"."is_deleted";--> statement-breakpoint
CREATE INDEX "user_leaves_client_idx" ON "user_leaves" USING btree ("client_id","start_date");