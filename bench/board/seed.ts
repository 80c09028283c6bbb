import type { Pool } from 'pg';
import { CARD_STATUSES } from '@cutroom/domain';

export const CUSTOMERS = 2_000;
export const QAS = 20;

/** Staff and customers: one admin, QAS QA users each holding the slot of CUSTOMERS / QAS customers. */
export async function seedPeople(pool: Pool, passwordHash: string) {
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     values ('admin', 'Bench', 'Admin', 'admin@bench.test', $1, now(), true)`,
    [passwordHash],
  );
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     select 'qa', 'QA', 'User ' || g, 'qa' || g || '@bench.test', $1, now(), true from generate_series(1, $2) g`,
    [passwordHash, QAS],
  );
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed, subscription_type, billing_date)
     select 'customer', 'Customer', 'No ' || g, 'customer' || g || '@bench.test', $1, now(), true, 'unlimited', now() - interval '40 days'
     from generate_series(1, $2) g`,
    [passwordHash, CUSTOMERS],
  );
  await pool.query(
    `insert into customer_qas (customer_id, qa_id, slot)
     select c.id, q.id, 0
     from (select id, row_number() over (order by id) - 1 as n from users where client_type = 'customer') c
     join (select id, row_number() over (order by id) - 1 as n from users where client_type = 'qa') q on q.n = c.n % $1`,
    [QAS],
  );
}

/** Adds `count` cards spread over every status and every customer, numbered on from `from`. */
export async function seedCards(pool: Pool, from: number, count: number) {
  await pool.query(
    `insert into cards (client_id, card_title, card_status, sort, dropbox_link, youtube_aspect_ratio, video_purpose,
                        assigned_qa_id, created_at, updated_at, due_date, timeline)
     select c.id, 'Bench video ' || g, (($3::text[])[1 + g % array_length($3::text[], 1)]), g,
            'https://www.dropbox.com/sh/bench?dl=0', '16:9', 'youtube_content', cq.qa_id,
            now() - (g % 400) * interval '1 hour', now() - (g % 997) * interval '1 minute',
            now() + (g % 72) * interval '1 hour', 48
     from generate_series($1::int, $1::int + $2::int - 1) g
     join (select id, row_number() over (order by id) - 1 as n from users where client_type = 'customer') c
       on c.n = g % ${CUSTOMERS}
     join customer_qas cq on cq.customer_id = c.id and cq.slot = 0`,
    [from, count, CARD_STATUSES],
  );
  // As autovacuum leaves a settled table: statistics for the planner, visibility for index-only scans.
  await pool.query('vacuum analyze cards, card_qa_access');
  // Write the seeded pages out now, so a checkpoint doesn't land in the middle of a measurement.
  await pool.query('checkpoint');
}
