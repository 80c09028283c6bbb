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

/** A tiny clip wider than any picture the pipeline takes (8200 × 16): refused after the probe, cheaply. */
export const tooWideMp4 = () =>
  makeClip('wide.mp4', [
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=8200x16:r=25:d=0.2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
  ]);
