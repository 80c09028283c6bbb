import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetCardReply, RatingRecord } from '@cutroom/domain/schemas';
import { stubDocumentFonts } from '../../test/document-fonts';
import { makeUser } from '../../test/fixtures';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

beforeEach(stubDocumentFonts);

const card: GetCardReply = {
  card_id: 7,
  card_title: 'Launch video',
  client_id: 50,
  client_name: 'Cleo Creator',
  card_status: 'repurpose_editing',
  assigned_qa_id: 20,
  assigned_qa_name: 'Quinn QA',
  has_repurpose: true,
  parts: [
    { card_type: 'done', delivered: true, rating: 3, qa_id: 20, qa_name: 'Quinn QA' },
    { card_type: 'repurpose', delivered: false, rating: null, qa_id: null, qa_name: null },
  ],
};

const record = (overrides: Partial<RatingRecord> = {}): RatingRecord => ({
  id: 1,
  card_id: 7,
  card_title: 'Launch video',
  card_type: 'done',
  rating: 5,
  old_rating: 3,
  qaFirstname: 'Quinn',
  qaLastname: 'QA',
  old_qa_name: 'Quinn QA',
  reason: 'Customer asked for a re-check',
  changed_by_name: 'Ada Admin',
  created_at: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

const staff = [
  makeUser({ client_id: 20, client_type: 'qa', fullname: 'Quinn QA' }),
  makeUser({ client_id: 21, client_type: 'qa', fullname: 'Rita Reviewer' }),
  makeUser({ client_id: 22, client_type: 'team-lead', fullname: 'Tess Lead' }),
  makeUser({ client_id: 30, client_type: 'editor', fullname: 'Eddie Editor' }),
];

const ok = (message: string): Reply => ({
  body: {
    status: true,
    data: { success: true, error_message: null, message },
    record: record(),
  },
});

const urlOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

/** The query strings each GET to `path` carried. */
const queriesTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => urlOf(input))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

function ratingServer(extra: Record<string, Reply | ((body: unknown) => Reply)> = {}) {
  return fakeServer({
    'GET /api/me': { body: makeUser() },
    'GET /api/users': { body: { users: staff, count: staff.length } },
    'GET /api/getCardsByTitle': { body: { titles: [{ card_id: 7, card_title: 'Launch video', card_status: 'done' }] } },
    'POST /api/getCard': { body: card },
    'GET /api/rating/updated': { body: { updatedRatedCards: [record()], totalRatedCards: 1 } },
    ...extra,
  });
}

/** Stars are labels over visually hidden radios; a user clicks the label. */
async function clickStar(user: ReturnType<typeof userEvent.setup>, n: number) {
  const input = screen.getByLabelText(`${n} star${n === 1 ? '' : 's'}`);
  await user.click(document.querySelector(`label[for="${input.id}"]`)!);
}

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

/** Types a title, waits out the 1 s suggestion delay, and picks the card. */
async function chooseCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('combobox', { name: 'Card' }), 'Launch');
  await user.click(await screen.findByRole('option', { name: /^Launch video/ }, { timeout: 3000 }));
  await screen.findByTestId('rating-card-summary');
}

