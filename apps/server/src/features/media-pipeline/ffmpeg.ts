import os from 'node:os';
import { spawn } from 'node:child_process';

/** Raised when a tool is stopped: by the job's time limit, or because the job was taken away (cancel, lost lease). */
export class ToolStopped extends Error {
  constructor(readonly reason: 'timeout' | 'aborted') {
    super(reason === 'timeout' ? 'time limit reached' : 'stopped');
  }
}

export interface RunOptions {
  /** Kills the tool after this long (SIGKILL: a stuck decoder may ignore anything gentler). */
  timeoutMs: number;
  /** Stops the tool; an abort whose reason is a ToolStopped (the job's deadline) keeps that reason. */
  signal?: AbortSignal;
  /** The most memory the tool may take, in MiB (its data segment: heap, anonymous mappings, thread stacks). */
  memoryMb?: number;
  /** Each line the tool writes to stdout (ffmpeg's -progress lines, ffprobe's JSON is read whole). */
  onStdoutLine?: (line: string) => void;
  /** Collect stdout as a buffer (ffprobe's JSON, raw audio samples are streamed with onStdoutChunk). */
  collectStdout?: boolean;
  onStdoutChunk?: (chunk: Buffer) => void;
  /** Each line the tool logs (filters that print what they found, delivery QC's); the tail is kept either way. */
  onStderrLine?: (line: string) => void;
}

/** How much of stderr is kept to explain a failure. */
const STDERR_TAIL = 4_000;
/** Below the API's priority, so playback and the board stay fast while a job encodes. */
const NICENESS = 10;

/**
 * The command that runs a tool under a memory limit: POSIX sh sets the limit and execs the tool, which gets
 * its arguments as positional parameters, never read as script. Windows has no such limit.
 */
export function limited(binary: string, args: readonly string[], memoryMb: number | undefined) {
  if (memoryMb === undefined || process.platform === 'win32') return { command: binary, args: [...args] };
  const script = 'ulimit -d "$1" || exit 125; shift; exec "$@"';
  return { command: '/bin/sh', args: ['-c', script, 'sh', String(memoryMb * 1024), binary, ...args] };
}

/**
 * Runs a tool with an argument list (never a shell's parsing, so a file name is only ever a path argument),
 * at a lower CPU priority, with a time limit and optionally a memory limit. Resolves with the exit code,
 * stdout if collected and stderr's tail.
 */
export function runTool(binary: string, args: readonly string[], options: RunOptions) {
  return new Promise<{ code: number; stdout: Buffer; stderr: string }>((resolve, reject) => {
    const command = limited(binary, args, options.memoryMb);
    const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, NICENESS);
      } catch {
        // Not permitted on this system: the job still runs, at normal priority.
      }
    }
    let stopped: ToolStopped | undefined;
    const stop = (reason: ToolStopped['reason']) => {
      stopped ??= new ToolStopped(reason);
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => {
      const reason: unknown = options.signal?.reason;
      stop(reason instanceof ToolStopped ? reason.reason : 'aborted');
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const out: Buffer[] = [];
    let partial = '';
    // A reader that throws inside a stream's handler would end the process: it ends this run instead.
    let readerFailed: unknown;
    child.stdout.on('data', (chunk: Buffer) => {
      if (readerFailed !== undefined) return;
      try {
        if (options.collectStdout) out.push(chunk);
        options.onStdoutChunk?.(chunk);
        if (options.onStdoutLine) {
          const lines = (partial + chunk.toString('utf8')).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) options.onStdoutLine(line);
        }
      } catch (e) {
        readerFailed = e;
        child.kill('SIGKILL');
      }
    });
    let stderr = '';
    let stderrPartial = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr = (stderr + text).slice(-STDERR_TAIL);
      if (!options.onStderrLine || readerFailed !== undefined) return;
      try {
        const lines = (stderrPartial + text).split('\n');
        stderrPartial = lines.pop() ?? '';
        for (const line of lines) options.onStderrLine(line);
      } catch (e) {
        readerFailed = e;
        child.kill('SIGKILL');
      }
    });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (e) => {
      done();
      reject(e);
    });
    child.once('close', (code, signal) => {
      done();
      if (stopped) reject(stopped);
      else if (readerFailed !== undefined)
        reject(readerFailed instanceof Error ? readerFailed : new Error('reading the tool failed'));
      else resolve({ code: code ?? (signal ? 128 : 1), stdout: Buffer.concat(out), stderr });
    });
  });
}
