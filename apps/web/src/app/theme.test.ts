import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED_TEXT, LIGHT_VARIANT_TEXT, contrast, cssVariables, theme } from './theme';

describe('muted text', () => {
  it('passes AA (4.5:1) on white and on the light gray panels, and is what Mantine draws as dimmed', () => {
    for (const background of ['#ffffff', theme.colors?.gray?.[0] ?? '#f8f9fa', '#f1f3f5'])
      expect(contrast(DIMMED_TEXT, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#868e96', '#ffffff')).toBeLessThan(4.5);
    expect(cssVariables({} as never).light['--mantine-color-dimmed']).toBe(DIMMED_TEXT);
    expect(cssVariables({} as never).light['--mantine-color-placeholder']).toBe(DIMMED_TEXT);
  });
});

describe('light variant', () => {
  it("reads at AA on its own background for every colour, darkening only those Mantine's shade 9 fails (issue 18)", () => {
    const variables = cssVariables({} as never).light;
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = variables[`--mantine-color-${name}-light-color`] ?? shades[9];
      expect(contrast(text, shades[1]), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(Object.keys(LIGHT_VARIANT_TEXT).sort()).toEqual(
      ['green', 'lime', 'orange', 'teal', 'yellow'].map((name) => `--mantine-color-${name}-light-color`),
    );
    // Green on its light background was 3.8:1 (Mark As Done, the Completed badge).
    expect(contrast(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1])).toBeLessThan(4.5);
  });
});
