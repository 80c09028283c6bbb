import { buildServerIfStale, serverEntry } from '../../../../scripts/build-server.mjs';

/** Node's arguments to run the compiled server ('main'), worker or backup tool as `npm start` does, built first if stale. */
export async function serverCommand(entry: 'main' | 'worker' | 'backup'): Promise<string[]> {
  await buildServerIfStale();
  return ['--enable-source-maps', serverEntry(entry)];
}
