import { Worker } from 'node:worker_threads';
import { MSG, REPORT_RENDER_TIMEOUT_MS, REPORT_REFUSAL } from '@cutroom/domain';
import { AppError } from '../../platform/errors.js';
import type { ReportData } from './report-content.js';
import type { RenderReply, RenderRequest } from './render-thread.js';

/** How long a refused caller is told to wait when every thread is busy and the queue is full. */
const BUSY_RETRY_S = 5;

/**
 * The render thread's entry: the TypeScript source under tsx or Vitest (loaded through tsx's API, which a
 * plain worker cannot do on Node 20), else the bundle's own file beside the server's (build-server.mjs).
 */
function startThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./report-render.mjs', import.meta.url));
  const entry = JSON.stringify(new URL('./render-thread.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then(({ tsImport }) => tsImport(${entry}, ${entry}))`, { eval: true });
}

interface Job {
  data: ReportData;
  resolve(pdf: Buffer): void;
  reject(err: unknown): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
}

export interface RenderPool {
  /** The report drawn as a PDF in a render thread; 429 BUSY when every thread is busy and the queue is full. */
  render(data: ReportData): Promise<Buffer>;
  /** Reports drawing or waiting now. */
  load(): number;
  close(): Promise<void>;
}

/**
 * At most `threads` reports draw at once in this process, each in a thread of its own kept for the next;
 * `queueMax` more wait, and beyond that the caller is refused rather than left waiting behind a crowd.
 */
export function createRenderPool(opts: { threads: number; queueMax: number; timeoutMs?: number }): RenderPool {
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let closed = false;

  const finish = (thread: Thread) => {
    clearTimeout(thread.timer);
    thread.job = null;
    const next = queue.shift();
    if (next) return run(thread, next);
    // An idle thread does not keep the process alive.
    thread.worker.unref();
  };

  // A thread that failed or hung is ended; its job fails, and the queue's next gets a new thread.
  const drop = (thread: Thread, err: unknown) => {
    clearTimeout(thread.timer);
    threads.delete(thread);
    thread.job?.reject(err);
    thread.job = null;
    void thread.worker.terminate();
    const next = queue.shift();
    if (next && !closed) run(spawn(), next);
  };

  const spawn = (): Thread => {
    const thread: Thread = { worker: startThread(), job: null };
    thread.worker.on('message', (reply: RenderReply) => {
      const job = thread.job;
      if (!job) return;
      if ('pdf' in reply) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else job.reject(new Error(`review report: ${reply.error}`));
      finish(thread);
    });
    thread.worker.on('error', (err) => drop(thread, err));
    thread.worker.on('exit', (code) => {
      if (threads.has(thread)) drop(thread, new Error(`review report: render thread exited (${code})`));
    });
    threads.add(thread);
    return thread;
  };

  const run = (thread: Thread, job: Job) => {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(
      () => drop(thread, new AppError('UNAVAILABLE', REPORT_REFUSAL.timedOut)),
      opts.timeoutMs ?? REPORT_RENDER_TIMEOUT_MS,
    );
    thread.worker.postMessage({ data: job.data } satisfies RenderRequest);
  };

  return {
    render(data) {
      if (closed) return Promise.reject(new AppError('UNAVAILABLE', MSG.busy));
      return new Promise<Buffer>((resolve, reject) => {
        const job: Job = { data, resolve, reject };
        const idle = [...threads].find((t) => !t.job);
        if (idle) return run(idle, job);
        if (threads.size < opts.threads) return run(spawn(), job);
        if (queue.length >= opts.queueMax) {
          const busy = new AppError('BUSY', REPORT_REFUSAL.busy);
          busy.retryAfterS = BUSY_RETRY_S;
          return reject(busy);
        }
        queue.push(job);
      });
    },
    load: () => [...threads].filter((t) => t.job).length + queue.length,
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new AppError('UNAVAILABLE', MSG.busy));
      await Promise.all(
        [...threads].map((t) => {
          threads.delete(t);
          clearTimeout(t.timer);
          t.job?.reject(new AppError('UNAVAILABLE', MSG.busy));
          return t.worker.terminate();
        }),
      );
    },
  };
}
