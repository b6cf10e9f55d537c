// Keyboard focus is visible on every focusable element of every page kind
// (WCAG 2.4.7), judged by its pixels as WCAG 2.2's focus appearance (2.4.13)
// judges it: a walk with Tab takes each element's picture focused and
// unfocused, and the pixels that changed with a contrast of at least 3:1
// between the two states must cover at least the area of a 2 px perimeter
// of the element. Not a class name or a computed style: what a sighted
// keyboard user sees. Without JavaScript on every page kind, and with it on
// the pages whose islands draw focus themselves (the contact form, the
// lightbox), at 375 and 1280 px, in both colour schemes.
import type { Locator, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { blockOf, galleryImagesOf, missingPath, projects, site } from './support/routes';
import { animationsDone, expect, test, waitForHydration } from './support/test';
import { paths } from '../src/config/paths';

/** A gallery project, a project with a document link and one with an embedded prototype: the project page's kinds. */
const galleryProject = projects.find((p) => p.active && galleryImagesOf(p.slug).length > 1)!;
const documentProject = projects.find((p) => p.active && blockOf(p.slug, 'document'))!;
const prototypeProject = projects.find((p) => p.active && blockOf(p.slug, 'prototype'));

/** One page of each kind. */
const pageKinds = [
  paths.home,
  paths.about,
  paths.contact,
  paths.category(galleryProject.page),
  galleryProject.link,
  documentProject.link,
  ...(prototypeProject ? [prototypeProject.link] : []),
  missingPath,
];

const widths = [375, 1280] as const;
const schemes = ['light', 'dark'] as const;

/** How far around an element its indicator may be drawn (an outline with its offset, a text field's border). */
const margin = 20;

// WCAG 2.x relative luminance and contrast ratio.
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (d: Buffer, i: number) => 0.2126 * channel(d[i]!) + 0.7152 * channel(d[i + 1]!) + 0.0722 * channel(d[i + 2]!);
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Focused {
  /** What the walk reached, for failure messages: tag, name and target. */
  label: string;
  /** Its tag and classes: elements alike in both are styled alike (the gallery's tiles, a grid's cards). */
  look: string;
  /** The element's own box, in the viewport. */
  box: Box;
  /** Its corners' radius: a rounded shape's perimeter is shorter than its box's. */
  radius: number;
  viewport: { width: number; height: number };
}

/**
 * The focused element, described, centred in the viewport (so its
 * indicator is in the picture whole), with its box there.
 */
async function describeFocused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    // Under reduced motion the theme gives every property a 0.01 ms
    // transition: a picture taken in that instant shows the old state.
    for (const animation of document.getAnimations()) if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    const r = el.getBoundingClientRect();
    // The corner radius of the shape the element draws: its own, or that of
    // an ancestor of the same box (a text field's input and its outline).
    let radius = 0;
    for (let box: Element | null = el; box; box = box.parentElement) {
      const b = box.getBoundingClientRect();
      if (Math.abs(b.width - r.width) > 3 || Math.abs(b.height - r.height) > 3) break;
      radius = Math.max(radius, Number.parseFloat(getComputedStyle(box).borderTopLeftRadius) || 0);
    }
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('title') ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const target = el.getAttribute('href') ?? el.getAttribute('name') ?? el.id;
    return {
      label: `<${el.tagName.toLowerCase()}> "${name}"${target ? ` (${target})` : ''}`,
      look: `${el.tagName} ${el.className}`,
      box: { x: r.x, y: r.y, width: r.width, height: r.height },
      radius: Math.min(radius, r.width / 2, r.height / 2),
      viewport: { width: innerWidth, height: innerHeight },
    };
  });
}

/** The element's box grown by `margin`, kept inside the viewport. */
function clipOf({ box, viewport }: Focused): Box {
  const x = Math.max(0, Math.floor(box.x - margin));
  const y = Math.max(0, Math.floor(box.y - margin));
  const right = Math.min(viewport.width, Math.ceil(box.x + box.width + margin));
  const bottom = Math.min(viewport.height, Math.ceil(box.y + box.height + margin));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The area of a 2 px thick perimeter of the element (2.4.13's minimum), over
 * the sides of it that are inside the viewport (the part of an indicator
 * that can be seen), its rounded corners taken off.
 */
function perimeterArea({ box, radius, viewport }: Focused): number {
  const left = Math.max(0, box.x);
  const right = Math.min(viewport.width, box.x + box.width);
  const top = Math.max(0, box.y);
  const bottom = Math.min(viewport.height, box.y + box.height);
  const w = Math.max(0, right - left);
  const h = Math.max(0, bottom - top);
  const sides = [box.y >= 0 ? w : 0, box.y + box.height <= viewport.height ? w : 0, box.x >= 0 ? h : 0, box.x + box.width <= viewport.width ? h : 0];
  const corners = sides.every((side) => side > 0) ? (8 - 2 * Math.PI) * radius : 0;
  return 2 * (sides.reduce((a, b) => a + b, 0) - corners);
}

/**
 * The share of that area the changed pixels must reach: the pixels along a
 * curve are antialiased, and a few of a 2 px border's come out under 3:1
 * although the border covers the area (a text field's 2 px border: 99.7 %).
 */
const antialiasing = 0.95;

/** Pixels of the clip whose colour changed between the two states with a contrast of 3:1 or more. */
function contrastingChange(focused: Buffer, unfocused: Buffer): number {
  const a = PNG.sync.read(focused);
  const b = PNG.sync.read(unfocused);
  if (a.width !== b.width || a.height !== b.height) throw new Error('the two pictures differ in size');
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] && a.data[i + 2] === b.data[i + 2]) continue;
    if (contrast(luminance(a.data, i), luminance(b.data, i)) >= 3) count++;
  }
  return count;
}

