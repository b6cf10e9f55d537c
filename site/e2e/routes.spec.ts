// docs/site.md §2: every route is prerendered (its h1 is there without
// JavaScript), hydrates without complaint, and describes itself to crawlers;
// unknown paths get the not-found page with status 404.
//
// The two walks below visit every route once per mode (JavaScript off, then
// on) and make there every check that is made on every route or every
// project page in that mode, each a step named by the route and the
// property, so a page is loaded once per mode rather than once per property
// (docs/testing.md: one page walks many routes). What they check, and where it
// came from:
// - without JavaScript: status, h1 and head tags; the heading outline (was
//   a11y.spec.ts); on a project page, its gallery's tiles prerendered in
//   order with their alt texts (was gallery.spec.ts), its external links
//   opening in a new tab and its back link to its category, followed on
//   the first project of each category (were project.spec.ts);
// - with JavaScript (cache off, as a first visit): the scripts requested
//   before any interaction are the page's islands (was islands.spec.ts), no
//   console problem after hydration, h1 and head tags; on a project page,
//   its gallery's tiles with their alt texts, or no gallery (was
//   gallery.spec.ts), and its back link to its category, loading it on the
//   first project of each category (was project.spec.ts).
import type { Page } from '@playwright/test';
import { allRoutes, backLinks, categoryNamed, galleryImagesOf, missingPath, projects, site, specGalleryCounts, type SiteRoute } from './support/routes';
import { expectedBefore, hasGallery, scriptLog, starter } from './support/islands';
import { coldCache, describeProblems, expect, shares, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

/** How many tests each walk is dealt into (`shares`), so both workers walk: the walk with JavaScript does more per route. */
const sharesWithout = 3;
const sharesWith = 4;

const canonicalOf = (path: string) => new URL(path, site.url).href;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const projectAt = (path: string) => projects.find((p) => p.link === path);
/** The gallery's tiles, in document order. */
const tiles = (page: Page) => page.getByRole('main').getByRole('link', { name: /^Open image \d+$/ });

/**
 * The projects whose back link a walk follows: the first of each category.
 * On every other project page the back link is checked by its name and
 * address (`expectBackLink`) without loading the category again: it is the
 * same link on every project page, its label and address read from the
 * category, and each category page is a route of the walk, checked there.
 */
const followed = new Set(Object.keys(backLinks).map((category) => projects.find((p) => p.page === category)?.slug));

/** A project page's back link: named after its category, to the category's page. */
async function expectBackLink(page: Page, p: (typeof projects)[number]) {
  const { name, href } = backLinks[p.page]!;
  const back = page.getByRole('link', { name, exact: true });
  await expect(back).toHaveAttribute('href', href);
  return back;
}

/** Follows a project page's back link to its category, which loads with its own h1; returns the category's path. */
async function followBackLink(page: Page, p: (typeof projects)[number]) {
  const { href } = backLinks[p.page]!;
  await (await expectBackLink(page, p)).click();
  await expect(page).toHaveURL(href);
  await expect(h1(page)).toHaveText(categoryNamed(p.page).title);
  return href;
}

async function expectHead(page: Page, route: SiteRoute) {
  const title = await page.title();
  expect(title.trim(), 'a non-empty <title>').not.toBe('');
  expect(title, 'the title names the page').toContain(route.heading);
  await expect(page.locator('head > title')).toHaveCount(1);
  const description = page.locator('head > meta[name="description"]');
  await expect(description).toHaveCount(1);
  expect((await description.getAttribute('content'))?.trim(), 'a non-empty meta description').toBeTruthy();
  const canonical = page.locator('head > link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  await expect(canonical).toHaveAttribute('href', canonicalOf(route.path));
}

/**
 * Headings make the page's outline: one h1 first, then no skipped levels.
 * (axe's heading-order rule is a best practice, outside the WCAG tags of
 * a11y.spec.ts.)
 */
async function expectHeadingOutline(page: Page, path: string) {
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => ({
      level: Number(h.tagName[1]),
      text: (h.textContent ?? '').trim().slice(0, 60),
    })),
  );
  const outline = headings.map((h) => `${'  '.repeat(h.level - 1)}h${h.level} ${h.text}`).join('\n');
  expect(headings[0]?.level, `${path} outline:\n${outline}`).toBe(1);
  const skips = headings.filter((h, i) => i > 0 && h.level > headings[i - 1]!.level + 1);
  expect(
    skips.map((h) => `h${h.level} ${h.text}`),
    `${path}: headings that skip a level; outline:\n${outline}`,
  ).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // One page walks its share of the routes; a step per route and property.
  // Without scripts the document is complete when it is parsed: no step
  // reads an image, so none waits for the images' `load`.
  for (const [k, share] of shares(allRoutes, sharesWithout).entries()) {
    test(`every route is prerendered with its h1, head tags and heading outline; a project page with its gallery's tiles in order with their alt texts, its external links in new tabs and its back link, followed once per category (${k + 1} of ${sharesWithout})`, async ({
      page,
    }) => {
      walkTimeout(share.length * 4);
      let external = 0;
      for (const route of share) {
        await test.step(route.path, async () => {
          await walkStep('status, h1 and head tags', async () => {
            const response = await page.goto(route.path, { waitUntil: 'domcontentloaded' });
            expect(response?.status(), route.path).toBe(200);
            await expect(h1(page)).toHaveText(route.heading);
            await expect(h1(page)).toHaveCount(1);
            await expectHead(page, route);
          });
          await walkStep('heading outline', () => expectHeadingOutline(page, route.path));
          const p = projectAt(route.path);
          if (!p) return;
          const count = specGalleryCounts[p.slug];
          if (count !== undefined) {
            await walkStep('gallery tiles in order, each image with its alt text', async () => {
              await expect(tiles(page), p.link).toHaveCount(count);
              const names = await tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
              expect(names, p.link).toEqual(Array.from({ length: count }, (_, i) => `Open image ${i + 1}`));
              // The generated alt texts (their form: gallery.spec.ts), as prerendered.
              const alts = await tiles(page).evaluateAll((els) => els.map((el) => el.querySelector('img')?.getAttribute('alt')));
              expect(alts, p.link).toEqual(galleryImagesOf(p.slug).map((img) => img.alt));
            });
          }
          await walkStep('external links open in a new tab', async () => {
            const links = await page
              .getByRole('link')
              .evaluateAll((els) =>
                els.map((a) => ({ href: (a as HTMLAnchorElement).href, target: a.getAttribute('target'), rel: a.getAttribute('rel') ?? '' })),
              );
            const here = new URL(page.url()).origin;
            const offenders: string[] = [];
            for (const link of links.filter((l) => /^https?:/.test(l.href) && new URL(l.href).origin !== here)) {
              external += 1;
              if (link.target !== '_blank' || !/\bnoopener\b/.test(link.rel)) offenders.push(`${p.link}: ${link.href}`);
            }
            expect(offenders).toEqual([]);
          });
          if (!followed.has(p.slug)) {
            await walkStep(`back link to /${p.page}`, () => expectBackLink(page, p));
            return;
          }
          // Last: it leaves the page.
          await walkStep(`back link → /${p.page}`, async () => {
            await followBackLink(page, p);
          });
        });
      }
      if (share.some((r) => projectAt(r.path))) expect(external, 'project pages link to other sites').toBeGreaterThan(0);
    });
  }

  test('an unknown path answers 404 with the not-found page, its heading outline whole', async ({ page }) => {
    const response = await page.goto(missingPath);
    expect(response?.status()).toBe(404);
    await expect(h1(page)).toHaveText('404');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.locator('head > link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('head > meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectHeadingOutline(page, missingPath);
  });
});

