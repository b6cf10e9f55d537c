import type { Plugin } from 'vite';

/** The development server's pages, rendered as the build's prerender writes them; `root` is the site's folder. */
export function devPages(root: string): Plugin;

/** Where a private project's file is in public/ (`/private/<slug>/img/x.avif` → `/img/x.avif`); undefined for any other address. */
export function privateFile(url: string, prefix: string): string | undefined;
