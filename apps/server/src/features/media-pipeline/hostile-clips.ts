// Files a prober sent the pipeline (issue 48), made by the tests themselves: ordinary clips it mishandled and small liars.
import { makeClip } from './test-kit.js';

/** 1 s of picture over 10 s of sound (a logo sting over music, a still-image podcast): the container says 10 s. */
export const shortPictureLongSound = () =>
  makeClip('sting.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=640x360:r=25:d=1',
    '-f',
    'lavfi',
    '-i',
    'sine=d=10',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
  ]);

/** Matroska's Segment Info Duration: element id 0x4489, an 8-byte float, in milliseconds (the default TimecodeScale). */
const DURATION_ELEMENT = Buffer.from([0x44, 0x89, 0x88]);

/** A real Matroska file of a few frames whose header claims `seconds` (a 1.8–2.7 KB file saying 10 hours, or 10¹² s). */
export async function lyingMkv(seconds: number, frames = 2): Promise<Buffer> {
  const mkv = await makeClip('liar.mkv', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=64x36:r=25',
    '-frames:v',
    String(frames),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
  ]);
  const at = mkv.indexOf(DURATION_ELEMENT);
  if (at < 0) throw new Error('the muxer wrote no 8-byte Duration element');
  mkv.writeDoubleBE(seconds * 1000, at + DURATION_ELEMENT.length);
  return mkv;
}

/** An H.264 MP4 (no sound) of a lavfi picture source, made fast. */
export const h264Mp4 = (name: string, source: string) =>
  makeClip(name, ['-f', 'lavfi', '-i', source, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);

/** A tiny clip wider than any picture the pipeline takes (8200 × 16): refused after the probe, cheaply. */
export const tooWideMp4 = () => h264Mp4('wide.mp4', 'color=c=gray:s=8200x16:r=25:d=0.2');

/** The colour every frame of the HDR clips shows: a saturated red, as BT.709 SDR 8-bit RGB. */
export const HDR_PATCH = { hex: '0xC03020', rgb: [0xc0, 0x30, 0x20] } as const;

/** 1 s of that red turned into HDR as a phone or a grading suite would tag it: HLG ProRes .mov, or PQ HEVC .mp4. */
export const hdrClip = (transfer: 'arib-std-b67' | 'smpte2084') =>
  makeClip(transfer === 'smpte2084' ? 'pq.mp4' : 'hlg.mov', [
    '-f',
    'lavfi',
    '-i',
    `color=c=${HDR_PATCH.hex}:s=320x180:r=25:d=1`,
    '-vf',
    `zscale=tin=bt709:pin=bt709:min=bt709:rin=tv:t=${transfer}:p=bt2020:m=bt2020nc:r=tv:npl=100,format=${
      transfer === 'smpte2084' ? 'yuv420p10le' : 'yuv422p10le'
    }`,
    ...(transfer === 'smpte2084'
      ? ['-c:v', 'libx265', '-x265-params', 'log-level=error']
      : ['-c:v', 'prores_ks', '-profile:v', '3', '-movflags', '+write_colr']),
    '-color_primaries',
    'bt2020',
    '-color_trc',
    transfer,
    '-colorspace',
    'bt2020nc',
  ]);

/** 1 s of DNxHD 36 (1080p25, 4:2:2) with PCM sound in an OP1a MXF, as a broadcast-minded editor exports it. */
export const dnxhdMxf = () =>
  makeClip('master.mxf', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1920x1080:r=25:d=1',
    '-f',
    'lavfi',
    '-i',
    'sine=d=1:sample_rate=48000',
    '-c:v',
    'dnxhd',
    '-b:v',
    '36M',
    '-pix_fmt',
    'yuv422p',
    '-c:a',
    'pcm_s16le',
    '-f',
    'mxf',
  ]);

/** A broadcast-style MPEG transport stream (H.264 and AAC), as a camera or a playout server records it. */
export const mpegTs = () =>
  makeClip('recording.ts', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=640x360:r=25:d=2',
    '-f',
    'lavfi',
    '-i',
    'sine=d=2:sample_rate=48000',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-f',
    'mpegts',
  ]);

/** An export that stopped early: the first 60 % of an MP4 whose index (moov) comes last. */
export async function cutShortMp4() {
  const whole = await h264Mp4('whole.mp4', 'testsrc2=s=320x180:r=25:d=2');
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}
