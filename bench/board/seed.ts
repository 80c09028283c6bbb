import type { Pool } from 'pg';
import { CARD_STATUSES, YT_STATUSES } from '@cutroom/domain';

export const CUSTOMERS = 2_000;
export const QAS = 20;
export const HELPERS = 5;

/** One admin, `qas` QA users (qa1…qaN@bench.test), a YouTube-helper lead and HELPERS helpers. */
export async function seedStaff(pool: Pool, passwordHash: string, qas = QAS) {
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     select case when g = 0 then 'yt-helper-lead' else 'yt-helper' end, 'Helper', 'No ' || g, 'helper' || g || '@bench.test',
            $1, now(), true
     from generate_series(0, $2) g`,
    [passwordHash, HELPERS],
  );
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     values ('admin', 'Bench', 'Admin', 'admin@bench.test', $1, now(), true)`,
    [passwordHash],
  );
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     select 'qa', 'QA', 'User ' || g, 'qa' || g || '@bench.test', $1, now(), true from generate_series(1, $2) g`,
    [passwordHash, qas],
  );
}

/**
 * Adds `count` unlimited-plan customers numbered on from `from` (customer<n>@bench.test), each with QA
 * slot 0 held by the QAs in turn (customer n by QA n % QAs, by id order).
 */
export async function seedCustomers(pool: Pool, passwordHash: string, from: number, count: number) {
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed, subscription_type, billing_date)
     select 'customer', 'Customer', 'No ' || g, 'customer' || g || '@bench.test', $1, now(), true, 'unlimited', now() - interval '40 days'
     from generate_series($2::int + 1, $2::int + $3::int) g`,
    [passwordHash, from, count],
  );
  await pool.query(
    `insert into customer_qas (customer_id, qa_id, slot)
     select c.id, q.id, 0
     from (select id, row_number() over (order by id) - 1 as n from users where client_type = 'customer') c
     join (select id, row_number() over (order by id) - 1 as n from users where client_type = 'qa') q
       on q.n = c.n % (select count(*) from users where client_type = 'qa')
     where c.n >= $1`,
    [from],
  );
}

/** Staff and customers: one admin, QAS QA users each holding the slot of CUSTOMERS / QAS customers. */
export async function seedPeople(pool: Pool, passwordHash: string) {
  await seedStaff(pool, passwordHash, QAS);
  await seedCustomers(pool, passwordHash, 0, CUSTOMERS);
}

/**
 * Adds `count` cards spread over every status and the first `customers` customers, numbered on from
 * `from`, created within the last `createdHours` hours.
 */
export async function seedCards(
  pool: Pool,
  from: number,
  count: number,
  { customers = CUSTOMERS, createdHours = 400 } = {},
) {
  // The QA access rows are written once for the whole batch, as a backfill would: row by row, the
  // trigger's refresh within one 100,000-row statement runs for tens of minutes on a busy machine.
  await pool.query('alter table cards disable trigger cards_qa_access');
  const [{ first } = { first: 0 }] = (
    await pool.query<{ first: number }>('select coalesce(max(id), 0) + 1 as first from cards')
  ).rows;
  await pool.query(
    `insert into cards (client_id, card_title, card_status, sort, dropbox_link, youtube_aspect_ratio, video_purpose,
                        assigned_qa_id, created_at, updated_at, due_date, timeline)
     select c.id, 'Bench video ' || g, (($3::text[])[1 + g % array_length($3::text[], 1)]), g,
            'https://www.dropbox.com/sh/bench?dl=0', '16:9', 'youtube_content', cq.qa_id,
            now() - (g % $5::int) * interval '1 hour', now() - (g % 997) * interval '1 minute',
            now() + (g % 72) * interval '1 hour', 48
     from generate_series($1::int, $1::int + $2::int - 1) g
     join (select id, row_number() over (order by id) - 1 as n from users where client_type = 'customer') c
       on c.n = g % $4::int
     join customer_qas cq on cq.customer_id = c.id and cq.slot = 0`,
    [from, count, CARD_STATUSES, customers, createdHours],
  );
  // Every other completed card has the helper: on the helper board in each column in turn, worked by
  // the helpers in turn, so the helper board grows with the table as the normal board does.
  await pool.query(
    `with picked as (
       select id, ($1::text[])[1 + (id / 2) % array_length($1::text[], 1)] as status from cards
       where card_status = 'completed_done' and id % 2 = 0 and yt_card_status is null)
     update cards c set has_youtube_helper = true, is_complete = true, yt_card_status = p.status,
            yt_is_complete = p.status = 'completed',
            yt_helper_id = (select h.id from users h where h.client_type = 'yt-helper' order by h.id
                            offset (c.id / 2) % $2 limit 1)
     from picked p where c.id = p.id`,
    [YT_STATUSES, HELPERS],
  );
  await pool.query('select card_qa_access_refresh(array(select id from cards where id >= $1))', [first]);
  await pool.query('alter table cards enable trigger cards_qa_access');
  // As autovacuum leaves a settled table: statistics for the planner, visibility for index-only scans.
  await pool.query('vacuum analyze cards, card_qa_access');
  // Write the seeded pages out now, so a checkpoint doesn't land in the middle of a measurement.
  await pool.query('checkpoint');
}
