// docs/site.md §2 "Project pages": every project page shows its title and a back
// link to its category, with and without JavaScript; web-design case studies
// show role, technologies, hero image and their four sections; the inactive
// project keeps its page but is hidden from listings and crawlers; external
// documents and the embedded prototype open in a new tab.
import type { Locator, Page } from '@playwright/test';
import type { RichText } from '../src/generated/content';
import { blockOf, projects } from './support/routes';
import { expect, test, waitForHydration, walkStep, walkTimeout } from './support/test';
import { paths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** docs/site.md §2: the web-design projects that are case studies (all of them but the telehealth assessment). */
const caseStudySlugs = [
  'admin-portal',
  'media-annotation-tool',
  'mobile-call-review',
  'interactive-survey-platform',
  'research-community',
  'corporate-engagement',
];

/** The text of a rich text's first paragraph (or first list item), as a reader sees it. */
function firstText(text: RichText): string {
  type Inline = (RichText[number] & { kind: 'paragraph' })['children'][number];
  const flatten = (inline: Inline): string =>
    typeof inline === 'string' ? inline : inline.kind === 'code' ? inline.text : inline.children.map(flatten).join('');
  const block = text[0];
  const inlines = !block ? undefined : block.kind === 'paragraph' ? block.children : block.items[0];
  if (!inlines) throw new Error('empty rich text');
  return inlines.map(flatten).join('');
}

/** A link that opens in a new tab that cannot reach back, and says so to screen readers. */
async function expectNewTabLink(link: Locator, href: string) {
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
}

// Every project page's title, its back link to its category (with
// JavaScript off and on) and its external links opening in a new tab are
// checked by the walks of routes.spec.ts, which visit each page once per mode.

test('the case studies are the web-design projects with a case-study block', () => {
  const withCaseStudy = projects.filter((p) => blockOf(p.slug, 'caseStudy')).map((p) => p.slug);
  expect([...withCaseStudy].sort()).toEqual([...caseStudySlugs].sort());
  for (const slug of withCaseStudy) expect(projects.find((p) => p.slug === slug)?.page).toBe('web-design');
});

test.describe('case studies', () => {
  test('each shows role, technologies, hero image and the four sections', async ({ page }) => {
    walkTimeout(caseStudySlugs.length);
    for (const slug of caseStudySlugs) {
      await walkStep(`/projects/${slug}`, async () => {
        const block = blockOf(slug, 'caseStudy');
        if (!block) throw new Error(`${slug} has no case study`);
        await page.goto(paths.project(slug));
        await waitForHydration(page);
        const main = page.getByRole('main');

        const hero = main.getByRole('img', { name: block.hero.alt, exact: true });
        await expect(hero).toBeVisible();
        await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `${slug}: the hero image loads`).toBe(true);

        await expect(main.getByRole('term')).toHaveText(['Role', 'Technologies']);
        await expect(main.getByRole('definition').first()).toHaveText(block.role);
        await expect(main.getByRole('list', { name: 'Technologies' }).getByRole('listitem')).toHaveText([...block.technologies]);

        const sections = ['Overview', 'Challenge', 'Solution', 'Impact'] as const;
        const h2s = await main.getByRole('heading', { level: 2 }).allTextContents();
        expect(
          h2s.filter((h) => (sections as readonly string[]).includes(h)),
          slug,
        ).toEqual([...sections]);
        for (const heading of sections) {
          const section = main.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
          await expect(section).toBeVisible();
          await expect(section).toContainText(firstText(block[heading.toLowerCase() as Lowercase<typeof heading>]));
        }
      });
    }
  });
});

