import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found upwards from this module: the same from the TypeScript
 * sources and from the compiled bundle in dist/, whose modules sit at another depth.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@cutroom/server'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @cutroom/server package.json above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
