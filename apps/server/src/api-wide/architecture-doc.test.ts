import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@cutroom/domain/contract';
import { LIVE_EVENT_TYPES } from '@cutroom/domain/schemas';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.js';

// The doc's lists between `<!-- checked: name -->` and `<!-- /checked -->` drift unless a test holds them to the code.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOC = 'docs/architecture.md';
const SERVER_FEATURES = 'apps/server/src/features';
const WEB_FEATURES = 'apps/web/src/features';
const doc = readFileSync(path.join(ROOT, DOC), 'utf8');

const API_GROUPS = Object.keys(API);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isSource = (file: string) => /\.tsx?$/.test(file) && !isTest(file);

const foldersOf = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** Every file under a folder, as paths relative to it. */
const filesUnder = (dir: string) => readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' });

/** The contract groups a web feature's source files use (`API.x`, calls and access checks alike). */
function apiGroupsUsedBy(feature: string): string[] {
  const dir = path.join(WEB_FEATURES, feature);
  const used = new Set<string>();
  for (const file of filesUnder(dir).filter(isSource)) {
    const text = readFileSync(path.join(ROOT, dir, file), 'utf8');
    for (const [, group] of text.matchAll(/\bAPI\.([A-Za-z]+)/g)) {
      if (group && API_GROUPS.includes(group)) used.add(group);
    }
  }
  return [...used].sort();
}

interface Entry {
  /** The name in backticks the row or list item starts with. */
  name: string;
  /** A table row's cells after the name (none for a list item). */
  rest: string[];
}

/** The rows of one checked part of the doc: table rows (the header left out) and top-level list items. */
function checkedEntries(part: string): Entry[] {
  const open = `<!-- checked: ${part} -->`;
  const start = doc.indexOf(open);
  if (start < 0) throw new Error(`${DOC} has no "${open}" marker`);
  const end = doc.indexOf('<!-- /checked -->', start);
  if (end < 0) throw new Error(`${DOC}: "${open}" has no closing "<!-- /checked -->"`);
  const lines = doc.slice(start + open.length, end).split('\n');
  const isSeparator = (line: string | undefined) => !!line && /^\|[\s|:-]*-[\s|:-]*\|$/.test(line.trim());
  // Cells split on unescaped pipes: `\|` stays inside its cell.
  const cellsOf = (row: string) =>
    row
      .trim()
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  const entries: Entry[] = [];
  for (const [i, line] of lines.entries()) {
    // A table's header is the row above its separator; neither names anything.
    if (isSeparator(line) || isSeparator(lines[i + 1])) continue;
    const isRow = line.startsWith('|');
    if (!isRow && !line.startsWith('- ')) continue;
    const [first = '', ...rest] = isRow ? cellsOf(line) : [line.slice(2)];
    const name = (isRow ? /^`([^`]+)`$/ : /^`([^`]+)`/).exec(first)?.[1];
    if (!name) throw new Error(`${DOC} (${part}): this line must start with one name in backticks:\n${line}`);
    entries.push({ name, rest });
  }
  return entries;
}

/** What the doc lists against what the code has, as readable problems (none when they agree). */
function differences(documented: readonly string[], actual: readonly string[]): string[] {
  const listed = new Set(documented);
  const real = new Set(actual);
  const missing = [...real].filter((n) => !listed.has(n)).sort();
  const extra = [...listed].filter((n) => !real.has(n)).sort();
  const twice = [...new Set(documented.filter((n, i) => documented.indexOf(n) !== i))];
  return [
    ...(missing.length ? [`missing from the doc: ${missing.join(', ')}`] : []),
    ...(extra.length ? [`in the doc but not in the code: ${extra.join(', ')}`] : []),
    ...(twice.length ? [`listed more than once: ${twice.join(', ')}`] : []),
  ];
}

const names = (part: string) => checkedEntries(part).map((e) => e.name);

