import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run lint` runs scripts/boundaries.mjs; here it runs on small trees written for each rule (issue 50).

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const TSCONFIG = JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } });

/** A checkout with only these server and web files (path → source), each tree with its tsconfig. */
function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-boundaries-'));
  dirs.push(dir);
  const all = { 'apps/server/tsconfig.json': TSCONFIG, 'apps/web/tsconfig.json': TSCONFIG, ...files };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function lint(dir: string) {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/boundaries.mjs'), '--root', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { code: run.status, said: run.stdout + run.stderr };
}

/** A server where `cards` uses `chat` through its public.ts: everything the rules allow. */
const allowed = {
  'apps/server/src/app.ts':
    "import { cardsRoute } from './features/cards/cards.routes.js';\nexport const app = cardsRoute;\n",
  'apps/server/src/kernel/card-view.ts': "import { pool } from '../db/client.js';\nexport const view = pool;\n",
  'apps/server/src/db/client.ts': 'export const pool = 1;\n',
  'apps/server/src/features/cards/cards.routes.ts':
    "import { view } from '../../kernel/card-view.js';\nimport { post } from '../chat/public.js';\nexport const cardsRoute = view + post;\n",
  'apps/server/src/features/cards/public.ts': 'export {};\n',
  'apps/server/src/features/chat/chat.service.ts':
    "import { view } from '../../kernel/card-view.js';\nexport const post = view;\n",
  'apps/server/src/features/chat/public.ts': "export { post } from './chat.service.js';\n",
};

describe('the boundaries lint (npm run lint)', () => {
  it('passes a tree that keeps every rule', () => {
    const { code, said } = lint(tree(allowed));
    expect(said).toContain('boundaries kept');
    expect(code).toBe(0);
  });

  it.each([
    [
      'two features that import each other, through their public.ts files',
      {
        'apps/server/src/features/chat/chat.service.ts':
          "import { view } from '../../kernel/card-view.js';\nimport { mark } from '../cards/public.js';\nexport const post = view + mark;\n",
        'apps/server/src/features/cards/public.ts': "export { mark } from './mark.js';\n",
        'apps/server/src/features/cards/mark.ts': 'export const mark = 2;\n',
      },
      /features of apps\/server\/src import each other in a loop \(cards → chat → cards\)/,
    ],
    [
      'three features in a ring',
      {
        'apps/server/src/features/chat/chat.service.ts':
          "import { view } from '../../kernel/card-view.js';\nimport { tick } from '../markers/public.js';\nexport const post = view + tick;\n",
        'apps/server/src/features/markers/public.ts': "export { tick } from './tick.js';\n",
        'apps/server/src/features/markers/tick.ts':
          "import { mark } from '../cards/public.js';\nexport const tick = mark;\n",
        'apps/server/src/features/cards/public.ts': "export { mark } from './mark.js';\n",
        'apps/server/src/features/cards/mark.ts': 'export const mark = 2;\n',
      },
      /import each other in a loop \(cards → chat → markers → cards\)/,
    ],
    [
      'the kernel importing a feature',
      {
        'apps/server/src/kernel/card-view.ts':
          "import { post } from '../features/chat/public.js';\nexport const view = post;\n",
      },
      /apps\/server\/src\/kernel\/card-view\.ts is shared code .* imports the feature features\/chat\/public\.ts/,
    ],
    [
      "a feature reaching into another feature's file",
      {
        'apps/server/src/features/cards/cards.routes.ts':
          "import { post } from '../chat/chat.service.js';\nexport const cardsRoute = post;\n",
      },
      /cards\.routes\.ts imports features\/chat\/chat\.service\.ts: import it from features\/chat\/public\.ts/,
    ],
    [
      'a feature importing the server composition root',
      {
        'apps/server/src/features/chat/chat.service.ts':
          "import { app } from '../../app.js';\nexport const post = app;\n",
      },
      /chat\.service\.ts imports the composition root app\.ts/,
    ],
    [
      'a web feature importing app/ or first-screen/',
      {
        'apps/web/src/app/paths.ts': "export const home = '/';\n",
        'apps/web/src/first-screen/hydrating.ts': 'export const hydrating = false;\n',
        'apps/web/src/features/board/board-page.ts':
          "import { home } from '../../app/paths.js';\nimport { hydrating } from '../../first-screen/hydrating.js';\nexport const page = home + String(hydrating);\n",
      },
      /board-page\.ts imports the composition root app\/paths\.ts[\s\S]*board-page\.ts imports the composition root first-screen\/hydrating\.ts/,
    ],
    [
      '`export *` in a public.ts',
      { 'apps/server/src/features/chat/public.ts': "export * from './chat.service.js';\n" },
      /features\/chat\/public\.ts has `export \*`/,
    ],
    [
      'a cycle between two files',
      {
        'apps/server/src/db/client.ts':
          "import { view } from '../kernel/card-view.js';\nexport const pool = 1;\nexport const again = view;\n",
      },
      /import cycle in apps\/server\/src: (db\/client\.ts → kernel\/card-view\.ts → db\/client\.ts|kernel\/card-view\.ts → db\/client\.ts → kernel\/card-view\.ts)/,
    ],
  ])('fails on %s, saying where', (_label, change, message) => {
    const { code, said } = lint(tree({ ...allowed, ...change }));
    expect(said).toMatch(message);
    expect(code).toBe(1);
  });
});
