// A build step for the web bundle: the API contract's modules without their zod schemas (issue 17).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { ContractRouteData } from './contract-routes-data';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONTRACT_MODULE = /packages[\\/]domain[\\/]src[\\/]contract[\\/]([\w-]+)\.ts$/;

/**
 * In the browser a call needs a route's method and path (and the pages its access), never its schemas:
 * replies are checked against them in development only (lib/call.ts). Building every route's zod schemas
 * at start cost the board ~180 ms of main thread on this machine (four times that on Lighthouse's phone)
 * before its first call could go out. So the build replaces each contract module with its routes as plain
 * data, read from the real modules at build time; types still come from the source. A schema or helper a
 * contract module also exports is left out: importing one in the web app fails the build (missing export).
 */
export function contractRoutes(): Plugin {
  let dump: ContractRouteData | undefined;
  const read = () =>
    (dump ??= JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'contract-routes-data.ts')], {
        cwd: here,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as ContractRouteData);
  return {
    name: 'cutroom:contract-routes',
    apply: 'build',
    load: {
      filter: { id: CONTRACT_MODULE },
      handler(id) {
        const file = `${CONTRACT_MODULE.exec(id)![1]}.ts`;
        if (file === 'define.ts') return null;
        const { modules, api } = read();
        if (file === 'index.ts') {
          const imports = api.map(({ file: from, name }) => `import { ${name} } from './${from}';`);
          const keys = api.map(({ key, name }) => `  ${JSON.stringify(key)}: ${name},`);
          return [
            ...new Set(imports),
            "export * from './define.ts';",
            // The index's other re-exports (schemas, the token scopes) are for the server and stay out.
            "export { MOVE_ROUTES } from './workflow.ts';",
            `export const API = {\n${keys.join('\n')}\n};`,
          ].join('\n');
        }
        const exported = modules[file];
        if (!exported) throw new Error(`contract-routes: ${file} was not read at build time`);
        return Object.entries(exported)
          .map(([name, data]) => `export const ${name} = ${JSON.stringify(data)};`)
          .join('\n');
      },
    },
  };
}
