import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ArtDashboardReply,
  CsatReply,
  DashboardReply,
  ExportedComment,
  ResponseRateReply,
} from '@cutroom/domain/schemas';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { bearer } from '../../test/helpers.js';
import { RANGE, seedReports } from './reports.fixture.js';

/**
 * THE FIGURE TEST: every figure of the dashboards, response rates, CSAT and the comment export over
 * the known workspace of reports.fixture.ts, against numbers worked out by hand (comments show how).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof seedReports>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await seedReports(t.database.db);
});
afterAll(() => t.close());

const get = async <T>(token: string, url: string): Promise<T> => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), 'user-time-zone': 'America/New_York' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const zeroStaff = {
  total_request: 0,
  video_request: 0,
  in_progress: 0,
  on_time: 0,
  overdue: 0,
  revision_overdue: 0,
  completed: 0,
  average_time: 0,
  average_video_count: 0,
  revision_count: 0,
  revision_average_time: 0,
  revision_average_time_count: 0,
  total_rating: 0,
  rated_videos: 0,
  teamLeadUpdated: false,
};

describe('GET /api/dashboard-data-V2 figures', () => {
  it('circular graphs: every card created in the range the admin sees', async () => {
    const reply = await get<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}`);
    expect(reply.range).toEqual({ start_date: '2025-02-03', end_date: '2025-02-09' });
    expect(reply.tab).toBe('QaTab');
    expect(reply.tabs).toEqual(['QaTab', 'TeamLeadTab', 'YTHelperTab', 'customerTab']);
    // C1–C6, D1, D2, E1; in progress C3, C5, D2; delivered C1 24 h, C2 36 h, D1 10 h, E1 12 h → 82 / 4;
    // overdue only C3 (C5 paused, D2 due in 2030); done ratings of the range 5 (C1), 3 (C2), 4 (old) → 12 / 3.
    expect(reply.video_stats).toEqual({
      total_videos: 9,
      in_progress: 3,
      completed: 4,
      avg_rating: 4,
      rated_videos: 3,
      avg_time: 20.5,
      overdue: 1,
    });
    expect(reply.team_lead_data).toEqual([]);
    expect(reply.customer_data.customers).toEqual([]);
  });

  it('QA tab: one row per QA', async () => {
    const reply = await get<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}&tab=QaTab`);
    expect(reply.editor_stats).toEqual([
      {
        ...zeroStaff,
        user_id: w.qa2.id,
        qa_name: 'Alice Anders',
        lead_id: w.lead.id,
        lead_name: 'Leo Lead',
        // D1 delivered in 10 h before its due; D2 editing, due 2030; C2's done rating was given to Alice.
        total_request: 2,
        in_progress: 1,
        on_time: 1,
        completed: 1,
        average_time: 10,
        average_video_count: 0.14,
        total_rating: 3,
        rated_videos: 1,
      },
      {
        ...zeroStaff,
        user_id: w.qa3.id,
        qa_name: 'Nora North',
        lead_id: w.lead2.id,
        lead_name: 'Zed Zulu',
        // E1 delivered 12 h after assignment, 4 h past its due; its rating is after the range.
        total_request: 1,
        completed: 1,
        average_time: 12,
        average_video_count: 0.14,
      },
      {
        ...zeroStaff,
        user_id: w.qa.id,
        qa_name: 'Quinn Checker',
        lead_id: w.lead.id,
        lead_name: 'Leo Lead',
        // C1–C6: C4 waiting; C3 and C5 in progress, only C3 overdue (C5 paused) and it has revisions;
        // delivered C1 (24 h, on time) and C2 (36 h, late) → 30 h, 2 / 7 days; revisions 1 + 2 (not canceled C6's);
        // C2's revision request answered 17 h later, C3's not yet; ratings C1 5 + old card 4.
        total_request: 6,
        video_request: 1,
        in_progress: 2,
        on_time: 1,
        overdue: 1,
        revision_overdue: 1,
        completed: 2,
        average_time: 30,
        average_video_count: 0.29,
        revision_count: 3,
        revision_average_time: 17,
        revision_average_time_count: 1,
        total_rating: 9,
        rated_videos: 2,
      },
    ]);
  });

  it("team lead tab: each lead's row sums their QAs", async () => {
    const reply = await get<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}&tab=TeamLeadTab`);
    expect(reply.editor_stats).toEqual([]);
    expect(reply.team_lead_data).toEqual([
      {
        ...zeroStaff,
        user_id: w.lead.id,
        qa_name: 'Leo Lead',
        lead_id: null,
        lead_name: null,
        // Quinn + Alice: delivered 24, 36, 10 h → 70 / 3 = 23.3; 3 / 7 days; ratings 5 + 4 + 3.
        total_request: 8,
        video_request: 1,
        in_progress: 3,
        on_time: 2,
        overdue: 1,
        revision_overdue: 1,
        completed: 3,
        average_time: 23.3,
        average_video_count: 0.43,
        revision_count: 3,
        revision_average_time: 17,
        revision_average_time_count: 1,
        total_rating: 12,
        rated_videos: 3,
      },
      {
        ...zeroStaff,
        user_id: w.lead2.id,
        qa_name: 'Zed Zulu',
        lead_id: null,
        lead_name: null,
        total_request: 1,
        completed: 1,
        average_time: 12,
        average_video_count: 0.14,
      },
    ]);
  });

  it('helper tab: the helper-side figures', async () => {
    const reply = await get<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}&tab=YTHelperTab`);
    expect(reply.yt_helper_data).toEqual([
      {
        ...zeroStaff,
        user_id: w.helper.id,
        qa_name: 'Yuri Helper',
        lead_id: w.helperLead.id,
        lead_name: 'Hana Helperlead',
        // C1 delivered 20 h after assignment, before its helper due; D1 in progress past its helper due;
        // one helper revision on C1, delivered again 12 h after it was asked; C1's helper rating 4.
        total_request: 2,
        in_progress: 1,
        on_time: 1,
        overdue: 1,
        completed: 1,
        average_time: 20,
        average_video_count: 0.14,
        revision_count: 1,
        revision_average_time: 12,
        revision_average_time_count: 1,
        total_rating: 4,
        rated_videos: 1,
      },
    ]);
  });

  it('customer tab: rows of customers with cards in the range, and the averages', async () => {
    const reply = await get<DashboardReply>(w.admin.token, `/api/dashboard-data-V2?${RANGE}&tab=customerTab`);
    // Ratings of done and repurpose parts in the range: Cleo's C1 5 and 1, C2 3, old card 4.
    expect(reply.customer_data.customers).toEqual([
      {
        client_id: w.customer.id,
        customer_name: 'Cleo Creator',
        is_deleted: false,
        total_request: 6,
        in_progress: 2,
        completed: 2,
        average_time: 30,
        total_rating: 13,
        rated_videos: 4,
      },
      {
        client_id: w.customer3.id,
        customer_name: 'Ivy Ice',
        is_deleted: false,
        total_request: 1,
        in_progress: 0,
        completed: 1,
        average_time: 12,
        total_rating: 0,
        rated_videos: 0,
      },
      {
        client_id: w.customer2.id,
        customer_name: 'Max Maker',
        is_deleted: false,
        total_request: 2,
        in_progress: 1,
        completed: 1,
        average_time: 10,
        total_rating: 0,
        rated_videos: 0,
      },
    ]);
    // Cleo, Max and Ivy (inactive; the deleted customer not counted): 9 / 3 requests, 4 / 3 delivered, 13 / 4.
    expect(reply.customer_data.customer_stats).toEqual({
      total_customers: 3,
      active_customers: 2,
      average_requests: 3,
      average_completed: 1.33,
      average_time: 20.5,
      average_rating: 3.25,
      total_ratings: 4,
    });
  });

  it("a team lead's graphs and rows cover their team only", async () => {
    const qaTab = await get<DashboardReply>(w.lead.token, `/api/dashboard-data-V2?${RANGE}`);
    // Ivy's E1 is Zed's team's: 8 cards, delivered 24, 36, 10 h.
    expect(qaTab.video_stats).toEqual({
      total_videos: 8,
      in_progress: 3,
      completed: 3,
      avg_rating: 4,
      rated_videos: 3,
      avg_time: 23.3,
      overdue: 1,
    });
    expect(qaTab.editor_stats.map((r) => r.qa_name)).toEqual(['Alice Anders', 'Quinn Checker']);
    const leads = await get<DashboardReply>(w.lead.token, `/api/dashboard-data-V2?${RANGE}&tab=TeamLeadTab`);
    expect(leads.team_lead_data.map((r) => [r.qa_name, r.total_request])).toEqual([['Leo Lead', 8]]);
  });
});

describe('GET /api/art-dashboard-data figures', () => {
  const zeroComments = {
    total_comments_count: 0,
    replied_count: 0,
    response_rate: 0,
    total_response_rated_cards: 0,
    average_response_hours: 0,
    teamLeadUpdated: false,
  };
  it("QA tab: replied / total over each QA's cards", async () => {
    const reply = await get<ArtDashboardReply>(w.admin.token, `/api/art-dashboard-data?${RANGE}&tab=QaTab`);
    expect(reply.data).toEqual([
      // D1's comment unanswered.
      {
        ...zeroComments,
        user_id: w.qa2.id,
        qaFirstName: 'Alice',
        qaLastName: 'Anders',
        leadFirstName: 'Leo',
        leadLastName: 'Lead',
        total_comments_count: 1,
        total_response_rated_cards: 1,
      },
      {
        ...zeroComments,
        user_id: w.qa3.id,
        qaFirstName: 'Nora',
        qaLastName: 'North',
        leadFirstName: 'Zed',
        leadLastName: 'Zulu',
      },
      // C1: 2 comments, 1 answered after 2 h (the other only in the team chat and by a deleted note);
      // C2: 1 answered after 4 h (its deleted comment not counted) → 2 / 3, (2 + 4) / 2 h.
      {
        ...zeroComments,
        user_id: w.qa.id,
        qaFirstName: 'Quinn',
        qaLastName: 'Checker',
        leadFirstName: 'Leo',
        leadLastName: 'Lead',
        total_comments_count: 3,
        replied_count: 2,
        response_rate: 66.67,
        total_response_rated_cards: 2,
        average_response_hours: 3,
      },
    ]);
  });

  it("team lead tab: the mean of the team's per-card rates", async () => {
    const reply = await get<ArtDashboardReply>(w.admin.token, `/api/art-dashboard-data?${RANGE}&tab=TeamLeadTab`);
    // C1 50 %, C2 100 %, D1 0 % → 150 / 3 (Quinn alone would be 66.67).
    expect(
      reply.data.map((r) => [
        r.qaFirstName,
        r.total_comments_count,
        r.replied_count,
        r.response_rate,
        r.total_response_rated_cards,
        r.average_response_hours,
      ]),
    ).toEqual([
      ['Leo', 4, 2, 50, 3, 3],
      ['Zed', 0, 0, 0, 0, 0],
    ]);
  });

  it('helper tab: the helper chat', async () => {
    const reply = await get<ArtDashboardReply>(w.admin.token, `/api/art-dashboard-data?${RANGE}&tab=YTHelperTab`);
    expect(reply.data).toEqual([
      {
        ...zeroComments,
        user_id: w.helper.id,
        qaFirstName: 'Yuri',
        qaLastName: 'Helper',
        leadFirstName: 'Hana',
        leadLastName: 'Helperlead',
        total_comments_count: 1,
        replied_count: 1,
        response_rate: 100,
        total_response_rated_cards: 1,
        average_response_hours: 1,
      },
    ]);
  });
});

describe('profile figures', () => {
  it("a QA's response rate per card and overall", async () => {
    const reply = await get<ResponseRateReply>(w.admin.token, `/api/user/${w.qa.id}/responseRateV2?${RANGE}`);
    expect(reply.count).toBe(2);
    expect(reply.data).toEqual([
      {
        card_id: w.cards.c2.id,
        card_title: 'C2 delivered late after a revision',
        first_name: 'Cleo',
        last_name: 'Creator',
        total_comments_count: 1,
        replied_count: 1,
        response_rate: 100,
        total_response_rated_cards: 1,
      },
      {
        card_id: w.cards.c1.id,
        card_title: 'C1 delivered on time',
        first_name: 'Cleo',
        last_name: 'Creator',
        total_comments_count: 2,
        replied_count: 1,
        response_rate: 50,
        total_response_rated_cards: 1,
      },
    ]);
    expect(reply.summary).toEqual({
      total_comments_count: 3,
      replied_count: 2,
      response_rate: 66.67,
      total_response_rated_cards: 2,
    });
  });

  it("a team lead's response rate is the mean of the per-card rates", async () => {
    const reply = await get<ResponseRateReply>(w.admin.token, `/api/user/${w.lead.id}/responseRateV2?${RANGE}`);
    expect(reply.data.map((r) => [r.card_id, r.response_rate])).toEqual([
      [w.cards.d1.id, 0],
      [w.cards.c2.id, 100],
      [w.cards.c1.id, 50],
    ]);
    expect(reply.summary).toEqual({
      total_comments_count: 4,
      replied_count: 2,
      response_rate: 50,
      total_response_rated_cards: 3,
    });
  });

  it("a helper's response rate in the helper chat", async () => {
    const reply = await get<ResponseRateReply>(
      w.admin.token,
      `/api/ythelper/user/${w.helper.id}/responseRate?${RANGE}`,
    );
    expect(reply.data.map((r) => [r.card_id, r.total_comments_count, r.replied_count, r.response_rate])).toEqual([
      [w.cards.c1.id, 1, 1, 100],
    ]);
    expect(reply.summary).toEqual({
      total_comments_count: 1,
      replied_count: 1,
      response_rate: 100,
      total_response_rated_cards: 1,
    });
  });

  it('CSAT per customer over the ratings kept on the QA', async () => {
    const quinn = await get<CsatReply>(w.admin.token, `/api/user/${w.qa.id}/csat?${RANGE}`);
    // Quinn's: C1 done 5 and repurpose 1, the old card 4 → 10 / 3; C2's rating is Alice's.
    expect(quinn).toEqual({
      range: { start_date: '2025-02-03', end_date: '2025-02-09' },
      data: [
        {
          client_id: w.customer.id,
          client_fname: 'Cleo',
          client_lname: 'Creator',
          card_tile: ['C1 delivered on time', 'Old card'],
          rated_videos: 3,
          total_rating: 10,
          rating_comments: ['Good', 'Great work'],
          csat: 3.33,
        },
      ],
      count: 1,
      summary: { rated_videos: 3, total_rating: 10, csat: 3.33 },
    });
    // Leo's team adds Alice's 3 → 13 / 4.
    const leo = await get<CsatReply>(w.admin.token, `/api/user/${w.lead.id}/csat?${RANGE}`);
    expect(leo.summary).toEqual({ rated_videos: 4, total_rating: 13, csat: 3.25 });
    expect(leo.data[0]?.card_tile).toEqual(['C1 delivered on time', 'C2 delivered late after a revision', 'Old card']);
  });
});

describe('GET /api/card/:card_id/exportComments', () => {
  it('lists the customer comments with the staff note that answered each', async () => {
    const { c1, c2 } = w.cards;
    const reply = await get<{ data: ExportedComment[] }>(
      w.admin.token,
      `/api/card/${c1.id}/exportComments?cardIds=${c2.id}`,
    );
    expect(reply.data).toEqual([
      {
        card_id: c1.id,
        card_title: 'C1 delivered on time',
        note: 'Please brighten the intro',
        repliedComment: 'Done, brighter now',
        date_added: '2025-02-04T10:00:00.000Z',
        note_reaction_date_time: '2025-02-04T12:00:00.000Z',
        updated_at: '2025-02-04T10:00:00.000Z',
      },
      {
        card_id: c1.id,
        card_title: 'C1 delivered on time',
        note: 'And the outro',
        repliedComment: null,
        date_added: '2025-02-04T13:00:00.000Z',
        note_reaction_date_time: null,
        updated_at: '2025-02-04T13:00:00.000Z',
      },
      {
        card_id: c2.id,
        card_title: 'C2 delivered late after a revision',
        note: 'Wrong music',
        repliedComment: 'Music swapped',
        date_added: '2025-02-05T10:00:00.000Z',
        note_reaction_date_time: '2025-02-05T14:00:00.000Z',
        updated_at: '2025-02-05T10:00:00.000Z',
      },
    ]);
    const helperChat = await get<{ data: ExportedComment[] }>(
      w.admin.token,
      `/api/ythelper/card/${c1.id}/exportComments`,
    );
    expect(helperChat.data.map((r) => [r.note, r.repliedComment])).toEqual([['Thumbnail too dark', 'Lightened']]);
    // A range leaves out comments outside it.
    const later = await get<{ data: ExportedComment[] }>(
      w.admin.token,
      `/api/card/${c1.id}/exportComments?start_date=2025-02-04&end_date=2025-02-04&cardIds=${c2.id}`,
    );
    expect(later.data.map((r) => r.note)).toEqual(['Please brighten the intro', 'And the outro']);
  });
});
