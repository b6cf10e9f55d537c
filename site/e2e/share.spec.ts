// Every built page is ready to be shared and read by machines: its social
// preview card (a real 1200×630 JPEG in dist), the site's icons and web app
// manifest, and structured data with what search engines require. Reads the
// pages as `portfolio serve` answers them (over site/dist).
import type { APIRequestContext } from '@playwright/test';
import { allRoutes, missingPath, projects, site } from './support/routes';
import { expect, test } from './support/test';
import { paths } from '../src/config/paths';

const pages = [...allRoutes.map((r) => r.path), paths.contactSent];
const origin = new URL(site.url).origin;

/** The page's HTML as served (the not-found page with its 404). */
async function html(request: APIRequestContext, path: string, status = 200) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(status);
  return res.text();
}

/** The <head>'s <meta> tags as name-or-property → contents. */
function metas(doc: string): Map<string, string[]> {
  const head = doc.slice(0, doc.indexOf('</head>'));
  const out = new Map<string, string[]>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/g)) {
    const key = /\b(?:name|property)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined)
      out.set(key, [
        ...(out.get(key) ?? []),
        content
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'"),
      ]);
  }
  return out;
}
const one = (m: Map<string, string[]>, key: string) => {
  expect(m.get(key), key).toHaveLength(1);
  return m.get(key)![0]!;
};

/** An address on the site's own host, as a path the local server answers. */
function local(url: string): string {
  const u = new URL(url);
  expect(u.origin, url).toBe(origin);
  return u.pathname;
}