test.describe('/projects/telehealth-assessment (inactive)', () => {
  const slug = 'telehealth-assessment';
  const path = `/projects/${slug}`;
  const title = projects.find((p) => p.slug === slug)?.title ?? '';

  test('is inactive in the content', () => {
    expect(projects.find((p) => p.slug === slug)?.active).toBe(false);
  });

  test('shows its captioned screenshots as figures', async ({ page }) => {
    const block = blockOf(slug, 'screenshots');
    expect(block?.items.length, 'the page has screenshots').toBeGreaterThan(0);
    await page.goto(path);
    await waitForHydration(page);
    await expect(h1(page)).toHaveText(title);
    const figures = page.getByRole('main').getByRole('figure');
    await expect(figures).toHaveCount(block!.items.length);
    for (const [i, shot] of block!.items.entries()) {
      const figure = figures.nth(i);
      await expect(figure.getByRole('img', { name: shot.alt, exact: true })).toBeVisible();
      await expect(figure.locator('figcaption')).toHaveText(shot.caption);
      await expect(figure).toHaveAccessibleName(shot.caption);
    }
  });

  test('carries robots noindex, before and after hydration; active projects do not', async ({ page, request }) => {
    for (const p of projects) {
      const html = await (await request.get(p.link)).text();
      const robots = /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
      if (p.active) expect(robots ?? '', `${p.link} is indexable`).not.toMatch(/noindex/);
      else expect(robots, `${p.link} is not indexed`).toMatch(/noindex/);
    }
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('head > meta[name="robots"]')).toHaveCount(1);
    await expect(page.locator('head > meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('is absent from the sitemap', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(paths.project('admin-portal'));
    expect(sitemap).not.toContain(path);
  });

  for (const listing of ['/', paths.category('web-design')]) {
    test(`is not listed on ${listing}`, async ({ page }) => {
      await page.goto(listing);
      await waitForHydration(page);
      // The listing is there (Admin Portal is featured and a web-design project)…
      await expect(page.getByRole('main').getByRole('heading', { name: 'Admin Portal', exact: true })).toBeVisible();
      // …without the inactive project, by title or by link.
      await expect(page.getByRole('main').getByText(title)).toHaveCount(0);
      const hrefs = await page.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
      expect(hrefs).not.toContain(path);
    });
  }
});

test.describe('documents of the project folder', () => {
  for (const [slug, label] of [
    ['study-away-resource-page', 'Read the Resource Page'],
    ['scholarship-of-practice-briefing-memo', 'Read the Memo'],
  ] as const) {
    test(`/projects/${slug}: "${label}" opens the published PDF in a new tab`, async ({ page }) => {
      const block = blockOf(slug, 'document');
      expect(block?.label).toBe(label);
      const file = block!.file!;
      await page.goto(paths.project(slug));
      await waitForHydration(page);
      const link = page.getByRole('main').getByRole('link', { name: label });
      await expect(link).toHaveCount(1);
      await expectNewTabLink(link, file.href);
      await expect(link).toHaveAccessibleName(`${label} (PDF, ${file.size}) (opens in a new tab)`);
      // The build published it: a real PDF of that size, cached like the other hashed files.
      const res = await page.request.get(file.href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect(res.headers()['cache-control']).toContain('immutable');
      const body = await res.body();
      expect(body.length).toBe(file.bytes);
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  }
});

test.describe('/projects/mobile-call-review prototype', () => {
  test('embeds the prototype in a titled, lazy, sandboxed frame with a link to open it in a new tab', async ({ page }) => {
    const block = blockOf('mobile-call-review', 'prototype');
    if (!block) throw new Error('mobile-call-review has no prototype block');
    await page.goto(paths.project('mobile-call-review'));
    await waitForHydration(page);
    const frames = page.getByRole('main').locator('iframe');
    await expect(frames).toHaveCount(1);
    const frame = page.getByTitle(block.title, { exact: true });
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('src', block.url);
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).toBeVisible();
    const box = await frame.boundingBox();
    expect(box?.width ?? 0, 'the frame has room').toBeGreaterThan(200);
    expect(box?.height ?? 0, 'the frame has room').toBeGreaterThan(200);
    await expectNewTabLink(page.getByRole('main').getByRole('link', { name: /^Open the prototype/ }), block.url);
  });
});