test.describe('with JavaScript', () => {
  // One page walks its share of the routes with its cache off, as a first
  // visit (every script is requested); the script log starts afresh, and
  // the console problems are checked, then emptied, per route.
  for (const [k, share] of shares([...allRoutes, { path: missingPath, heading: '404' }], sharesWith).entries()) {
    test(`every route requests only its islands' scripts before any interaction, hydrates without console problems and keeps its head tags; a project page shows its gallery's tiles and its back link, which loads its category once per category (${k + 1} of ${sharesWith})`, async ({
      page,
      consoleProblems,
    }) => {
      walkTimeout(share.length * 4);
      const warmCache = await coldCache(page);
      for (const route of share) {
        await test.step(route.path, async () => {
          const missing = route.path === missingPath;
          const scripts = scriptLog(page);
          let status: number | undefined;
          await walkStep('the scripts before any interaction are its islands', async () => {
            status = (await page.goto(route.path))?.status();
            // Loaded, and the islands that mount by themselves are live (an
            // embedded prototype's frame may keep the network busy: not waited for).
            await waitForHydration(page);
            expect(scripts(), route.path).toEqual(expectedBefore(route.path));
            // The gallery pages, and only they, carry the starter.
            await expect(starter(page), route.path).toHaveCount(hasGallery(route.path) ? 1 : 0);
          });
          scripts.stop();
          // The not-found page (status 404, its console log of the path):
          // its own tests below.
          if (missing) {
            consoleProblems.splice(0);
            return;
          }
          await walkStep('hydrates without console problems; h1 and head tags', async () => {
            expect(status, route.path).toBe(200);
            await page.waitForLoadState('networkidle');
            await expect(h1(page)).toHaveText(route.heading);
            await expect(h1(page)).toHaveCount(1);
            await expectHead(page, route);
            expect(consoleProblems, `console problems on ${route.path}:\n${describeProblems(consoleProblems)}`).toEqual([]);
            consoleProblems.splice(0);
          });
          const p = projectAt(route.path);
          if (!p) return;
          const count = specGalleryCounts[p.slug] ?? 0;
          if (count === 0) {
            await walkStep('has no gallery', async () => {
              await expect(h1(page)).toHaveText(p.title);
              await expect(page.getByRole('heading', { name: 'Gallery', exact: true })).toHaveCount(0);
              await expect(page.getByRole('link', { name: /^Open image/ })).toHaveCount(0);
            });
          } else {
            await walkStep(`shows ${count} tiles "Open image 1…${count}", each with its image's alt text`, async () => {
              const images = galleryImagesOf(p.slug);
              await expect(page.getByRole('heading', { level: 2, name: 'Gallery', exact: true })).toBeVisible();
              await expect(tiles(page)).toHaveCount(count);
              for (let i = 0; i < count; i++) {
                // "Open image n", in order, holding the image by its alt text.
                await expect(tiles(page).nth(i), p.link).toHaveAccessibleName(`Open image ${i + 1}`);
                await expect(tiles(page).nth(i).getByRole('img', { name: images[i]!.alt, exact: true }), p.link).toBeVisible();
              }
            });
          }
          if (!followed.has(p.slug)) {
            await walkStep(`back link to /${p.page}`, () => expectBackLink(page, p));
            return;
          }
          // Last: it leaves the page.
          await walkStep(`back link loads /${p.page}`, async () => {
            const href = await followBackLink(page, p);
            await expect(page).toHaveTitle(new RegExp(categoryNamed(p.page).title));
            // Parsed, so its scripts are requested before the next route's log starts.
            await page.waitForLoadState('domcontentloaded');
            expect(consoleProblems, `console problems on ${href}:\n${describeProblems(consoleProblems)}`).toEqual([]);
          });
        });
      }
      await warmCache();
    });
  }

  for (const path of [missingPath, paths.project('no-such-project')]) {
    test(`${path} answers 404, shows the not-found page and logs the path`, async ({ page, consoleProblems }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(h1(page)).toHaveText('404');
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      // docs/site.md §2: the missing path is logged to the console.
      expect(consoleProblems.some((p) => p.kind === 'console.error' && p.text.includes(path))).toBe(true);
      // Besides that log (and the browser's note of the 404 document itself), nothing.
      const others = consoleProblems.filter(
        (p) => !p.text.includes(path) && !/Failed to load resource: the server responded with a status of 404/.test(p.text),
      );
      expect(others, describeProblems(others)).toEqual([]);

      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL('/');
      await expect(h1(page)).toHaveText(site.name);
    });
  }
});

test('every route has a unique, non-empty title and description in its HTML', async ({ request }) => {
  const titles = new Map<string, string>();
  for (const route of allRoutes) {
    const response = await request.get(route.path);
    expect(response.status(), route.path).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.trim() ?? '';
    expect(title, `${route.path} title`).not.toBe('');
    expect(description, `${route.path} description`).not.toBe('');
    expect(titles.get(title), `${route.path} has the same title as ${titles.get(title)}`).toBeUndefined();
    titles.set(title, route.path);
  }
});
