-- Two rebuilds of one customer's cards (a QA-slot change and an archive, say) could each read the other's
-- uncommitted state and leave access rows for the wrong QAs. Each rebuild now first takes the customers'
-- rows (in id order, so rebuilds queue instead of deadlocking); its later statements see what the one
-- before it committed. NO KEY UPDATE leaves inserts that only reference the customer (sessions) unblocked.
CREATE OR REPLACE FUNCTION card_qa_access_refresh(card_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM users WHERE id IN (SELECT client_id FROM cards WHERE id = ANY(card_ids)) ORDER BY id FOR NO KEY UPDATE;
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
