// WCAG 2.2 AA as axe-core checks it, on every route, in both colour schemes,
// and with the mobile menu open.
import { scan } from './support/axe';
import { allRoutes, galleryImagesOf, missingPath } from './support/routes';
import { expect, shares, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths as sitePaths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

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