describe(`${DOC} says what the code has`, () => {
  it(`lists every folder of ${SERVER_FEATURES}/ in "Features on the server"`, () => {
    expect(differences(names('server-features'), foldersOf(SERVER_FEATURES)), 'server-features').toEqual([]);
  });

  it(`lists every folder of ${WEB_FEATURES}/ in "Features in the web app", with the API groups it uses`, () => {
    const entries = checkedEntries('web-features');
    const folders = foldersOf(WEB_FEATURES);
    // A row without a folder is already reported as extra; only real folders have uses to compare.
    const wrongGroups = entries
      .filter(({ name }) => folders.includes(name))
      .flatMap(({ name, rest }) => {
        const groups = [...(rest.at(-1) ?? '').matchAll(/`API\.([A-Za-z]+)`/g)].map(([, g]) => g ?? '');
        const api = (list: string[]) => list.map((g) => `API.${g}`);
        return differences(api(groups), api(apiGroupsUsedBy(name))).map((p) => `${name}, uses column: ${p}`);
      });
    const listed = entries.map((e) => e.name);
    expect([...differences(listed, folders), ...wrongGroups], 'web-features').toEqual([]);
  });

  it('lists every table of the Drizzle schema in "Data model"', () => {
    // The schema module also exports constant lists; only the tables pass `is(…, PgTable)`.
    const exported: unknown[] = Object.values(schema);
    const tables = exported.filter((value): value is PgTable => is(value, PgTable)).map((table) => getTableName(table));
    expect(differences(names('data-model'), tables), 'data-model').toEqual([]);
  });

  it('lists every LIVE_EVENT_TYPES entry in "Live events"', () => {
    expect(differences(names('live-events'), LIVE_EVENT_TYPES), 'live-events').toEqual([]);
  });

  it('lists every key of API in "Contract groups", each served by a server feature that exists', () => {
    const entries = checkedEntries('api-groups');
    const listed = entries.map((e) => e.name);
    const servers = foldersOf(SERVER_FEATURES);
    const unknown = entries
      .filter(({ rest }) => !servers.includes(/^`([^`]+)`$/.exec(rest[0] ?? '')?.[1] ?? ''))
      .map(({ name, rest }) => `${name} is "served by" ${rest[0] || '(nothing)'}, not a folder of ${SERVER_FEATURES}/`);
    expect([...differences(listed, API_GROUPS), ...unknown], 'api-groups').toEqual([]);
  });

  it('names only files that exist', () => {
    // The doc names files from the repo root or from inside the folder its prose is about.
    const roots = [
      '',
      'apps/server/src',
      'apps/server/src/features',
      'apps/server/src/api-wide',
      'apps/web/src',
      'packages/domain/src',
    ];
    const named = new Set([
      ...[...doc.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)+\.(?:ts|tsx|mjs|md))`/g)].map(([, p]) => p ?? ''),
      ...[...doc.matchAll(/(?<![\w./-])docs\/[\w-]+\.md\b/g)].map(([p]) => p),
    ]);
    const missing = [...named].filter((p) => !roots.some((root) => existsSync(path.join(ROOT, root, p))));
    expect(missing, `files ${DOC} names that exist under none of: <repo>, ${roots.slice(1).join(', ')}`).toEqual([]);
  });
});

describe('feature folders', () => {
  it('one name per feature on both sides: each web feature that uses the API has a server feature of its name', () => {
    const servers = foldersOf(SERVER_FEATURES);
    const alone = foldersOf(WEB_FEATURES).filter((f) => apiGroupsUsedBy(f).length > 0 && !servers.includes(f));
    expect(alone, `web features that call the API with no folder of that name in ${SERVER_FEATURES}/`).toEqual([]);
  });

  /** Server features with no web folder of their name: each has no screen of its own, and says where it shows, if anywhere. */
  const SERVER_ONLY: Record<string, string> = {
    events: 'the live stream every page listens to through lib/live-events.ts',
    health: 'the liveness and readiness probes, for whoever runs the process',
    leave: "staff leave is recorded and read on a person's profile (profiles)",
    mail: 'no routes: the outbox, its worker and the templates',
    markers: "the markers export is a menu of the chat's panel (chat)",
    media: 'uploaded files, sent from the profile and the request forms (lib/upload.ts)',
    promises: 'promise dates show on the request form (cards) and the dashboard',
    'review-report': "the PDF review report is a menu of the chat's panel (chat)",
    'revision-reasons': 'edited on the settings page, charted on the dashboard, picked in the revision dialog',
    seed: 'no routes: the admin and the demo workspace at start',
    workflow: 'card moves, made from the board, the card page and the archive',
  };

  it('and the other way: each server feature has a web feature of its name, or has no screen of its own', () => {
    const servers = foldersOf(SERVER_FEATURES);
    const webs = foldersOf(WEB_FEATURES);
    const alone = servers.filter((f) => !webs.includes(f) && !(f in SERVER_ONLY));
    expect(alone, `server features with no folder of that name in ${WEB_FEATURES}/, nor in SERVER_ONLY`).toEqual([]);
    const stale = Object.keys(SERVER_ONLY).filter((f) => webs.includes(f) || !servers.includes(f));
    expect(stale, 'SERVER_ONLY names a feature with a web folder, or one the server no longer has').toEqual([]);
  });

  it(`${SERVER_FEATURES}/ holds no test-only folder`, () => {
    const testOnly = foldersOf(SERVER_FEATURES).filter(
      (f) => !filesUnder(path.join(SERVER_FEATURES, f)).some((file) => file.endsWith('.ts') && !isTest(file)),
    );
    expect(testOnly, `folders of ${SERVER_FEATURES}/ without a non-test .ts file`).toEqual([]);
  });
});
