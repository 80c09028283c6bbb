import { ToolStopped } from './ffmpeg.js';

/**
 * One job's time limit and cancel as one signal, for every step (the tools, the download, the loops
 * between them): the limit used to bind only ffmpeg, so a loop outside it could run for ever (issue 48).
 */
export function jobDeadline(timeoutMs: number, cancel: AbortSignal) {
  const controller = new AbortController();
  const started = Date.now();
  const timer = setTimeout(() => controller.abort(new ToolStopped('timeout')), timeoutMs);
  const onCancel = () => controller.abort(new ToolStopped('aborted'));
  if (cancel.aborted) onCancel();
  else cancel.addEventListener('abort', onCancel, { once: true });
  return {
    signal: controller.signal,
    /** What is left of the limit, for a tool's own kill timer. */
    left: () => Math.max(1, timeoutMs - (Date.now() - started)),
    /** Throws the ToolStopped that ended the job, if it has ended. */
    check() {
      if (controller.signal.aborted) throw controller.signal.reason as ToolStopped;
    },
    dispose() {
      clearTimeout(timer);
      cancel.removeEventListener('abort', onCancel);
    },
  };
}

export type JobDeadline = ReturnType<typeof jobDeadline>;
