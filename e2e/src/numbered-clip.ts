import type { Page } from 'playwright-core';
import { makeClip } from './clips.js';

/** Sixteen bands across the top of each frame, white for a 1: the frame's own number, least bit first. */
const BITS = 16;

/**
 * A `seconds`-long H.264 clip at `rate` whose every frame shows its own number as a row of black and white
 * bands, made by the ffmpeg the product ships.
 */
export function numberedClip(rate: string, seconds = 4): Buffer {
  const band = 640 / BITS;
  return makeClip('numbered.mp4', [
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:s=640x360:r=${rate}:d=${seconds}`,
    '-vf',
    `geq=lum='if(lt(Y,120),255*mod(floor(N/pow(2,floor(X/${band}))),2),128)':cb=128:cr=128`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '10',
  ]);
}

/** The number the frame on screen shows, read from its bands through a canvas. */
export const frameOnScreen = (page: Page) =>
  page.getByTestId('video-element').evaluate((video: HTMLVideoElement, bits: number) => {
    if (video.seeking || video.readyState < 2) return -1;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    g.drawImage(video, 0, 0);
    let n = 0;
    for (let b = 0; b < bits; b++) {
      const [lum] = g.getImageData(
        Math.round((b + 0.5) * (canvas.width / bits)),
        Math.round(canvas.height / 6),
        1,
        1,
      ).data;
      if (lum! > 128) n |= 1 << b;
    }
    return n;
  }, BITS);
