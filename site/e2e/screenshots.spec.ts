// Full-page screenshots of the main screens at a phone and a desktop width,
// for a person to look at (nothing is compared): test-results/screenshots.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { missingPath } from './support/routes';
import { animationsDone, expect, test, waitForHydration } from './support/test';

const folder = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

const screens = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'photography', path: '/photography' },
  { name: 'web-design', path: '/web-design' },
  { name: 'project-admin-portal', path: '/projects/admin-portal' },
  { name: 'project-drone-photography', path: '/projects/drone-photography' },
  { name: 'project-unc-greensboro', path: '/projects/unc-greensboro' },
  { name: 'not-found', path: missingPath },
];

/** Loads the page with every lazy image in, fonts ready and animations over. */
async function settle(page: Page, url: string) {
  // As here, with no internet: the gallery's external image (SPEC.md §3) cannot
  // load, so the page shows what it shows then (its alt text in the tile).
  await page.route(/^https:\/\/[^/]*myportfolio\.com\//, (route) => route.abort('internetdisconnected'));
  await page.goto(url);
  await waitForHydration(page);
  // Every image in, the lazy ones too (a quick scroll may pass some without
  // a frame to start them, and they would never load): then wait for them.
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((img) => !img.complete);
    const settled = pending.map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
    );
    for (const img of pending) img.loading = 'eager';
    await Promise.all(settled);
  });
  // Decoded, so a full-page capture does not paint a placeholder for one.
  await page.evaluate(() => Promise.all([...document.images].map((img) => (img.complete && img.naturalWidth > 0 ? img.decode().catch(() => undefined) : undefined))));
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsDone(page);
}

test.describe.configure({ mode: 'parallel' });

for (const width of [375, 1280]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${width} px, ${colorScheme}`, () => {
      test.use({ viewport: { width, height: 800 }, colorScheme });
      const shown = colorScheme === 'light' ? screens : screens.filter((s) => ['home', 'contact', 'project-admin-portal'].includes(s.name));
      for (const screen of shown) {
        test(`screenshot of ${screen.path}`, async ({ page }) => {
          await settle(page, screen.path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const suffix = colorScheme === 'light' ? '' : '-dark';
          await page.screenshot({ path: path.join(folder, `${screen.name}-${width}${suffix}.png`), fullPage: true, animations: 'disabled' });
        });
      }
    });
  }
}

test.describe('375 px, menu open', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('screenshot of the open menu', async ({ page }) => {
    await settle(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.screenshot({ path: path.join(folder, 'menu-open-375.png'), animations: 'disabled' });
  });
});

test.describe('contact form states', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('screenshot of validation errors', async ({ page }) => {
    await settle(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.screenshot({ path: path.join(folder, 'contact-errors-375.png'), fullPage: true, animations: 'disabled' });
  });
});

test.describe('lightbox open', () => {
  for (const width of [375, 1280]) {
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });
      test('screenshot of the open lightbox', async ({ page }) => {
        await settle(page, '/projects/unc-greensboro');
        await page.getByRole('link', { name: 'Open image 5', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText('5 / 18')).toBeVisible();
        const image = dialog.getByRole('group', { name: '5 of 18' }).getByRole('img', { name: 'UNC Greensboro 5' });
        await expect(image).toBeVisible();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await animationsDone(page);
        await page.screenshot({ path: path.join(folder, `lightbox-open-${width}.png`), animations: 'disabled' });
      });
    });
  }
});
