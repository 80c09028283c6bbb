import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A job's scratch folder is named for the process that made it, so a sweep can tell an orphan from a live job. */
const PREFIX = 'cutroom-media-';
const NAME = /^cutroom-media-(\d+)-\d+-/;

/** A scratch folder for one job of this process: the S3 source's copy, the proxies before they are stored. */
export const makeJobFolder = (assetId: number, root = os.tmpdir()) =>
  fs.promises.mkdtemp(path.join(root, `${PREFIX}${process.pid}-${assetId}-`));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user holds that id, so it is alive.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch folders of jobs whose process is gone (crashed or killed: a 1080p job leaves about
 * 46 MB, an S3 job its whole master). Run when a worker starts, before its first job; another live process's
 * folders are left alone.
 */
export async function sweepJobFolders(root = os.tmpdir()): Promise<string[]> {
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  const swept: string[] = [];
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    // This process's own id counts as gone: the sweep runs before its first job (a container's pid 1 restarts as pid 1).
    if (!pid || (pid !== process.pid && alive(pid))) continue;
    await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}
