/** Runs `work` once the browser is idle, or after `timeout` ms at the latest; returns what cancels it. */
export function whenIdle(work: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, Math.min(timeout, 1000));
  return () => clearTimeout(timer);
}
