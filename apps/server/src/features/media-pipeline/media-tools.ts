import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { processFacts } from '../../config.js';
import { runTool } from './ffmpeg.js';

const require = createRequire(import.meta.url);

/** The ffmpeg and ffprobe a process uses (see mediaTools for the order they are looked for in). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** Where a tool came from: FFMPEG_PATH / FFPROBE_PATH, a build on PATH, or the build npm installed. */
export type MediaToolSource = 'env' | 'system' | 'npm';

export interface ResolvedMediaTools extends MediaTools {
  sources: { ffmpeg: MediaToolSource; ffprobe: MediaToolSource };
}

/** The oldest FFmpeg taken from PATH: older ones lack years of decoder fixes (and `-fps_mode`). */
export const MIN_SYSTEM_MAJOR = 6;

/** The npm packages that bring a build when neither the environment nor PATH gives one. */
const NPM_PACKAGES = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;

/** An npm-installed binary; npm may have skipped the package's `chmod` script, so make it runnable here. */
function installed(pkg: string): string {
  const { path: binary } = require(pkg) as { path: string };
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    fs.chmodSync(binary, 0o755);
  }
  return binary;
}

/**
 * The FFmpeg major version `-version` output tells: the release number ("ffmpeg version 7.1.1",
 * "n6.1", "5.1.9-0+deb12u1"), else, for a git build ("N-47683-g0e8eb07980"), the release its libavutil
 * belongs to (libavutil 56 is FFmpeg 4, 58 is 6, 60 is 8). Undefined when neither is there.
 */
export function ffmpegMajor(versionOutput: string): number | undefined {
  const release = /^\S+ version n?(\d+)\.\d+/m.exec(versionOutput);
  if (release) return Number(release[1]);
  const avutil = /^libavutil\s+(\d+)\./m.exec(versionOutput);
  return avutil ? Number(avutil[1]) - 52 : undefined;
}

/** An executable file named `name` in a PATH folder, or undefined. */
function onPath(name: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** What a binary prints for these arguments, or undefined if it doesn't run (10 s at most). */
function output(binary: string, args: string[]): string | undefined {
  const result = spawnSync(binary, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] });
  return result.status === 0 ? result.stdout : undefined;
}

const current = (binary: string) => (ffmpegMajor(output(binary, ['-version']) ?? '') ?? 0) >= MIN_SYSTEM_MAJOR;

/**
 * A system ffmpeg and its ffprobe: `ffmpeg` on PATH if it is FFmpeg 6 or newer and encodes with libx264
 * (the proxies' encoder: a build without it would fail every job), with the `ffprobe` beside it (the same
 * build) if that is FFmpeg 6 or newer too. Otherwise neither is taken.
 */
function systemTools(searchPath: string): MediaTools | undefined {
  const ffmpeg = onPath('ffmpeg', searchPath);
  if (!ffmpeg || !current(ffmpeg)) return undefined;
  if (!/^ V\S* libx264 /m.test(output(ffmpeg, ['-hide_banner', '-encoders']) ?? '')) return undefined;
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  return fs.existsSync(ffprobe) && current(ffprobe) ? { ffmpeg, ffprobe } : undefined;
}

const systemFound = new Map<string, MediaTools | undefined>();

/**
 * The ffmpeg and ffprobe to run, each from the first of: its path given (FFMPEG_PATH / FFPROBE_PATH),
 * a system build on PATH (FFmpeg 6 or newer, ffmpeg and the ffprobe beside it), the npm build
 * (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe). PATH is looked at once per process.
 */
export function mediaTools(
  paths: { ffmpeg?: string; ffprobe?: string } = {},
  searchPath = processFacts.searchPath(),
): ResolvedMediaTools {
  const needSystem = !paths.ffmpeg || !paths.ffprobe;
  if (needSystem && !systemFound.has(searchPath)) systemFound.set(searchPath, systemTools(searchPath));
  const system = needSystem ? systemFound.get(searchPath) : undefined;
  const pick = (tool: keyof MediaTools): [string, MediaToolSource] => {
    const given = paths[tool];
    if (given) return [given, 'env'];
    if (system) return [system[tool], 'system'];
    return [installed(NPM_PACKAGES[tool]), 'npm'];
  };
  const [ffmpeg, ffmpegSource] = pick('ffmpeg');
  const [ffprobe, ffprobeSource] = pick('ffprobe');
  return { ffmpeg, ffprobe, sources: { ffmpeg: ffmpegSource, ffprobe: ffprobeSource } };
}

/** The first line of `ffmpeg -version`, e.g. "ffmpeg version N-47683-g0e8eb07980-static", for the start log. */
export async function toolVersion(binary: string): Promise<string> {
  return (await toolFacts(binary)).version;
}

export interface ToolFacts {
  /** The first line of `-version` without its copyright, e.g. "ffmpeg version 7.1.1". */
  version: string;
  /** The FFmpeg release it is (or its git build is of), null when it doesn't say. */
  major: number | null;
}

export async function toolFacts(binary: string): Promise<ToolFacts> {
  const { stdout } = await runTool(binary, ['-version'], { timeoutMs: 10_000, collectStdout: true });
  const text = stdout.toString('utf8');
  return {
    version: text.split('\n')[0]?.replace(/\s+Copyright.*$/, '') || 'unknown',
    major: ffmpegMajor(text) ?? null,
  };
}

/** What /readyz and the start log say about the media tools. */
export interface MediaToolsReport {
  ffmpeg: ToolFacts & { source: MediaToolSource };
  ffprobe: ToolFacts & { source: MediaToolSource };
}

export async function describeMediaTools(tools: ResolvedMediaTools): Promise<MediaToolsReport> {
  const [ffmpeg, ffprobe] = await Promise.all([toolFacts(tools.ffmpeg), toolFacts(tools.ffprobe)]);
  return {
    ffmpeg: { ...ffmpeg, source: tools.sources.ffmpeg },
    ffprobe: { ...ffprobe, source: tools.sources.ffprobe },
  };
}

const reports = new Map<string, Promise<MediaToolsReport | null>>();
/**
 * The configured tools' report, found once per process (the first /readyz runs `-version` twice); null
 * when a tool can't be found or run, which an API-only instance without ffmpeg may well be.
 */
export function mediaToolsReport(paths: { ffmpeg?: string; ffprobe?: string }): Promise<MediaToolsReport | null> {
  const key = JSON.stringify([paths.ffmpeg ?? null, paths.ffprobe ?? null]);
  let report = reports.get(key);
  if (!report) {
    report = (async () => describeMediaTools(mediaTools(paths)))().catch(() => null);
    reports.set(key, report);
  }
  return report;
}
