// A photo's placeholder in Chromium: until the photo arrives, its box shows
// soft gradients of the photo's own colours (CSS, from the generator), drawn
// with no image to decode; once it has loaded, the photo covers them.
import { expect, test } from './support/test';

test('while a photo loads its box shows its colours, and the photo covers them once loaded', async ({ page }) => {
  // No entrance animation: the card is fully opaque from the start.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const held: (() => Promise<void>)[] = [];
  await page.route('**/img/**', (route) => {
    held.push(() => route.continue());
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const img = page.getByRole('region', { name: 'Selected Work' }).locator('article img').first();
  await img.scrollIntoViewIfNeeded();
  const box = await img.boundingBox();
  if (!box) throw new Error('the first card has no image box');

  expect(await img.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^radial-gradient\(/);
  // The box is painted (not the page's backdrop) and not one flat colour: the
  // gradients vary across it.
  const clip = (fx: number, fy: number) => ({ x: box.x + box.width * fx - 4, y: box.y + box.height * fy - 4, width: 8, height: 8 });
  const page0 = await page.screenshot({ clip: { x: 2, y: box.y - 40 > 0 ? box.y - 40 : 2, width: 8, height: 8 } });
  const left = await page.screenshot({ clip: clip(0.15, 0.3) });
  const right = await page.screenshot({ clip: clip(0.85, 0.7) });
  expect(left.equals(page0), 'the placeholder is painted').toBe(false);
  expect(left.equals(right), 'the placeholder varies across the box').toBe(false);
  expect(held.length).toBeGreaterThan(0);

  for (const release of held.splice(0)) await release();
  await page.unroute('**/img/**');
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await img.evaluate((el: HTMLImageElement) => el.decode());
  // Loaded, the photo is drawn over its placeholder: removing the
  // placeholder changes nothing on screen (inside the box: at its edges and
  // the card's rounded corners, anti-aliased pixels blend the two).
  const inside = { x: Math.ceil(box.x) + 16, y: Math.ceil(box.y) + 16, width: Math.floor(box.width) - 32, height: Math.floor(box.height) - 32 };
  const drawn = await page.screenshot({ clip: inside });
  await img.evaluate((el: HTMLElement) => el.style.setProperty('background-image', 'none'));
  expect((await page.screenshot({ clip: inside })).equals(drawn), 'the placeholder shows through the photo').toBe(true);
});
