import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOUDNESS_TARGETS, loudnessFindings, QC_TEXT } from '@cutroom/domain';
import { measureQc, stretchesOf } from './qc-measure.js';
import { cleanCut, faultyCut, makeClip, tools } from './test-kit.js';

// Delivery QC's measuring (issue 51) on cuts made by ffmpeg, with the faults at known times.
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cutroom-qc-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: Buffer) {
  const file = path.join(dir, `${Date.now()}-${name}`);
  fs.writeFileSync(file, content);
  return file;
}

const measure = (file: string, hasAudio = true) =>
  measureQc(tools.ffmpeg, ['-i', file], { duration: 10, hasAudio, timeoutMs: 120_000 });

describe('measuring a delivered cut (issue 51)', () => {
  it('finds the black, the frozen and the silent stretch at their times, and audio far too loud', async () => {
    // ffmpeg's tone is about −21.8 LUFS; 16 dB more is about −6.
    const qc = await measure(write('faulty.mkv', await faultyCut(16)));
    const stretches = qc.stretches.map((f) => ({ kind: f.kind, in: f.time_in, out: f.time_out }));
    expect(stretches.map((s) => s.kind)).toEqual(['black', 'freeze', 'silence']);
    const expected = { black: [2, 3], freeze: [5, 6.5], silence: [7, 8.5] } as const;
    for (const s of stretches) {
      const [from, to] = expected[s.kind as keyof typeof expected];
      expect(Math.abs(s.in! - from), `${s.kind} in`).toBeLessThanOrEqual(0.1);
      expect(Math.abs(s.out! - to), `${s.kind} out`).toBeLessThanOrEqual(0.1);
    }
    expect(qc.stretches[0]!.text).toBe(QC_TEXT.black(qc.stretches[0]!.time_in!, qc.stretches[0]!.time_out!));
    expect(qc.integrated!).toBeGreaterThan(-7);
    expect(qc.integrated!).toBeLessThan(-5);
    expect(qc.range).not.toBeNull();
    const loud = loudnessFindings({ integrated: qc.integrated, truePeak: qc.truePeak }, LOUDNESS_TARGETS.youtube);
    expect(loud.map((f) => f.kind)).toEqual(['loudness']);
    expect(loud[0]!.text).toMatch(/^Integrated loudness −\d\.\d LUFS; YouTube plays at −14: lower it by \d\.\d dB$/);
  }, 120_000);

  it('finds nothing in a clean cut at −14 LUFS', async () => {
    const clip = await cleanCut();
    const qc = await measure(write('clean.mkv', clip));
    expect(qc.stretches).toEqual([]);
    expect(Math.abs(qc.integrated! + 14)).toBeLessThan(1);
    expect(loudnessFindings({ integrated: qc.integrated, truePeak: qc.truePeak }, LOUDNESS_TARGETS.youtube)).toEqual(
      [],
    );
  }, 120_000);

  it('measures no loudness in a file without audio, and says so', async () => {
    const clip = await makeClip('mute.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast'],
    ]);
    const qc = await measure(write('mute.mp4', clip), false);
    expect(qc).toMatchObject({ hasAudio: false, integrated: null, truePeak: null, stretches: [] });
  }, 120_000);
});

describe('reading the filters', () => {
  it('pairs starts and ends printed in any order, closes one still open at the end at the length, and ignores what is not a figure', () => {
    expect(
      stretchesOf(
        [
          'lavfi.black_end=6',
          'lavfi.black_end=2.5',
          'lavfi.black_start=5',
          'lavfi.black_start=1.5',
          'lavfi.silence_start=8',
          'lavfi.black_start=nonsense',
        ],
        10,
      ),
    ).toEqual({
      black: [
        { from: 1.5, to: 2.5 },
        { from: 5, to: 6 },
      ],
      freeze: [],
      silence: [{ from: 8, to: 10 }],
    });
  });
});
