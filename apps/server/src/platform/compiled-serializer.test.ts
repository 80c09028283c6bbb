import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { CARD_STATUSES, YT_STATUSES } from '@cutroom/domain';
import { defineRoute } from '@cutroom/domain/contract';
import { getCardsReply, type CardTileReply } from '@cutroom/domain/schemas';
import { compileReplySerializer, VALIDATE_COMPILED_REPLIES } from './compiled-serializer.js';
import { registerErrorHandling } from './errors.js';
import { serve } from './routes.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { bearer, seedWithSessions } from '../test/helpers.js';

const route = { method: 'POST', url: '/api/getCards' };
/** The compiled writer alone, without the zod check tests otherwise add. */
const compiled = compileReplySerializer(getCardsReply, route, false);
/** What the zod serializer (fastify-type-provider-zod's) would have sent for the same reply. */
const viaZod = (reply: unknown) => JSON.parse(JSON.stringify(getCardsReply.parse(reply))) as unknown;

const unicodeTitles = [
  'Ünïcødé – “quoted” \\ back\\slash',
  '日本語のタイトル 🎬🎞️ with emoji 👩🏽‍💻',
  'Tabs\tand\nnew lines\r and \u2028 separators \u0000\u001f',
  'It\'s a "test" </script>',
  'x'.repeat(300),
];

function tile(i: number, full: boolean): CardTileReply {
  return {
    card_id: i,
    card_title: unicodeTitles[i % unicodeTitles.length]!,
    card_status: CARD_STATUSES[i % CARD_STATUSES.length]!,
    repurpose_status: full ? 'repurpose_editing' : null,
    yt_card_status: full ? YT_STATUSES[i % YT_STATUSES.length]! : null,
    is_complete: full,
    is_repurpose_complete: !full,
    yt_is_complete: false,
    paused: i % 2 === 0,
    sort: i * 1.5,
    has_youtube_helper: full,
    has_repurpose: full,
    revision_nr: i,
    due_date: full ? '2026-11-25T18:25:10.123Z' : null,
    creation_time: '2026-01-02T03:04:05.006Z',
    updated_at: '2026-11-25T00:00:00.000Z',
    client_id: 42,
    client_name: 'Zoë Ångström',
    firstname: 'Zoë',
    lastname: 'Ångström',
    assigned_to: full ? 7 : null,
    assigned_to_name: full ? 'Eddie Cutter' : null,
    assigned_qa_id: full ? 3 : null,
    qa_firstname: full ? 'Quinn' : null,
    qa_lastname: full ? 'Checker' : null,
    done_video_limit: 0,
    timeline: full ? 48 : null,
    doneCardRating: full ? 4.5 : null,
    repurposeCardRating: full ? 0 : null,
    yt_helper_id: full ? 11 : null,
    yt_firstname: full ? 'Yuri' : null,
    yt_lastname: full ? 'Helper' : null,
    yt_due_date: full ? '2026-12-01T00:00:00.000Z' : null,
    yt_card_revision: 2,
    ythelperCardRating: full ? -1 : null,
    open_fix_items: full ? i % 4 : 0,
    expected_at: full ? '2026-11-27T22:00:00.000Z' : null,
    poster_url: full ? '/api/media/assets/7/poster.jpg' : null,
    ...(full ? { at_risk: i % 2 === 0 } : {}),
    // Staff see the plan, customers do not: present with a value, present as null, and absent.
    ...(i % 3 === 0 ? { subscription_type: 'unlimited' } : i % 3 === 1 ? { subscription_type: null } : {}),
  };
}

describe('the compiled reply serializer of getCards', () => {
  it('writes a realistic whole-board reply with the same content JSON.stringify gives', () => {
    const tiles = (n: number, full: boolean) => Array.from({ length: n }, (_, i) => tile(i + (full ? 0 : 100), full));
    const replies = [
      // A staff member's whole board with counts.
      {
        video_requests: tiles(10, true),
        editing: tiles(10, false),
        on_hold: [],
        counts: { video_request: 12, editing: 0, Ünïcødé: 3 },
      },
      // A customer's whole board: the allowance with every field set, then with its nulls.
      {
        qa_cards: tiles(3, true),
        monthlyCardCount: 4,
        allowance: { used: 4, limit: 5, blocked: 'limit', message: 'Nope ✋' },
      },
      {
        done_cards: tiles(2, false),
        monthlyCardCount: 0,
        allowance: { used: 0, limit: null, blocked: null, message: null },
      },
      // One column's page, and an empty reply.
      { editing: tiles(1, true) },
      {},
    ];
    for (const reply of replies) {
      const written = compiled(reply);
      expect(JSON.parse(written)).toEqual(viaZod(reply));
      // Every key of the reply is one the schema knows, so nothing above was compared after being dropped.
      expect(Object.keys(JSON.parse(written)).sort()).toEqual(Object.keys(reply).sort());
      expect(Buffer.from(written, 'utf8').toString('utf8')).toBe(written);
    }
  });

  it('drops keys the schema does not have, as the zod serializer does', () => {
    const reply = { editing: [{ ...tile(1, true), secret: 'x' }], stray: 1 };
    expect(JSON.parse(compiled(reply))).toEqual(viaZod(reply));
    expect(compiled(reply)).not.toContain('secret');
  });

  it('agrees with JSON.stringify on any tile strings and numbers', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'grapheme' }),
        fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
        fc.integer(),
        (title, name, rating, sort) => {
          const reply = {
            editing: [{ ...tile(1, true), card_title: title, client_name: name, doneCardRating: rating, sort }],
          };
          expect(JSON.parse(compiled(reply))).toEqual(viaZod(reply));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('still checks replies against the zod schema under tests', () => {
    expect(VALIDATE_COMPILED_REPLIES).toBe(true);
    const checked = compileReplySerializer(getCardsReply, route);
    const wrong = { editing: [{ ...tile(1, true), card_status: 'no_such_status' }] };
    expect(() => checked(wrong)).toThrow(/doesn't match the schema/);
    // The compiled writer alone would have sent it: the check is what catches it.
    expect(JSON.parse(compiled(wrong)).editing[0].card_status).toBe('no_such_status');
  });
});

describe('a route served with compiledReply', () => {
  const contract = defineRoute({
    method: 'GET',
    path: '/wrong',
    tags: ['test'],
    summary: 'A reply that breaks its schema',
    access: 'public',
    reply: z.object({ n: z.number(), status: z.enum(['a', 'b']) }),
  });

  it('answers 500 when the handler returns a reply its schema refuses', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    serve(app, contract, () => ({ n: 1, status: 'c' }) as never, { compiledReply: true });
    const res = await app.inject({ method: 'GET', url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    await app.close();
  });
});

describe('POST /api/getCards through the compiled serializer', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof seedWithSessions>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await seedWithSessions(t.database.db);
  });
  afterAll(() => t.close());

  it('sends the content the zod serializer would for real boards of every kind of caller', async () => {
    const bodies = [{}, { with_counts: true }, { section: 'editing', offset: 0, limit: 10 }];
    for (const who of ['admin', 'qa', 'editor', 'customer', 'helper'] as const) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/getCards',
          headers: { ...bearer(a[who].token), 'user-time-zone': 'Europe/Berlin' },
          payload,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(viaZod(res.json()));
        expect(JSON.parse(compiled(res.json()))).toEqual(res.json());
      }
    }
  });
});
