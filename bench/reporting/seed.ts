import type { Pool } from 'pg';

/**
 * Makes the board seed's cards look worked on, for the reporting figures: assignment and delivery
 * times by status, a revision round on every tenth delivered card, a customer rating on most
 * delivered ones, and `comments` customer-chat notes (every third one a QA's reply). The helper side
 * of the board seed's helper cards gets the same: assignment, due date, deliveries with a revision
 * round on every twentieth, `yt` ratings on the completed ones, and a tenth of the notes in their chat.
 */
export async function seedReportingHistory(pool: Pool, comments: number) {
  // These updates leave status, order and QA alone, so the QA access rows the trigger keeps stay right.
  await pool.query('alter table cards disable trigger cards_qa_access');
  await pool.query(
    `update cards set
       assigned_at = case when card_status in ('video_request', 'canceled') then null else created_at + interval '2 hours' end,
       done_at = case when card_status in ('done', 'repurpose_editing', 'repurpose_done', 'completed_done')
                      then created_at + (20 + id % 40) * interval '1 hour' end,
       due_date = created_at + interval '50 hours',
       revision_nr = case when id % 10 = 0 then 1 else 0 end`,
  );
  // A revision round: delivered, sent back, delivered again 10 to 30 hours later.
  await pool.query(
    `insert into card_activity (card_id, from_status, to_status, created_at)
     select id, 'done', 'editing', done_at - interval '40 hours' from cards where id % 10 = 0 and done_at is not null
     union all
     select id, 'editing', 'done', done_at - interval '40 hours' + (10 + id % 20) * interval '1 hour'
     from cards where id % 10 = 0 and done_at is not null`,
  );
  await pool.query(
    `insert into card_ratings (card_id, card_type, rating, comment, rated_by, assigned_qa_id, created_at)
     select id, 'done', 1 + id % 5, case when id % 3 = 0 then 'Bench comment ' || id end, client_id, assigned_qa_id,
            done_at + interval '3 hours'
     from cards where done_at is not null and id % 4 <> 0`,
  );
  // Notes spread over the cards in turn, each some hours after its card was created.
  await pool.query(
    `with bounds as (select min(id) as first, count(*) as n from cards)
     insert into card_notes (card_id, chat, note, author_id, created_at, updated_at)
     select c.id, 'customer', 'Bench note ' || g,
            case when g % 3 = 2 then coalesce(c.assigned_qa_id, c.client_id) else c.client_id end,
            c.created_at + (g / b.n + 1) * interval '3 hours', c.created_at + (g / b.n + 1) * interval '3 hours'
     from bounds b, generate_series(0, $1::int - 1) g
     join cards c on c.id = (select first from bounds) + g % (select n from bounds)`,
    [comments],
  );
  await seedHelperHistory(pool, Math.floor(comments / 10));
  await pool.query('alter table cards enable trigger cards_qa_access');
  await pool.query('vacuum analyze cards, card_activity, card_ratings, card_notes');
  await pool.query('checkpoint');
}

/** A team lead over the first half of the QAs, so the lead's dashboard has a team. */
export async function seedLead(pool: Pool, passwordHash: string): Promise<number> {
  const lead = await pool.query<{ id: number }>(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     values ('team-lead', 'Lead', 'Bench', 'lead@bench.test', $1, now(), true) returning id`,
    [passwordHash],
  );
  const id = lead.rows[0]!.id;
  await pool.query(
    `update users set assigned_to_lead_id = $1
     where id in (select id from users where client_type = 'qa' order by id limit (select count(*) / 2 from users where client_type = 'qa'))`,
    [id],
  );
  return id;
}

/** The helper side: the YTHelperTab and the helper response rate time real rows, not an empty side. */
async function seedHelperHistory(pool: Pool, notes: number) {
  await pool.query(
    `update cards set yt_assigned_time = coalesce(done_at, created_at) + interval '4 hours',
       yt_due_date = coalesce(done_at, created_at) + interval '52 hours',
       yt_card_revision = case when id % 20 = 0 then 1 else 0 end
     where yt_card_status is not null`,
  );
  // Delivered helper cards: into inDone 10 to 40 hours after assignment; every twentieth sent back once first.
  await pool.query(
    `insert into card_activity (card_id, from_status, to_status, created_at)
     select id, 'yt:ytQA', 'yt:inDone', yt_assigned_time + (10 + id % 30) * interval '1 hour'
     from cards where yt_card_status in ('inDone', 'completed')
     union all
     select id, 'yt:inDone', 'yt:inProgress', yt_assigned_time + interval '6 hours'
     from cards where yt_card_status in ('inDone', 'completed') and id % 20 = 0
     union all
     select id, 'yt:ytQA', 'yt:inDone', yt_assigned_time + interval '5 hours'
     from cards where yt_card_status in ('inDone', 'completed') and id % 20 = 0`,
  );
  await pool.query(
    `insert into card_ratings (card_id, card_type, rating, rated_by, created_at)
     select id, 'yt', 1 + id % 5, client_id, yt_assigned_time + interval '50 hours'
     from cards where yt_card_status = 'completed'`,
  );
  // Helper-chat notes over the helper cards in turn: the customer asks, every third note the helper's answer.
  await pool.query(
    `with helper_cards as (select id, client_id, yt_helper_id, yt_assigned_time, row_number() over (order by id) - 1 as n
                           from cards where yt_card_status is not null),
          bounds as (select count(*) as n from helper_cards)
     insert into card_notes (card_id, chat, note, author_id, created_at, updated_at)
     select c.id, 'yt', 'Bench helper note ' || g,
            case when g % 3 = 2 then coalesce(c.yt_helper_id, c.client_id) else c.client_id end,
            c.yt_assigned_time + (g / b.n + 1) * interval '2 hours', c.yt_assigned_time + (g / b.n + 1) * interval '2 hours'
     from bounds b, generate_series(0, $1::int - 1) g
     join helper_cards c on c.n = g % (select n from bounds)`,
    [notes],
  );
}
