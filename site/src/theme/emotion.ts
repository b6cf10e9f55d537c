import createCache from '@emotion/cache';

/**
 * The emotion cache shared by the prerender and the browser: same key, so
 * the client adopts the server's style tags instead of adding its own; styles
 * go first in <head> so the theme's CSS variables come before page styles.
 */
export function createEmotionCache() {
  return createCache({ key: 'css', prepend: true });
}
