import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HitRateReply } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const customerDashboard = (hitRate: HitRateReply) =>
  fakeServer({
    'GET /api/me': { body: makeUser({ client_id: 50, client_type: 'customer' }) },
    'GET /api/client-dashboard-data': {
      body: { range: { start_date: '', end_date: '' }, data: [], count: 0, page: 1, page_size: 10 },
    },
    'GET /api/dashboard/promise-hit-rate': { body: hitRate },
  });
const range = { start_date: '2026-10-28', end_date: '2026-11-26' };

describe('promises kept on the dashboard', { timeout: 20_000 }, () => {
  it('shows the hit rate with how many first cuts it counts', async () => {
    customerDashboard({ ...range, delivered: 8, on_time: 7, hit_rate: 87.5 });
    renderApp('/dashboard');
    expect((await screen.findByTestId('hit-rate')).textContent).toBe('87.5 %');
    expect(screen.getByText(/7 of 8 first cuts arrived by the date promised/)).toBeTruthy();
  });

  it('says so when nothing was delivered in the range', async () => {
    customerDashboard({ ...range, delivered: 0, on_time: 0, hit_rate: null });
    renderApp('/dashboard');
    expect((await screen.findByTestId('hit-rate-empty')).textContent).toMatch(/No first cuts were delivered/);
    expect(screen.queryByTestId('hit-rate')).toBeNull();
  });
});
