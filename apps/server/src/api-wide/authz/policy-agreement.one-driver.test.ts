import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MOVE_ROUTES, pathOf, type RouteContract } from '@cutroom/domain/contract';
import {
  CARD_STATUSES,
  ERRORS,
  YT_STATUSES,
  archiveVerdict,
  assignVerdict,
  cardPolicy,
  changeNoteVerdict,
  completionSection,
  completionVerdict,
  editContentIdVerdict,
  editDoneLinkVerdict,
  editDueDateVerdict,
  editRepurposeLinkVerdict,
  editRequestVerdict,
  editTitleVerdict,
  editYtLinksVerdict,
  enableRepurposeVerdict,
  enableYtHelperVerdict,
  markNoteVerdict,
  moveCallFor,
  moveVerdict,
  notePolicy,
  pauseVerdict,
  rateVerdict,
  reactNoteVerdict,
  readChatVerdict,
  reorderVerdict,
  unarchiveVerdict,
  uploadSrtVerdict,
  viewActivityVerdict,
  writeChatVerdict,
  type CardPolicy,
  type CardStatus,
  type ChatKind,
  type Denial,
  type ErrorCode,
  type MoveCall,
  type PolicyActor,
  type PolicyCard,
  type PolicyNote,
  type Role,
  type Verdict,
} from '@cutroom/domain';
import { cardNotes, users, type cards } from '../../db/schema.js';
import { bearer, demoRole, insertCard, seedWithSessions, type DemoKey } from '../../test/helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The server and the card policy (packages/domain/src/card-policy.ts) give one answer: every card and
 * note action, as every role, on cards in every status of two customers, is allowed by the server
 * exactly when the policy allows it, and a refusal carries the policy's code. The server's own data
 * rules (spec 000 §4 "Dialogs on moving", a plan without subtitles) are named below where they answer.
 */
type Caller = Extract<DemoKey, 'admin' | 'lead' | 'qa' | 'editor' | 'helperLead' | 'helper' | 'customer' | 'customer2'>;
type Owner = Extract<Caller, 'customer' | 'customer2'>;
type CardRecord = typeof cards.$inferSelect;
type CardInsert = typeof cards.$inferInsert;

const CALLERS: Caller[] = ['admin', 'lead', 'qa', 'editor', 'helperLead', 'helper', 'customer', 'customer2'];
/** The first customer: active, with the YouTube helper and subtitles; the second: inactive, neither. */
const PLAN: Record<Owner, { active: boolean; ytHelper: boolean; subtitles: boolean }> = {
  customer: { active: true, ytHelper: true, subtitles: true },
  customer2: { active: false, ytHelper: false, subtitles: false },
};
/**
 * Who sees whose cards (DESIGN §4): the first customer's cards have the QA, the editor and a helper;
 * the second's only the QA of the customer's slot (the lead sees both customers).
 */
const SEEN_BY: Record<Owner, Caller[]> = {
  customer: ['admin', 'lead', 'qa', 'editor', 'helperLead', 'helper', 'customer'],
  customer2: ['admin', 'lead', 'qa', 'customer2'],
};

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedWithSessions>>;
const idOf = (caller: Caller) => accounts[caller].id;

/** The card states walked: every status with the flags it carries, and the states that change answers. */
const VARIANTS: { name: string; values: Partial<CardInsert> }[] = [
  ...CARD_STATUSES.map((s) => ({
    name: s,
    values: {
      cardStatus: s,
      isComplete: s === 'completed_done',
      hasRepurpose: s.startsWith('repurpose_'),
      repurposeAspect: s.startsWith('repurpose_') ? '9:16' : null,
    },
  })),
  { name: 'editing, paused', values: { cardStatus: 'editing', paused: true } },
  { name: 'done, paused', values: { cardStatus: 'done', paused: true } },
  { name: 'editing, helper on', values: { cardStatus: 'editing', hasYoutubeHelper: true } },
  { name: 'done, repurpose on', values: { cardStatus: 'done', hasRepurpose: true, repurposeAspect: '9:16' } },
  {
    name: 'completed_done, repurposed',
    values: { cardStatus: 'completed_done', isComplete: true, hasRepurpose: true, isRepurposeComplete: true },
  },
  { name: 'done, archived', values: { cardStatus: 'done', archivedAt: new Date() } },
  { name: 'canceled, archived', values: { cardStatus: 'canceled', archivedAt: new Date() } },
];

