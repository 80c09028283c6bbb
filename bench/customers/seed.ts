import type { Pool } from 'pg';
import { REFERRALS, SUBSCRIPTION_TYPES } from '@cutroom/domain';

/** Team leads' QAs: the team lead leads the first TEAM_QAS of the QAs, so sees their share of the customers. */
export const TEAM_QAS = 5;
export const EDITORS = 10;

const FIRST_NAMES = ['Alex', 'Blake', 'Casey', 'Dana', 'Eli', 'Frankie', 'Gale', 'Harper', 'Indy', 'Jordan', 'Kai', 'Logan', 'Morgan', 'Noel', 'Owen', 'Parker', 'Quinn', 'Riley', 'Sage', 'Taylor', 'Uma', 'Val', 'Wren', 'Yael', 'Zion']; // prettier-ignore
const LAST_NAMES = ['Adams', 'Baker', 'Clark', 'Davis', 'Evans', 'Fisher', 'Garcia', 'Hughes', 'Irwin', 'Jones', 'King', 'Lopez', 'Miller', 'Nguyen', 'Ortiz', 'Patel', 'Quinn', 'Reed', 'Smith', 'Turner', 'Usman', 'Vega', 'Walker', 'Young', 'Zhang', 'Brooks', 'Carter', 'Diaz', 'Ellis', 'Foster', 'Grant', 'Hayes', 'Ingram', 'James', 'Kelly', 'Lewis', 'Moore', 'Nash', 'Owens', 'Price']; // prettier-ignore

/** A team lead leading the first TEAM_QAS QAs, and EDITORS editors in that team: the rest of the staff list. */
export async function seedTeam(pool: Pool, passwordHash: string) {
  const { rows } = await pool.query<{ id: number }>(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed)
     values ('team-lead', 'Team', 'Lead', 'lead@bench.test', $1, now(), true) returning id`,
    [passwordHash],
  );
  const lead = rows[0]!.id;
  await pool.query(
    `update users set assigned_to_lead_id = $1
     where id in (select id from users where client_type = 'qa' order by id limit $2)`,
    [lead, TEAM_QAS],
  );
  await pool.query(
    `insert into users (client_type, firstname, lastname, useremail, password_hash, email_verified_at, is_profile_completed, assigned_to_lead_id)
     select 'editor', 'Editor', 'No ' || g, 'editor' || g || '@bench.test', $1, now(), true, $2 from generate_series(1, $3) g`,
    [passwordHash, lead, EDITORS],
  );
  return lead;
}

/**
 * Makes the customers past the first `from` (by id) look like a real list: names from a few dozen first
 * and last names, every plan (custom with its number, an admin's override now and then), every referral
 * or none, a tenth with the subscription off, last sign-in over the last 60 days or never, sign-up over
 * the last two years, and a second (every 4th) and third (every 12th) QA slot.
 */
export async function varyCustomers(pool: Pool, from: number) {
  const plans = SUBSCRIPTION_TYPES.map((p) => p.value);
  const referrals = REFERRALS.map((r) => r.value);
  await pool.query(
    `with c as (select id, row_number() over (order by id) as n from users where client_type = 'customer')
     update users u set
       firstname = ($2::text[])[1 + c.n % array_length($2::text[], 1)],
       lastname = ($3::text[])[1 + (c.n / 7) % array_length($3::text[], 1)],
       subscription_type = ($4::text[])[1 + c.n % array_length($4::text[], 1)],
       custom_subscription = case when ($4::text[])[1 + c.n % array_length($4::text[], 1)] = 'custom' then 2 + c.n % 6 end,
       request_limit = case when c.n % 23 = 0 then 10 end,
       referral = case when c.n % 9 = 0 then null else ($5::text[])[1 + c.n % array_length($5::text[], 1)] end,
       otherreferral = case when c.n % 9 <> 0 and ($5::text[])[1 + c.n % array_length($5::text[], 1)] in ('Affiliate', 'Other')
                            then 'Podcast ' || c.n % 13 end,
       social_media_link = 'https://www.youtube.com/@bench' || c.n,
       is_active_subscription = c.n % 10 <> 0,
       last_login_time = case when c.n % 11 = 0 then null else now() - (c.n * 37 % 1440) * interval '1 hour' end,
       created_at = now() - (c.n * 53 % 730) * interval '1 day' - (c.n % 24) * interval '1 hour',
       billing_date = now() - (c.n % 30) * interval '1 day'
     from c where c.id = u.id and c.n > $1`,
    [from, FIRST_NAMES, LAST_NAMES, plans, referrals],
  );
  await pool.query(
    `insert into customer_qas (customer_id, qa_id, slot)
     select c.id, q.id, s.slot
     from (select id, row_number() over (order by id) as n from users where client_type = 'customer') c
     cross join (values (1, 4, 7), (2, 12, 11)) s(slot, every, shift)
     join (select id, row_number() over (order by id) - 1 as n from users where client_type = 'qa') q
       on q.n = (c.n + s.shift) % (select count(*) from users where client_type = 'qa')
     where c.n > $1 and c.n % s.every = 0`,
    [from],
  );
}
