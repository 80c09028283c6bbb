import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, fill, lastDays, todayIn, CLOCK_TIME_ZONE } from '@cutroom/domain';
import type { CsatReply, ExportedComment, ResponseRateReply, UserView } from '@cutroom/domain/schemas';
import { captureDownloads, queriesTo } from '../../test/requests';
import { makeUser } from '../../test/fixtures';
import { fakeServer, type Reply } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { commentsCsv, manilaTime } from './comments-csv';

const admin = makeUser({ client_id: 1 });
const quinn = makeUser({
  client_id: 20,
  client_type: 'qa',
  firstname: 'Quinn',
  lastname: 'QA',
  fullname: 'Quinn QA',
});
const helper = makeUser({
  client_id: 30,
  client_type: 'yt-helper',
  firstname: 'Hal',
  lastname: 'Helper',
  fullname: 'Hal Helper',
});

const rateReply: ResponseRateReply = {
  range: { start_date: '2026-01-01', end_date: '2026-01-31' },
  data: [
    {
      card_id: 7,
      card_title: 'Launch video',
      first_name: 'Cleo',
      last_name: 'Creator',
      total_comments_count: 4,
      replied_count: 3,
      response_rate: 75,
      total_response_rated_cards: 1,
    },
    {
      card_id: 8,
      card_title: 'Short',
      first_name: 'Cleo',
      last_name: 'Creator',
      total_comments_count: 2,
      replied_count: 2,
      response_rate: 100,
      total_response_rated_cards: 1,
    },
  ],
  count: 2,
  summary: { total_comments_count: 6, replied_count: 5, response_rate: 83.33, total_response_rated_cards: 2 },
};

const csatReply: CsatReply = {
  range: { start_date: '2026-01-01', end_date: '2026-01-31' },
  data: [
    {
      client_id: 50,
      client_fname: 'Cleo',
      client_lname: 'Creator',
      card_tile: ['Launch video', 'Short'],
      rated_videos: 2,
      total_rating: 9,
      rating_comments: ['Great pacing'],
      csat: 4.5,
    },
  ],
  count: 1,
  summary: { rated_videos: 2, total_rating: 9, csat: 4.5 },
};

const comment = (overrides: Partial<ExportedComment> = {}): ExportedComment => ({
  card_id: 7,
  card_title: 'Launch video',
  note: '<p>=Make the intro shorter</p>',
  repliedComment: '<p>Done, see v2</p>',
  date_added: '2026-01-05T16:30:00.000Z',
  note_reaction_date_time: '2026-01-05T18:00:05.000Z',
  updated_at: '2026-01-05T16:30:00.000Z',
  ...overrides,
});

function profileServer(viewer: UserView, person: UserView, routes: Record<string, Reply | (() => Reply)> = {}) {
  const id = person.client_id;
  return fakeServer({
    'GET /api/me': { body: viewer },
    [`GET /api/user/${id}`]: { body: person },
    [`GET /api/user/${id}/average-rating`]: { body: { average_rating: 0, rated_videos: 0 } },
    [`GET /api/user/${id}/leave-history`]: { body: { leaves: [], is_on_leave: false } },
    [`GET /api/user/${id}/responseRateV2`]: { body: rateReply },
    [`GET /api/user/${id}/csat`]: { body: csatReply },
    [`GET /api/ythelper/user/${id}/responseRate`]: { body: rateReply },
    ...routes,
  });
}

