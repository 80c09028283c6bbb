import { describe, expect, it } from 'vitest';
import { SAFE_ZONES, frameFormat, gridSideCrop, safeZonesFor } from './safe-zones.js';

describe('safe zones', () => {
  it('offers the vertical platforms for 9:16, the grid for 4:5 and square, nothing for 16:9', () => {
    expect(safeZonesFor(1080 / 1920)).toEqual(['youtube_shorts', 'tiktok', 'instagram_reels']);
    expect(safeZonesFor(360 / 640)).toEqual(['youtube_shorts', 'tiktok', 'instagram_reels']);
    expect(safeZonesFor(1080 / 1350)).toEqual(['instagram_grid']);
    expect(safeZonesFor(1)).toEqual(['instagram_grid']);
    expect(safeZonesFor(16 / 9)).toEqual([]);
    // An encoder's odd sizes still count: 720×1282 is 9:16 within 2%.
    expect(frameFormat(720 / 1282)).toBe('9:16');
    expect(frameFormat(3 / 4)).toBeNull();
  });

  it('cuts a 4:5 post by 3.1% a side and a square one by 12.5% for the 3:4 grid tile', () => {
    expect(gridSideCrop(4 / 5)).toBeCloseTo(0.03125, 5);
    expect(gridSideCrop(1)).toBeCloseTo(0.125, 5);
    expect(gridSideCrop(3 / 4)).toBe(0);
  });

  it('keeps every named area inside the frame and inside what the platform covers', () => {
    for (const zone of Object.values(SAFE_ZONES)) {
      const { top, right, bottom, left } = zone.margins;
      expect(top + bottom).toBeLessThan(1);
      expect(left + right).toBeLessThan(1);
      for (const area of zone.areas) {
        expect(area.x + area.w).toBeLessThanOrEqual(1);
        expect(area.y + area.h).toBeLessThanOrEqual(1);
        // Each area lies in a covered band: below the safe area, or right of it.
        const inBottom = area.y >= 1 - bottom - 1e-9;
        const inRight = area.x >= 1 - right - 1e-9;
        expect({ zone: zone.label, area: area.label, covered: inBottom || inRight }).toMatchObject({ covered: true });
      }
    }
  });
});
