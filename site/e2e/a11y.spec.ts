// WCAG 2.2 AA as axe-core checks it, on every route, in both colour schemes,
// and with the mobile menu open.
import type { Page } from '@playwright/test';
import axe, { type AxeResults, type Result, type RunOptions } from 'axe-core';
import { allRoutes, galleryImagesOf, missingPath } from './support/routes';
import { animationsDone, expect, shares, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths as sitePaths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
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
  // Running animations are sent to their end (the state they settle in)
  // rather than waited for: the cards' staggered entrance takes a second.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation has no end: the wait below fails on it, as it did before.
      }
    }
  });
  await animationsDone(page);
  // One axe.run in the page, as @axe-core/playwright's legacy mode runs it,
  // without that package: it evaluated axe's 580 KB source twice per scan
  // (once to check for axe.runPartial, once to inject it into every frame).
  // Injected once, with only the violations' nodes described (resultTypes:
  // the passes and the rest, never read here, keep one node each), a scan of
  // a project page took 0.61 s against 1.35 s on a quiet machine
  // (e2e/bench/walk-costs.mjs; resultTypes alone 1.02 s). The site's only
  // frames are third-party prototype players, which the suite answers with
  // an empty document: axe does not look inside them (nor did it before:
  // that package's legacy mode let only same-origin frames answer), and the
  // frame element itself (its title) is still checked.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false };
  const results = await page.evaluate(
    (o) => (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, o),
    options,
  );
  expect(
    results.violations.map((v) => v.id),
    `axe found violations on ${page.url()}:\n\n${report(results.violations)}`,
  ).toEqual([]);
}

const paths = [...allRoutes.map((r) => r.path), missingPath];

/**
 * The routes dealt into three shares per scheme (`shares`), so that the two
 * workers share the scans: one test per share and scheme, one page walking
 * its routes.
 */
const scanShares = 3;

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    for (const [k, share] of shares(paths, scanShares).entries()) {
      test(`every route and the not-found page have no axe violations (${k + 1} of ${scanShares})`, async ({ page }) => {
        walkTimeout(share.length);
        for (const path of share) {
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

// docs/site.md §2 Gallery: the lightbox is a modal dialog over the page, with
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
      await expect(
        dialog.getByRole('group', { name: '5 of 18' }).getByRole('img', { name: galleryImagesOf('unc-greensboro')[4]!.alt, exact: true }),
      ).toBeVisible();
      await scan(page);
    });
  }
});

// The heading outline (one h1 first, no skipped level) is checked on every
// route by the walk without JavaScript of routes.spec.ts.
