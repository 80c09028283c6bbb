/**
 * Safe zones for repurposed formats (issue 19): where each platform's own interface (captions, buttons,
 * top bar) covers the video, so a customer can comment on what will be hidden. Fractions of the frame,
 * rounded from the platforms' creative guides for a 1080×1920 (or 1080×1350 / 1080×1080) upload; the
 * apps move a few pixels between versions, so these are guides, not rulers.
 */
export interface FrameArea {
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SafeZone {
  label: string;
  /** Frame shapes the overlay is drawn for, width:height. */
  aspects: readonly ('9:16' | '4:5' | '1:1')[];
  /** What the platform covers at each edge. */
  margins: { top: number; right: number; bottom: number; left: number };
  /** Named parts of the covered space, drawn with their names. */
  areas: readonly FrameArea[];
}

export const SAFE_ZONES = {
  youtube_shorts: {
    label: 'YouTube Shorts',
    aspects: ['9:16'],
    margins: { top: 0.1, right: 0.15, bottom: 0.27, left: 0.05 },
    areas: [
      { label: 'Title and channel', x: 0.05, y: 0.76, w: 0.75, h: 0.14 },
      { label: 'Buttons', x: 0.85, y: 0.42, w: 0.15, h: 0.48 },
    ],
  },
  tiktok: {
    label: 'TikTok',
    aspects: ['9:16'],
    margins: { top: 0.07, right: 0.13, bottom: 0.25, left: 0.055 },
    areas: [
      { label: 'Caption and sound', x: 0.055, y: 0.78, w: 0.7, h: 0.13 },
      { label: 'Buttons', x: 0.87, y: 0.4, w: 0.13, h: 0.5 },
    ],
  },
  instagram_reels: {
    label: 'Instagram Reels',
    aspects: ['9:16'],
    margins: { top: 0.14, right: 0.12, bottom: 0.35, left: 0.06 },
    areas: [
      { label: 'Caption and audio', x: 0.06, y: 0.68, w: 0.74, h: 0.2 },
      { label: 'Buttons', x: 0.88, y: 0.5, w: 0.12, h: 0.42 },
    ],
  },
  instagram_grid: {
    label: 'Instagram profile grid',
    aspects: ['4:5', '1:1'],
    // The grid shows a post as a centred 3:4 tile: a 4:5 post loses 3.1% a side, a square one 12.5%.
    margins: { top: 0, right: 0, bottom: 0, left: 0 },
    areas: [],
  },
} as const satisfies Record<string, SafeZone>;
export type SafeZoneKey = keyof typeof SAFE_ZONES;

const ASPECTS = { '9:16': 9 / 16, '4:5': 4 / 5, '1:1': 1 } as const;

/** The format a video's width:height is, within 2%, or null for shapes without overlays (16:9). */
export function frameFormat(ratio: number): keyof typeof ASPECTS | null {
  for (const [name, value] of Object.entries(ASPECTS))
    if (Math.abs(ratio / value - 1) < 0.02) return name as keyof typeof ASPECTS;
  return null;
}

/** The overlays offered for a video of this width:height. */
export const safeZonesFor = (ratio: number): SafeZoneKey[] => {
  const format = frameFormat(ratio);
  return format
    ? (Object.keys(SAFE_ZONES) as SafeZoneKey[]).filter((k) =>
        (SAFE_ZONES[k].aspects as readonly string[]).includes(format),
      )
    : [];
};

/** The profile grid's 3:4 tile: what it cuts from each side of a wider frame, as a fraction of the width. */
export const gridSideCrop = (ratio: number) => Math.max(0, (1 - 3 / 4 / ratio) / 2);
