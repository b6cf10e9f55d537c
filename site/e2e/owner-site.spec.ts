// An owner's site that is not the sample (issue 26, docs/site.md §2): the
// owner declares categories of their own in site.yaml, one of them without
// a project (left out) and one kept while empty (keepWhenEmpty), and
// features nothing. The navigation, routes, not-found page, sitemap, social
// cards, breadcrumbs, back links and the home page follow the declaration,
// and the pages stay axe clean.
//
// The spec builds that site once, with the real `portfolio build`, in a
// scratch copy of the repository's site sources (support/scratch-site.ts),
// and serves it with `portfolio serve` on a port of its own.
// Its projects are three of the sample's, moved into the owner's
// categories. SCRATCH_SITE_KEEP=1 keeps the scratch folder for a look.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { scan } from './support/axe';
import { buildAndServe, repo, scratchFolder, type ScratchSite } from './support/scratch-site';
import { expect, test, waitForHydration } from './support/test';

/** Where `portfolio serve` answers, once beforeAll has started it. */
let origin = '';
const owner = 'Sam Rivera';
const siteUrl = 'https://samrivera.example';

interface OwnerCategory {
  slug: string;
  title: string;
  /** The back link's label, as the site shows it. */
  backLink: string;
  projects: { slug: string; title: string }[];
  keepWhenEmpty?: boolean;
}

/** The owner's categories, in the order site.yaml declares them. */
const categories: OwnerCategory[] = [
  { slug: 'identity', title: 'Identity', backLink: 'All Identity Work', projects: [{ slug: 'data-project-logos', title: 'Data Project Logos' }] },
  { slug: 'posters', title: 'Posters', backLink: 'All Posters Projects', projects: [] },
  {
    slug: 'studio',
    title: 'Studio Notes',
    backLink: 'All Studio Notes Projects', // the default label: site.yaml gives none
    projects: [
      { slug: 'scholarship-of-practice-briefing-memo', title: 'Scholarship of Practice Briefing Memo' },
      { slug: 'study-away-resource-page', title: 'Study Away Resource Page' },
    ],
  },
  { slug: 'sketchbook', title: 'Sketchbook', backLink: 'All Sketchbook Projects', projects: [], keepWhenEmpty: true },
];
const built = categories.filter((c) => c.projects.length > 0 || c.keepWhenEmpty);
const projects = categories.flatMap((c) => c.projects.map((p) => ({ ...p, category: c, link: `/projects/${p.slug}` })));
const kept = categories.find((c) => c.keepWhenEmpty)!;

const categoriesYaml = `categories:
  - slug: identity
    title: Identity
    description: Identity work by ${owner}.
    blurb: Logos and marks for research projects.
    backLink: All Identity Work
    columns: {sm: 2, md: 3}
  - slug: posters
    title: Posters
    description: Posters by ${owner}.
  - slug: studio
    title: Studio Notes
    description: Notes from the studio by ${owner}.
    columns: {sm: 2, md: 2}
  - slug: sketchbook
    title: Sketchbook
    description: Sketches by ${owner}.
    keepWhenEmpty: true
`;

let site: ScratchSite | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const folder = scratchFolder('portfolio-owner-');
  // The sample's image variants, so that the build makes none again.
  for (const dir of ['.cache/images', 'site/public/img']) {
    if (existsSync(path.join(repo, dir))) cpSync(path.join(repo, dir), path.join(folder.work, dir), { recursive: true });
  }

  // The owner's content: the sample's settings under another name, with
  // the owner's categories and no projectOrder, and three of the sample's
  // projects, moved into them, none featured.
  const { content } = folder;
  const sample = readFileSync(path.join(repo, 'content', 'site.yaml'), 'utf8');
  const start = sample.search(/^categories:$/m);
  const end = sample.search(/^# Gallery columns/m);
  if (start < 0 || end < start || !/^name: .*$/m.test(sample) || !/^url: .*$/m.test(sample)) {
    throw new Error('content/site.yaml no longer has name, url, categories and the gallery comment after them');
  }
  mkdirSync(content, { recursive: true });
  writeFileSync(
    path.join(content, 'site.yaml'),
    (sample.slice(0, start) + categoriesYaml + '\n' + sample.slice(end)).replace(/^name: .*$/m, `name: ${owner}`).replace(/^url: .*$/m, `url: ${siteUrl}`),
  );
  for (const p of projects) {
    const dir = path.join(content, 'projects', p.slug);
    cpSync(path.join(repo, 'content', 'projects', p.slug), dir, { recursive: true });
    const yaml = readFileSync(path.join(dir, 'project.yaml'), 'utf8');
    if (!/^page: .*$/m.test(yaml) || !/^featured: .*$/m.test(yaml)) throw new Error(`${p.slug}/project.yaml no longer has page and featured`);
    writeFileSync(path.join(dir, 'project.yaml'), yaml.replace(/^page: .*$/m, `page: ${p.category.slug}`).replace(/^featured: .*$/m, 'featured: false'));
  }

  // Validate's warnings about the empty category and the home page are
  // expected: the build's output is shown only when it fails.
  site = await buildAndServe(folder);
  origin = site.origin;
});

