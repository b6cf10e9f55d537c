// SPEC.md §2: every route is prerendered (its h1 is there without
// JavaScript), hydrates without complaint, and describes itself to crawlers;
// unknown paths get the not-found page with status 404.
import { allRoutes, missingPath, site } from './support/routes';
import { coldCache, describeProblems, expect, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (README, Tests: a shared or a fresh page).
test.use({ reuseContext: true });

const canonicalOf = (path: string) => new URL(path, site.url).href;

async function expectHead(page: import('@playwright/test').Page, route: { path: string; heading: string }) {
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

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // One page walks every route (a navigation, not a new page, per route).
  test('every route is prerendered with its h1 and head tags', async ({ page }) => {
    walkTimeout(allRoutes.length);
    for (const route of allRoutes) {
      await walkStep(route.path, async () => {
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectHead(page, route);
      });
    }
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto(missingPath);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.locator('head > link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('head > meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('with JavaScript', () => {
  // One page walks every route; the console problems are checked, then
  // emptied, after each.
  test('every route hydrates without console errors and keeps its head tags', async ({ page, consoleProblems }) => {
    walkTimeout(allRoutes.length);
    // Each route loads and hydrates as on a first visit.
    const warmCache = await coldCache(page);
    for (const route of allRoutes) {
      await walkStep(route.path, async () => {
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBe(200);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expectHead(page, route);
        expect(consoleProblems, `console problems on ${route.path}:\n${describeProblems(consoleProblems)}`).toEqual([]);
        consoleProblems.splice(0);
      });
    }
    await warmCache();
  });

  for (const path of [missingPath, paths.project('no-such-project')]) {
    test(`${path} answers 404, shows the not-found page and logs the path`, async ({ page, consoleProblems }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      // SPEC.md §2: the missing path is logged to the console.
      expect(consoleProblems.some((p) => p.kind === 'console.error' && p.text.includes(path))).toBe(true);
      // Besides that log (and the browser's note of the 404 document itself), nothing.
      const others = consoleProblems.filter(
        (p) => !p.text.includes(path) && !/Failed to load resource: the server responded with a status of 404/.test(p.text),
      );
      expect(others, describeProblems(others)).toEqual([]);

      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
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
