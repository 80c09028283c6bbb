import { describe, expect, it } from 'vitest';
import { cueAt, parseScrubTrack } from './scrub-track';

const TRACK = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:01.000',
  'sprite-0.jpg#xywh=0,0,160,90',
  '',
  '00:00:01.000 --> 00:00:02.000',
  'sprite-0.jpg#xywh=160,0,160,90',
  '',
  '00:01:40.000 --> 00:01:41.000',
  'sprite-1.jpg#xywh=0,0,160,90',
  '',
].join('\n');

describe('the scrub track', () => {
  const cues = parseScrubTrack(TRACK, '/api/media/assets/7/thumbnails.vtt');

  it('reads each cue with its sprite resolved beside the track and its cell', () => {
    expect(cues).toEqual([
      { start: 0, end: 1, image: '/api/media/assets/7/sprite-0.jpg', x: 0, y: 0, width: 160, height: 90 },
      { start: 1, end: 2, image: '/api/media/assets/7/sprite-0.jpg', x: 160, y: 0, width: 160, height: 90 },
      { start: 100, end: 101, image: '/api/media/assets/7/sprite-1.jpg', x: 0, y: 0, width: 160, height: 90 },
    ]);
  });

  it('finds the cue showing at a time, the last one past the end', () => {
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 1.5)?.x).toBe(160);
    expect(cueAt(cues, 100.2)?.image).toContain('sprite-1');
    expect(cueAt(cues, 500)?.image).toContain('sprite-1');
    expect(cueAt([], 3)).toBeUndefined();
  });

  it('skips what is not a thumbnail cue', () => {
    expect(parseScrubTrack('WEBVTT\n\nNOTE made by hand\n\n00:00:00.000 --> 00:00:01.000\nHello\n', '/t.vtt')).toEqual(
      [],
    );
  });
});
