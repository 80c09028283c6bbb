/** Work the route loaders start and nobody awaits (a page's code, its first calls). */
export const backgroundLoads = new Set<Promise<unknown>>();

/** Starts background work and keeps it in view until it settles, so a test can wait for it to end. */
export function inBackground(work: Promise<unknown>): void {
  const settled = work.catch(() => undefined).finally(() => backgroundLoads.delete(settled));
  backgroundLoads.add(settled);
}
