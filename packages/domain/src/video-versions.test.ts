import { describe, expect, it } from 'vitest';
import { versionKeys, versionLabel, versionNumber, versionOfNote } from './video-versions.js';

const video = (_version: number, created_at: string) => ({ created_at });
const MAP = {
  'version-1': [video(1, '2026-04-14T10:00:00.000Z')],
  'version-0': [video(0, '2026-04-12T10:00:00.000Z')],
};
const note = (date_added: string, version?: string) => ({ date_added, annotation: version ? { version } : null });

describe('the version a note was made on', () => {
  it('is the newest version delivered before the note, or the one its drawing names', () => {
    expect(versionOfNote(note('2026-04-13T09:00:00.000Z'), MAP)).toBe('version-0');
    expect(versionOfNote(note('2026-04-14T10:00:00.000Z'), MAP)).toBe('version-1');
    expect(versionOfNote(note('2026-04-20T00:00:00.000Z'), MAP)).toBe('version-1');
    // Drawn on the first version after the second was out: the drawing knows better than the clock.
    expect(versionOfNote(note('2026-04-20T00:00:00.000Z', 'version-0'), MAP)).toBe('version-0');
  });

  it('is none for a note older than every delivery, and a drawing naming an unknown version falls back to the clock', () => {
    expect(versionOfNote(note('2026-04-01T00:00:00.000Z'), MAP)).toBeNull();
    expect(versionOfNote(note('2026-04-13T00:00:00.000Z', 'version-7'), MAP)).toBe('version-0');
  });
});

describe('version keys', () => {
  it('sort in delivery order past ten and read as the selector labels them', () => {
    expect(versionKeys({ 'version-10': [], 'version-2': [], 'version-0': [] })).toEqual([
      'version-0',
      'version-2',
      'version-10',
    ]);
    expect(versionLabel('version-0')).toBe('versions 1');
    expect(versionLabel('version-10')).toBe('versions 11');
    expect(versionNumber('version-0')).toBe(1);
  });
});
