import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MSG } from '@cutroom/domain';
import type { ApiTokenView, DeliveryView, WebhookView } from '@cutroom/domain/schemas';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const webhook: WebhookView = {
  id: 4,
  url: 'https://hooks.example.com/cutroom',
  events: ['card.created'],
  active: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  last_delivery: { state: 'failed', status_code: 500, at: '2026-11-01T11:00:00.000Z' },
};
const delivery: DeliveryView = {
  id: 9,
  event_id: 'card.created:1',
  event_type: 'card.created',
  state: 'failed',
  attempts: 8,
  created_at: '2026-11-01T11:00:00.000Z',
  next_attempt_at: null,
  replay_of: null,
  payload: '{"id":"card.created:1"}',
  attempts_log: [
    { at: '2026-11-01T11:00:00.000Z', status_code: 500, duration_ms: 12, response_excerpt: 'boom', error: null },
  ],
};

describe('integrations page', { timeout: 15_000 }, () => {
  it('shows a token once after creating it, with only the chosen scopes sent', async () => {
    const tokens: ApiTokenView[] = [];
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/admin/apiTokens': () => ({ body: { api_tokens: [...tokens] } }),
      'POST /api/admin/apiTokens': (body) => {
        const b = body as { name: string; scopes: ApiTokenView['scopes'] };
        const view: ApiTokenView = {
          id: 1,
          name: b.name,
          scopes: b.scopes,
          prefix: 'ctr_abcdef',
          created_by: 1,
          created_by_name: 'Ada Admin',
          created_at: '2026-11-01T10:00:00.000Z',
          last_used_at: null,
          revoked_at: null,
        };
        tokens.push(view);
        return {
          status: 201,
          body: {
            message: INTEGRATION_MSG.apiTokenCreated,
            api_token_id: 1,
            token: 'ctr_secret-value',
            api_token: view,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/integrations?tab=tokens');
    expect(await screen.findByText('No API tokens yet')).toBeTruthy();
    await user.click(screen.getByTestId('token-new'));
    await user.type(screen.getByTestId('token-name'), 'Zapier');
    await user.click(screen.getByRole('checkbox', { name: /comments:write/ }));
    await user.click(screen.getByTestId('token-create'));
    expect(await screen.findByText('ctr_secret-value')).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/apiTokens')[0]?.body).toEqual({
      name: 'Zapier',
      scopes: ['cards:read', 'comments:write'],
    });
    await user.click(screen.getByTestId('token-done'));
    const table = await screen.findByRole('table', { name: 'API tokens' });
    expect(within(table).getByText('Zapier')).toBeTruthy();
    expect(screen.queryByText('ctr_secret-value')).toBeNull();
  });

  it("makes a webhook's new secret only once asked, shows it once, and keeps it off the page afterwards", async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/admin/webhooks': { body: { webhooks: [webhook] } },
      'POST /api/admin/webhooks/4/rotateSecret': {
        body: { message: INTEGRATION_MSG.webhookSecretRotated, secret: 'whsec_new-value' },
      },
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    await user.click(await screen.findByRole('button', { name: `New secret for ${webhook.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST', '/api/admin/webhooks/4/rotateSecret')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `New secret for ${webhook.url}` }));
    await user.click(await screen.findByTestId('rotate-secret-confirm'));
    expect(await screen.findByText('whsec_new-value')).toBeTruthy();
    expect(screen.getByText(INTEGRATION_MSG.webhookSecretRotated)).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/webhooks/4/rotateSecret')).toHaveLength(1);
    await user.click(screen.getByTestId('rotate-secret-done'));
    await vi.waitFor(() => expect(screen.queryByText('whsec_new-value')).toBeNull());
  });

  it("shows a webhook's refused URL on the field, and replays a failed delivery from its log", async () => {
    const server = fakeServer({
      'GET /api/me': { body: makeUser() },
      'GET /api/admin/webhooks': { body: { webhooks: [webhook] } },
      'POST /api/admin/webhooks': {
        status: 400,
        body: { error_message: INTEGRATION_MSG.webhookUrlMetadata, code: 'VALIDATION', field: 'url' },
      },
      'GET /api/admin/webhooks/4/deliveries': { body: { deliveries: [delivery] } },
      'POST /api/admin/webhookDeliveries/9/replay': {
        status: 201,
        body: { message: INTEGRATION_MSG.webhookReplayed, delivery_id: 10 },
      },
    });
    const user = userEvent.setup();
    renderApp('/integrations');
    const row = await screen.findByTestId('webhook-4');
    expect(within(row).getByText('failed')).toBeTruthy();

    await user.click(screen.getByTestId('webhook-new'));
    const url = screen.getByTestId('webhook-url');
    await user.clear(url);
    await user.type(url, 'http://metadata.google.internal/');
    await user.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText(INTEGRATION_MSG.webhookUrlMetadata)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(within(row).getByTestId('webhook-log-4'));
    await user.click(within(await screen.findByTestId('delivery-log')).getByText('Card created'));
    expect(await screen.findByText('boom')).toBeTruthy();
    await user.click(screen.getByTestId('replay-9'));
    expect(await screen.findByText(INTEGRATION_MSG.webhookReplayed)).toBeTruthy();
    expect(server.callsTo('POST', '/api/admin/webhookDeliveries/9/replay')).toHaveLength(1);
  });
});
