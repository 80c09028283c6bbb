CREATE TABLE "card_revision_reasons" (
	"revision_id" integer NOT NULL,
	"reason_key" text NOT NULL,
	CONSTRAINT "card_revision_reasons_revision_id_reason_key_pk" PRIMARY KEY("revision_id","reason_key")
);
--> statement-breakpoint
CREATE TABLE "card_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"round" integer NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"editor_id" integer,
	"qa_id" integer
);
--> statement-breakpoint
CREATE TABLE "revision_reasons" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_revision_reasons" ADD CONSTRAINT "card_revision_reasons_revision_id_card_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."card_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_revision_reasons" ADD CONSTRAINT "card_revision_reasons_reason_key_revision_reasons_key_fk" FOREIGN KEY ("reason_key") REFERENCES "public"."revision_reasons"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "card_revisions" ADD CONSTRAINT "card_revisions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_revisions" ADD CONSTRAINT "card_revisions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_revisions" ADD CONSTRAINT "card_revisions_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_revisions" ADD CONSTRAINT "card_revisions_qa_id_users_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_revision_reasons_key_idx" ON "card_revision_reasons" USING btree ("reason_key");--> statement-breakpoint
CREATE INDEX "card_revisions_card_idx" ON "card_revisions" USING btree ("card_id","round");--> statement-breakpoint
CREATE INDEX "card_revisions_requested_idx" ON "card_revisions" USING btree ("requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "revision_reasons_label_idx" ON "revision_reasons" USING btree (lower("label"));--> statement-breakpoint
INSERT INTO "revision_reasons" ("key", "label", "position") VALUES
  ('wrong_cut', 'Wrong cut', 1),
  ('pacing', 'Pacing', 2),
  ('audio', 'Audio', 3),
  ('colour', 'Colour', 4),
  ('text_typos', 'Text / typos', 5),
  ('missed_instruction', 'Missed instruction', 6),
  ('style', 'Style', 7),
  ('other', 'Other', 8)
ON CONFLICT ("key") DO NOTHING;