/** The test's own reading of a card row, so a slip in the server's mapping can't agree with itself. */
const factsOf = (c: CardRecord): PolicyCard => ({
  card_status: c.cardStatus,
  client_id: c.clientId,
  paused: c.paused,
  is_complete: c.isComplete,
  is_repurpose_complete: c.isRepurposeComplete,
  has_repurpose: c.hasRepurpose,
  has_youtube_helper: c.hasYoutubeHelper,
  archived: c.archivedAt !== null,
  assigned_qa_id: c.assignedQaId,
  ytHelper_card_status: YT_STATUSES.find((s) => s === c.ytCardStatus) ?? null,
  yt_is_complete: c.ytIsComplete,
});
const actorOf = (caller: Caller): PolicyActor => {
  const plan = caller === 'customer' || caller === 'customer2' ? PLAN[caller] : undefined;
  return {
    role: demoRole(caller),
    id: idOf(caller),
    active_subscription: plan?.active ?? false,
    has_youtube_helper: plan?.ytHelper ?? false,
  };
};
const deny = (code: ErrorCode): Denial => ({ code });

interface Request {
  route: RouteContract;
  params: Record<string, number>;
  payload?: object;
}
/** A card call: its route in the contract, and what the caller sends. */
const onCard = (route: RouteContract, payload?: (card: CardRecord) => object) => (card: CardRecord) => ({
  route,
  params: { id: card.id },
  ...(payload ? { payload: payload(card) } : route.method === 'GET' ? {} : { payload: {} }),
});
/** Roles the route refuses before its service runs (the contract's access); they get 403 whatever they see. */
const refusedByRoute = (route: RouteContract, role: Role) =>
  typeof route.access !== 'string' && !route.access.includes(role);

interface Action {
  name: string;
  request(card: CardRecord): Request;
  /** A data rule the server answers before the policy (spec 000 §4 dialogs). */
  before?(card: PolicyCard): Verdict;
  /** The policy's verdict. */
  verdict(actor: PolicyActor, card: PolicyCard): Verdict;
  /** A data rule the server answers once the policy allows. */
  after?(card: PolicyCard, owner: Owner): Verdict;
  /** The same answer as the policy's menus give it (cardPolicy). */
  menu?(policy: CardPolicy): boolean;
}

const link = (name: string) => `https://example.com/${name}.mp4`;
const uniqueTitle = () => `Agreement ${randomBytes(5).toString('hex')}`;

/** The body each move call needs to pass its data checks, so only who-may and the status decide. */
function moveBody(call: MoveCall, from: CardStatus, to: CardStatus): object {
  switch (call) {
    case 'move':
      return { card_status: from, newStatus: to };
    case 'timeline':
      return { card_status: from };
    case 'done':
      return { card_status: from, done_link: link('final'), content_id: 'SYNC-1' };
    case 'moveToQa':
      return { card_status: from, done_video_link: link('draft') };
    case 'revision':
      return { card_status: from, revisionType: to };
    case 'markComplete':
      return {};
    case 'moveCardSub':
      return { from, status: to, ...(to === 'repurpose_done' ? { done_link: [link('916')] } : {}) };
  }
}

/** Mark as done checks the delivery before who asks (spec 000 §4 "Into completed"); the section follows the status. */
const completionRule = (card: PolicyCard): Verdict => completionVerdict(card, completionSection(card));

