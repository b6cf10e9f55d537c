// The client's first screen (issue 50, item 1; docs/decisions/0095): the
// page that asks for a private project's password, under `portfolio serve`
// (on a port of its own), carries the site's name, fonts and colours in both
// schemes, and of the project only what project.yaml's secretPage allows:
// one project shows its title and a blurred cover, the other hides both.
// No script; axe finds nothing at 375 and 1280 px, light and dark; the
// form works without JavaScript.
//
// UPDATE_SCREENSHOTS=1 writes docs/images/client-secret-page-*.png (never
// in CI): UPDATE_SCREENSHOTS=1 npx playwright test e2e/secret-page.spec.ts --workers=1
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAndServe, repo, scratchContent, writeGallery, type ScratchSite } from './support/scratch-site';
import { scan } from './support/axe';
import { expect, test } from './support/test';

const owner = 'Mara Lindqvist';
const shown = { slug: 'smith-wedding', title: 'The Smith Wedding', secret: 'tulips-in-april-42' };
const hidden = { slug: 'jones-family', title: 'The Jones Family at Home', secret: 'herring-and-rye-7' };

const siteYaml = `# yaml-language-server: $schema=../schema/site.schema.json
name: ${owner}
taglines: {role: Photographer, mission: People in the light they already have}
hero: Portraits and weddings across the archipelago.
description: Portfolio of ${owner}, a photographer.
url: https://maralindqvist.example
analytics: {provider: none}
social:
  photoSharing: {label: Instagram, url: https://www.instagram.com/maralindqvist}
about:
  description: About ${owner}.
  intro: I photograph people.
  sections:
    - {title: Clients, items: [Couples across Scandinavia.]}
contact: {title: Contact, description: Contact Mara., heading: Book a Shoot, intro: Tell me about the day.}
categories:
  - {slug: weddings, title: Weddings, description: Weddings by Mara., photoGalleries: true}
`;

const projectYaml = (title: string, extra: string, texts: string) => `# yaml-language-server: $schema=../../../schema/project.schema.json
title: ${title}
subtitle: A day
description: ${title}, photographed over one day.
role: Photographer
skills: [Photography]
category: Weddings
page: weddings
access: private
${extra}cover: gallery/IMG_0101.jpg
body:
  - type: gallery
    texts:
${texts}`;

let site: ScratchSite;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = scratchContent('portfolio-secret-page-', siteYaml);
  for (const [p, photo, extra] of [
    [shown, 'Storm.jpg', 'secretPage: {cover: true}\n'],
    [hidden, 'Blinds.jpg', 'secretPage: {title: false}\n'],
  ] as const) {
    const dir = path.join(folder.content, 'projects', p.slug);
    const texts = writeGallery(dir, [{ from: path.join(folder.photos, photo), file: 'IMG_0101.jpg', alt: 'The day' }]);
    writeFileSync(path.join(dir, 'project.yaml'), projectYaml(p.title, extra, texts));
  }
  process.env.PORTFOLIO_PRIVATE_SMITH_WEDDING = shown.secret; // serve inherits them
  process.env.PORTFOLIO_PRIVATE_JONES_FAMILY = hidden.secret;
  site = await buildAndServe(folder);
  delete process.env.PORTFOLIO_PRIVATE_SMITH_WEDDING;
  delete process.env.PORTFOLIO_PRIVATE_JONES_FAMILY;
});

test.afterAll(() => site?.stop());

const viewports = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const schemes = ['light', 'dark'] as const;

for (const viewport of viewports) {
  for (const colorScheme of schemes) {
    test(`at ${viewport.width} px, ${colorScheme}: the owner's page, in the site's fonts, with only what the owner allowed, and no axe violation`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      for (const p of [shown, hidden]) {
        const res = await page.goto(`${site.origin}/private/${p.slug}/`);
        expect(res?.status()).toBe(401);
        const html = await res!.text();
        expect(html, 'a script in the page').not.toContain('<script');
        await expect(page.getByText(owner, { exact: true })).toBeVisible();
        await expect(page.getByText(`${owner} shared this private gallery with you.`, { exact: false })).toBeVisible();
        await expect(page.getByLabel('Password')).toBeFocused();
        if (p === shown) {
          await expect(page.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();
          await expect(page).toHaveTitle(`${shown.title} · ${owner}`);
          expect(await page.locator('img.cover').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
        } else {
          await expect(page.getByRole('heading', { level: 1, name: 'Private gallery' })).toBeVisible();
          expect(html, 'the hidden title').not.toContain(hidden.title);
          expect(await page.locator('img').count(), 'an image with the cover off').toBe(0);
          // Nothing loads but the site's fonts: no data: URI, no image, no other url().
          expect(html.replace(/url\(\/assets\/[\w.-]+\.woff2\)/g, ''), 'an image with the cover off').not.toMatch(/data:|<img|url\(/i);
        }
        // The site's own fonts, loaded from its published files.
        const families = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replaceAll('"', ''));
        });
        expect(families.sort()).toEqual(['Fraunces Variable', 'Inter Variable']);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        // The focus ring shows on the button reached by keyboard.
        await page.keyboard.press('Tab');
        const button = page.getByRole('button', { name: 'Open the gallery' });
        await expect(button).toBeFocused();
        expect(await button.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');
        await scan(page);
        if (p === shown && process.env.UPDATE_SCREENSHOTS === '1') {
          await page.locator('body').click({ position: { x: 1, y: 1 } }); // no focus ring in the picture
          await page.screenshot({ path: path.join(repo, 'docs', 'images', `client-secret-page-${viewport.name}-${colorScheme}.png`) });
        }
      }
    });
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a wrong password is refused in words; the right one opens the gallery', async ({ page }) => {
    await page.goto(`${site.origin}/private/${hidden.slug}/`);
    await page.getByLabel('Password').fill('a guess');
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page.getByRole('alert')).toHaveText('That is not the password for this gallery. Check the message it came in, and try again.');
    await page.getByLabel('Password').fill(hidden.secret);
    await page.getByRole('button', { name: 'Open the gallery' }).click();
    await expect(page.getByRole('heading', { level: 1, name: hidden.title })).toBeVisible();
  });
});
