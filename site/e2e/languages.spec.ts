// A site in two languages (issue 54, decision 0116): Swedish, the default,
// at /, English under /en/, built with the real `portfolio build` in a
// scratch folder (site.yaml `languages: [sv, en]`, site.en.yaml and a
// project.en.yaml beside the defaults) and served by `portfolio serve`.
// Every route in both languages: its `lang`, its canonical, hreflang pairs
// both ways and x-default; the sitemap's alternates; the switcher with and
// without JavaScript, remembering nothing; the contact form sent from the
// English pages; a private project's pages in both languages under its
// guarded prefix only; what the host writes itself in the address's
// language (decision 0123): the not-found page, the secret page and its
// error, an invalid form posted without JavaScript, each page's social
// card; axe clean in both.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { scan } from './support/axe';
import { buildAndServe, scratchContent, writeGallery, type ScratchSite } from './support/scratch-site';
import { expect, test, waitForHydration } from './support/test';

const url = 'https://saralind.example';
const secret = 'lingonberries-in-june-7';
const privateSlug = 'berg-wedding';

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
languages: [sv, en]
name: Sara Lind
taglines: {role: Fotograf · Stockholm, mission: Porträtt och reportage för tidningar}
hero: Jag fotograferar människor i deras eget ljus.
description: Sara Linds portfolio, fotograf i Stockholm.
url: ${url}
analytics: {provider: none}
rights: {creator: Sara Lind, copyright: © 2026 Sara Lind, aiTraining: disallow}
about:
  description: Om Sara Lind.
  intro: Jag fotograferar människor.
  sections:
    - {title: Kunder, items: [Tidningar i Norden.]}
contact: {title: Kontakt, description: Skriv till Sara., heading: Boka en fotografering, intro: Berätta om dagen.}
categories:
  - {slug: reportage, title: Reportage, description: Reportage av Sara., photoGalleries: true}
`;

const siteEn = `taglines: {role: Photographer · Stockholm, mission: Portraits and reportage for magazines}
hero: I photograph people in their own light.
description: Portfolio of Sara Lind, a photographer in Stockholm.
about:
  description: About Sara Lind.
  intro: I photograph people.
  sections:
    - {title: Clients, items: [Magazines across the Nordics.]}
contact: {title: Contact, description: Write to Sara., heading: Book a shoot, intro: Tell me about the day.}
categories:
  - {slug: reportage, title: Reportage, description: Reportage by Sara.}
`;

const projectYaml = (p: { title: string; extra: string; texts: string }) => `# yaml-language-server: $schema=../../../schema/project.schema.json
title: ${p.title}
subtitle: Tio dagar i Sarek
description: Tio dagar till fots, i det första snöfallet.
role: Fotograf
skills: [Fotografi]
category: Reportage
page: reportage
${p.extra}cover: gallery/01.jpg
body:
  - type: text
    text: Vi gick in från Kvikkjokk.
  - type: gallery
    texts:
${p.texts}`;

const projectEn = (title: string) => `title: ${title}
subtitle: Ten days in Sarek
description: Ten days on foot, in the first snowfall.
role: Photographer
skills: [Photography]
category: Reportage
body:
  - type: text
    text: We walked in from Kvikkjokk.
  - type: gallery
    texts:
      - {file: 01.jpg, alt: Picture 1}
      - {file: 02.jpg, alt: Picture 2}
