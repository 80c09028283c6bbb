import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_HELP, annotationShape } from '@cutroom/domain/schemas';
import { TIMELINE_HOURS_FIRST, TIMELINE_HOURS_WITH_REVISION, isFixItem, type CardStatus } from '@cutroom/domain';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { cardActivity, cardNotes, cardRatings, cardVideos, cards, helpPages, users } from '../../db/schema.js';
import { SERVER_ROOT } from '../../platform/server-root.js';
import { createStorage, type Storage } from '../../platform/storage.js';
import { storeUpload } from '../media/public.js';
import { momentOfNewNote } from '../chat/public.js';
import { trackVideo } from '../media-pipeline/public.js';
import { DEMO_ACCOUNTS } from './demo-seed.js';
import { DEMO_CLIPS, DEMO_WEEK, type CardWeek, type Clip } from './demo-week.js';

/** The committed clips, found from this file so `npm start`, the tests and any working directory read the same folder. */
export const DEMO_MEDIA_DIR = path.join(SERVER_ROOT, 'demo-media');

/** The help page's tutorials, recorded in the demo by scripts/record-help-videos.ts: default title → committed file. */
export const HELP_CLIPS: Record<string, string> = {
  'Ordering a video': 'help-ordering.mp4',
  'Reviewing a cut on the frame': 'help-reviewing.mp4',
  'Approving and asking for revisions': 'help-approving.mp4',
};

type Key = (typeof DEMO_ACCOUNTS)[number]['key'];
type SeededCard = typeof cards.$inferSelect;

const HOUR = 3_600_000;

