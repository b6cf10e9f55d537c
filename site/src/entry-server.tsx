import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from '@/app/App';
import { createEmotionCache } from '@/app/emotion';
import { AppRoutes, preloadRoute } from '@/app/routes';
import { navCategories, paths } from '@/config/paths';
import { allProjects, loadProjectBody, site } from '@/lib/content';
import { pageMeta, personJsonLd, type PageMeta } from '@/lib/seo';

/** Every route path to prerender (SPEC.md §2). */
export function routePaths(): string[] {
  return [
    paths.home,
    paths.about,
    paths.contact,
    ...navCategories.map(paths.category),
    ...allProjects().map((p) => p.link),
  ];
}

export interface Rendered {
  html: string;
  styles: string;
  meta: PageMeta;
  status: number;
  /** Structured data for the page's head (the owner, on the home page). */
  jsonLd?: object;
}

/**
 * The other origins the pages use, for the Content-Security-Policy: hosts of
 * external images and of embedded prototypes, and whether analytics is on.
 */
export async function externalOrigins(): Promise<{ images: string[]; frames: string[]; analytics: boolean }> {
  const images = new Set<string>();
  const frames = new Set<string>();
  const add = (set: Set<string>, url: string) => {
    if (/^https?:/.test(url)) set.add(new URL(url).origin);
  };
  for (const p of allProjects()) {
    add(images, p.cover.src);
    for (const block of await loadProjectBody(p)) {
      switch (block.type) {
        case 'image':
          add(images, block.src);
          break;
        case 'gallery':
          for (const image of block.images) add(images, image.src);
          break;
        case 'caseStudy':
          add(images, block.hero.src);
          break;
        case 'screenshots':
          for (const item of block.items) add(images, item.src);
          break;
        case 'prototype':
          add(frames, block.url);
          break;
        case 'text':
        case 'document':
          break;
      }
    }
  }
  const analytics = import.meta.env.VITE_ANALYTICS !== 'off' && Boolean(site.measurementId);
  return { images: [...images].sort(), frames: [...frames].sort(), analytics };
}

/** Renders one path to HTML, with its critical CSS and metadata. */
export async function render(path: string): Promise<Rendered> {
  await preloadRoute(path);
  const cache = createEmotionCache();
  // Collect styles in the cache instead of writing <style> tags inline.
  cache.compat = true;
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const styles = styleTags(cache);
  const meta = pageMeta(path);
  return { html, styles, meta, status: meta.canonical ? 200 : 404, ...(path === paths.home ? { jsonLd: personJsonLd() } : {}) };
}

/**
 * Every style the render inserted, as emotion's own server tags: global styles
 * one tag each, the rest in one. The browser's cache adopts every name it
 * finds there, so hydration serializes no style again. (Emotion's critical
 * extraction keeps only class names present in the HTML; the intermediate
 * styles of composed components would then be compiled again while hydrating.)
 */
function styleTags(cache: EmotionCache): string {
  const tags: string[] = [];
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      tags.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    } else {
      ids.push(id);
      css += rules;
    }
  }
  tags.push(`<style data-emotion="${cache.key} ${ids.join(' ')}">${css}</style>`);
  return tags.join('');
}
