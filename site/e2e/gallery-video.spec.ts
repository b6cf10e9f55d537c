// docs/site.md §2 "Gallery" and §4: a video in a gallery, in Chromium at 375
// and 1280 px. Its tile shows the poster, a play mark and the duration; the
// lightbox plays it (the browser's controls, no autoplay), seeks through
// ranges that `portfolio serve` answers 206, pauses it on Next and on
// closing, and zooms nothing; axe is clean with it open. Before any
// interaction the page runs no more script than a gallery without video,
// and fetches no video bytes. Without JavaScript the tile is a link to the
// video file, and the video's own page is a player whose preview is its poster.
//
// No gallery of the sample content has a video (the sample's clip is a video
// block of a case study), so the spec builds a variant site
// (support/variants.ts, the one analytics.spec.ts checks without analytics)
// whose one project gets a gallery: two of the logo gallery's images around
// the sample clip (made by tools/sample-video.sh, with its poster). The build
// is cached in .cache/e2e/variants.
import type { Browser, Page } from '@playwright/test';
import { scan } from './support/axe';
import { expect, test, waitForHydration } from './support/test';
import { buildVariant, serveVariant, withoutAnalyticsWithVideo, type Served } from './support/variants';

const slug = 'study-away-resource-page';
const title = 'Study Away Resource Page';
const link = `/projects/${slug}`;
const alt = `${title} 2: A moving test pattern with a running clock`;
const caption = 'Four seconds of a synthetic test pattern and tone';

