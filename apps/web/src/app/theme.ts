import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Cutroom's indigo-violet, light to dark; shade 6 is the brand colour of the favicon. */
const brand: MantineColorsTuple = [
  '#efedff',
  '#dcd8fd',
  '#b6aef6',
  '#8e82f0',
  '#6c5deb',
  '#5847e8',
  '#4c3ee0',
  '#3d30c8',
  '#3429b4',
  '#281f9e',
];

/**
 * Muted text (Mantine's 'dimmed', gray 6 = 3.3:1 on white) darkened to pass WCAG AA's 4.5:1 on white
 * and on the gray-1 panels (issue 18: Lighthouse flagged the New York clock and muted text).
 */
export const DIMMED_TEXT = '#676d74';
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { withBorder: true } },
    Card: { defaultProps: { withBorder: true } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: {
      defaultProps: {
        size: 'md',
        // Mantine names the eye button 'Toggle password visibility', which makes 'Password' match two elements.
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide what you typed' },
      },
    },
    Select: { defaultProps: { size: 'md', allowDeselect: false } },
  },
});