`;

/** The public routes of the default language, each prerendered in both. */
const routes = [
  '/',
  '/about',
  '/contact',
  '/contact/sent/',
  '/privacy',
  '/reportage',
  '/projects/fjallen',
  '/projects/fjallen/photos/1',
  '/projects/fjallen/photos/2',
];
const inEnglish = (route: string) => `/en${route}`;
/** The routes the sitemap lists (photo pages and the form's landing page are noindex). */
const indexed = routes.filter((r) => !r.includes('/photos/') && r !== '/contact/sent/');

let site: ScratchSite;
let origin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-languages-', siteYaml);
  const { content, photos } = folder;
  writeFileSync(path.join(content, 'site.en.yaml'), siteEn);
  for (const [slug, title, titleEn, names, extra] of [
    ['fjallen', 'Fjällen i november', 'The fells in November', ['Storm.jpg', 'Dune.jpg'], 'featured: true\n'],
    [privateSlug, 'Bröllopet Berg', 'The Berg wedding', ['Blinds.jpg', 'Wood.jpg'], 'access: private\n'],
  ] as const) {
    const texts = writeGallery(
      path.join(content, 'projects', slug),
      names.map((f, i) => ({ from: path.join(photos, f), file: `0${i + 1}.jpg`, alt: `Bild ${i + 1}` })),
    );
    writeFileSync(path.join(content, 'projects', slug, 'project.yaml'), projectYaml({ title, extra, texts }));
    writeFileSync(path.join(content, 'projects', slug, 'project.en.yaml'), projectEn(titleEn));
  }
  mkdirSync(path.join(folder.work, 'data'), { recursive: true });
  process.env.PORTFOLIO_PRIVATE_BERG_WEDDING = secret; // serve inherits it
  site = await buildAndServe(folder);
  delete process.env.PORTFOLIO_PRIVATE_BERG_WEDDING;
  origin = site.origin;
});

test.afterAll(() => site?.stop());

/** The head's language facts of the page at `route`. */
async function head(request: APIRequestContext, route: string) {
  const res = await request.get(origin + route);
  expect(res.status(), route).toBe(200);
  const html = await res.text();
  const alternates = Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
  return {
    html,
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    alternates,
    locale: /<meta property="og:locale" content="([^"]+)"/.exec(html)?.[1],
    localeAlternates: [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"/g)].map((m) => m[1]),
  };
}

test('every route in both languages: its lang, a self-canonical, hreflang both ways and x-default, og:locale', async ({ request }) => {
  for (const route of routes) {
    const sv = await head(request, route);
    const en = await head(request, inEnglish(route));
    expect([sv.lang, en.lang], route).toEqual(['sv', 'en']);
    expect(sv.canonical, route).toBe(url + route);
    expect(en.canonical, route).toBe(url + inEnglish(route));
    // Each names both, itself included, and the default as x-default: the pair agrees both ways.
    const pair = { sv: url + route, en: url + inEnglish(route), 'x-default': url + route };
    expect(sv.alternates, route).toEqual(pair);
    expect(en.alternates, route).toEqual(pair);
    expect([sv.locale, sv.localeAlternates], route).toEqual(['sv_SE', ['en_GB']]);
    expect([en.locale, en.localeAlternates], route).toEqual(['en_GB', ['sv_SE']]);
  }
  // The content is each language's: the English page of the project has its English title.
  expect((await head(request, '/en/projects/fjallen')).html).toContain('The fells in November');
  expect((await head(request, '/projects/fjallen')).html).toContain('Fjällen i november');
});

test("each page's social card is drawn in its language, at the other language's page's address", async ({ request }) => {
  const card = (html: string) => ({
    image: /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1],
    alt: /<meta property="og:image:alt" content="([^"]+)"/.exec(html)?.[1],
  });
  for (const [route, sv, en] of [
    ['/projects/fjallen', 'Fjällen i november · Sara Lind', 'The fells in November · Sara Lind'],
    ['/about', 'Om mig · Sara Lind', 'About Me · Sara Lind'],
  ] as const) {
    const [svCard, enCard] = [card((await head(request, route)).html), card((await head(request, inEnglish(route))).html)];
    expect([svCard.alt, enCard.alt], route).toEqual([sv, en]);
    expect(enCard.image, route).not.toBe(svCard.image);
    const res = await request.get(enCard.image!.replace(url, origin));
    expect([res.status(), res.headers()['content-type']], route).toEqual([200, 'image/jpeg']);
  }
});

test("every link of a page goes to a page of the page's language", async ({ request }) => {
  for (const route of routes.map(inEnglish)) {
    const { html } = await head(request, route);
    const pages = [...html.matchAll(/<a [^>]*href="(\/[^"#?]*)"/g)].map((m) => m[1]!).filter((href) => !/\.\w+$/.test(href));
    // The switcher's link is the one to the other language.
    const other = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*hreflang="sv"/gi)].map((m) => m[1]);
    expect(other, route).toHaveLength(1);
    expect(
      pages.filter((href) => !href.startsWith('/en/') && !other.includes(href)),
      route,
    ).toEqual([]);
  }
});

test('the sitemap lists every version of each indexed page with its alternates', async ({ request }) => {
  const xml = await (await request.get(`${origin}/sitemap.xml`)).text();
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>.*?<\/url>/g)].map((m) => ({ loc: m[1]!, body: m[0] }));
  const expected = indexed.flatMap((r) => [url + r, url + inEnglish(r)]);
  expect(entries.map((e) => e.loc).sort()).toEqual(expected.sort());
  for (const route of indexed) {
    for (const loc of [url + route, url + inEnglish(route)]) {
      const body = entries.find((e) => e.loc === loc)!.body;
      expect(body, loc).toContain(`<xhtml:link rel="alternate" hreflang="sv" href="${url}${route}"/>`);
      expect(body, loc).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${url}${inEnglish(route)}"/>`);
      expect(body, loc).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${url}${route}"/>`);
    }
  }
  expect(xml).not.toContain('/private/');
});

