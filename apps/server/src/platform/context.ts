import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { cards } from '../db/schema.js';
import type { CounterStore } from './attempt-limiter.js';
import type { EventBus } from './events.js';
import type { Mailer } from './mail.js';
import type { Storage } from './storage.js';
import type { StoredFileReaders } from './stored-files.js';

/**
 * Who follows the work plan (today the promise dates), wired in app.ts so writers don't import it.
 * Both are awaited, so a reply goes out with the dates already current.
 */
export interface WorkPlanHooks {
  /** After a committed change to the queue (a card's status, worker, due date, pause, archive) or the calendar. */
  changed(): Promise<void>;
  /** Inside the transaction that creates a card, so it commits planned and with its promise. */
  cardCreated(tx: Db, cardId: number): Promise<void>;
}

/**
 * The YouTube helper's board, told when a card may enter it (completed, or the helper turned on for a
 * complete card); wired in app.ts so cards/ and workflow/ don't import yt-helper/.
 */
export interface HelperBoardHooks {
  /** Inside the transaction that completes the card or turns the helper on; a card already there stays. */
  cardReady(tx: Db, card: typeof cards.$inferSelect): Promise<void>;
}

/** What services need from the running app; built once in app.ts and passed explicitly. */
export interface AppContext {
  db: Db;
  /** For named statements only: see Database.planned. */
  planned: Db;
  config: Config;
  mailer: Mailer;
  events: EventBus;
  /** Attempt counts for the login and reset limits: shared through Redis when REDIS_URL is set. */
  counters: CounterStore;
  /** Uploaded files: local disk, or S3 with S3_BUCKET. */
  storage: Storage;
  workPlan: WorkPlanHooks;
  helperBoard: HelperBoardHooks;
  /** Who may read which stored keys, answered by uploads/ and guest-links/ (wired in app.ts). */
  files: StoredFileReaders;
}
