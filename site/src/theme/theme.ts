import { outlinedInputClasses } from '@mui/material/OutlinedInput';
import { createTheme } from '@mui/material/styles';
import { breakpointValues } from '@/theme/breakpoints';

// The whole visual system in one place: colours for both schemes, type,
// shape and the few component defaults the pages rely on. Components use
// `sx` with these values; no colour is written anywhere else.

// The typefaces, as CSS variables (src/theme/fonts.css): the theme's web
// fonts, or the system font on a site whose site.yaml says `fonts: system`
// (the page's head sets them, scripts/page-html.mjs; decision 0124). The
// rules are the same either way, so an island's styles match its page's.
const display = 'var(--font-display)';
const text = 'var(--font-text)';

/**
 * The keyboard focus ring (WCAG 2.2 focus appearance: more than a 2 px
 * perimeter, the primary colour against either scheme's background well
 * over 3:1). It is drawn from `:focus-visible`, which the browser sets, not
 * from MUI's `Mui-focusVisible` class, which only a component's script sets:
 * the pages do not hydrate, and their focus must show all the same.
 */
export const focusRing = { outline: '3px solid var(--mui-palette-primary-main)', outlineOffset: 2 } as const;

export const theme = createTheme({
  // CSS variables with the dark scheme under `prefers-color-scheme`: the
  // page follows the system from the first paint, with no script and no flash.
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#26306e', light: '#4452a8', dark: '#161c47', contrastText: '#ffffff' },
        secondary: { main: '#a4441c', contrastText: '#ffffff' },
        background: { default: '#f7f4ee', paper: '#ffffff' },
        text: { primary: '#1c1b19', secondary: '#55524c' },
        divider: 'rgba(28, 27, 25, 0.12)',
      },
    },
    dark: {
      palette: {
        primary: { main: '#aab4ff', light: '#cdd3ff', dark: '#7f8be6', contrastText: '#0f1230' },
        secondary: { main: '#f0a47c', contrastText: '#2a1206' },
        background: { default: '#111114', paper: '#1a1a1f' },
        text: { primary: '#edeae4', secondary: '#b3afa7' },
        divider: 'rgba(237, 234, 228, 0.14)',
      },
    },
  },
  shape: { borderRadius: 12 },
  spacing: 8,
  breakpoints: { values: breakpointValues },
  typography: {
    fontFamily: text,
    htmlFontSize: 16,
    h1: { fontFamily: display, fontWeight: 600, fontSize: 'clamp(2.5rem, 6vw, 4.25rem)', lineHeight: 1.05, letterSpacing: '-0.02em' },
    h2: { fontFamily: display, fontWeight: 600, fontSize: 'clamp(2rem, 4vw, 2.75rem)', lineHeight: 1.1, letterSpacing: '-0.015em' },
    h3: { fontFamily: display, fontWeight: 600, fontSize: '1.5rem', lineHeight: 1.25 },
    h4: { fontFamily: display, fontWeight: 600, fontSize: '1.25rem', lineHeight: 1.3 },
    h5: { fontWeight: 600, fontSize: '1.0625rem', lineHeight: 1.4 },
    h6: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.4 },
    subtitle1: { fontSize: '1.1875rem', lineHeight: 1.6 },
    body1: { fontSize: '1.0625rem', lineHeight: 1.7 },
    body2: { fontSize: '0.9375rem', lineHeight: 1.6 },
    overline: { fontWeight: 600, letterSpacing: '0.12em', lineHeight: 1.6 },
    button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 22 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16 } },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // Subtitles are paragraphs, not headings (MUI maps them to h6).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // A text field shows focus with its border, as MUI draws it when focused.
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          [`&:has(:focus-visible) .${outlinedInputClasses.notchedOutline}`]: { borderColor: 'var(--mui-palette-primary-main)', borderWidth: 2 },
        },
      },
    },
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollPaddingTop: 88 },
        // Every focusable element; `html` lifts the rule above a component's
        // one-class `outline: 0` (ButtonBase, Link, InputBase). Text fields
        // draw focus with their border instead (MuiOutlinedInput above).
        'html :focus-visible:not(input, textarea)': focusRing,
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
});
