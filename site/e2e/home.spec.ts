// docs/site.md §2 Home: the hero's two calls to action and the Selected Work grid.
import { featuredTitles, site } from './support/routes';
import { columnCount, expect, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

const work = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Selected Work' });

// The read-only checks of / share one visit, a step each.
test('the hero shows the name, both taglines and its social links (new tabs); Selected Work shows exactly the six featured and active projects; the scroll is smooth, and instant under reduced motion', async ({
  page,
}) => {
  walkTimeout(4);
  await page.goto('/');
  await walkStep('the hero shows the name and both taglines', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
    await expect(page.getByText('UX/UI Designer · Frontend Developer').first()).toBeVisible();
    await expect(page.getByText('Crafting intuitive, human-centered, digital products')).toBeVisible();
  });
  await walkStep('the hero social links open in a new tab', async () => {
    const hero = page.getByRole('region', { name: site.name });
    const links = hero.getByRole('link', { name: /opens in a new tab/ });
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });
  await walkStep('Selected Work shows exactly the six featured and active projects', async () => {
    const titles = await work(page).getByRole('article').getByRole('heading').allTextContents();
    expect([...titles].sort()).toEqual([...featuredTitles].sort());
    await expect(work(page).getByText('Telehealth Readiness Assessment')).toHaveCount(0);
  });
  // Last: it changes the emulated media.
  await walkStep('the scroll is smooth, and instant under reduced motion (CSS scroll-behavior)', async () => {
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });
    test("'View My Work' (an in-page link) scrolls the Selected Work section into view", async ({ page }) => {
      await page.goto('/');
      const heading = work(page).getByRole('heading', { name: 'Selected Work' });
      // Distance from the bottom of the fixed bar to the heading.
      const belowBar = async () => {
        const box = await heading.boundingBox();
        const bar = await page.getByRole('banner').boundingBox();
        return box && bar ? Math.round(box.y - (bar.y + bar.height)) : Number.NaN;
      };
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await belowBar()).toBeGreaterThan(200);

      await expect(page.getByRole('link', { name: 'View My Work' })).toHaveAttribute('href', '#work');
      await page.getByRole('link', { name: 'View My Work' }).click();
      // Once the smooth scroll settles the heading sits near the top, under the
      // bar: in view, not hidden behind it.
      await expect.poll(belowBar).toBeGreaterThanOrEqual(0);
      await expect.poll(belowBar).toBeLessThanOrEqual(120);
      await expect(heading).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    });
  });
}

test("'Get in Touch' goes to /contact", async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Get in Touch' }).click();
  await expect(page).toHaveURL(paths.contact);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.contact.title);
});

for (const [width, columns] of [
  [375, 1],
  [700, 2],
  [1280, 3],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test(`Selected Work is laid out in ${columns} column(s)`, async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      await expect(work(page).getByRole('article')).toHaveCount(6);
      expect(await columnCount(work(page).getByRole('article'))).toBe(columns);
    });
  });
}

// docs/site.md §12: the first layout covers the first screen; the cards' text
// below it and the footer are laid out when they come near (content-visibility).
test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test("the first layout leaves out the lower cards' text and the footer, laid out once scrolled to, nothing wider than the screen", async ({ page }) => {
    await page.goto('/');
    const skipped = (locator: import('@playwright/test').Locator) => locator.evaluate((el) => !el.checkVisibility({ contentVisibilityAuto: true }));
    const lastTitle = work(page).getByRole('article').last().getByRole('heading');
    const copyright = page.getByRole('contentinfo').getByText(/All rights reserved/);
    expect(await skipped(work(page).getByRole('article').first().getByRole('heading'))).toBe(false);
    expect(await skipped(lastTitle)).toBe(true);
    expect(await skipped(copyright)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

    await lastTitle.scrollIntoViewIfNeeded();
    await expect.poll(() => skipped(lastTitle)).toBe(false);
    await copyright.scrollIntoViewIfNeeded();
    await expect.poll(() => skipped(copyright)).toBe(false);
    await expect(copyright).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});
