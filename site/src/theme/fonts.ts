import frauncesUrl from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

// The two typefaces, self-hosted (latin subset, variable weight). Declared
// here rather than with @fontsource's CSS for one reason: `font-display:
// optional`. The prerendered page preloads both files; when they arrive in
// time (nearly always, they are requested first) the page paints in them,
// and when they do not, it keeps the fallback for this visit instead of
// swapping fonts under the reader's eyes: no layout shift.

/** Latin covers the site's text; other scripts fall back to the system font. */
const latin =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

export const fontFiles = [interUrl, frauncesUrl] as const;

/** The @font-face rules, for a global style sheet (see Layout). */
export const fontFaceCss = [
  { family: 'Inter Variable', url: interUrl },
  { family: 'Fraunces Variable', url: frauncesUrl },
]
  .map(
    ({ family, url }) =>
      `@font-face{font-family:'${family}';font-style:normal;font-display:optional;font-weight:100 900;` +
      `src:url(${url}) format('woff2-variations');unicode-range:${latin};}`,
  )
  .join('');