/** The header's language switcher. */
const switcher = (page: Page) => page.getByRole('list', { name: /^(Language|Språk)$/ });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('the switcher goes to the same page in the other language, and remembers nothing', async ({ page, context }) => {
      await page.goto(`${origin}/en/projects/fjallen`);
      const svenska = switcher(page).getByRole('link', { name: 'Svenska' });
      await expect(svenska).toHaveAttribute('lang', 'sv');
      await expect(svenska).toHaveAttribute('hreflang', 'sv');
      await svenska.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${origin}/projects/fjallen`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
      await switcher(page).getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(`${origin}/en/projects/fjallen`);
      // A new visit to / is Swedish again: nothing was kept.
      await page.goto(`${origin}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
      expect(await context.cookies()).toEqual([]);
      if (javaScriptEnabled) expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    });

    test('from the not-found page the switcher goes to the other language’s home', async ({ page }) => {
      const res = await page.goto(`${origin}/no/such/page`);
      expect(res?.status()).toBe(404);
      await switcher(page).getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(`${origin}/en/`);
    });

    test('a missing page under /en/ is the English not-found page, as the host answers it', async ({ page }) => {
      const res = await page.goto(`${origin}/en/projects/no-such-project`);
      expect(res?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/en/');
      await switcher(page).getByRole('link', { name: 'Svenska' }).click();
      await expect(page).toHaveURL(`${origin}/`);
    });
  });
}

test('the host gets a not-found rule per other language, and a not-found page for it', () => {
  const dist = path.join(site.work, 'site', 'dist');
  // Netlify reads _redirects; serve, which answered the test above, reads the same file.
  expect(readFileSync(path.join(dist, '_redirects'), 'utf8')).toContain('\n/en/*  /en/404.html  404\n');
  expect(readFileSync(path.join(dist, 'en', '404.html'), 'utf8')).toMatch(/^<!doctype html>\s*<html lang="en"/i);
  expect(readFileSync(path.join(dist, '404.html'), 'utf8')).toMatch(/^<!doctype html>\s*<html lang="sv"/i);
});

function messages(): string {
  return execFileSync(site.bin, ['messages', '--data', path.join(site.work, 'data')], { cwd: site.work }).toString();
}

