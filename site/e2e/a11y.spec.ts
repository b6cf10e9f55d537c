// WCAG 2.2 AA as axe-core checks it, on every route, in both colour schemes,
// and with the mobile menu open.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { allRoutes, missingPath } from './support/routes';
import { animationsDone, expect, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths as sitePaths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (README, Tests: a shared or a fresh page).
test.use({ reuseContext: true });

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One paragraph per violation: rule, impact, help, and each failing node. */
function report(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

async function scan(page: Page) {
  // Scan the settled page: cards fading in would be judged half-transparent.
  await animationsDone(page);
  // Legacy mode: one axe.run in the page. The default runs axe in every
  // frame, then finishes in a new blank page of its own, which doubled each
  // scan's time (about 1.6 s against 0.8 s a project page on a quiet
  // machine) to look inside frames: the site's only frames are third-party
  // prototype players, which the suite answers with an empty document. The
  // frame element itself (its title) is still checked; same violations on a
  // settled page.
  const results = await new AxeBuilder({ page }).withTags(tags).setLegacyMode(true).analyze();
  expect(
    results.violations.map((v) => v.id),
    `axe found violations on ${page.url()}:\n\n${report(results.violations)}`,
  ).toEqual([]);
}

const paths = [...allRoutes.map((r) => r.path), missingPath];

/**
 * The routes in two halves (the site's pages and the not-found page, then
 * the projects), so that the two workers share the scans: one test per half
 * and scheme, one page walking its routes.
 */
const halves = [
  { name: 'the pages and the not-found page', paths: paths.filter((p) => !p.startsWith('/projects/')) },
  { name: 'the project pages', paths: paths.filter((p) => p.startsWith('/projects/')) },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    for (const half of halves) {
      test(`${half.name} have no axe violations`, async ({ page }) => {
        walkTimeout(half.paths.length);
        for (const path of half.paths) {
          await walkStep(path, async () => {
            await page.goto(path);
            await waitForHydration(page);
            // The scheme really applies: a light or a dark page background.
            const lightness = await page.evaluate(() => {
              const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
              return (r + g + b) / 3;
            });
            if (colorScheme === 'dark') expect(lightness, path).toBeLessThan(60);
            else expect(lightness, path).toBeGreaterThan(200);
            await scan(page);
          });
        }
      });
    }
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('/, /contact and /projects/admin-portal with the menu open have no axe violations, in both schemes', async ({ page }) => {
    walkTimeout(6);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const path of [sitePaths.home, sitePaths.contact, sitePaths.project('admin-portal')]) {
        await walkStep(`${path} (${colorScheme})`, async () => {
          await page.emulateMedia({ colorScheme });
          await page.goto(path);
          await waitForHydration(page);
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.locator('#mobile-menu')).toBeVisible();
          await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
          await scan(page);
        });
      }
    }
  });

  test('/contact with validation errors shown has no axe violations', async ({ page }) => {
    await page.goto(sitePaths.contact);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await scan(page);
  });
});

// SPEC.md §2 Gallery: the lightbox is a modal dialog over the page, with
// its own buttons and counter; scanned open, in both colour schemes.
test.describe('with the lightbox open', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`/projects/unc-greensboro (${colorScheme}) has no axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(sitePaths.project('unc-greensboro'));
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Open image 5', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('5 / 18')).toBeVisible();
      await expect(dialog.getByRole('group', { name: '5 of 18' }).getByRole('img', { name: 'UNC Greensboro 5' })).toBeVisible();
      await scan(page);
    });
  }
});

// Headings make the page's outline: one h1 first, then no skipped levels.
// (axe's heading-order rule is a best practice, outside the WCAG tags above.)
test.describe('heading outline', () => {
  test.use({ javaScriptEnabled: false });
  test('every route starts with its h1 and skips no heading level', async ({ page }) => {
    walkTimeout(paths.length);
    for (const path of paths) {
      await walkStep(path, async () => {
        await page.goto(path);
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
      });
    }
  });
});
