import type { Plugin } from 'vite';

/** The development server's pages, rendered as the build's prerender writes them; `root` is the site's folder. */
export function devPages(root: string): Plugin;
