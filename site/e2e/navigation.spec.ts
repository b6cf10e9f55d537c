// docs/site.md §2 shared elements: the navigation highlights the current route,
// collapses into a toggled menu on small screens (an HTML popover: no
// JavaScript needed), and every route change is a new document, at the top.
import type { Page } from '@playwright/test';
import { site } from './support/routes';
import { expect, test, waitForHydration } from './support/test';
import { paths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

/**
 * Whether the browser exposes the menu button as expanded: a popover's
 * invoker gets its state from the browser, not from an aria-expanded
 * attribute, so it is read from Chromium's accessibility tree.
 */
async function expanded(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value: string }; name?: { value: string }; ignored?: boolean; properties?: { name: string; value: { value: unknown } }[] }[];
  };
  await cdp.detach();
  const node = nodes.find((n) => !n.ignored && n.role?.value === 'button' && n.name?.value === name);
  if (!node) return undefined;
  return node.properties?.find((p) => p.name === 'expanded')?.value.value === true;
}

const navLinks = ['About', 'Contact', 'Graphics', 'Higher Education', 'Photography', 'Web Design'];

test.describe('at 1280 px', () => {
  test('the bar has the brand and the six links; the current one has aria-current="page"', async ({ page }) => {
    await page.goto(paths.category('photography'));
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: site.name, exact: true })).toHaveAttribute('href', '/');
    for (const name of navLinks) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

    await expect(nav.getByRole('link', { name: 'Photography', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]:visible')).toHaveCount(1); // the closed mobile menu's copy is hidden

    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(paths.about);
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Photography', exact: true })).not.toHaveAttribute('aria-current', /.*/);
    await expect(nav.locator('[aria-current="page"]:visible')).toHaveCount(1); // the closed mobile menu's copy is hidden
  });

  test('a navigation from a scrolled page lands at the top of the new document, with its own title', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    // A card near the bottom of the page, then the navigation bar.
    await page.getByRole('link', { name: /College Sports/ }).click();
    await expect(page).toHaveURL(paths.project('college-sports'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('College Sports');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle(/^College Sports/);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Graphics', exact: true }).click();
    await expect(page).toHaveURL(paths.category('graphics'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Graphics');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle(/^Graphics/);
    // Focus starts at the document's start, as on any page: the skip link first.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });

  test('Back and Forward keep working and restore the page', async ({ page }) => {
    await page.goto(paths.about);
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.contact.title);
    await page.goBack();
    await expect(page).toHaveURL(paths.about);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Me');
    await page.goForward();
    await expect(page).toHaveURL(paths.contact);
  });

  test('the skip link is the first tab stop and moves focus to main', async ({ page }) => {
    await page.goto(paths.about);
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next tab stop is inside main, not back in the navigation.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });
});

// Without JavaScript: one context of its own kind, shared by these tests.
test.describe('at 1280 px, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the current link is marked in the prerendered HTML too', async ({ page }) => {
    await page.goto(paths.category('web-design'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Web Design', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the skip link works without JavaScript', async ({ page }) => {
    await page.goto(paths.contact);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at 375 px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled });

    test('the menu toggle opens the menu; choosing a link navigates and closes it', async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      expect(await expanded(page, 'Open menu')).toBe(false);
      const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(menu).toBeHidden();

      await toggle.click();
      const close = page.getByRole('button', { name: 'Close menu' });
      await expect(close).toBeVisible();
      expect(await expanded(page, 'Close menu')).toBe(true);
      await expect(menu).toBeVisible();
      for (const name of navLinks) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      // Focus goes from the button into the menu.
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: 'About', exact: true })).toBeFocused();

      await menu.getByRole('link', { name: 'Higher Education', exact: true }).click();
      await expect(page).toHaveURL(paths.category('higher-education'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Higher Education');
      await expect(menu).toBeHidden();
      // The new document may be a prerendered one just activated: its
      // accessibility tree can lag a moment behind (poll, don't read once).
      await expect.poll(() => expanded(page, 'Open menu')).toBe(false);

      // Reopened, the current page is marked in the menu.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu.getByRole('link', { name: 'Higher Education', exact: true })).toHaveAttribute('aria-current', 'page');
    });

    test('Escape closes the menu and focus goes back to its button; the toggle closes it too', async ({ page }) => {
      await page.goto(paths.about);
      const menu = page.locator('#mobile-menu');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();
    });

    test('the navigation links are hidden from the bar on small screens', async ({ page }) => {
      await page.goto(paths.about);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    });
  });
}
