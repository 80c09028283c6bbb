// Every contract module's routes without their schemas, read from the real modules (contract-routes.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteContract } from '@cutroom/domain/contract';

const contractDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/domain/src/contract');

const isRoute = (value: object): value is RouteContract => 'method' in value && 'path' in value && 'reply' in value;

/** A route as the web app uses it at run time: what to call and who may (zod schemas, summaries and tags left out). */
function strip(value: unknown): unknown {
  if (!value || typeof value !== 'object') return undefined;
  if (isRoute(value)) {
    const { method, path: routePath, access, status, multipart } = value;
    return { method, path: routePath, access, ...(status ? { status } : {}), ...(multipart ? { multipart } : {}) };
  }
  const entries = Object.entries(value).map(([key, inner]) => [key, strip(inner)] as const);
  // Anything else (a schema, a function, a list of names) is not a route tree.
  return entries.length > 0 && entries.every(([, inner]) => inner !== undefined)
    ? Object.fromEntries(entries)
    : undefined;
}

export interface ContractRouteData {
  /** Per contract module (file name), its route trees as plain data. */
  modules: Record<string, Record<string, unknown>>;
  /** The index's API: each key and the module export it is. */
  api: { key: string; file: string; name: string }[];
}

export async function contractRouteData(): Promise<ContractRouteData> {
  const modules: Record<string, Record<string, unknown>> = {};
  const exportsOf = new Map<string, Record<string, unknown>>();
  for (const file of fs.readdirSync(contractDir).filter((f) => /^[\w-]+\.ts$/.test(f) && !/\.test\.ts$/.test(f))) {
    if (file === 'define.ts' || file === 'index.ts') continue;
    const exported = (await import(pathToFileURL(path.join(contractDir, file)).href)) as Record<string, unknown>;
    exportsOf.set(file, exported);
    modules[file] = Object.fromEntries(
      Object.entries(exported).flatMap(([name, value]) => {
        const data = strip(value);
        return data === undefined ? [] : [[name, data]];
      }),
    );
  }
  // The index's API names each feature's routes by the object another module exports: found by identity.
  const { API } = (await import(pathToFileURL(path.join(contractDir, 'index.ts')).href)) as {
    API: Record<string, unknown>;
  };
  const api = Object.entries(API).map(([key, value]) => {
    for (const [file, exported] of exportsOf)
      for (const [name, candidate] of Object.entries(exported)) if (candidate === value) return { key, file, name };
    throw new Error(`API.${key} is not exported by any contract module`);
  });
  return { modules, api };
}

// Run as a script (by the build), it prints them.
if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(JSON.stringify(await contractRouteData()));
