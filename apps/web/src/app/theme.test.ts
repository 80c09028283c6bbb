import { describe, expect, it } from 'vitest';
import { DIMMED_TEXT, cssVariables, theme } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('muted text', () => {
  it('passes AA (4.5:1) on white and on the light gray panels, and is what Mantine draws as dimmed', () => {
    for (const background of ['#ffffff', theme.colors?.gray?.[0] ?? '#f8f9fa', '#f1f3f5'])
      expect(contrast(DIMMED_TEXT, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#868e96', '#ffffff')).toBeLessThan(4.5);
    expect(cssVariables({} as never).light['--mantine-color-dimmed']).toBe(DIMMED_TEXT);
  });
});
