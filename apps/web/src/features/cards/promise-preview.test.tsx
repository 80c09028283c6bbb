import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { deferred, fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const customer = makeUser({ client_id: 7, client_type: 'customer', firstname: 'Cleo', fullname: 'Cleo Creator' });

describe('the request form’s promise', { timeout: 20_000 }, () => {
  it('holds the line with a skeleton while loading, then shows the expected day in New York', async () => {
    const answer = deferred();
    const server = fakeServer({
      'GET /api/me': { body: customer },
      'GET /api/requestAllowance': { body: { used: 1, limit: 4, blocked: null, message: null } },
      'GET /api/request/promise': answer.handler,
    });
    renderApp('/new-card');

    const line = await screen.findByTestId('promise-preview');
    expect(line.textContent).toBe('');
    expect(line.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    answer.release({ body: { expected_at: '2026-04-14T21:00:00.000Z', label: 'Tue 14 Apr' } });
    expect(await within(line).findByText('Tue 14 Apr')).toBeTruthy();
    expect(line.textContent).toBe('Expected by Tue 14 Apr');
    // A customer previews their own queue: no client_id is sent.
    expect(server.callsTo('GET', '/api/request/promise')).toHaveLength(1);
  });

  it('shows nothing for a customer who may not order', async () => {
    fakeServer({
      'GET /api/me': { body: customer },
      'GET /api/requestAllowance': { body: { used: 4, limit: 4, blocked: 'limit', message: null } },
      'GET /api/request/promise': { body: { expected_at: '2026-04-14T21:00:00.000Z', label: 'Tue 14 Apr' } },
    });
    renderApp('/new-card');

    expect((await screen.findAllByText(MSG.requestLimitReached)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('promise-preview').textContent).toBe(''));
  });
});
