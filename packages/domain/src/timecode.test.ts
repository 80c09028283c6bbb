import { describe, expect, it } from 'vitest';
import {
  dropFrames,
  formatRange,
  formatTime,
  frameOfTime,
  parseRate,
  seekTimeOfFrame,
  smpteOf,
  timeOfFrame,
  toMillis,
} from './timecode.js';

const NTSC = { num: 30_000, den: 1_001 };
const NTSC60 = { num: 60_000, den: 1_001 };
const FILM = { num: 24_000, den: 1_001 };
const PAL = { num: 25, den: 1 };

describe('frame rates', () => {
  it('reads what the media pipeline stores, and nothing else', () => {
    expect(parseRate('30000/1001')).toEqual(NTSC);
    expect(parseRate('25/1')).toEqual(PAL);
    expect(parseRate('25')).toEqual(PAL);
    for (const bad of [null, undefined, '', '0/1', '25/0', '-25/1', '1.5/1', 'abc', '5000/1'])
      expect(parseRate(bad)).toBeNull();
  });

  it('drops frames only at 29.97 and 59.94', () => {
    expect(dropFrames(NTSC)).toBe(2);
    expect(dropFrames(NTSC60)).toBe(4);
    expect(dropFrames(FILM)).toBe(0);
    expect(dropFrames(PAL)).toBe(0);
    expect(dropFrames({ num: 30, den: 1 })).toBe(0);
  });
});

describe('the frame at a time', () => {
  it.each([
    ['25', PAL],
    ['29.97', NTSC],
    ['23.976', FILM],
    ['59.94', NTSC60],
  ])(
    'seeking to the middle of a frame names that frame, and so does its start to the millisecond (%s fps)',
    (_, rate) => {
      for (let frame = 0; frame < 2_000; frame += 7) {
        expect(frameOfTime(seekTimeOfFrame(frame, rate), rate)).toBe(frame);
        expect(frameOfTime(toMillis(timeOfFrame(frame, rate)), rate)).toBe(frame);
        // A millisecond before the next frame starts still shows this one.
        expect(frameOfTime(timeOfFrame(frame + 1, rate) - 0.001, rate)).toBe(frame);
      }
    },
  );

  it('counts whole seconds at 29.97 as the frame on screen, not the nearest', () => {
    // 83 s × 29.97 = 2487.5: frame 2488 starts at 83.016 s, so 2487 is still showing.
    expect(frameOfTime(83, NTSC)).toBe(2487);
    expect(frameOfTime(0, NTSC)).toBe(0);
  });
});

describe('SMPTE timecode', () => {
  it('counts non-drop frames at 25 and 23.976', () => {
    expect(smpteOf(0, PAL)).toBe('00:00:00:00');
    expect(smpteOf(24, PAL)).toBe('00:00:00:24');
    expect(smpteOf(25, PAL)).toBe('00:00:01:00');
    expect(smpteOf(25 * 3_661 + 3, PAL)).toBe('01:01:01:03');
    expect(smpteOf(24 * 60, FILM)).toBe('00:01:00:00');
  });

  it('skips ;00 and ;01 at every minute but each tenth at 29.97', () => {
    expect(smpteOf(1_799, NTSC)).toBe('00:00:59;29');
    expect(smpteOf(1_800, NTSC)).toBe('00:01:00;02');
    expect(smpteOf(17_981, NTSC)).toBe('00:09:59;29');
    expect(smpteOf(17_982, NTSC)).toBe('00:10:00;00');
    expect(smpteOf(17_982 + 1_800, NTSC)).toBe('00:11:00;02');
    // An hour of 29.97 video is 107,892 frames and reads exactly one hour.
    expect(smpteOf(107_892, NTSC)).toBe('01:00:00;00');
  });

  it('skips four frame numbers a minute at 59.94', () => {
    expect(smpteOf(3_599, NTSC60)).toBe('00:00:59;59');
    expect(smpteOf(3_600, NTSC60)).toBe('00:01:00;04');
    expect(smpteOf(35_964, NTSC60)).toBe('00:10:00;00');
  });

  it('stays within a frame of the clock over an hour of drop-frame', () => {
    for (let frame = 0; frame < 107_892; frame += 997) {
      const [h, m, s, f] = smpteOf(frame, NTSC).split(/[:;]/).map(Number);
      const labelled = h! * 3_600 + m! * 60 + s! + f! / 30;
      expect(Math.abs(labelled - timeOfFrame(frame, NTSC))).toBeLessThan(0.1);
    }
  });
});

describe('times as the reviewer reads them', () => {
  it('shows timecode, frames or seconds', () => {
    expect(formatTime(61.5, 'smpte', PAL)).toBe('00:01:01:12');
    expect(formatTime(61.5, 'frames', PAL)).toBe('1537 f');
    expect(formatTime(61.5, 'seconds', PAL)).toBe('61.500 s');
    expect(formatTime(60.06, 'smpte', NTSC)).toBe('00:01:00;02');
  });

  it('falls back to the clock without a frame rate', () => {
    expect(formatTime(61.5, 'smpte', null)).toBe('1:01.500');
    expect(formatTime(3_725.25, 'frames', null)).toBe('1:02:05.250');
    expect(formatTime(2, 'seconds', null)).toBe('2.000 s');
  });

  it('shows a range as in and out', () => {
    expect(formatRange(1, 2, 'smpte', PAL)).toBe('00:00:01:00 – 00:00:02:00');
    expect(formatRange(1, null, 'frames', PAL)).toBe('25 f');
  });
});
