// Islands (issue 12): every page is HTML and CSS first; a page requests only
// the scripts of the islands it has, each when it is needed. Compared by
// file names from the client build's manifest, never by timings.
import { missingPath, projects, site } from './support/routes';
import { contactIsland, expectedBefore, lightboxIsland, loader, scriptLog, sorted, starter } from './support/islands';
import { describeProblems, expect, test, waitForHydration } from './support/test';
import { paths } from '../src/config/paths';

// The walk over every route (the scripts each page requests before any
// interaction are its islands, with the gallery's starter on the gallery
// pages only) shares its visits with the other checks made with JavaScript
// on every route: routes.spec.ts, "with JavaScript".

test('a gallery page loads the loader and the lightbox island on the first pointer over a tile, and nothing before', async ({ page }) => {
  const scripts = scriptLog(page);
  await page.goto(paths.project('unc-greensboro'));
  await waitForHydration(page);
  expect(scripts()).toEqual(expectedBefore(paths.project('unc-greensboro')));
  await expect(starter(page)).toHaveCount(1);
  // Over the page but not a tile: still nothing.
  await page.getByRole('heading', { level: 1 }).hover();
  await page.waitForLoadState('networkidle');
  expect(scripts()).toEqual(expectedBefore(paths.project('unc-greensboro')));
  await page.getByRole('link', { name: 'Open image 2', exact: true }).hover();
  await expect.poll(scripts).toEqual(sorted([...expectedBefore(paths.project('unc-greensboro')), ...loader, ...lightboxIsland]));
  await expect(page.locator('[data-island="lightbox"]')).toHaveAttribute('data-island-mounted', '');
});

test("a click that comes before any pointer or focus (assistive technology) opens the lightbox at that tile, not the photo's page", async ({ page }) => {
  const scripts = scriptLog(page);
  await page.goto(paths.project('unc-greensboro'));
  await waitForHydration(page);
  // A click event alone, as a screen reader's activation may send it.
  await page.getByRole('link', { name: 'Open image 3', exact: true }).dispatchEvent('click', { button: 0 });
  await expect(page.getByRole('dialog')).toBeVisible();
  // The photo's address, pushed by the island over the same document.
  await expect(page).toHaveURL(paths.photo('unc-greensboro', 3));
  // Still the project's document (its tiles, hidden behind the dialog), not a page load.
  await expect(page.locator('a[data-index="2"]')).toBeAttached();
  expect(scripts()).toEqual(sorted([...expectedBefore(paths.project('unc-greensboro')), ...loader, ...lightboxIsland]));
  await expect(page.getByRole('dialog').getByRole('img', { name: /3/ }).first()).toBeVisible();
});

test('a click on a tile while the loader is on its way is held, then opens the lightbox at that tile', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(loader[0]!.replace(/[.]/g, '\\.')), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(paths.project('unc-greensboro'));
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Open image 2', exact: true }).click();
  // The click did not follow the tile's link to the photo's page.
  await expect(page).toHaveURL(new RegExp(`${paths.project('unc-greensboro')}$`));
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(paths.photo('unc-greensboro', 2));
});

test('the contact island hydrates without a mismatch or any console problem', async ({ page, consoleProblems }) => {
  await page.goto(paths.contact);
  await waitForHydration(page);
  await expect(page.locator('[data-island="contact"]')).toHaveAttribute('data-island-mounted', '');
  expect(consoleProblems, describeProblems(consoleProblems)).toEqual([]);
});

test('text typed before the contact island hydrates is kept', async ({ page }) => {
  // The island's chunk is held back until the visitor has typed.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(contactIsland[0]!.replace(/[.]/g, '\\.')), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(paths.contact);
  await page.getByRole('textbox', { name: 'Name' }).fill('Typed early');
  release();
  await expect(page.locator('[data-island="contact"]')).toHaveAttribute('data-island-mounted', '');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Typed early');
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("gallery tiles are links to each photo's own page", async ({ page }) => {
    await page.goto(paths.project('drone-photography'));
    const tiles = page.getByRole('main').getByRole('link', { name: /^Open image \d+$/ });
    await expect(tiles).toHaveCount(6);
    for (let n = 1; n <= 6; n++) await expect(tiles.nth(n - 1)).toHaveAttribute('href', paths.photo('drone-photography', n));
    await tiles.first().click();
    await expect(page).toHaveURL(paths.photo('drone-photography', 1));
    await expect(page.getByRole('main').getByText('Photo 1 of 6')).toBeVisible();
  });

  test('links between pages work, and the not-found page links home', async ({ page }) => {
    await page.goto(missingPath);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.name);
    await page.getByRole('link', { name: 'Get in Touch' }).click();
    await expect(page).toHaveURL(paths.contact);
    const first = projects.find((p) => p.featured && p.active)!;
    await page.goto('/');
    await page
      .getByRole('link', { name: new RegExp(first.title) })
      .first()
      .click();
    await expect(page).toHaveURL(first.link);
  });

  // `portfolio serve` accepts a post at any path and answers a browser in HTML, as the host does.
  test('the contact form posts natively and lands on /contact/sent/', async ({ page }) => {
    await page.goto(paths.contact);
    await page.getByRole('textbox', { name: 'Name' }).fill('No Script');
    await page.getByRole('textbox', { name: 'Email' }).fill('noscript@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Sent without JavaScript.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(paths.contactSent);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent successfully!');
  });

  test('an invalid native post comes back with the messages under the fields and the text kept', async ({ page }) => {
    await page.goto(paths.contact);
    await page.getByRole('textbox', { name: 'Name' }).fill('No Script');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address@x');
    await page.getByRole('textbox', { name: 'Message' }).fill('Kept.');
    // Native constraints pass ("x" is a valid host for the browser); the server's rules do not.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('[data-error-for="email"]')).toHaveText('Invalid email address');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('No Script');
    await expect(page.getByRole('alert')).toHaveText('Please correct the fields below.');
  });

  test('/contact/sent/ is a page of its own, kept out of search', async ({ page }) => {
    await page.goto(paths.contactSent);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent successfully!');
    await expect(page.locator('head > meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

test('navigation is prepared by speculation rules and smoothed by a view transition, off under reduced motion', async ({ page, request }) => {
  await page.goto('/');
  // Nothing is loaded ahead before the visitor shows intent (pointer-down or
  // touch): no rule that a hover or a phone's viewport heuristics would start.
  const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? '{}') as Record<string, { eagerness: string }[]>;
  expect(Object.values(rules).flatMap((list) => list.map((rule) => rule.eagerness))).toEqual(['conservative']);
  expect(rules.prerender).toHaveLength(1);
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'inline-speculation-rules'");
  const viewTransition = () =>
    page.evaluate(() =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some(
          (rule) => rule instanceof CSSMediaRule && window.matchMedia(rule.conditionText).matches && rule.cssText.includes('@view-transition'),
        ),
      ),
    );
  expect(await viewTransition()).toBe(true);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await viewTransition()).toBe(false);
});