/** Width and height of a JPEG, from its first start-of-frame segment. */
function jpegSize(b: Buffer): [number, number] {
  expect(b.readUInt16BE(0)).toBe(0xffd8);
  let i = 2;
  while (i < b.length) {
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  throw new Error('no frame header');
}
const pngSize = (b: Buffer): [number, number] => {
  expect(b.subarray(1, 4).toString()).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

test.describe('social previews', () => {
  for (const path of [...pages, missingPath]) {
    test(`${path}: a 1200×630 card on the site's host, with alt text, as a large Twitter card`, async ({ request }) => {
      const m = metas(await html(request, path, path === missingPath ? 404 : 200));
      const image = one(m, 'og:image');
      expect(one(m, 'og:image:width')).toBe('1200');
      expect(one(m, 'og:image:height')).toBe('630');
      expect(one(m, 'og:image:alt')).toContain(site.name);
      expect(one(m, 'og:site_name')).toBe(site.name);
      expect(one(m, 'twitter:card')).toBe('summary_large_image');
      expect(one(m, 'twitter:image')).toBe(image);
      const res = await request.get(local(image));
      expect(res.status(), image).toBe(200);
      expect(res.headers()['content-type']).toBe('image/jpeg');
      expect(res.headers()['cache-control']).toContain('immutable');
      expect(jpegSize(await res.body())).toEqual([1200, 630]);
    });
  }

  test("every page has its own card, except the form's landing page, which shares the contact card", async ({ request }) => {
    const images = new Map<string, string>();
    for (const path of pages) images.set(path, one(metas(await html(request, path)), 'og:image'));
    expect(images.get(paths.contactSent)).toBe(images.get(paths.contact));
    images.delete(paths.contactSent);
    expect(new Set(images.values()).size).toBe(images.size);
  });
});

test.describe('icons and the web app manifest', () => {
  test('every page links the touch icon, the manifest and a theme colour per scheme', async ({ request }) => {
    for (const path of ['/', paths.about, projects[0]!.link]) {
      const doc = await html(request, path);
      expect(doc).toMatch(/<link rel="apple-touch-icon" href="\/img\/icons\/[0-9a-f]{12}-apple-180\.png" \/>/);
      expect(doc).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(doc).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: light\)" \/>/);
      expect(doc).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)" \/>/);
    }
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(await html(request, '/'))![1]!;
    expect(pngSize(await (await request.get(touch)).body())).toEqual([180, 180]);
  });

  test('/favicon.ico is a real ICO of 16, 32 and 48 px images', async ({ request }) => {
    const res = await request.get('/favicon.ico');
    expect(res.status()).toBe(200);
    const b = await res.body();
    expect([b.readUInt16LE(0), b.readUInt16LE(2), b.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => {
      const e = 6 + 16 * i;
      const image = b.subarray(b.readUInt32LE(e + 12), b.readUInt32LE(e + 12) + b.readUInt32LE(e + 8));
      return pngSize(image)[0];
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  test('the manifest names the site, starts at / and lists icons that exist at their sizes', async ({ request }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as {
      short_name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: site.name, start_url: '/', display: expect.any(String) });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const purposes = new Set<string>();
    for (const icon of manifest.icons) {
      purposes.add(icon.purpose);
      const [w, h] = pngSize(await (await request.get(icon.src)).body());
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect([...purposes].sort()).toEqual(['any', 'maskable']);
  });
});

// --- Structured data ---------------------------------------------------------
// What Google's structured data documentation lists per type (Profile page,
// Site names, Breadcrumb, Article for a creative work's recommended fields,
// Image metadata), checked on every node of every page's JSON-LD.
type Node = Record<string, unknown>;
const rules: Record<string, { required: string[]; recommended: string[] }> = {
  ProfilePage: { required: ['mainEntity'], recommended: ['url', 'name'] },
  Person: { required: ['name'], recommended: ['url', 'image', 'sameAs', 'description', 'jobTitle'] },
  WebSite: { required: ['name', 'url'], recommended: ['alternateName'] },
  BreadcrumbList: { required: ['itemListElement'], recommended: [] },
  ListItem: { required: ['position', 'name'], recommended: ['item'] },
  CreativeWork: { required: ['name'], recommended: ['headline', 'description', 'image', 'author', 'url'] },
  ImageGallery: { required: ['associatedMedia'], recommended: ['name', 'url', 'author'] },
  ImageObject: { required: ['contentUrl'], recommended: ['creator', 'creditText', 'copyrightNotice'] },
};
/** Properties that hold addresses, which must be absolute on the site's host. */
const urlProps = new Set(['url', 'item', 'image', 'contentUrl', '@id']);

function check(node: Node, where: string, problems: string[], types: string[]) {
  // An external gallery image is where its host keeps it.
  const foreign = (prop: string) => node['@type'] === 'ImageObject' && (prop === 'contentUrl' || prop === 'url');
  const type = node['@type'] as string;
  const rule = rules[type];
  if (!rule) {
    problems.push(`${where}: unknown type ${type}`);
    return;
  }
  types.push(type);
  // A reference by id to the owner is enough for author and creator.
  const isReference = type === 'Person' && !('sameAs' in node) && '@id' in node;
  for (const prop of [...rule.required, ...(isReference ? [] : rule.recommended)]) {
    const v = node[prop];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) problems.push(`${where}: ${type} has no ${prop}`);
  }
  for (const [prop, v] of Object.entries(node)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === 'object' && item !== null) check(item as Node, `${where}.${prop}`, problems, types);
      else if (urlProps.has(prop) && !(typeof item === 'string' && item.startsWith(foreign(prop) ? 'https://' : `${origin}/`))) {
        problems.push(`${where}.${prop}: ${String(item)} is not absolute on ${origin}`);
      }
    }
  }
  if (type === 'BreadcrumbList') {
    const items = node.itemListElement as Node[];
    expect(
      items.map((i) => i.position),
      where,
    ).toEqual(items.map((_, i) => i + 1));
  }
}

function jsonLd(doc: string): Node | undefined {
  const blocks = [...doc.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(blocks.length).toBeLessThanOrEqual(1);
  if (!blocks.length) return undefined;
  // Escaped for a script element: no "<" at all (so no "</script" or "<!--").
  expect(blocks[0]).not.toContain('<');
  return JSON.parse(blocks[0]!) as Node;
}

test.describe('structured data', () => {
  test('the home page: a ProfilePage whose main entity is the owner (with an image), and the WebSite', async ({ request }) => {
    const data = jsonLd(await html(request, '/'))!;
    expect(data['@context']).toBe('https://schema.org');
    const problems: string[] = [];
    const types: string[] = [];
    for (const [i, node] of (data['@graph'] as Node[]).entries()) check(node, `/ @graph[${i}]`, problems, types);
    expect(problems).toEqual([]);
    expect(types).toEqual(expect.arrayContaining(['ProfilePage', 'Person', 'WebSite']));
    const person = (data['@graph'] as Node[]).find((n) => n['@type'] === 'ProfilePage')!.mainEntity as Node;
    expect(person.name).toBe(site.name);
    expect((await request.get(local(person.image as string))).status()).toBe(200);
  });

  test('every project: breadcrumbs; case studies a CreativeWork, galleries an ImageGallery; all with what is required', async ({ request }) => {
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    for (const p of projects) {
      const data = jsonLd(await html(request, p.link));
      expect(data, p.link).toBeDefined();
      const types: string[] = [];
      for (const [i, node] of (data!['@graph'] as Node[]).entries()) check(node, `${p.link} @graph[${i}]`, problems, types);
      const top = (data!['@graph'] as Node[]).map((n) => n['@type']);
      expect(top[0], p.link).toBe('BreadcrumbList');
      const body = await p.loadBody();
      expect(top.includes('CreativeWork'), `${p.link} CreativeWork`).toBe(body.some((b) => b.type === 'caseStudy'));
      expect(top.includes('ImageGallery'), `${p.link} ImageGallery`).toBe(body.some((b) => b.type === 'gallery'));
      for (const t of top) counts[t as string] = (counts[t as string] ?? 0) + 1;
      // The last crumb is the page itself.
      const crumbs = (data!['@graph'] as Node[])[0]!.itemListElement as Node[];
      expect(crumbs.at(-1)!.item).toBe(`${origin}${p.link}`);
    }
    expect(problems).toEqual([]);
    expect(counts.CreativeWork).toBeGreaterThan(0);
    expect(counts.ImageGallery).toBeGreaterThan(0);
  });

  test('the images a gallery lists are published', async ({ request }) => {
    const p = projects.find((x) => x.slug === 'drone-photography')!;
    const gallery = (jsonLd(await html(request, p.link))!['@graph'] as Node[]).find((n) => n['@type'] === 'ImageGallery')!;
    const media = gallery.associatedMedia as Node[];
    expect(media.length).toBe(6);
    for (const m of media) expect((await request.get(local(m.contentUrl as string))).status()).toBe(200);
  });

  test('other pages carry none, and the not-found page none', async ({ request }) => {
    for (const path of [paths.about, paths.contact, paths.category('graphics')]) expect(jsonLd(await html(request, path)), path).toBeUndefined();
    expect(jsonLd(await html(request, missingPath, 404))).toBeUndefined();
  });

  test('the Content-Security-Policy lets the data block be (it is never run): no violation, no console error', async ({ page, consoleProblems }) => {
    test.slow();
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    for (const path of ['/', paths.project('drone-photography')]) {
      const res = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
    }
    expect(consoleProblems).toEqual([]);
  });
});

test("the sitemap gives every page the date of its content's last change", async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
  expect(entries.length).toBe((xml.match(/<url>/g) ?? []).length);
  expect(entries.length).toBeGreaterThan(20);
  for (const [, loc, lastmod] of entries) {
    expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(lastmod!), loc).toBeLessThanOrEqual(Date.now() + 60_000);
  }
});