test.afterAll(() => site?.stop());

/** The page's HTML as served, with the status it must have. */
async function html(request: APIRequestContext, route: string, status = 200) {
  const res = await request.get(origin + route);
  expect(res.status(), route).toBe(status);
  return res.text();
}

/** The pages the site has: the fixed ones, the built categories', the projects'. */
const pages = ['/', '/about', '/contact', '/privacy', ...built.map((c) => `/${c.slug}`), ...projects.map((p) => p.link)];

test('the navigation lists the built categories only, in the order site.yaml declares them, and each answers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(origin + '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The bar's links (the closed mobile menu's copy is hidden).
  const names = await nav.getByRole('link').filter({ visible: true }).allInnerTexts();
  expect(names.map((n) => n.trim())).toEqual([owner, 'About', 'Contact', ...built.map((c) => c.title)]);
  for (const c of built) {
    await nav.getByRole('link', { name: c.title, exact: true }).click();
    await expect(page).toHaveURL(`${origin}/${c.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.title);
    // Its cards, one link each (named by badge, title and summary).
    const main = page.getByRole('main');
    await expect(main.locator('a[href^="/projects/"]')).toHaveCount(c.projects.length);
    for (const p of c.projects) await expect(main.getByRole('link', { name: p.title })).toHaveAttribute('href', `/projects/${p.slug}`);
  }
});

test('a declared category without a project, and a category this owner never declared, are the not-found page', async ({ request }) => {
  const notFound = await html(request, '/this-page-does-not-exist', 404);
  for (const route of ['/posters', '/photography', '/web-design']) expect(await html(request, route, 404), route).toBe(notFound);
});

test('the sitemap lists exactly the pages the site has', async ({ request }) => {
  const sitemap = await html(request, '/sitemap.xml');
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.map((l) => new URL(l).origin)).toEqual(locs.map(() => siteUrl));
  expect(locs.map((l) => new URL(l).pathname).sort()).toEqual([...pages].sort());
});

test('every page has its own social card', async ({ request }) => {
  const cards = new Set<string>();
  for (const route of pages) {
    const card = /<meta property="og:image" content="([^"]+)"/.exec(await html(request, route))?.[1];
    expect(card, route).toBeDefined();
    cards.add(card!);
    const res = await request.get(origin + new URL(card!).pathname);
    expect(res.status(), card).toBe(200);
    expect(res.headers()['content-type']).toBe('image/jpeg');
  }
  expect(cards.size).toBe(pages.length);
});

test("a project's breadcrumbs and back link name the owner's category", async ({ page, request }) => {
  for (const p of projects) {
    const doc = await html(request, p.link);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(doc)![1]!) as {
      '@graph': { '@type': string; itemListElement?: { name: string; item: string }[] }[];
    };
    const crumbs = ld['@graph'].find((n) => n['@type'] === 'BreadcrumbList')?.itemListElement;
    expect(crumbs, p.link).toEqual([
      expect.objectContaining({ name: owner, item: `${siteUrl}/` }),
      expect.objectContaining({ name: p.category.title, item: `${siteUrl}/${p.category.slug}` }),
      expect.objectContaining({ name: p.title, item: `${siteUrl}${p.link}` }),
    ]);
    await page.goto(origin + p.link);
    await expect(page.getByRole('link', { name: p.category.backLink, exact: true })).toHaveAttribute('href', `/${p.category.slug}`);
  }
});

test('the kept category shows its empty state, and the home page has no Selected Work when nothing is featured', async ({ page }) => {
  await page.goto(`${origin}/${kept.slug}`);
  const empty = page.getByRole('region', { name: 'Work on its way' });
  await expect(empty).toContainText(`There are no ${kept.title} projects to show yet.`);
  await expect(empty.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/contact');

  await page.goto(origin + '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(owner);
  await expect(page.getByRole('heading', { name: 'Selected Work' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View My Work' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get in Touch' })).toBeVisible();
});

/** The pages this owner's content changes, and the not-found page. */
const scanned = ['/', ...built.map((c) => `/${c.slug}`), ...projects.map((p) => p.link), '/posters'];

async function scanAll(page: Page) {
  for (const route of scanned) {
    await test.step(route, async () => {
      await page.goto(origin + route);
      await waitForHydration(page);
      await scan(page);
    });
  }
}

for (const width of [375, 1280]) {
  test(`no axe violations at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    await scanAll(page);
  });
}

test('no axe violations on the empty state and the home page in the dark scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const route of ['/', `/${kept.slug}`]) {
    await page.goto(origin + route);
    await waitForHydration(page);
    await scan(page);
  }
});
