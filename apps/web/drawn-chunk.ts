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
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
}

/** Packages whose index re-exports every part: a page takes the parts it names, not the whole index. */
const BARRELS = ['@mantine/core', '@mantine/hooks', '@tabler/icons-react'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The names in `{ a, b as c, type T }`: what is imported (`a`, `b`) or, with `local`, what it is called here. */
function namesIn(list: string, local: boolean): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return (local ? (alias ?? name) : name)!.trim();
    });
}

/** A barrel's names, each with the module that holds it (its `import {…} from` and `export {…} from` lines). */
function barrelParts(id: string, code: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const [, list, from] of code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const file = path.join(path.dirname(id), from!);
    // An `export { default as A }` names A; an `import { A }` names A here.
    for (const name of namesIn(list!, true)) parts.set(name, file);
  }
  return parts;
}

/**
 * Everything `roots` import, statically and transitively; through a barrel, only the parts a module names (its
 * index would bring all of Mantine: tree-shaking drops the rest from the chunks, not from this walk).
 */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const barrels = new Map<string, Map<string, string>>();
  const barrelOf = (id: string) => {
    const pkg = BARRELS.find((name) => new RegExp(`node_modules[\\\\/]${escape(name)}[\\\\/]`).test(id));
    if (!pkg || !/(index|tabler-icons-react)\.mjs$/.test(id)) return null;
    if (!barrels.has(id)) barrels.set(id, barrelParts(id, graph.getModuleInfo(id)?.code ?? ''));
    return { pkg, parts: barrels.get(id)! };
  };
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    for (const dep of info.importedIds) {
      const barrel = barrelOf(dep);
      if (!barrel) {
        stack.push(dep);
        continue;
      }
      const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escape(barrel.pkg)}["']`, 'g');
      const named = [...(info.code ?? '').matchAll(from)].flatMap(([, list]) => namesIn(list!, false));
      const files = named.map((name) => barrel.parts.get(name));
      // A form not read here (a namespace import, a name not found): the whole index, as before.
      if (named.length === 0 || files.some((file) => file === undefined)) stack.push(dep);
      else stack.push(...(files as string[]));
    }
  }
  return seen;
}

/** The drawn pages' static closure, computed once per build. */
function drawnMembers(webDir: string) {
  let members: Set<string> | undefined;
  const roots = Object.values(DRAWN_PAGE_MODULES)
    .flat()
    .map((file) => path.join(webDir, file));
  return (graph: ModuleGraph) => (members ??= staticClosure(graph, roots));
}

/** The chunk of the libraries' modules (`test`) the drawn pages import, beyond the first load's. */
export const DRAWN_LIBRARIES_CHUNK = 'mantine-drawn';

/**
 * A group's name function: `mantine-drawn` for the modules matching `test` that the drawn pages import. Listed
 * before the group of the rest of Mantine, it keeps a board or a card from fetching, compiling and running the
 * components only other pages use (the colour picker, the stepper, the number input…): 365 KB of Mantine came
 * with every drawn page.
 */
export function drawnLibrariesGroup(webDir: string, test: RegExp) {
  const members = drawnMembers(webDir);
  return (id: string, graph: ModuleGraph): string | null =>
    test.test(id) && members(graph).has(id) ? DRAWN_LIBRARIES_CHUNK : null;
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
  const members = drawnMembers(webDir);
  return (id: string, graph: ModuleGraph): string | null => {
    if (id.startsWith('\0') || /packages[\\/]domain[\\/]src[\\/]contract[\\/]/.test(id)) return null;
    return members(graph).has(id) ? DRAWN_PAGES_CHUNK : null;
  };
}
