import { describe, expect, it } from 'vitest';
import {
  briefFindings,
  LOUDNESS_TARGETS,
  loudnessFindings,
  QC_TEXT,
  qcReport,
  stretchFinding,
  withoutFrozenBlack,
} from './qc.js';

describe('delivery QC findings (issue 51)', () => {
  it('says each stretch and each loudness fault in a sentence a person can act on', () => {
    expect(stretchFinding('black', 2, 3)).toEqual({
      kind: 'black',
      time_in: 2,
      time_out: 3,
      text: 'Black from 0:02.000 to 0:03.000 (1.0 s)',
    });
    expect(QC_TEXT.loudness(-5.6, LOUDNESS_TARGETS.youtube)).toBe(
      'Integrated loudness −5.6 LUFS; YouTube plays at −14: lower it by 8.4 dB',
    );
    expect(QC_TEXT.loudness(-30.25, LOUDNESS_TARGETS.ebu_r128)).toBe(
      'Integrated loudness −30.3 LUFS; EBU R128 asks for −23: raise it by 7.3 dB',
    );
  });

  it('holds loudness to the target within its tolerance, and the true peak to its ceiling', () => {
    const yt = LOUDNESS_TARGETS.youtube;
    expect(loudnessFindings({ integrated: -14.9, truePeak: -1 }, yt)).toEqual([]);
    expect(loudnessFindings({ integrated: -13.1, truePeak: -1.5 }, yt)).toEqual([]);
    expect(loudnessFindings({ integrated: -12.9, truePeak: -0.4 }, yt).map((f) => f.kind)).toEqual([
      'loudness',
      'true_peak',
    ]);
    // −23 is right for broadcast and 9 LU too quiet for YouTube.
    expect(loudnessFindings({ integrated: -23, truePeak: -3 }, LOUDNESS_TARGETS.ebu_r128)).toEqual([]);
    expect(loudnessFindings({ integrated: -23, truePeak: -3 }, yt)).toHaveLength(1);
    // All silence (ebur128's gate, −70) and no audio at all have no level to correct.
    expect(loudnessFindings({ integrated: -70, truePeak: null }, yt)).toEqual([]);
    expect(loudnessFindings({ integrated: null, truePeak: null }, yt)).toEqual([]);
  });

  it('checks the picture against the brief: its shape, its size, its frame rate and a short-form length', () => {
    const hd = { width: 1920, height: 1080, fps: 25, duration: 60 };
    expect(briefFindings(hd, { format: '16:9' })).toEqual([]);
    expect(briefFindings({ ...hd, height: 1088 }, { format: '16:9' })).toEqual([]);
    expect(briefFindings(hd, { format: '9:16' }).map((f) => f.text)).toEqual([
      'The picture is 1920×1080 (16:9); the request asked for 9:16',
    ]);
    expect(briefFindings({ ...hd, width: 1280, height: 720 }, { format: '16:9' }).map((f) => f.kind)).toEqual([
      'resolution',
    ]);
    // Square and in-feed ask for no size; "other" names no ratio to compare with.
    expect(briefFindings({ ...hd, width: 720, height: 720 }, { format: '1:1' })).toEqual([]);
    expect(briefFindings(hd, { format: 'other' })).toEqual([]);
    for (const fps of [23.976, 24, 29.97, 30, 50, 59.94, 60])
      expect(briefFindings({ ...hd, fps }, { format: null })).toEqual([]);
    expect(briefFindings({ ...hd, fps: 28.3 }, { format: null }).map((f) => f.text)).toEqual([
      '28.3 fps is not a common frame rate: check the export settings',
    ]);
    const vertical = { width: 1080, height: 1920, fps: 30, duration: 200 };
    expect(briefFindings(vertical, { format: '9:16', purpose: 'vertical_short_form' }).map((f) => f.kind)).toEqual([
      'duration',
    ]);
    expect(briefFindings(vertical, { format: '9:16', purpose: 'youtube_content' })).toEqual([]);
  });

  it('reports black as black: a freeze inside a black stretch is dropped, one that runs on past it is kept', () => {
    const blacks = [{ from: 2, to: 3 }];
    expect(withoutFrozenBlack([{ from: 2, to: 3 }], blacks)).toEqual([]);
    expect(withoutFrozenBlack([{ from: 2.1, to: 3.4 }], blacks)).toEqual([]);
    expect(withoutFrozenBlack([{ from: 2, to: 5 }], blacks)).toEqual([{ from: 2, to: 5 }]);
    expect(withoutFrozenBlack([{ from: 5, to: 6.5 }], blacks)).toEqual([{ from: 5, to: 6.5 }]);
  });

  it('says where QC stands: pending while the pipeline works, unavailable when it failed or measured nothing', () => {
    const picture = { width: 1920, height: 1080, fps: 25, duration: 60 };
    const measured = { integrated: -14, range: 3, truePeak: -2, hasAudio: true, stretches: [] };
    const request = { format: '16:9' };
    expect(qcReport({ ...picture, status: 'processing', qc: null }, request)).toMatchObject({
      status: 'pending',
      findings: [],
    });
    expect(qcReport({ ...picture, status: 'queued', qc: null }, request).status).toBe('pending');
    expect(qcReport({ ...picture, status: 'failed', qc: null }, request).status).toBe('unavailable');
    expect(qcReport({ ...picture, status: 'ready', qc: null }, request)).toMatchObject({
      status: 'unavailable',
      has_audio: null,
      integrated_lufs: null,
    });
    expect(qcReport({ ...picture, status: 'ready', qc: measured }, request)).toEqual({
      status: 'done',
      integrated_lufs: -14,
      loudness_range: 3,
      true_peak_dbtp: -2,
      target: 'youtube',
      has_audio: true,
      findings: [],
    });
    // The customer's target decides what is too loud.
    expect(
      qcReport({ ...picture, status: 'ready', qc: measured }, request, 'ebu_r128').findings.map((f) => f.kind),
    ).toEqual(['loudness']);
  });
});