function moveActions(from: CardStatus): Action[] {
  return CARD_STATUSES.filter((to) => to !== from).map((to) => {
    const call = moveCallFor(from, to);
    return {
      name: call === 'markComplete' ? 'mark done (markComplete)' : `move to ${to} (${call})`,
      request: onCard(MOVE_ROUTES[call], () => moveBody(call, from, to)),
      before: call === 'markComplete' ? completionRule : undefined,
      // An archived card offers no move (legalMoves); the server's stale check answers it first.
      verdict: (actor, card) => (card.archived ? deny('STALE_MOVE') : moveVerdict(actor, card, to, call)),
      menu: (policy) => policy.moves.includes(to),
    };
  });
}

const withCardId = (payload: object) => (card: CardRecord) => ({ card_id: card.id, ...payload });
const CARD_ACTIONS: Action[] = [
  {
    name: 'archive',
    request: onCard(API.workflow.archive),
    verdict: archiveVerdict,
    menu: (p) => p.archive,
  },
  {
    name: 'unarchive',
    request: onCard(API.workflow.unarchive),
    verdict: unarchiveVerdict,
    menu: (p) => p.unarchive,
  },
  {
    name: 'pause or resume',
    request: onCard(API.workflow.pause, (c) => ({ paused: c.paused ? 0 : 1 })),
    verdict: pauseVerdict,
    menu: (p) => p.pause || p.resume,
  },
  {
    name: 'rate the done video',
    request: onCard(API.workflow.rate, () => ({ rating: 5, card_type: 'done' })),
    verdict: (actor, card) => rateVerdict(actor, card, 'done'),
  },
  {
    name: 'rate the repurposed videos',
    request: onCard(API.workflow.rate, () => ({ rating: 4, card_type: 'repurpose' })),
    verdict: (actor, card) => rateVerdict(actor, card, 'repurpose'),
  },
  {
    name: 'edit the request',
    request: onCard(API.cards.update, () => ({
      card_title: uniqueTitle(),
      dropbox_link: 'https://www.dropbox.com/sh/raw?dl=0',
      youtube_aspect_ratio: '16:9',
      video_purpose: 'podcast',
    })),
    verdict: editRequestVerdict,
    menu: (p) => p.editRequest,
  },
  {
    name: 'edit the title',
    request: onCard(API.cards.updateTitle, () => ({ card_title: uniqueTitle() })),
    verdict: (actor) => editTitleVerdict(actor),
    menu: (p) => p.editTitle,
  },
  {
    name: 'enable repurpose',
    request: onCard(API.cards.enableRepurpose, () => ({ repurpose_aspect: ['9:16'] })),
    verdict: enableRepurposeVerdict,
    menu: (p) => p.enableRepurpose,
  },
  {
    name: 'enable the YouTube helper',
    request: onCard(API.cards.enableYtHelper),
    verdict: enableYtHelperVerdict,
    menu: (p) => p.enableYtHelper,
  },
  {
    name: 'assign',
    request: onCard(API.cardDetails.assign, (c) => ({ card_id: c.id, assign_to: idOf('editor') })),
    verdict: (actor) => assignVerdict(actor),
    menu: (p) => p.assign,
  },
  {
    name: 'reorder',
    request: onCard(API.workflow.updateSort, (c) => ({ cards: [{ card_id: c.id, sort: 3 }] })),
    verdict: reorderVerdict,
    menu: (p) => p.reorder,
  },
  {
    name: 'due date',
    request: onCard(API.cardDetails.dueDate, withCardId({ due_date: '2030-01-02T15:00:00Z' })),
    verdict: (actor) => editDueDateVerdict(actor),
    menu: (p) => p.editDueDate,
  },
  {
    name: 'done link',
    request: onCard(API.cardDetails.changeLink, withCardId({ done_video_link: link('fixed') })),
    verdict: (actor) => editDoneLinkVerdict(actor),
    menu: (p) => p.editDoneLink,
  },
  {
    name: 'repurposed video link',
    request: onCard(API.cardDetails.changeLink, withCardId({ done_video_link: link('short'), type: 'repurpose' })),
    verdict: (actor) => editRepurposeLinkVerdict(actor),
    menu: (p) => p.editRepurposeLink,
  },
  {
    name: 'YouTube links',
    request: onCard(API.cardDetails.changeLink, withCardId({ unlisted_video_link: link('unlisted') })),
    verdict: (actor) => editYtLinksVerdict(actor),
    menu: (p) => p.editYtLinks,
  },
  {
    name: 'content id',
    request: onCard(API.cardDetails.contentId, withCardId({ contentId: 'SYNC-1' })),
    verdict: (actor) => editContentIdVerdict(actor),
    menu: (p) => p.editContentId,
  },
  {
    name: 'srt file',
    request: onCard(API.cardDetails.srtFile, () => ({ srt_file: 'https://example.com/captions.srt' })),
    verdict: uploadSrtVerdict,
    // Subtitles need a plan that has them (spec: "plan without subtitles").
    after: (_card, owner) => (PLAN[owner].subtitles || PLAN[owner].ytHelper ? null : deny('INVALID_CARD_DATA')),
    menu: (p) => p.uploadSrt,
  },
  {
    name: 'card activity',
    request: onCard(API.workflow.activity),
    verdict: (actor) => viewActivityVerdict(actor),
    menu: (p) => p.viewActivity,
  },
  {
    name: 'read the team chat',
    request: onCard(API.chat.team.comments),
    verdict: (actor) => readChatVerdict(actor, 'team'),
    menu: (p) => p.readTeamChat,
  },
  {
    name: 'write in the customer chat',
    request: onCard(API.chat.customer.post, () => ({ note: 'Looks good' })),
    verdict: (actor, card) => writeChatVerdict(actor, card, 'customer'),
    menu: (p) => p.writeCustomerChat,
  },
  {
    name: 'write in the team chat',
    request: onCard(API.chat.team.post, () => ({ note: 'Audio peaks' })),
    verdict: (actor, card) => writeChatVerdict(actor, card, 'team'),
  },
];

