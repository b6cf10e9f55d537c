// What a page may request before any interaction: the scripts of the islands
// it has (issue 12), by file names from the client build's manifest, never by
// timings. Shared by islands.spec.ts and the JavaScript walk of routes.spec.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { missingPath, specGalleryCounts } from './routes';
import { paths, projectSlug } from '../../src/config/paths';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/.vite/manifest.json', import.meta.url)), 'utf8')) as Record<string, ManifestChunk>;

/** A chunk's file and every file it statically imports. */
function files(key: string): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no ${key} in the manifest`);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap(files)];
}

export const loader = files('src/islands/client.ts');
/** The site's page script (the build includes its analytics provider's alone): the entry of src/page-script/ but the consent bar's. */
const pageScriptEntry = Object.keys(manifest).filter((src) => src.startsWith('src/page-script/') && src !== 'src/page-script/consent.ts');
if (pageScriptEntry.length !== 1) throw new Error(`the build has page scripts ${pageScriptEntry.join(', ') || 'none'}, not one`);
export const pageScript = files(pageScriptEntry[0]!);
export const contactIsland = files('src/islands/contact.ts');
export const lightboxIsland = files('src/islands/lightbox.tsx');
/** Whether the build counts visits: the resolved setting `portfolio generate` wrote (null: none). */
const analyticsOn = JSON.parse(readFileSync(fileURLToPath(new URL('../../src/generated/analytics.json', import.meta.url)), 'utf8')) !== null;

/** The same-origin scripts `page` has requested since the call, sorted; `stop()` ends the log. */
export function scriptLog(page: Page) {
  const seen = new Set<string>();
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1')) seen.add(url.pathname);
  };
  page.on('request', onRequest);
  return Object.assign(() => [...seen].sort(), { stop: () => page.off('request', onRequest) });
}

export const sorted = (list: string[]) => [...new Set(list)].sort();

/** The project pages with a gallery (docs/site.md §9), which carry the gallery's starter. */
export const hasGallery = (path: string) => specGalleryCounts[projectSlug(path) ?? ''] !== undefined;

/**
 * What a page requests before any interaction: on /contact the islands'
 * loader and the contact form island (it loads itself); the page script
 * (analytics, the 404 log). A gallery page requests nothing for its gallery:
 * its inline starter fetches the loader on the first approach to a tile.
 */
export function expectedBefore(path: string): string[] {
  const isContact = path === paths.contact;
  return sorted([...(isContact ? [...loader, ...contactIsland] : []), ...(analyticsOn || path === missingPath ? pageScript : [])]);
}

/** The inline starter a gallery page carries instead of the loader. */
export const starter = (page: Page) => page.locator('script:not([src]):not([type])');
