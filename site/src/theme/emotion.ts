import createCache, { type StylisPlugin } from '@emotion/cache';

/**
 * Properties that Safari, within the browsers the build targets (Vite's
 * baseline-widely-available), still reads only with its prefix.
 */
const webkitOnly = new Set(['user-select', 'backdrop-filter']);

/**
 * Adds `-webkit-` to the properties above and nothing else. Emotion's default
 * plugin prefixes for every engine back to IE 10 (`-webkit-box`, `-ms-flex`,
 * `-moz-transform`…), about a sixth of each page's inline rules, which every
 * visitor downloads and parses for no browser we build for (decision 0066).
 */
export const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && typeof element.props === 'string' && webkitOnly.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * The emotion cache shared by the prerender and the browser: same key, so
 * the client adopts the server's style tags instead of adding its own; styles
 * go first in <head> so the theme's CSS variables come before page styles.
 */
export function createEmotionCache() {
  return createCache({ key: 'css', prepend: true, stylisPlugins: [webkitPrefixes] });
}