async function send(caller: Caller, req: Request) {
  const res = await t.app.inject({
    method: req.route.method,
    url: pathOf(req.route.path, req.params),
    headers: bearer(accounts[caller].token),
    ...(req.payload ? { payload: req.payload } : {}),
  });
  const code = res.statusCode >= 400 ? res.json<{ code: string }>().code : null;
  return { status: res.statusCode, code };
}

/** What the server should answer: 2xx when allowed, else the denial's status and code. */
const expected = (answer: Verdict) =>
  answer ? { status: ERRORS[answer.code].status, code: answer.code } : { status: 'ok', code: null };
const observed = (got: { status: number; code: string | null }) =>
  got.status < 300 ? { status: 'ok', code: null } : got;

/**
 * Runs a walk's requests a few at a time: each is on a card of its own, so their answers can't depend on
 * each other, and PostgreSQL works on one while Node prepares the next (PGlite simply takes them in turn).
 */
async function inTurns(jobs: (() => Promise<void>)[], at = 4) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: at }, worker));
}

const newCard = (owner: Owner, values: Partial<CardInsert>) =>
  insertCard(t.database.db, {
    clientId: idOf(owner),
    assignedQaId: idOf('qa'),
    ...(owner === 'customer' ? { assignedTo: idOf('editor'), ytHelperId: idOf('helper') } : {}),
    ...values,
  });

beforeAll(async () => {
  t = await createTestApp();
  accounts = await seedWithSessions(t.database.db);
  for (const owner of ['customer', 'customer2'] as const) {
    const plan = PLAN[owner];
    await t.database.db
      .update(users)
      .set({ isActiveSubscription: plan.active, hasYoutubeHelper: plan.ytHelper, hasSubtitles: plan.subtitles })
      .where(eq(users.id, idOf(owner)));
  }
});
afterAll(() => t.close());

