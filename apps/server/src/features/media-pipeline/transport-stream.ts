import fs from 'node:fs';
import path from 'node:path';
import { isTransportStream } from '../../platform/file-types.js';

/**
 * A transport stream copied into Matroska before anything reads it: the npm build's ffprobe crashes on
 * every MPEG-TS (issue 49), and a copy costs a read of the file. Other files are returned as they are.
 */
export async function readableContainer(
  source: string,
  dir: string,
  remux: (args: string[]) => Promise<unknown>,
): Promise<string> {
  const handle = await fs.promises.open(source, 'r');
  const head = Buffer.alloc(1024);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (!isTransportStream(head)) return source;
  const copy = path.join(dir, 'source.mkv');
  // Pictures and sounds only: a stream's data tracks (teletext, SCTE-35) have no place in Matroska.
  await remux([
    '-protocol_whitelist',
    'file,pipe',
    '-f',
    'mpegts',
    '-i',
    'file:' + source,
    '-map',
    '0:v',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-f',
    'matroska',
    'file:' + copy,
  ]);
  return copy;
}
