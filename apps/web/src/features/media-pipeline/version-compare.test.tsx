import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { makeVideo } from '../../test/fixtures';
import { withCachedMedia } from '../../test/media';
import { VersionCompare } from './version-compare';
import type { VersionMap } from './video-versions';

const MAP: VersionMap = { 'version-0': [makeVideo(0)], 'version-1': [makeVideo(1)] };

describe('version compare', () => {
  it('knows the length of files that had their metadata before the elements were mounted (cached files)', () => {
    withCachedMedia(83, () => {
      render(
        <AppProviders env="test">
          <VersionCompare map={MAP} keys={['version-0', 'version-1']} number={1} notesPerVersion={{}} />
        </AppProviders>,
      );
      expect(screen.getByTestId('compare-time').textContent).toBe('0:00 / 1:23');
    });
  });
});
