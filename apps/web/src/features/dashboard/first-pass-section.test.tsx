import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { REVISION_REASON_MSG, lastDays, todayIn, type Role, CLOCK_TIME_ZONE } from '@cutroom/domain';
import type { FirstPassReply } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { queriesTo } from '../../test/requests';
import { commentRow, dashboardReply, quietChartSizeWarnings } from './dashboard-test-kit';

const FIRST_PASS = '/api/dashboard/first-pass';
const report: FirstPassReply = {
  range: { start_date: '', end_date: '' },
  overall: { delivered: 8, first_pass: 6, rate: 75 },
  editors: [
    { user_id: 4, name: 'Eddie Cutter', delivered: 6, first_pass: 5, rate: 83.3 },
    { user_id: null, name: 'Unassigned', delivered: 2, first_pass: 1, rate: 50 },
  ],
  qas: [{ user_id: 3, name: 'Quinn Checker', delivered: 8, first_pass: 6, rate: 75 }],
  customers: [{ user_id: 7, name: 'Cleo Creator', delivered: 8, first_pass: 6, rate: 75 }],
  revisions: 3,
  top_reasons: [
    { key: 'audio', label: 'Audio', count: 2 },
    { key: 'unspecified', label: 'Unspecified', count: 1 },
  ],
};
const empty: FirstPassReply = {
  ...report,
  overall: { delivered: 0, first_pass: 0, rate: null },
  editors: [],
  qas: [],
  customers: [],
  revisions: 0,
  top_reasons: [],
};

function server(role: Role, reply: FirstPassReply) {
  return fakeServer({
    'GET /api/me': { body: makeUser({ client_type: role }) },
    'GET /api/dashboard-data-V2': dashboardReply(),
    'GET /api/art-dashboard-data': {
      body: { range: { start_date: '', end_date: '' }, tab: 'QaTab', data: [commentRow()] },
    },
    [`GET ${FIRST_PASS}`]: { body: reply },
  });
}

describe('first-pass approval on the dashboard', { timeout: 20_000 }, () => {
  beforeEach(quietChartSizeWarnings);

  it('shows the rate overall and per person, and the top reasons, over the dashboard range', async () => {
    server('team-lead', report);
    renderApp('/dashboard');
    const overall = await screen.findByTestId('first-pass-overall');
    expect(overall.textContent).toContain('75%');
    expect(overall.textContent).toContain('6 of 8 videos without a revision');
    expect(queriesTo(FIRST_PASS)[0]).toEqual(lastDays(7, todayIn(CLOCK_TIME_ZONE)));
    const editors = within(screen.getByTestId('first-pass-editors'));
    expect(editors.getByText('Eddie Cutter').closest('tr')!.textContent).toContain('83.3%');
    expect(editors.getByText('Unassigned')).toBeTruthy();
    const reasons = screen.getByTestId('top-reasons');
    expect(reasons.textContent).toContain('3 revisions');
    expect(within(screen.getByTestId('top-reason-audio')).getByText('2')).toBeTruthy();
    expect(screen.getByTestId('top-reason-unspecified').textContent).toContain('Unspecified');
  });

  it('says so when nothing was delivered: a dash, never a division by zero', async () => {
    server('admin', empty);
    renderApp('/dashboard');
    expect((await screen.findByTestId('first-pass-overall')).textContent).toContain('—');
    expect(screen.getByTestId('first-pass-empty').textContent).toBe(REVISION_REASON_MSG.firstPassEmpty);
    expect(screen.getByTestId('top-reasons').textContent).toContain(REVISION_REASON_MSG.topReasonsEmpty);
  });

  it('is not shown to a QA', async () => {
    server('qa', report);
    renderApp('/dashboard');
    await screen.findByTestId('graph-requested');
    expect(screen.queryByTestId('first-pass-section')).toBeNull();
    expect(queriesTo(FIRST_PASS)).toHaveLength(0);
  });
});