describe('rating admin: Update QA Rating', { timeout: 20_000 }, () => {
  it('keeps Submit off until a part, a reason over 5 characters and a change; a new QA alone is a change', async () => {
    const server = ratingServer({ 'POST /api/assignNewQA': ok('QA updated') });
    const user = userEvent.setup();
    renderApp('/rating');
    await chooseCard(user);
    expect(server.callsTo('POST', '/api/getCard').at(-1)?.body).toEqual({ card_id: 7 });

    // The undelivered repurpose part can't be chosen.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Repurpose Done/ }).disabled).toBe(true);
    expect(submit().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /^Done/ }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Assigned QA' }).value).toBe('Quinn QA');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'short');
    await clickStar(user, 5);
    expect(submit().disabled).toBe(true); // 5 characters is not enough
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), ' QA');
    expect(submit().disabled).toBe(false);
    await clickStar(user, 3);
    expect(submit().disabled).toBe(true); // back to the current rating, no new QA

    await user.click(screen.getByRole('combobox', { name: 'New QA' }));
    // QAs named with their type; the current QA and other staff aren't offered.
    expect(screen.queryByRole('option', { name: 'Quinn QA (QA)' })).toBeNull();
    expect(screen.queryByRole('option', { name: /Eddie Editor/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /Tess Lead/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Rita Reviewer (QA)' }));
    expect(submit().disabled).toBe(false);
    await user.click(submit());

    await waitFor(() => expect(server.callsTo('POST', '/api/assignNewQA')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/assignNewQA')[0]?.body).toEqual({
      cardId: 7,
      cardType: 'done',
      ratingReason: 'short QA',
      newQA: 21,
    });
    expect(server.callsTo('POST', '/api/rating/update')).toHaveLength(0);
  });

  it('posts a new rating, toasts the reply, clears the form and reloads the list', async () => {
    const server = ratingServer({ 'POST /api/rating/update': ok('Rating updated successfully') });
    const user = userEvent.setup();
    renderApp('/rating');
    expect(await screen.findByTestId('updated-rating-1')).toBeTruthy();
    const listCalls = queriesTo('/api/rating/updated').length;

    await chooseCard(user);
    await user.click(screen.getByRole('radio', { name: /^Done/ }));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), '  Re-checked with the customer  ');
    await clickStar(user, 5);
    await user.click(submit());

    expect(await screen.findByText('Rating updated successfully')).toBeTruthy();
    expect(server.callsTo('POST', '/api/rating/update')[0]?.body).toEqual({
      cardId: 7,
      cardType: 'done',
      rating: 5,
      ratingReason: 'Re-checked with the customer',
    });
    await waitFor(() => expect(queriesTo('/api/rating/updated').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByTestId('rating-card-summary')).toBeNull());
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Card' }).value).toBe('');
  });

  it("shows the server's refusal and keeps the form", async () => {
    ratingServer({
      'POST /api/rating/update': {
        status: 400,
        body: { error_message: 'This part of the card has not been delivered yet', code: 'INVALID' },
      },
    });
    const user = userEvent.setup();
    renderApp('/rating');
    await chooseCard(user);
    await user.click(screen.getByRole('radio', { name: /^Done/ }));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Customer complained');
    await clickStar(user, 1);
    await user.click(submit());
    expect(await screen.findByText('This part of the card has not been delivered yet')).toBeTruthy();
    expect(screen.getByTestId('rating-card-summary')).toBeTruthy();
  });

  it('numbers the rows and sends the rating, range and page', async () => {
    ratingServer({
      'GET /api/rating/updated': () => ({
        body: { updatedRatedCards: [record(), record({ id: 2, card_title: 'Intro', rating: 2 })], totalRatedCards: 25 },
      }),
    });
    const user = userEvent.setup();
    renderApp('/rating');
    const row = await screen.findByTestId('updated-rating-2');
    expect(within(row).getAllByRole('cell')[0]?.textContent).toBe('2');
    expect(within(row).getByText('Quinn QA')).toBeTruthy();
    expect(queriesTo('/api/rating/updated').at(-1)).toEqual({ index: '1' });

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(queriesTo('/api/rating/updated').at(-1)).toEqual({ index: '2' }));
    expect(within(await screen.findByTestId('updated-rating-2')).getAllByRole('cell')[0]?.textContent).toBe('12');

    await user.click(screen.getByRole('combobox', { name: 'Rating' }));
    await user.click(await screen.findByRole('option', { name: '4 stars' }));
    await waitFor(() => expect(queriesTo('/api/rating/updated').at(-1)).toEqual({ index: '1', selectedRating: '4' }));

    // The range goes out once both ends are picked, as the days of this month.
    const now = new Date();
    const month = now.toLocaleString('en-US', { month: 'long' });
    const day = (d: number) => `${d} ${month} ${now.getFullYear()}`;
    const iso = (d: number) =>
      `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    await user.click(screen.getByRole('button', { name: 'Changed between' }));
    await user.click(await screen.findByRole('button', { name: day(1) }));
    await user.click(screen.getByRole('button', { name: day(2) }));
    await waitFor(() =>
      expect(queriesTo('/api/rating/updated').at(-1)).toEqual({
        index: '1',
        selectedRating: '4',
        startDate: iso(1),
        endDate: iso(2),
      }),
    );
  });

  it("says 'No data found' when nothing was changed", async () => {
    ratingServer({ 'GET /api/rating/updated': { body: { updatedRatedCards: [], totalRatedCards: 0 } } });
    renderApp('/rating');
    expect(await screen.findByText('No data found')).toBeTruthy();
  });
});

describe('rating admin: Rated by Customer', { timeout: 20_000 }, () => {
  it('lists what customers rated and sends every filter', async () => {
    ratingServer({
      'GET /api/customers': {
        body: {
          customers: [makeUser({ client_id: 50, client_type: 'customer', fullname: 'Cleo Creator' })],
          count: 1,
        },
      },
      'GET /api/rating/customer-rated': {
        body: {
          data: [
            {
              id: 9,
              card_id: 7,
              card_title: 'Launch video',
              card_type: 'done',
              rating: 4,
              qa_name: 'Quinn QA',
              customer_name: 'Cleo Creator',
              comment: '  ',
              created_date: '2026-11-20T15:00:00.000Z',
            },
          ],
          total: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/rating');
    await user.click(await screen.findByRole('tab', { name: 'Rated by Customer' }));

    const row = await screen.findByTestId('customer-rating-9');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.textContent).slice(0, 6)).toEqual([
      '1',
      'Launch video',
      '4',
      'Quinn QA',
      'Cleo Creator',
      '-',
    ]);
    const sent = () => queriesTo('/api/rating/customer-rated').at(-1);
    expect(sent()).toEqual({ index: '1' });

    await user.click(screen.getByRole('combobox', { name: 'QA' }));
    await user.click(await screen.findByRole('option', { name: 'Rita Reviewer (QA)' }));
    await user.click(screen.getByRole('combobox', { name: 'Comment' }));
    await user.click(await screen.findByRole('option', { name: 'Cards without Comment' }));
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'Cleo');
    await user.click(await screen.findByRole('option', { name: 'Cleo Creator' }));
    await user.type(screen.getByRole('textbox', { name: 'Card title' }), 'Launch');
    await waitFor(
      () => expect(sent()).toEqual({ index: '1', qaId: '21', commented: 'without', customerId: '50', title: 'Launch' }),
      { timeout: 3000 },
    );
  });
});