describe('the server enforces the card policy', () => {
  for (const owner of ['customer', 'customer2'] as const) {
    for (const variant of VARIANTS) {
      it(`${owner === 'customer' ? 'first' : 'second'} customer's card, ${variant.name}: every action as every role who sees it`, async () => {
        const from = variant.values.cardStatus ?? 'video_request';
        const mismatches: string[] = [];
        const jobs: (() => Promise<void>)[] = [];
        for (const action of [...moveActions(from), ...CARD_ACTIONS]) {
          for (const caller of SEEN_BY[owner])
            jobs.push(async () => {
              const card = await newCard(owner, variant.values);
              const facts = factsOf(card);
              const actor = actorOf(caller);
              const verdict = action.verdict(actor, facts);
              if (action.menu && action.menu(cardPolicy(actor, facts)) !== (verdict === null)) {
                mismatches.push(`${action.name} as ${caller}: the menu and the verdict disagree`);
              }
              const answer = action.before?.(facts) ?? verdict ?? action.after?.(facts, owner) ?? null;
              const got = observed(await send(caller, action.request(card)));
              const want = expected(answer);
              if (got.status !== want.status || got.code !== want.code) {
                mismatches.push(
                  `${action.name} as ${caller}: server ${JSON.stringify(got)}, policy ${JSON.stringify(want)}`,
                );
              }
            });
        }
        await inTurns(jobs);
        expect(mismatches.sort()).toEqual([]);
      });
    }
  }

  for (const owner of ['customer', 'customer2'] as const) {
    const unseen = CALLERS.filter((c) => !SEEN_BY[owner].includes(c));
    it(`${owner === 'customer' ? 'first' : 'second'} customer's cards answer 404 to ${unseen.join(', ')}, unless the route refuses the role first`, async () => {
      const mismatches: string[] = [];
      const jobs: (() => Promise<void>)[] = [];
      for (const variant of VARIANTS.filter((v) => ['video_request', 'editing', 'done'].includes(v.name))) {
        const from = variant.values.cardStatus ?? 'video_request';
        for (const action of [...moveActions(from), ...CARD_ACTIONS]) {
          for (const caller of unseen)
            jobs.push(async () => {
              const card = await newCard(owner, variant.values);
              const want = refusedByRoute(action.request(card).route, demoRole(caller)) ? 403 : 404;
              const got = await send(caller, action.request(card));
              if (got.status !== want) mismatches.push(`${variant.name}: ${action.name} as ${caller}: ${got.status}`);
            });
        }
      }
      await inTurns(jobs);
      expect(mismatches.sort()).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------- notes

/** The card's customer, a staff member who is not an admin, an admin, and the caller. */
type Author = 'owner' | 'qa' | 'admin' | 'self';
interface NoteAction {
  name: string;
  request(card: CardRecord, noteId: number, chat: ChatKind): Request;
  verdict(actor: PolicyActor, note: PolicyNote, chat: ChatKind): Verdict;
  menu(policy: ReturnType<typeof notePolicy>): boolean;
}
const NOTE_ACTIONS: NoteAction[] = [
  {
    name: 'edit',
    request: (c, noteId) => ({ route: API.chat.edit, params: { id: c.id, noteId }, payload: { note: 'Edited' } }),
    // The team chat does not exist for customers (404) before anything is asked of its notes.
    verdict: (actor, note, chat) => readChatVerdict(actor, chat) ?? changeNoteVerdict(actor, note),
    menu: (p) => p.change,
  },
  {
    name: 'delete',
    request: (c, noteId, chat) => ({
      route: API.chat[chat].remove,
      params: { id: c.id },
      payload: { note_id: noteId },
    }),
    verdict: (actor, note, chat) => readChatVerdict(actor, chat) ?? changeNoteVerdict(actor, note),
    menu: (p) => p.change,
  },
  {
    name: 'mark complete',
    request: (c, noteId) => ({ route: API.chat.mark, params: { id: c.id }, payload: { note_id: noteId, status: 1 } }),
    verdict: (actor, note) => markNoteVerdict(actor, note),
    menu: (p) => p.mark,
  },
  {
    name: 'react',
    request: (c, noteId) => ({ route: API.chat.react, params: { id: c.id }, payload: { note_id: noteId, status: 1 } }),
    verdict: (actor, note, chat) => readChatVerdict(actor, chat) ?? reactNoteVerdict(actor, note, chat),
    menu: (p) => p.react,
  },
];

describe('the server enforces the note policy', () => {
  const authors: Author[] = ['owner', 'qa', 'admin', 'self'];
  for (const owner of ['customer', 'customer2'] as const) {
    for (const chat of ['customer', 'team'] as const) {
      for (const deleted of [false, true]) {
        it(`${owner === 'customer' ? 'first' : 'second'} customer's card, ${chat} chat, ${deleted ? 'deleted' : 'live'} notes by each author: every note action as every role who sees it`, async () => {
          const mismatches: string[] = [];
          const jobs: (() => Promise<void>)[] = [];
          for (const caller of SEEN_BY[owner]) {
            const actor = actorOf(caller);
            for (const author of authors) {
              const authorCaller: Caller = author === 'owner' ? owner : author === 'self' ? caller : author;
              // A customer never writes in the team chat.
              if (chat === 'team' && demoRole(authorCaller) === 'customer') continue;
              const note: PolicyNote = {
                author_id: idOf(authorCaller),
                author_role: demoRole(authorCaller),
                is_deleted: deleted,
              };
              for (const action of NOTE_ACTIONS)
                jobs.push(async () => {
                  const card = await newCard(owner, { cardStatus: 'editing' });
                  const [row] = await t.database.db
                    .insert(cardNotes)
                    .values({ cardId: card.id, chat, note: 'A note', authorId: note.author_id, isDeleted: deleted })
                    .returning({ id: cardNotes.id });
                  const verdict = action.verdict(actor, note, chat);
                  const label = `${action.name} a note by ${author} (${authorCaller}) as ${caller}`;
                  // The menus judge notes of the chat the viewer reads.
                  if (
                    readChatVerdict(actor, chat) === null &&
                    action.menu(notePolicy(actor, note, chat)) !== (verdict === null)
                  ) {
                    mismatches.push(`${label}: the menu and the verdict disagree`);
                  }
                  const got = observed(await send(caller, action.request(card, row!.id, chat)));
                  const want = expected(verdict);
                  if (got.status !== want.status || got.code !== want.code) {
                    mismatches.push(`${label}: server ${JSON.stringify(got)}, policy ${JSON.stringify(want)}`);
                  }
                });
            }
          }
          await inTurns(jobs);
          expect(mismatches.sort()).toEqual([]);
        });
      }
    }
  }

  it('answers 404 to every note action by those who cannot see the card', async () => {
    const mismatches: string[] = [];
    const jobs: (() => Promise<void>)[] = [];
    for (const owner of ['customer', 'customer2'] as const) {
      for (const caller of CALLERS.filter((c) => !SEEN_BY[owner].includes(c))) {
        for (const action of NOTE_ACTIONS)
          jobs.push(async () => {
            const card = await newCard(owner, { cardStatus: 'editing' });
            const [row] = await t.database.db
              .insert(cardNotes)
              .values({ cardId: card.id, chat: 'customer', note: 'A note', authorId: idOf(owner) })
              .returning({ id: cardNotes.id });
            const got = await send(caller, action.request(card, row!.id, 'customer'));
            if (got.status !== 404) mismatches.push(`${action.name} on ${owner}'s card as ${caller}: ${got.status}`);
          });
      }
    }
    await inTurns(jobs);
    expect(mismatches.sort()).toEqual([]);
  });
});
