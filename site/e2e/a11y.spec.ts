// WCAG 2.2 AA as axe-core checks it, on every route, in both colour schemes,
// and with the mobile menu open.
import type { Page } from '@playwright/test';
import { scan } from './support/axe';
import { allRoutes, galleryImagesOf, missingPath } from './support/routes';
import { expect, shares, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths as sitePaths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

const paths = [...allRoutes.map((r) => r.path), missingPath];
const schemes = ['light', 'dark'] as const;

/**
 * Emulates the colour scheme and checks that it really applies: a light or a
 * dark page background. The site's schemes are CSS alone (the theme's
 * variables under `prefers-color-scheme`, site/src/theme/theme.ts), so the
 * scheme of a page already loaded changes at once, islands included.
 */
async function useScheme(page: Page, colorScheme: (typeof schemes)[number], path: string) {
  await page.emulateMedia({ colorScheme });
  const lightness = await page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3;
  });
  if (colorScheme === 'dark') expect(lightness, `${path} (${colorScheme})`).toBeLessThan(60);
  else expect(lightness, `${path} (${colorScheme})`).toBeGreaterThan(200);
}

/**
 * The routes dealt into shares (`shares`), so that the two workers share the
 * scans: one test per share, one page walking its routes. Each route is
 * loaded once and scanned in both schemes, the second by switching the
 * emulated scheme (a load and a hydration fewer per route); which scheme
 * the page loads in alternates from route to route, so both are also seen
 * as a first paint.
 */
const scanShares = 6;

for (const [k, share] of shares(paths, scanShares).entries()) {
  test(`every route and the not-found page have no axe violations, light and dark (${k + 1} of ${scanShares})`, async ({ page }) => {
    walkTimeout(share.length * 2);
    for (const [i, path] of share.entries()) {
      const order = i % 2 === 0 ? (['light', 'dark'] as const) : (['dark', 'light'] as const);
      await page.emulateMedia({ colorScheme: order[0] });
      await walkStep(`${path} (loaded ${order[0]})`, async () => {
        await page.goto(path);
        await waitForHydration(page);
      });
      for (const colorScheme of order) {
        await walkStep(`${path} (${colorScheme})`, async () => {
          await useScheme(page, colorScheme, path);
          await scan(page);
        });
      }
    }
  });
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('/, /contact and /projects/admin-portal with the menu open have no axe violations, in both schemes', async ({ page }) => {
    walkTimeout(6);
    for (const path of [sitePaths.home, sitePaths.contact, sitePaths.project('admin-portal')]) {
      await walkStep(`${path}: the menu opens`, async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(path);
        await waitForHydration(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
      });
      // The open menu scanned in each scheme (switched, as on the routes above).
      for (const colorScheme of schemes) {
        await walkStep(`${path} (${colorScheme})`, async () => {
          await useScheme(page, colorScheme, path);
          await expect(page.locator('#mobile-menu')).toBeVisible();
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
  test('/projects/unc-greensboro has no axe violations, light and dark', async ({ page }) => {
    await page.goto(sitePaths.project('unc-greensboro'));
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Open image 5', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('5 / 18')).toBeVisible();
    await expect(
      dialog.getByRole('group', { name: '5 of 18' }).getByRole('img', { name: galleryImagesOf('unc-greensboro')[4]!.alt, exact: true }),
    ).toBeVisible();
    // The open lightbox scanned in each scheme (switched, as on the routes above).
    for (const colorScheme of schemes) {
      await test.step(colorScheme, async () => {
        await useScheme(page, colorScheme, sitePaths.project('unc-greensboro'));
        await expect(dialog).toBeVisible();
        await scan(page);
      });
    }
  });
});

// The heading outline (one h1 first, no skipped level) is checked on every
// route by the walk without JavaScript of routes.spec.ts.
