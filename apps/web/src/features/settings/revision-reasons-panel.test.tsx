import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVISION_REASONS, MSG, REVISION_REASON_MSG } from '@cutroom/domain';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

type Row = { key: string; label: string; active: boolean; position: number; used: number };

describe('settings › revision reasons', { timeout: 15_000 }, () => {
  it('lets the admin add, switch off and reorder reasons, naming a clash on the field', async () => {
    let rows: Row[] = DEFAULT_REVISION_REASONS.map((r, i) => ({
      ...r,
      active: true,
      position: i + 1,
      used: i === 2 ? 4 : 0,
    }));
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/revisionReasons/all': () => ({ body: { reasons: rows } }),
      'POST /api/revisionReasons': (body) => {
        const { label } = body as { label: string };
        if (label === 'Audio') {
          return {
            status: 409,
            body: { error_message: MSG.revisionReasonExists, code: 'REVISION_REASON_EXISTS', field: 'label' },
          };
        }
        rows = [...rows, { key: 'music', label, active: true, position: rows.length + 1, used: 0 }];
        return { status: 201, body: { success: true, message: REVISION_REASON_MSG.revisionReasonAdded, key: 'music' } };
      },
      'PUT /api/revisionReasons/pacing': (body) => {
        rows = rows.map((r) => (r.key === 'pacing' ? { ...r, ...(body as object) } : r));
        return { body: { success: true, message: REVISION_REASON_MSG.revisionReasonUpdated, key: 'pacing' } };
      },
      'POST /api/revisionReasons/reorder': (body) => {
        const { keys } = body as { keys: string[] };
        rows = keys.map((k, i) => ({ ...rows.find((r) => r.key === k)!, position: i + 1 }));
        return { body: { reasons: rows } };
      },
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=revision-reasons');

    const table = await screen.findByRole('table', { name: 'Revision reasons' });
    expect(within(table).getByTestId('reason-row-audio').textContent).toContain('4');

    await user.type(screen.getByTestId('reason-new-label'), 'Audio');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG.revisionReasonExists)).toBeTruthy();
    await user.clear(screen.getByTestId('reason-new-label'));
    await user.type(screen.getByTestId('reason-new-label'), 'Music');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByTestId('reason-row-music')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Pacing offered' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', '/api/revisionReasons/pacing')[0]!.body).toEqual({ active: false }),
    );

    await user.click(screen.getByRole('button', { name: 'Move Pacing up' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/revisionReasons/reorder')).toHaveLength(1));
    expect(
      (server.callsTo('POST', '/api/revisionReasons/reorder')[0]!.body as { keys: string[] }).keys.slice(0, 3),
    ).toEqual(['pacing', 'wrong_cut', 'audio']);
  });
});