const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('the figure tabs of a team member', { timeout: 20_000 }, () => {
  it('opens Response Rate from a dashboard link with its range, and exports the listed cards’ comments', async () => {
    const server = profileServer(admin, quinn, {
      'GET /api/card/7/exportComments': { body: { data: [comment()] } },
    });
    const files = captureDownloads();
    const user = userEvent.setup();
    renderApp('/user/20/profile?userType=QaTab&startDate=2026-01-01&endDate=2026-01-31');

    const row = await screen.findByTestId('rate-card-7');
    expect(selectedTab()).toBe('Response Rate');
    expect(queriesTo('/api/user/20/responseRateV2')[0]).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      page: '1',
      type: 'comments',
      profileType: 'QaTab',
    });
    expect(within(row).getByRole('link', { name: 'Launch video' }).getAttribute('href')).toBe('/card-details/7');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 5),
    ).toEqual(['Cleo Creator', '4', '3', '75%']);
    expect(screen.getByTestId('response-rate-summary-figure').textContent).toBe('83.33%');

    await user.click(screen.getByTestId('response-rate-export'));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(queriesTo('/api/card/7/exportComments')[0]).toMatchObject({
      cardIds: '7,8',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      type: 'comments',
    });
    expect(server.callsTo('GET', '/api/card/7/exportComments')).toHaveLength(1);
    expect(files[0]!.name).toBe('Comments - Quinn QA - 2026-01-01 to 2026-01-31.csv');
    expect((await files[0]!.text).replace(/^\uFEFF/, '')).toBe(
      'Card,Comment,Replied comment,Comment date,Reply date,Updated at\r\n' +
        '"Launch video","\'=Make the intro shorter","Done, see v2","2026-01-06 00:30:00","2026-01-06 02:00:05","2026-01-06 00:30:00"\r\n',
    );
  });

  it('opens CSAT from ?userType=CSAT with each customer linked', async () => {
    profileServer(admin, quinn);
    renderApp('/user/20/profile?userType=CSAT&startDate=2026-01-01&endDate=2026-01-31');

    const row = await screen.findByTestId('csat-customer-50');
    expect(selectedTab()).toBe('CSAT');
    expect(within(row).getByRole('link', { name: 'Cleo Creator' }).getAttribute('href')).toBe('/customer/50/profile');
    expect(within(row).getByText('Great pacing')).toBeTruthy();
    expect(within(row).getByText('4.50')).toBeTruthy();
    expect(screen.getByTestId('csat-summary-figure').textContent).toBe('4.50');
    expect(queriesTo('/api/user/20/csat')[0]).toMatchObject({ start_date: '2026-01-01', profileType: 'CSAT' });
  });

  it("gives a helper's profile the YT Helper Response Rate tab over the helper chat", async () => {
    profileServer(admin, helper);
    renderApp('/user/30/profile?userType=YTHelperTab');

    await screen.findByTestId('rate-card-7');
    expect(selectedTab()).toBe('YT Helper Response Rate');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Brief Info',
      'YT Helper Response Rate',
      'Leave managment',
    ]);
    expect(queriesTo('/api/ythelper/user/30/responseRate')[0]).toMatchObject({
      ...lastDays(7, todayIn(CLOCK_TIME_ZONE)),
      type: 'yt_helper_comments',
    });
  });

  it("opens on Brief Info without userType; a lead looking sees 29 days and the lead's own reading", async () => {
    const lead = makeUser({
      client_id: 5,
      client_type: 'team-lead',
      firstname: 'Lee',
      lastname: 'Lead',
      fullname: 'Lee Lead',
    });
    profileServer(lead, lead);
    const user = userEvent.setup();
    renderApp('/user/5/profile');

    await screen.findByRole('tab', { name: 'Response Rate' });
    expect(selectedTab()).toBe('Brief Info');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Brief Info',
      'Response Rate',
      'CSAT',
      'Leave managment',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Response Rate' }));
    await screen.findByTestId('rate-card-7');
    expect(queriesTo('/api/user/5/responseRateV2')[0]).toMatchObject({
      ...lastDays(29, todayIn(CLOCK_TIME_ZONE)),
      profileType: 'TeamLeadTab',
    });
  });

  it('says why the response rate did not load', async () => {
    profileServer(admin, quinn, {
      'GET /api/user/20/responseRateV2': { status: 404, body: { error_message: 'Not found', code: 'NOT_FOUND' } },
    });
    renderApp('/user/20/profile?userType=TeamLeadTab');
    expect(await screen.findByText(fill(MSG.responseRateLoadFailed, { error: 'Not found' }))).toBeTruthy();
  });
});

describe('the comment export', () => {
  it('writes Manila time and neutralises formulas', () => {
    expect(manilaTime('2026-06-30T23:59:59.000Z')).toBe('2026-07-01 07:59:59');
    expect(manilaTime(null)).toBe('');
    const text = commentsCsv([comment({ note: '@SUM(A1)', repliedComment: null, note_reaction_date_time: null })]);
    expect(text).toContain('"\'@SUM(A1)","","2026-01-06 00:30:00","","2026-01-06 00:30:00"\r\n');
  });
});