test('the contact form sent from the English pages speaks English and says so in the message', async ({ page }) => {
  await page.goto(`${origin}/en/contact`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Ada');
  await form.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await form.getByRole('textbox', { name: 'Message' }).fill('Hello from the English pages');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  expect(messages()).toMatch(/Ada <ada@example\.com> {2}\(from the en pages\)\n {4}Hello from the English pages/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posted from the English pages lands on the English page', async ({ page }) => {
    await page.goto(`${origin}/en/contact`);
    const form = page.getByRole('form', { name: 'Contact' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Bo');
    await form.getByRole('textbox', { name: 'Email' }).fill('bo@example.com');
    await form.getByRole('textbox', { name: 'Message' }).fill('Hej, in English');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(`${origin}/en/contact/sent/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent successfully!');
    expect(messages()).toMatch(/Bo <bo@example\.com> {2}\(from the en pages\)/);
  });
});

/** Every file under dir, by path relative to it. */
function filesUnder(dir: string, base = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, `${base}/${name}`) : [`${base}/${name}`];
  });
}

test("a private project's pages in both languages are under its guarded prefix only, and open with the secret", async ({ page, request }) => {
  const dist = path.join(site.work, 'site', 'dist');
  const store = path.join(site.work, '.netlify', 'v1', 'blobs', 'deploy', 'private', privateSlug);
  expect(filesUnder(dist).filter((f) => f.includes(privateSlug) || f.startsWith('/private') || f.includes('/private/'))).toEqual([]);
  for (const page of ['index.html', 'en/index.html', 'photos/1/index.html', 'en/photos/1/index.html']) {
    expect(existsSync(path.join(store, page, 'blob')), page).toBe(true);
  }
  for (const route of [`/private/${privateSlug}/en`, `/private/${privateSlug}/en/photos/1`, `/en/private/${privateSlug}`]) {
    const res = await request.get(origin + route, { maxRedirects: 0 });
    expect([401, 404], route).toContain(res.status());
    const html = await res.text();
    if (res.status() === 401) {
      // The secret page: the title the owner lets it show, in the address's
      // language (decision 0123, amended), and nothing else of the project:
      // no address of a photo.
      expect(html, route).toContain('<label for="secret">');
      expect(html, route).toContain('The Berg wedding');
      expect(html, route).not.toMatch(/\.(?:avif|webp|jpe?g|png)\b/);
    } else {
      expect(html, route).not.toMatch(/The Berg wedding|Bröllopet Berg/);
    }
  }
  await page.goto(`${origin}/private/${privateSlug}/en`);
  await page.getByLabel('Password').fill(secret);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Berg wedding' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await switcher(page).getByRole('link', { name: 'Svenska' }).click();
  await expect(page).toHaveURL(`${origin}/private/${privateSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bröllopet Berg' })).toBeVisible();
});

test("a private project's secret page speaks the language of its address, its wrong-password error too", async ({ page, request }) => {
  for (const [route, lang, label, button] of [
    [`/private/${privateSlug}`, 'sv', 'Lösenord', 'Öppna galleriet'],
    [`/private/${privateSlug}/en/photos/1`, 'en', 'Password', 'Open the gallery'],
  ] as const) {
    const res = await request.get(origin + route, { maxRedirects: 0 });
    expect(res.status(), route).toBe(401);
    const html = await res.text();
    expect(html, route).toContain(`<html lang="${lang}">`);
    expect(html, route).toContain(`<label for="secret">${label}</label>`);
    expect(html, route).toContain(`<button type="submit">${button}</button>`);
  }
  await page.goto(`${origin}/private/${privateSlug}`);
  await page.getByLabel('Lösenord').fill('not the secret');
  await page.getByRole('button', { name: 'Öppna galleriet' }).click();
  await expect(page.getByRole('alert')).toHaveText('Det är inte lösenordet till det här galleriet. Titta i meddelandet det kom i och försök igen.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
});

test('an invalid contact form posted without JavaScript comes back in the language it was sent from', async ({ request }) => {
  for (const [lang, status, problem] of [
    ['sv', 'Rätta fälten nedan.', 'Ogiltig e-postadress'],
    ['en', 'Please correct the fields below.', 'Invalid email address'],
  ] as const) {
    const res = await request.post(`${origin}/contact/sent/`, {
      form: { 'form-name': 'contact', language: lang, name: 'Bo', email: 'not-an-address', message: 'Hej' },
      headers: { Accept: 'text/html' },
      maxRedirects: 0,
    });
    expect(res.status(), lang).toBe(400);
    const html = await res.text();
    expect(html, lang).toContain(`<html lang="${lang}"`);
    expect(html, lang).toMatch(new RegExp(`data-form-status[^>]*>${status.replace('.', '\\.')}<`));
    expect(html, lang).toMatch(new RegExp(`data-error-for="email"[^>]*>${problem}<`));
  }
});

for (const route of ['/', '/about', '/contact', '/projects/fjallen', '/projects/fjallen/photos/1']) {
  for (const at of [route, inEnglish(route)]) {
    test(`axe clean: ${at}`, async ({ page }) => {
      await page.goto(origin + at);
      await waitForHydration(page);
      await scan(page);
    });
  }
}