const shot = (page: Page, clip: Box) => page.screenshot({ clip, animations: 'disabled', caret: 'hide', scale: 'css' });

/**
 * Checks the focused element: its picture focused against its picture once
 * focus has left it (blur keeps the sequential focus navigation starting
 * point, so the next Tab goes on from it). Returns a failure line, or null.
 */
async function checkFocused(page: Page, focused: Focused): Promise<string | null> {
  const clip = clipOf(focused);
  if (clip.width <= 0 || clip.height <= 0) return `${focused.label}: focused but outside the viewport`;
  const on = await shot(page, clip);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const animation of document.getAnimations()) if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
  });
  const off = await shot(page, clip);
  const changed = contrastingChange(on, off);
  const needed = perimeterArea(focused);
  return changed >= needed * antialiasing ? null : `${focused.label}: ${changed} px change at 3:1, ${Math.round(needed)} px needed`;
}

/**
 * Tabs through the page from the top, checking each look of element once
 * (one tile of a gallery, one card of a grid; the navigation's and the
 * footer's links on the first page of the walk only), until focus leaves
 * the document (or `within`) or comes back to the first element. Returns the
 * failures.
 */
async function tabWalk(page: Page, seen: Set<string>, reached: string[], within?: Locator): Promise<string[]> {
  const failures: string[] = [];
  let first: string | undefined;
  for (let step = 0; step < 120; step++) {
    await page.keyboard.press('Tab');
    const focused = await describeFocused(page);
    if (!focused) break;
    if (within && !(await within.evaluate((w) => w.contains(document.activeElement)))) break;
    if (focused.label === first) break;
    first ??= focused.label;
    reached.push(focused.label);
    if (seen.has(focused.look)) continue;
    seen.add(focused.look);
    const failure = await checkFocused(page, focused);
    if (failure) failures.push(failure);
  }
  return failures;
}

/** Checks that the walk got to each kind of element it is meant to check, so an early stop cannot pass for a clean page. */
function expectReached(reached: string[], names: readonly string[]) {
  const missing = names.filter((name) => !reached.some((label) => label.includes(name)));
  expect(missing, `the walk never reached these (it reached ${reached.length} elements)`).toEqual([]);
}

async function settle(page: Page) {
  await animationsDone(page);
  await page.evaluate(() => document.fonts.ready);
}

for (const width of widths) {
  for (const scheme of schemes) {
    test.describe(`${width} px, ${scheme}`, () => {
      // Reduced motion: a focused element scrolls into view at once (the
      // ring itself does not move), so its pictures are taken where it stays.
      test.use({ viewport: { width, height: width < 600 ? 740 : 800 }, colorScheme: scheme, reducedMotion: 'reduce' });

      test('without JavaScript, every page kind: each focusable element shows focus', async ({ browser }) => {
        test.setTimeout(pageKinds.length * 30_000);
        const context = await browser.newContext({
          javaScriptEnabled: false,
          viewport: { width, height: width < 600 ? 740 : 800 },
          colorScheme: scheme,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const seen = new Set<string>();
        const reached: string[] = [];
        const failures: string[] = [];
        for (const path of pageKinds) {
          await test.step(path, async () => {
            await page.goto(path);
            await settle(page);
            failures.push(...(await tabWalk(page, seen, reached)).map((f) => `${path}: ${f}`));
            if (width < 900 && path === paths.home) {
              // The menu's links: the button opens the panel (a popover) from the keyboard.
              const button = page.getByRole('button', { name: 'Open menu' });
              await button.focus();
              await page.keyboard.press('Enter');
              await expect(page.locator('#mobile-menu')).toBeVisible();
              failures.push(...(await tabWalk(page, seen, reached, page.locator('#mobile-menu'))).map((f) => `${path} (menu open): ${f}`));
              await page.keyboard.press('Escape');
            }
          });
        }
        await context.close();
        expectReached(reached, [
          'Skip to content',
          site.name,
          width < 900 ? 'Open menu' : 'About',
          'About',
          'View My Work',
          'Get in Touch',
          galleryProject.title,
          'Open image 1',
          'Send Message',
          'Return to Home',
          ...Object.values(site.social ?? {}).map((link: { label: string }) => link.label),
        ]);
        expect(failures, `focus that cannot be seen:\n${failures.join('\n')}`).toEqual([]);
      });

      test('with JavaScript, the islands: the contact form and the open lightbox', async ({ page }) => {
        const seen = new Set<string>();
        const reached: string[] = [];
        const failures: string[] = [];
        await page.goto(paths.contact);
        await waitForHydration(page);
        await settle(page);
        failures.push(...(await tabWalk(page, seen, reached)).map((f) => `${paths.contact}: ${f}`));

        await page.goto(galleryProject.link);
        await waitForHydration(page);
        await settle(page);
        const tile = page.getByRole('link', { name: 'Open image 1', exact: true });
        await tile.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await settle(page);
        failures.push(...(await tabWalk(page, seen, reached, dialog)).map((f) => `${galleryProject.link} (lightbox): ${f}`));
        expectReached(reached, ['Send Message', 'Close', 'Previous', 'Next']);
        expect(failures, `focus that cannot be seen:\n${failures.join('\n')}`).toEqual([]);
      });
    });
  }
}
