// The code of the pages the server draws (the board and a card), beyond what index.html loads, in one file
// (issue 55): split by rolldown with every route that shares a piece of it, it was 54 files, 42 of them under
// 4 KB, and each file's arrival cost a cold phone's main thread a task of its own (docs/performance.md).
import path from 'node:path';
import { DRAWN_PAGE_MODULES } from './route-preloads.ts';

/**
 * The chunk's name. The board's and a card's code together, so a tap from one to the other loads nothing more: split
 * in three (shared, board, card), each page loaded 60–90 KB less and measured no faster (docs/performance.md).
 */
export const DRAWN_PAGES_CHUNK = 'drawn-pages';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Everything `roots` import, statically and transitively. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

/**
 * A code-splitting group's name function: `drawn-pages` for the modules the drawn pages import, but not
 * rolldown's own helpers (the entry needs the preload helper), nor the API contract (the first load's code
 * imports it for its types and a few constants; in the group, it would bring the whole group along). Groups
 * listed before it have already taken what index.html loads (React, Mantine, the libraries and the app's start,
 * tagged `$initial`) and what the signed-out pages share with these (the domain package's lists and checks), so
 * signing up never fetches this chunk (e2e/src/first-load-budget.e2e.ts).
 */
export function drawnPagesGroup(webDir: string) {
  let members: Set<string> | undefined;
  const ids = (files: readonly string[]) => files.map((file) => path.join(webDir, file));
  return (id: string, graph: ModuleGraph): string | null => {
    members ??= staticClosure(graph, ids(Object.values(DRAWN_PAGE_MODULES).flat()));
    if (id.startsWith('\0') || /packages[\\/]domain[\\/]src[\\/]contract[\\/]/.test(id)) return null;
    return members.has(id) ? DRAWN_PAGES_CHUNK : null;
  };
}
