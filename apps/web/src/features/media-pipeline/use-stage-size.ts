import { useElementSize, useViewportSize } from '@mantine/hooks';

const CONTROLS_PX = 76;

/** Largest box of this ratio that fits the stage. */
function fit(ratio: number, width: number, height: number) {
  if (width <= 0 || height <= 0) return { width: '100%', height: '100%' } as const;
  const w = Math.min(width, height * ratio);
  return { width: Math.round(w), height: Math.round(w / ratio) };
}

/**
 * The stage's height and the video's box in it: the whole screen but the controls (and what sits under
 * them, the full-screen composer), or a share of the page.
 */
export function useStageSize(ratio: number, fullscreen: boolean, belowControls = 0) {
  const { ref: stageRef, width: stageWidth } = useElementSize<HTMLDivElement>();
  const { height: viewportHeight } = useViewportSize();
  const stageHeight = fullscreen
    ? viewportHeight - CONTROLS_PX - belowControls
    : Math.min(stageWidth > 0 ? stageWidth / ratio : 360, Math.max(220, viewportHeight * 0.62) || 480);
  return { stageRef, stageHeight, box: fit(ratio, stageWidth, stageHeight) };
}
