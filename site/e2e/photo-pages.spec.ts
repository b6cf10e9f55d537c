// docs/site.md §2 "Gallery" and "Photo pages", §4 (lightbox), §11: every
// gallery photo has its own address. Opening a photo pushes it, reloading it
// shows that photo, Back closes the viewer and stays on the project; the
// photo's prerendered page carries its own title and og:image and works
// without JavaScript; with it, the page stays a page until the visitor asks
// for the viewer (a click, tap, Enter or Space on the photo, ← →: decision
// 0118); the viewer zooms by keyboard and by pinch, and Share copies the
// address and says so. At 375 and 1280 px, axe clean.
import type { Page } from '@playwright/test';
import { scan } from './support/axe';
import { loader, pageScript, starter } from './support/islands';
import { galleryImagesOf, projects, site } from './support/routes';
import { expect, test, waitForHydration } from './support/test';
import { paths } from '../src/config/paths';

const drone = projects.find((p) => p.slug === 'drone-photography')!;
const images = galleryImagesOf(drone.slug);
const total = images.length;
const photo3 = paths.photo(drone.slug, 3);
const dialog = (page: Page) => page.getByRole('dialog', { name: `${drone.title} gallery` });
const counter = (page: Page) => dialog(page).getByText(/^\d+ \/ \d+$/);

/** The zoom level the viewer shows: the scale of the current slide's zoom wrapper (1 when not zoomed). */
const zoomLevel = (page: Page) =>
  page.evaluate(() => {
    const wrapper = document.querySelector<HTMLElement>('.yarl__slide_current .yarl__slide_wrapper, .yarl__slide_current > div');
    const m = wrapper && getComputedStyle(wrapper).transform.match(/^matrix\(([-\d.]+)/);
    return m ? Number(m[1]) : 1;
  });

/** The page's photo, a button with JavaScript (decision 0118). */
const photoButton = (page: Page) => page.getByRole('button', { name: 'Open in viewer' });

/** A photo's page, opened directly, with its viewer opened on it by a click on the photo. */
async function openOnPhoto(page: Page, url: string) {
  await page.goto(url);
  await photoButton(page).click();
}

/** The address of the largest WebP variant of photo n. */
const largest = (n: number) => images[n - 1]!.srcset!.webp!.split(',').at(-1)!.trim().split(/\s+/)[0]!;

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('open photo 3: the address changes, reload shows photo 3, Back closes the viewer and stays on the project', async ({ page, consoleProblems }) => {
      await page.goto(drone.link);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Open image 3', exact: true }).click();
      await expect(counter(page)).toHaveText(`3 / ${total}`);
      await expect(page).toHaveURL(photo3);
      await expect(page).toHaveTitle(`${drone.title} · 3 of ${total} · ${site.name}`);
      await scan(page);

      await page.reload();
      await expect(counter(page)).toHaveText(`3 / ${total}`);
      await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(drone.link);
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: drone.title })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open image 3', exact: true })).toBeVisible();
      expect(consoleProblems).toEqual([]);
    });

    test('Next replaces the address; Close goes back to the project', async ({ page }) => {
      await page.goto(drone.link);
      await waitForHydration(page);
      const entries = await page.evaluate(() => history.length);
      await page.getByRole('link', { name: 'Open image 6', exact: true }).click();
      await expect(counter(page)).toHaveText(`6 / ${total}`);
      await page.keyboard.press('ArrowRight');
      await expect(counter(page)).toHaveText(`1 / ${total}`);
      await expect(page).toHaveURL(paths.photo(drone.slug, 1));
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(drone.link);
      await expect(page.getByRole('link', { name: 'Open image 6', exact: true })).toBeFocused();
    });

    test("a photo's page opened directly stays a page; a click on the photo opens the viewer on it; closing goes to the project", async ({ page }) => {
      await page.goto(photo3);
      await expect(photoButton(page)).toBeVisible();
      await photoButton(page).click();
      await expect(counter(page)).toHaveText(`3 / ${total}`);
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(drone.link);
      await expect(page.getByRole('heading', { level: 1, name: drone.title })).toBeVisible();
    });

    test("a photo's page: the viewer's photo grows from the page's", async ({ page }) => {
      await openOnPhoto(page, photo3);
      await expect(counter(page)).toHaveText(`3 / ${total}`);
      const slide = dialog(page).locator('.yarl__slide_current img');
      // Grown to its own box: no transform left on it.
      await expect.poll(() => slide.evaluate((img) => img.getAnimations().length)).toBe(0);
      const page3 = page.locator('figure img');
      const [from, to] = [(await page3.boundingBox())!, (await slide.boundingBox())!];
      // Where the window lets the viewer show it larger, it does.
      if (viewport.width > 1000) expect(to.height).toBeGreaterThan(from.height + 50);
    });

    test('zooms by keyboard, up to the largest variant', async ({ page }) => {
      await openOnPhoto(page, photo3);
      await expect(counter(page)).toHaveText(`3 / ${total}`);
      const zoomOut = dialog(page).getByRole('button', { name: 'Zoom out' });
      await expect(zoomOut).toBeDisabled();
      for (let i = 0; i < 6; i++) await page.keyboard.press('+');
      await expect(zoomOut).toBeEnabled();
      await expect.poll(() => zoomLevel(page)).toBeGreaterThan(1.5);
      // Zoomed in all the way, the slide shows the largest variant.
      await expect(dialog(page).locator(`.yarl__slide_current img[src="${largest(3)}"]`)).toHaveCount(1);
      await scan(page);
      await page.keyboard.press('-');
      for (let i = 0; i < 6; i++) await page.keyboard.press('-');
      await expect(zoomOut).toBeDisabled();
    });

    test('Share copies the address where there is no share sheet, and says so', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // Chromium on Linux has no share sheet; made sure of for the fallback.
      await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
      await page.goto(drone.link);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Open image 2', exact: true }).click();
      await expect(counter(page)).toHaveText(`2 / ${total}`);
      await dialog(page).getByRole('button', { name: 'Share this photo' }).click();
      await expect(dialog(page).getByRole('status')).toHaveText('Link to this photo copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(paths.photo(drone.slug, 2), page.url()).href);
      await scan(page);
    });
  });
}

