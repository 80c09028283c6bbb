import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeMediaTools, ffmpegMajor, mediaTools } from './media-tools.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A folder holding stand-ins for ffmpeg and ffprobe that print `-version` lines of the given releases, and
 * list libx264 among their encoders unless told not to.
 */
function binDir(tools: { ffmpeg?: string; ffprobe?: string }, { x264 = true } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-tools-'));
  made.push(dir);
  for (const [name, release] of Object.entries(tools)) {
    const avutil = Number(release.split('.')[0]) + 52;
    const encoders = x264
      ? ' V....D libx264              libx264 H.264 / AVC'
      : ' V....D mpeg4                MPEG-4 part 2';
    const script = [
      '#!/bin/sh',
      `case "$*" in *-encoders*) echo "${encoders}"; exit 0;; esac`,
      `echo "${name} version ${release} Copyright (c) 2000-2025 the FFmpeg developers"`,
      `echo "libavutil      ${avutil}. 1.100 / ${avutil}. 1.100"`,
    ].join('\n');
    fs.writeFileSync(path.join(dir, name), script + '\n', { mode: 0o755 });
  }
  return dir;
}

const npmBuild = mediaTools({}, '');

describe('the FFmpeg release a build says it is', () => {
  it('reads a release number, a tagged build and a distribution version', () => {
    expect(ffmpegMajor('ffmpeg version 7.1.1 Copyright (c) 2000-2025 the FFmpeg developers')).toBe(7);
    expect(ffmpegMajor('ffmpeg version n6.1.2-static https://example.invalid/')).toBe(6);
    expect(ffmpegMajor('ffprobe version 5.1.9-0+deb12u1 Copyright (c) 2007-2025')).toBe(5);
  });

  it("takes a git build's release from its libavutil", () => {
    const git2018 =
      'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/\nlibavutil      56. 24.101 / 56. 24.101';
    expect(ffmpegMajor(git2018)).toBe(4);
    expect(ffmpegMajor('ffprobe version N-66595-gc2b38619c0-static\nlibavutil      58. 14.100 / 58. 14.100')).toBe(6);
    expect(ffmpegMajor('something else entirely')).toBeUndefined();
  });
});

describe('which ffmpeg and ffprobe a process runs', () => {
  it('takes FFMPEG_PATH and FFPROBE_PATH first, over a current build on PATH', () => {
    const system = binDir({ ffmpeg: '7.1.1', ffprobe: '7.1.1' });
    const chosen = mediaTools({ ffmpeg: '/opt/ff/ffmpeg', ffprobe: '/opt/ff/ffprobe' }, system);
    expect(chosen).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      ffprobe: '/opt/ff/ffprobe',
      sources: { ffmpeg: 'env', ffprobe: 'env' },
    });
  });

  it('takes ffmpeg 6 or newer on PATH, with the ffprobe beside it', () => {
    const system = binDir({ ffmpeg: '6.1.2', ffprobe: '6.1.2' });
    const chosen = mediaTools({}, ['/nonexistent', system].join(path.delimiter));
    expect(chosen).toEqual({
      ffmpeg: path.join(system, 'ffmpeg'),
      ffprobe: path.join(system, 'ffprobe'),
      sources: { ffmpeg: 'system', ffprobe: 'system' },
    });
  });

  it('lets one path given stand beside a system build for the other tool', () => {
    const system = binDir({ ffmpeg: '7.1.1', ffprobe: '7.1.1' });
    expect(mediaTools({ ffmpeg: '/opt/ff/ffmpeg' }, system)).toMatchObject({
      ffprobe: path.join(system, 'ffprobe'),
      sources: { ffmpeg: 'env', ffprobe: 'system' },
    });
  });

  it('passes over an older system build, one without libx264 and one without its ffprobe, for the npm build', () => {
    for (const system of [
      binDir({ ffmpeg: '7.1.1', ffprobe: '7.1.1' }, { x264: false }),
      binDir({ ffmpeg: '5.1.9-0+deb12u1', ffprobe: '5.1.9-0+deb12u1' }),
      binDir({ ffmpeg: '7.1.1' }),
      binDir({ ffmpeg: '7.1.1', ffprobe: '5.1.9' }),
    ])
      expect(mediaTools({}, system)).toEqual(npmBuild);
    expect(npmBuild.sources).toEqual({ ffmpeg: 'npm', ffprobe: 'npm' });
    expect(npmBuild.ffmpeg).toMatch(/node_modules/);
  });

  it('reports each version, release and source', async () => {
    const system = binDir({ ffmpeg: '7.1.1', ffprobe: '7.1.1' });
    expect(await describeMediaTools(mediaTools({}, system))).toEqual({
      ffmpeg: { version: 'ffmpeg version 7.1.1', major: 7, source: 'system' },
      ffprobe: { version: 'ffprobe version 7.1.1', major: 7, source: 'system' },
    });
  });
});

describe('the npm build', () => {
  it('is the 2018 ffmpeg (FFmpeg 4.1-era) and a 2023 ffprobe (FFmpeg 6.1-era)', async () => {
    // No package whose tarball holds a static ffmpeg 6 or newer could be found (docs/media.md, "ffmpeg"):
    // this pins what the fallback is, so a change of it is seen.
    const report = await describeMediaTools(npmBuild);
    expect(report.ffmpeg).toMatchObject({ version: expect.stringMatching(/^ffmpeg version N-47683-/), major: 4 });
    expect(report.ffprobe).toMatchObject({ version: expect.stringMatching(/^ffprobe version N-66595-/), major: 6 });
  });
});
