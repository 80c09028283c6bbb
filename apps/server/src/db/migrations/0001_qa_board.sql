CREATE TABLE "card_qa_access" (
	"qa_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "card_qa_access_qa_id_card_id_pk" PRIMARY KEY("qa_id","card_id")
);
--> statement-breakpoint
ALTER TABLE "card_qa_access" ADD CONSTRAINT "card_qa_access_qa_id_users_id_fk" FOREIGN KEY ("qa_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_qa_access" ADD CONSTRAINT "card_qa_access_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_qa_access_board_idx" ON "card_qa_access" USING btree ("qa_id","card_status","updated_at","card_id");--> statement-breakpoint
CREATE INDEX "card_qa_access_queue_idx" ON "card_qa_access" USING btree ("qa_id","card_status","sort","card_id");--> statement-breakpoint
CREATE INDEX "card_qa_access_card_idx" ON "card_qa_access" USING btree ("card_id");--> statement-breakpoint
-- Rebuilds the QA access rows of the given cards from cards and customer_qas (unarchived cards only).
CREATE FUNCTION card_qa_access_refresh(card_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM card_qa_access WHERE card_id = ANY(card_ids);
  INSERT INTO card_qa_access (qa_id, card_id, card_status, updated_at, sort)
  SELECT q.qa_id, c.id, c.card_status, c.updated_at, c.sort
  FROM cards c
  CROSS JOIN LATERAL (
    SELECT cq.qa_id FROM customer_qas cq WHERE cq.customer_id = c.client_id
    UNION
    SELECT c.assigned_qa_id WHERE c.assigned_qa_id IS NOT NULL
  ) q
  WHERE c.id = ANY(card_ids) AND c.archived_at IS NULL;
$$;
--> statement-breakpoint
-- A move or reorder only copies the order keys; a change of customer, QA or archive state rebuilds.
CREATE FUNCTION cards_qa_access_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.client_id = OLD.client_id
     AND NEW.assigned_qa_id IS NOT DISTINCT FROM OLD.assigned_qa_id
     AND NEW.archived_at IS NOT DISTINCT FROM OLD.archived_at THEN
    UPDATE card_qa_access
    SET card_status = NEW.card_status, updated_at = NEW.updated_at, sort = NEW.sort
    WHERE card_id = NEW.id;
  ELSE
    PERFORM card_qa_access_refresh(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cards_qa_access
AFTER INSERT OR UPDATE OF client_id, assigned_qa_id, card_status, updated_at, sort, archived_at ON cards
FOR EACH ROW EXECUTE FUNCTION cards_qa_access_sync();
--> statement-breakpoint
-- A customer's QA slots changed: rebuild the rows of every card of that customer.
CREATE FUNCTION customer_qas_access_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM card_qa_access_refresh(ARRAY(SELECT id FROM cards WHERE client_id = OLD.customer_id));
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.customer_id <> OLD.customer_id) THEN
    PERFORM card_qa_access_refresh(ARRAY(SELECT id FROM cards WHERE client_id = NEW.customer_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customer_qas_access
AFTER INSERT OR UPDATE OR DELETE ON customer_qas
FOR EACH ROW EXECUTE FUNCTION customer_qas_access_sync();
--> statement-breakpoint
SELECT card_qa_access_refresh(ARRAY(SELECT id FROM cards));