test("a photo's page opens nothing by itself: no viewer, and not its script, without the visitor's intent", async ({ page }) => {
  // The page is complete without its viewer; a visitor who only looks
  // costs nothing more than the page (decision 0118).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(photo3, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  await expect(dialog(page)).toHaveCount(0);
  expect(scripts.filter((s) => s.includes('/lightbox-'))).toEqual([]);
  await expect(page).toHaveURL(photo3);
  // The photo is a button, named and described, with a visible focus ring.
  await expect(photoButton(page)).toHaveAccessibleDescription(images[2]!.alt);
  // Reached with Tab, as any control.
  for (let i = 0; i < 30 && !(await photoButton(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(photoButton(page)).toBeFocused();
  const ring = await photoButton(page)
    .locator('img')
    .evaluate((img) => getComputedStyle(img).outlineStyle);
  expect(ring).toBe('solid');
  // The focus fetched the viewer's script ahead, and still opened nothing.
  await expect.poll(() => scripts.filter((s) => s.includes('/lightbox-')).length).toBe(1);
  await page.waitForTimeout(500);
  await expect(dialog(page)).toHaveCount(0);
});

test("a photo's page requests no script of its own before its first paint: its inline starter fetches the islands loader once the page has loaded", async ({
  page,
}) => {
  // Decision 0122: the loader's request, made with the page's first ones,
  // counted in the first paint's time on a slow link (decision 0118's FCP).
  // Only the analytics page script may come before it: a page view is
  // sent for every page, however soon the visitor leaves (SPEC).
  await page.goto(photo3);
  await waitForHydration(page);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).origin === location.origin && new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
  }));
  expect(timing.firstPaint).toBeGreaterThan(0);
  const early = timing.scripts.filter((s) => !pageScript.includes(s.path) && (s.start < timing.firstPaint || s.start < timing.load));
  expect(early).toEqual([]);
  await expect(starter(page)).toHaveCount(1);
  // The loader did come, after the load, and made the photo a button.
  expect(timing.scripts.map((s) => s.path)).toEqual(expect.arrayContaining(loader));
  await expect(photoButton(page)).toHaveAccessibleDescription(images[2]!.alt);
});

test('a click on the photo, or → on the page, before the islands loader has arrived is held, then opens the viewer there', async ({ page }) => {
  for (const [act, at] of [
    ['click', 3],
    ['ArrowRight', 4],
  ] as const) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`${loader[0]!.replace(/[.]/g, '\\.')}$`), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(photo3);
    // Not a button yet (the loader makes it one): the picture, clicked where it is.
    if (act === 'click') await page.locator('[data-opener]').click();
    else await page.keyboard.press(act);
    await page.waitForTimeout(300);
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(photo3);
    release();
    await expect(counter(page)).toHaveText(`${at} / ${total}`);
    await page.unrouteAll();
  }
});

test("a photo's page opens the viewer on Enter or Space on the photo, and on → or ← at the next or previous photo", async ({ page }) => {
  for (const key of ['Enter', ' ']) {
    await page.goto(photo3);
    await photoButton(page).focus();
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await expect(counter(page)).toHaveText(`3 / ${total}`);
  }
  await page.goto(photo3);
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText(`4 / ${total}`);
  await expect(page).toHaveURL(paths.photo(drone.slug, 4));
  await page.goto(photo3);
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText(`2 / ${total}`);
  await expect(page).toHaveURL(paths.photo(drone.slug, 2));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(drone.link);
});

