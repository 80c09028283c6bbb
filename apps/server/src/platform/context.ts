import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { CounterStore } from './attempt-limiter.js';
import type { EventBus } from './events.js';
import type { Mailer } from './mail.js';
import type { Storage } from './storage.js';

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
}