async function demoIds(db: Db): Promise<Record<Key, number>> {
  const rows = await db
    .select({ id: users.id, email: users.useremail })
    .from(users)
    .where(
      inArray(
        users.useremail,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const ids = {} as Record<Key, number>;
  for (const a of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email === a.email);
    if (!row) throw new Error(`demo media: no account ${a.email}`);
    ids[a.key] = row.id;
  }
  return ids;
}

/** The card's activity from its request to its seeded status; a story that ends elsewhere is a mistake here. */
function activityRows(card: SeededCard, week: CardWeek, ids: Record<Key, number>, at: (h: number) => Date) {
  const rows: (typeof cardActivity.$inferInsert)[] = [
    { cardId: card.id, userId: card.clientId, fromStatus: null, toStatus: 'video_request', createdAt: card.createdAt },
  ];
  let from: CardStatus = 'video_request';
  for (const move of week.moves) {
    rows.push({
      cardId: card.id,
      userId: ids[move.by],
      fromStatus: from,
      toStatus: move.to,
      createdAt: at(move.hoursAgo),
    });
    from = move.to;
  }
  if (from !== card.cardStatus)
    throw new Error(`demo week: '${week.title}' ends in ${from}, seeded in ${card.cardStatus}`);
  return rows;
}

/** What the moves left on the card itself: when it was assigned, delivered and completed, and how often revised. */
function cardFacts(week: CardWeek, urls: Record<Clip, string>, at: (h: number) => Date) {
  const last = (to: CardStatus) => week.moves.findLast((m) => m.to === to);
  const first = week.moves.find((m) => m.to === 'editing');
  const done = last('done');
  const completed = last('completed_done');
  const latestDone = week.done?.at(-1);
  const latestRepurpose = week.repurpose?.at(-1);
  const revisionNr = week.moves.filter((m, i) => m.to === 'editing' && week.moves[i - 1]?.to === 'done').length;
  // Due when its last start into Editing said, as a real move sets it: every card its own moment (issue 33).
  const started = last('editing');
  const timeline = revisionNr > 0 ? TIMELINE_HOURS_WITH_REVISION : TIMELINE_HOURS_FIRST;
  return {
    ...(started ? { dueDate: new Date(at(started.hoursAgo).getTime() + timeline * HOUR), timeline } : {}),
    ...(first ? { assignedAt: at(first.hoursAgo) } : {}),
    ...(done ? { doneAt: at(done.hoursAgo) } : {}),
    ...(completed ? { completedAt: at(completed.hoursAgo) } : {}),
    ...(latestDone ? { doneVideoLink: urls[latestDone] } : {}),
    ...(latestRepurpose ? { repurposeDoneLink: urls[latestRepurpose], repurposeStatus: 'done' } : {}),
    revisionNr,
  };
}

/** The card's status and revision number when a note was written: its moves up to then (one in the same hour first). */
function stateAt(week: CardWeek, hoursAgo: number) {
  let status: CardStatus = 'video_request';
  let revision = 0;
  for (const move of week.moves) {
    if (move.hoursAgo < hoursAgo) break;
    if (status === 'done' && move.to === 'editing') revision++;
    status = move.to;
  }
  return { status, revision };
}

const roleOf = (key: Key) => DEMO_ACCOUNTS.find((a) => a.key === key)!.role;

/** When a version was delivered: the editor's n-th move to QA (or to Repurpose done) uploads version n. */
function deliveredAt(week: CardWeek, kind: 'done' | 'repurpose', version: number) {
  const uploads = week.moves.filter((m) => m.to === (kind === 'done' ? 'qa' : 'repurpose_done'));
  return (uploads[version] ?? uploads.at(-1))?.hoursAgo ?? 0;
}

async function writeNotes(tx: Tx, card: SeededCard, week: CardWeek, ids: Record<Key, number>, at: (h: number) => Date) {
  const noteIds: number[] = [];
  for (const n of week.notes ?? []) {
    // The same shape and timecode rules as a comment posted in the chat (chat.service postComment).
    const annotation = n.annotation ? annotationShape.parse(n.annotation) : null;
    const moment = momentOfNewNote({ note: n.note, annotation: annotation ?? undefined }, n.chat, n.note);
    const state = stateAt(week, n.hoursAgo);
    const [row] = await tx
      .insert(cardNotes)
      .values({
        cardId: card.id,
        chat: n.chat,
        parentId: n.replyTo === undefined ? null : noteIds[n.replyTo]!,
        noteType: annotation ? 'annotation' : 'comment',
        note: moment.text,
        authorId: ids[n.by],
        videoNumber: moment.videoTime === null ? null : 1,
        videoTime: moment.videoTime,
        timeIn: moment.timeIn,
        timeOut: moment.timeOut,
        annotation,
        fixRound: isFixItem(roleOf(n.by), n.chat, state.status) ? state.revision : null,
        isComplete: n.fixed ?? false,
        wontFixReason: n.wontFix ?? null,
        createdAt: at(n.hoursAgo),
        updatedAt: at(n.hoursAgo),
      })
      .returning({ id: cardNotes.id });
    noteIds.push(row!.id);
  }
}

async function writeWeek(
  tx: Tx,
  card: SeededCard,
  week: CardWeek,
  ids: Record<Key, number>,
  urls: Record<Clip, string>,
) {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  await tx.delete(cardActivity).where(eq(cardActivity.cardId, card.id));
  await tx.insert(cardActivity).values(activityRows(card, week, ids, at));

  const versions = [
    ...(week.done ?? []).map((clip, version) => ({ kind: 'done' as const, version, clip })),
    ...(week.repurpose ?? []).map((clip, version) => ({ kind: 'repurpose' as const, version, clip })),
  ];
  await tx.delete(cardVideos).where(eq(cardVideos.cardId, card.id));
  if (versions.length) {
    const rows = [];
    for (const v of versions)
      rows.push({
        cardId: card.id,
        kind: v.kind,
        version: v.version,
        videoUrl: urls[v.clip],
        videoType: 'video/mp4',
        assetId: await trackVideo(tx, urls[v.clip], card.clientId),
        createdAt: at(deliveredAt(week, v.kind, v.version)),
      });
    await tx.insert(cardVideos).values(rows);
  }
  await tx
    .update(cards)
    .set(cardFacts(week, urls, at))
    .where(eq(cards.id, card.id));
  await writeNotes(tx, card, week, ids, at);
  if (week.rating) {
    await tx.insert(cardRatings).values({
      cardId: card.id,
      cardType: 'done',
      rating: week.rating.stars,
      comment: week.rating.comment,
      ratedBy: card.clientId,
      assignedQaId: card.assignedQaId,
      createdAt: at(week.rating.hoursAgo),
      updatedAt: at(week.rating.hoursAgo),
    });
  }
}

/** The tutorials as the admin's uploads, and the help page saved with them (an install without the demo keeps the empty defaults). */
async function seedHelpVideos(db: Db, config: Config, store: Storage, adminId: number) {
  const videos = [];
  for (const video of DEFAULT_HELP.videos) {
    const file = HELP_CLIPS[video.title];
    if (!file) throw new Error(`demo help: no clip for '${video.title}'`);
    const stored = await storeUpload({ db, config }, store, adminId, {
      stream: fs.createReadStream(path.join(DEMO_MEDIA_DIR, file)),
      fileName: file,
      purpose: 'video',
    });
    videos.push({ ...video, url: stored.url });
  }
  // Nothing an admin saved is overwritten.
  await db
    .insert(helpPages)
    .values({ key: 'help', content: { ...DEFAULT_HELP, videos }, updatedBy: adminId })
    .onConflictDoNothing();
}

/**
 * Right after the first demo seed: the committed clips go through the storage layer as the editor's
 * uploads (local disk or S3, as staff uploads do), and the seeded cards get a week of history around
 * them: versions, timecoded comments and drawings, activity on every card, ratings. The help page's
 * tutorials, recorded from the demo itself, are stored the same way.
 */
export async function seedDemoMedia(db: Db, config: Config, storage?: Storage): Promise<void> {
  const ids = await demoIds(db);
  const store = storage ?? (await createStorage(config));
  const urls = {} as Record<Clip, string>;
  for (const [clip, file] of Object.entries(DEMO_CLIPS) as [Clip, string][]) {
    const stored = await storeUpload({ db, config }, store, ids.editor, {
      stream: fs.createReadStream(path.join(DEMO_MEDIA_DIR, file)),
      fileName: file,
      purpose: 'video',
    });
    urls[clip] = stored.url;
  }
  const seeded = await db
    .select()
    .from(cards)
    .where(inArray(cards.clientId, [ids.customer, ids.customer2]));
  await db.transaction(async (tx) => {
    for (const week of DEMO_WEEK) {
      const card = seeded.find((c) => c.cardTitle === week.title);
      if (!card) throw new Error(`demo week: no seeded card '${week.title}'`);
      await writeWeek(tx, card, week, ids, urls);
    }
  });
  await seedHelpVideos(db, config, store, ids.admin);
}