let served: Served | undefined;
const url = (path: string) => `${served!.origin}${path}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  served = await serveVariant(await buildVariant(withoutAnalyticsWithVideo));
});
test.afterAll(() => served?.stop());

const dialog = (page: Page) => page.getByRole('dialog', { name: `${title} gallery` });
const videoTile = (page: Page) => page.getByRole('link', { name: 'Open video 2' });
const slideVideo = (page: Page) => dialog(page).locator('.yarl__slide_current video');

/** Plays the current slide's video (muted: autoplay policy) and waits until it has played past `seconds`. */
async function playPast(page: Page, seconds: number) {
  await slideVideo(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => slideVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(seconds);
}

async function openPage(browser: Browser, viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test('the video tile: poster, play mark and duration, axe clean; before a click no lightbox script and no video bytes', async ({ browser }) => {
      const { context, page } = await openPage(browser, viewport);
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(served!.origin)) requests.push(new URL(r.url()).pathname);
      });
      await page.goto(url(link));
      const tile = videoTile(page);
      await tile.scrollIntoViewIfNeeded();
      await expect(tile).toBeVisible();
      await expect(tile).toHaveAccessibleDescription('0:04');
      await expect(tile.getByRole('img', { name: alt })).toBeVisible();
      // The poster fills the tile, the duration sits inside it.
      const box = (await tile.boundingBox())!;
      const duration = (await tile.getByText('0:04').boundingBox())!;
      expect(duration.x + duration.width).toBeLessThanOrEqual(box.x + box.width);
      expect(duration.y + duration.height).toBeLessThanOrEqual(box.y + box.height);
      // No script before an interaction: the gallery's inline starter waits
      // for the first approach to a tile, and this site counts no visits
      // (without analytics the page script has nothing to do).
      await page.waitForLoadState('networkidle');
      expect(requests.filter((p) => p.endsWith('.js'))).toEqual([]);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await scan(page);
      }
      // A pointer over the tile loads the lightbox (and nothing of the video:
      // speculation rules leave /video/ alone).
      await tile.hover();
      await expect(page.locator('[data-island="lightbox"][data-island-mounted]')).toHaveCount(1);
      await page.waitForTimeout(500);
      expect(requests.filter((p) => p.startsWith('/video/'))).toEqual([]);
      await context.close();
    });

    test('the lightbox plays the video, seeks through 206 ranges, pauses it on Next and on closing, zooms nothing, axe clean', async ({ browser }) => {
      const { context, page } = await openPage(browser, viewport);
      const ranges: { range: string; status: number; contentRange: string }[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.endsWith('.mp4'))
          ranges.push({ range: r.request().headers().range ?? '', status: r.status(), contentRange: r.headers()['content-range'] ?? '' });
      });
      await page.goto(url(link));
      await waitForHydration(page);
      await videoTile(page).click();
      await expect(dialog(page)).toBeVisible();
      await expect(page).toHaveURL(url(`${link}/photos/2`));
      const video = slideVideo(page);
      await expect(video).toHaveAccessibleName(alt);
      await expect(video).toHaveAttribute('controls', '');
      await expect(video).toHaveAttribute('preload', 'metadata');
      await expect(video).toHaveAttribute('poster', /^\/img\//);
      await expect(dialog(page).getByText(caption)).toBeVisible();
      // It waits to be asked.
      expect(await video.evaluate((v: HTMLVideoElement) => [v.paused, v.autoplay, v.loop, v.muted])).toEqual([true, false, false, false]);
      // Zoom leaves a video alone.
      await expect(dialog(page).getByRole('button', { name: 'Zoom in' })).toBeDisabled();
      await scan(page);

      await playPast(page, 0.3);
      // Seek: to 3 s, from where it plays on.
      await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<void>((resolve) => {
            v.addEventListener('seeked', () => resolve(), { once: true });
            v.currentTime = 3;
          }),
      );
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(3.1);
      expect(await video.evaluate((v: HTMLVideoElement) => [v.seekable.length, Math.round(v.seekable.end(0))])).toEqual([1, 4]);
      // Every request of the file was a range, answered 206 with its part.
      expect(ranges.length).toBeGreaterThan(0);
      for (const r of ranges) {
        expect(r.range).toMatch(/^bytes=\d+-\d*$/);
        expect(r.status).toBe(206);
        expect(r.contentRange).toMatch(/^bytes \d+-\d+\/\d+$/);
      }

      // Next pauses it.
      await video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = 0;
        (window as unknown as { clip: HTMLVideoElement }).clip = v;
      });
      await playPast(page, 0.3);
      await dialog(page).getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(url(`${link}/photos/3`));
      await expect.poll(() => page.evaluate(() => (window as unknown as { clip: HTMLVideoElement }).clip.paused)).toBe(true);
      // An image zooms again.
      await expect(dialog(page).getByRole('button', { name: 'Zoom in' })).toBeEnabled();

      // Closing pauses it too.
      await dialog(page).getByRole('button', { name: 'Previous' }).click();
      await expect(page).toHaveURL(url(`${link}/photos/2`));
      await playPast(page, 0.3);
      // At once, not when the closing fade removes it: the video is still
      // in the page when it pauses (noted by the page itself, so that a
      // slow machine's delay before the next check cannot blur it).
      await video.evaluate((v: HTMLVideoElement) => {
        const w = window as unknown as { clip: HTMLVideoElement; pausedInPage?: boolean };
        w.clip = v;
        v.addEventListener('pause', () => (w.pausedInPage = v.isConnected), { once: true });
      });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.evaluate(() => (window as unknown as { pausedInPage?: boolean }).pausedInPage)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { clip: HTMLVideoElement }).clip.paused)).toBe(true);
      await expect(dialog(page)).toBeHidden();
      await expect(page).toHaveURL(url(link));
      await context.close();
    });

    test('without JavaScript the tile is a link to the video file, and the video page is a player with its poster as preview, axe clean', async ({
      browser,
      request,
    }) => {
      const { context, page } = await openPage(browser, viewport, false);
      await page.goto(url(link));
      const href = await videoTile(page).getAttribute('href');
      expect(href).toMatch(/^\/video\/02-[0-9a-f]{16}\.mp4$/);
      const file = await request.get(url(href!));
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('video/mp4');
      // A part of it, as a player seeking asks.
      const part = await request.get(url(href!), { headers: { Range: 'bytes=1000-1999' } });
      expect(part.status()).toBe(206);
      expect(part.headers()['content-range']).toMatch(/^bytes 1000-1999\/\d+$/);
      // The tile takes the visitor there.
      await videoTile(page).click();
      await expect(page).toHaveURL(url(href!));

      await page.goto(url(`${link}/photos/2`));
      const player = page.getByLabel(alt);
      await expect(player).toBeVisible();
      const poster = await player.getAttribute('poster');
      expect(poster).toMatch(/^\/img\//);
      expect(await player.locator('source').getAttribute('src')).toBe(href);
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(new URL(ogImage!).pathname).toBe(poster);
      await expect(page.getByRole('link', { name: 'The video file (0:04)' })).toHaveAttribute('href', href!);
      await context.close();

      // The same page before its script, for axe (which cannot run with JavaScript off).
      const scripted = await openPage(browser, viewport);
      await scripted.page.route(/\/assets\/islands-[\w-]+\.js$/, (route) => route.abort());
      for (const colorScheme of ['light', 'dark'] as const) {
        await scripted.page.emulateMedia({ colorScheme });
        await scripted.page.goto(url(`${link}/photos/2`));
        await expect(scripted.page.getByText('Video 2 of 3')).toBeVisible();
        await scan(scripted.page);
      }
      await scripted.context.close();
    });
  });
}
