import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { VersionCompare } from './version-compare';
import type { VersionMap } from './video-versions';

const video = (version: number) => ({
  video_id: version + 1,
  video_url: `/files/v${version}.mp4`,
  video_type: 'video/mp4',
  audio_video_type: null,
  parent_link_id: null,
  video_version: version,
  created_at: '2026-04-12T10:00:00.000Z',
});
const MAP: VersionMap = { 'version-0': [video(0)], 'version-1': [video(1)] };

describe('version compare', () => {
  it('knows the length of files that had their metadata before the elements were mounted (cached files)', () => {
    const proto = HTMLMediaElement.prototype;
    const saved = ['readyState', 'duration', 'currentTime'].map(
      (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
    );
    Object.defineProperty(proto, 'readyState', { configurable: true, get: () => 4 /* HAVE_ENOUGH_DATA */ });
    Object.defineProperty(proto, 'duration', { configurable: true, get: () => 83 });
    Object.defineProperty(proto, 'currentTime', { configurable: true, get: () => 0, set: () => {} });
    try {
      render(
        <AppProviders env="test">
          <VersionCompare map={MAP} keys={['version-0', 'version-1']} number={1} notesPerVersion={{}} />
        </AppProviders>,
      );
      expect(screen.getByTestId('compare-time').textContent).toBe('0:00 / 1:23');
    } finally {
      for (const [key, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, key, descriptor);
        else delete (proto as unknown as Record<string, unknown>)[key];
      }
    }
  });
});
