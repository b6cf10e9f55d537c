// The two web fonts (docs/site.md §12; decisions 0109 and 0122): a page
// preloads exactly the faces its first paint uses, in its HTML and in its
// Link header alike. A face preloaded that the first screen does not set
// competes with the page's photograph for nothing; a face it sets that is
// not preloaded is found only by the first layout, at the highest
// priority, and delays the first paint (0109: +0.2 to 0.4 s of FCP on
// Lighthouse's phone). Read from the page as Chromium lays it out, for each
// page kind, on a phone and a desktop.
import type { Page } from '@playwright/test';
import { categoryPages, projects } from './support/routes';
import { expect, test } from './support/test';
import { paths } from '../src/config/paths';

const drone = projects.find((p) => p.slug === 'drone-photography')!;
const kinds: Record<string, string> = {
  home: paths.home,
  category: paths.category(categoryPages[0]!),
  project: drone.link,
  photo: paths.photo(drone.slug, 3),
  about: paths.about,
  contact: paths.contact,
};

/** A face's name from its file (/assets/inter-….woff2) or its family ("Inter Variable"). */
const face = (s: string) => /(inter|fraunces)/i.exec(s)?.[1]?.toLowerCase() ?? s;
const faces = (list: string[]) => [...new Set(list.map(face))].sort();

/** The faces the page's layout had asked for when its first contentful paint came. */
const atFirstPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          resolve([...document.fonts].filter((f) => f.status !== 'unloaded').map((f) => f.family));
        }).observe({ type: 'paint', buffered: true });
      }),
  );

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px each page kind preloads exactly the faces its first paint uses, in its HTML and its Link header`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [kind, at] of Object.entries(kinds)) {
      const response = (await page.goto(at))!;
      const used = faces(await atFirstPaint(page));
      const html = faces(await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? '')));
      const header = faces([...(response.headers().link ?? '').matchAll(/<([^>]+)>[^,]*as=font/g)].map((m) => m[1]!));
      expect(used.length, kind).toBeGreaterThan(0);
      expect({ kind, html, header }).toEqual({ kind, html: used, header: used });
    }
  });
}
