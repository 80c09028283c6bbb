import { timeoutManager, type TimeoutProvider } from '@tanstack/react-query';

/**
 * The query cache's timers, made cheap (issue 55, lib/soon.ts). Its queries and observers each set a garbage
 * collection or staleness timer and clear it again as components mount: dozens while a page hydrates, each recorded
 * with its stack on a traced page. Here they share one browser timer, armed for the earliest; a cleared one is
 * only forgotten. (Its notifications keep their zero-delay timer: sent sooner, through a message, they redrew the
 * board's last slice in 3 of 5 loads, docs/performance.md.)
 */
interface Pending {
  due: number;
  run: () => void;
}

const pending = new Map<number, Pending>();
/** When the browser timers already set will fire. */
const armed = new Set<number>();
let lastId = 0;

function arm(due: number) {
  for (const at of armed) if (at <= due) return;
  armed.add(due);
  setTimeout(() => fire(due), Math.max(0, due - Date.now()));
}

function fire(at: number) {
  armed.delete(at);
  const now = Date.now();
  const due = [...pending].filter(([, timer]) => timer.due <= now);
  for (const [id] of due) pending.delete(id);
  let next = Infinity;
  for (const timer of pending.values()) next = Math.min(next, timer.due);
  if (next < Infinity) arm(next);
  for (const [, timer] of due) {
    try {
      timer.run();
    } catch (error) {
      // As a timer's own error would be: reported, the other timers still run.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

export const sharedTimers: TimeoutProvider<number> = {
  setTimeout(callback, delay) {
    const id = ++lastId;
    const due = Date.now() + Math.max(0, delay ?? 0);
    pending.set(id, { due, run: callback });
    arm(due);
    return id;
  },
  clearTimeout(id) {
    if (id !== undefined) pending.delete(id);
  },
  setInterval: (callback, delay) => window.setInterval(callback, delay),
  clearInterval: (id) => window.clearInterval(id),
};

/** Before the app's query client is made: every timer of the cache then goes through these. */
export function shareQueryTimers() {
  timeoutManager.setTimeoutProvider(sharedTimers);
}