test.describe('on a touch screen at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('a tap on the photo opens the viewer, where a pinch zooms the photo', async ({ page }) => {
    await page.goto(photo3);
    await photoButton(page).tap();
    await expect(counter(page)).toHaveText(`3 / ${total}`);
    const box = (await dialog(page).locator('.yarl__slide_current img').first().boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - d, y: cy, id: 1 },
                { x: cx + d, y: cy, id: 2 },
              ],
      });
    await touch('touchStart', 20);
    for (let d = 30; d <= 140; d += 10) await touch('touchMove', d);
    await touch('touchEnd', 0);
    await expect.poll(() => zoomLevel(page)).toBeGreaterThan(1.2);
    await expect(dialog(page).getByRole('button', { name: 'Zoom out' })).toBeEnabled();
  });
});

test("the photo's page, as a crawler fetches it, has its own title, description and og:image", async ({ request }) => {
  const html = await (await request.get(photo3)).text();
  const meta = (attr: string) => html.match(new RegExp(`<meta ${attr} content="([^"]*)"`))?.[1];
  const image = images[2]!;
  expect(html).toContain(`<title>${drone.title} · 3 of ${total} · ${site.name}</title>`);
  expect(meta('property="og:title"')).toBe(`${drone.title} · 3 of ${total} · ${site.name}`);
  expect(meta('property="og:image"')).toBe(new URL(image.src, site.url).href);
  expect(meta('property="og:image:alt"')).toBe(image.alt);
  expect(meta('name="description"')).toBe(image.caption);
  expect(meta('property="og:url"')).toBe(new URL(photo3, site.url).href);
  expect(meta('name="robots"')).toBe('noindex, noai, noimageai');
  // The project page keeps its own card.
  const project = await (await request.get(drone.link)).text();
  expect(project.match(/<meta property="og:image" content="([^"]*)"/)?.[1]).not.toBe(new URL(image.src, site.url).href);
  // Photo pages are for sharing, not for search: none is in the sitemap.
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/photos/');
});

test.describe('before its script (as without JavaScript)', () => {
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px the photo's page has no axe violations, light and dark`, async ({ page }) => {
      // The islands loader never arrives: the page stays as its HTML draws it
      // (axe cannot run in a page with JavaScript off).
      await page.route(/\/assets\/islands-[\w-]+\.js$/, (route) => route.abort());
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(photo3);
        await expect(page.getByRole('main').getByText(`Photo 3 of ${total}`)).toBeVisible();
        await scan(page);
        if (process.env.PHOTO_SHOTS) await page.screenshot({ path: `${process.env.PHOTO_SHOTS}/photo-${viewport.width}-${colorScheme}.png`, fullPage: true });
      }
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px the photo's box is its final size before the photo arrives: nothing under it moves`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // Every image held back until the page has been laid out without them.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/img\//, async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await page.goto(photo3, { waitUntil: 'domcontentloaded' });
      const photo = page.getByRole('main').locator('figure img');
      const nav = page.getByRole('navigation', { name: 'Photos' });
      const before = { photo: (await photo.boundingBox())!, nav: (await nav.boundingBox())! };
      release();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const after = { photo: (await photo.boundingBox())!, nav: (await nav.boundingBox())! };
      expect(after.photo.height).toBeGreaterThan(100);
      expect(before).toEqual(after);
      // The whole photo in the window, at its own shape.
      expect(after.photo.height).toBeLessThanOrEqual(viewport.height * 0.75 + 1);
      const { width, height } = images[2]!;
      expect(after.photo.width / after.photo.height).toBeCloseTo(width / height, 1);
    });
  }

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px the photo's page shows it with its caption, and its links work`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(drone.link);
      await page.getByRole('link', { name: 'Open image 3', exact: true }).click();
      await expect(page).toHaveURL(photo3);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: drone.title })).toBeVisible();
      await expect(main.getByText(`Photo 3 of ${total}`)).toBeVisible();
      await expect(main.getByRole('img', { name: images[2]!.alt }).first()).toBeVisible();
      await expect(main.getByText(images[2]!.caption!)).toBeVisible();
      const nav = main.getByRole('navigation', { name: 'Photos' });
      await nav.getByRole('link', { name: 'Next photo' }).click();
      await expect(page).toHaveURL(paths.photo(drone.slug, 4));
      await page.getByRole('navigation', { name: 'Photos' }).getByRole('link', { name: 'Previous photo' }).click();
      await expect(page).toHaveURL(photo3);
      await page.getByRole('navigation', { name: 'Photos' }).getByRole('link', { name: 'Previous photo' }).click();
      await page.getByRole('navigation', { name: 'Photos' }).getByRole('link', { name: 'Previous photo' }).click();
      // Previous from the first wraps to the last, as the viewer does.
      await page.getByRole('navigation', { name: 'Photos' }).getByRole('link', { name: 'Previous photo' }).click();
      await expect(page).toHaveURL(paths.photo(drone.slug, total));
      await page.getByRole('link', { name: 'Open image 2', exact: true }).click();
      await expect(page).toHaveURL(paths.photo(drone.slug, 2));
      await page.getByRole('link', { name: `Back to ${drone.title}` }).click();
      await expect(page).toHaveURL(drone.link);
    });
  }
});
