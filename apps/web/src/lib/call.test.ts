import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, MOVE_ROUTES } from '@cutroom/domain/contract';
import { isApiError } from './api-client';
import { call } from './call';

interface Sent {
  url: string;
  method: string | undefined;
  body: unknown;
}

function answer(status: number, body: unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      sent.push({
        url: input,
        method: init.method,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('call(route, input)', () => {
  it('builds the path, method, query and body from the contract', async () => {
    const sent = answer(200, { comments: { comments: [], count: 0 }, server_time: 'now' });
    await call(API.chat.team.comments, { params: { id: 12 }, query: { order: 'desc', limit: 20, since: undefined } });
    expect(sent[0]).toMatchObject({ url: '/api/card/12/team/commentsV2?order=desc&limit=20', method: 'GET' });

    answer(200, { success: true, message: 'moved' });
    const reply = await call(MOVE_ROUTES.move, {
      params: { id: 3 },
      body: { card_id: 3, card_status: 'editing', newStatus: 'on_hold' },
    });
    expect(reply.message).toBe('moved');
  });

  it('sends a form as it is, and a refusal as an ApiError', async () => {
    const sent = answer(413, { error_message: 'Too large', code: 'FILE_TOO_LARGE' });
    const form = new FormData();
    const refused = await call(API.media.upload, { form }).catch((e: unknown) => e);
    expect(sent[0]?.body).toBe(form);
    expect(isApiError(refused) && refused.status === 413 && refused.message === 'Too large').toBe(true);
  });
});
