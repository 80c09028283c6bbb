CREATE TABLE "card_counts" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"card_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "card_counts_scope_scope_id_card_status_pk" PRIMARY KEY("scope","scope_id","card_status"),
	CONSTRAINT "card_counts_scope_check" CHECK (scope in ('all', 'customer', 'editor', 'helper', 'helper-lead'))
);
--> statement-breakpoint
-- The counter rows one card adds (sign 1) or takes away (sign -1): one per scope it is in; none when archived.
CREATE FUNCTION card_count_keys(c cards, sign integer) RETURNS SETOF card_counts LANGUAGE sql IMMUTABLE AS $$
  SELECT k.scope, k.scope_id, c.card_status, sign
  FROM (VALUES
    ('all', 0),
    ('customer', c.client_id),
    ('editor', c.assigned_to),
    ('helper', c.yt_helper_id),
    ('helper-lead', CASE WHEN c.has_youtube_helper OR c.yt_helper_id IS NOT NULL THEN 0 END)
  ) k(scope, scope_id)
  WHERE k.scope_id IS NOT NULL AND c.archived_at IS NULL;
$$;
--> statement-breakpoint
-- Adds the summed changes key by key in one fixed order, so writers in opposite directions queue
-- on a counter row instead of deadlocking; the upsert makes a scope's first card its row.
CREATE FUNCTION card_counts_add(changes card_counts[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    SELECT c.scope, c.scope_id, c.card_status, sum(c.n)::integer AS n
    FROM unnest(changes) c
    GROUP BY c.scope, c.scope_id, c.card_status
    HAVING sum(c.n) <> 0
    ORDER BY c.scope COLLATE "C", c.scope_id, c.card_status COLLATE "C"
  LOOP
    INSERT INTO card_counts AS t (scope, scope_id, card_status, n)
    VALUES (d.scope, d.scope_id, d.card_status, d.n)
    ON CONFLICT (scope, scope_id, card_status) DO UPDATE SET n = t.n + excluded.n;
  END LOOP;
END
$$;
--> statement-breakpoint
-- Once per statement, whatever it wrote: a bulk write locks each counter row once, in order.
CREATE FUNCTION cards_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM card_counts_add(ARRAY(SELECT k FROM new_cards c, card_count_keys(c, 1) k));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM card_counts_add(ARRAY(SELECT k FROM old_cards c, card_count_keys(c, -1) k));
  ELSE
    PERFORM card_counts_add(ARRAY(
      SELECT k FROM new_cards c, card_count_keys(c, 1) k
      UNION ALL
      SELECT k FROM old_cards c, card_count_keys(c, -1) k));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cards_count_insert AFTER INSERT ON cards
REFERENCING NEW TABLE AS new_cards
FOR EACH STATEMENT EXECUTE FUNCTION cards_count_sync();
--> statement-breakpoint
CREATE TRIGGER cards_count_update AFTER UPDATE ON cards
REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards
FOR EACH STATEMENT EXECUTE FUNCTION cards_count_sync();
--> statement-breakpoint
CREATE TRIGGER cards_count_delete AFTER DELETE ON cards
REFERENCING OLD TABLE AS old_cards
FOR EACH STATEMENT EXECUTE FUNCTION cards_count_sync();
--> statement-breakpoint
-- TRUNCATE passes no rows: it empties the counters with the cards.
CREATE FUNCTION cards_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM card_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cards_count_truncate AFTER TRUNCATE ON cards
FOR EACH STATEMENT EXECUTE FUNCTION cards_count_clear();
--> statement-breakpoint
INSERT INTO card_counts (scope, scope_id, card_status, n)
SELECT k.scope, k.scope_id, k.card_status, sum(k.n)
FROM cards c, card_count_keys(c, 1) k
GROUP BY k.scope, k.scope_id, k.card_status;
