// The built site as `portfolio serve` serves it (the suite's web server): the
// host's headers, and the contact form end to end — a real POST, stored by
// the server, then listed by `portfolio messages`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, waitForHydration } from './support/test';
import { messagesDir } from './support/server';
import { paths } from '../src/config/paths';

// Read-only checks: one browser context per worker, reset between tests
// (docs/testing.md: a shared or a fresh page).
test.use({ reuseContext: true });

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface StoredMessage {
  name: string;
  email: string;
  message?: string;
  body?: string;
}

function storedMessages(): StoredMessage[] {
  // PORTFOLIO_BIN (playwright.config.ts): a built command, else `go run`.
  const [command, ...args] = process.env.PORTFOLIO_BIN ? [process.env.PORTFOLIO_BIN] : ['go', 'run', './cli/cmd/portfolio'];
  const out = execFileSync(command, [...args, 'messages', '--json', '--data', messagesDir], { cwd: repo, encoding: 'utf8' });
  return JSON.parse(out) as StoredMessage[];
}

test('pages carry the security headers; hashed assets are cached for a year', async ({ page, request }) => {
  const response = await page.goto(paths.about);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');

  const script = await page.locator('script[type="module"]').getAttribute('src');
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Oops! Page not found');
});

// Each page's response names the fonts its first paint needs (Link:
// rel=preload), so the browser asks for them before it has read the page's
// head: exactly the ones the page preloads, nothing for assets or the
// not-found page. A page links no style sheet: its rules are inline.
test('each page is served with Link preloads of exactly the fonts it preloads, and links no style sheet', async ({ page, request }) => {
  const parse = (link: string | undefined) =>
    (link ?? '')
      .split(/,\s*(?=<)/)
      .filter(Boolean)
      .map((part) => {
        const [, href] = /^<([^>]+)>/.exec(part) ?? [];
        const as = /;\s*as=([\w-]+)/.exec(part)?.[1];
        expect(part).toMatch(/;\s*rel=preload\b/);
        if (as === 'font') expect(part, `${href}: a font preload in CORS mode, as the page's own`).toMatch(/;\s*crossorigin\b/);
        return `${as} ${href}`;
      })
      .sort();
  for (const route of [paths.home, paths.about, paths.contact, '/projects/unc-greensboro']) {
    const response = await page.goto(route);
    const linked = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => `style ${new URL(l.href).pathname}`),
        ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((l) => `font ${new URL(l.href).pathname}`),
      ].sort(),
    );
    expect(
      linked.filter((l) => l.startsWith('font ')),
      route,
    ).toHaveLength(2);
    expect(
      linked.filter((l) => l.startsWith('style ')),
      route,
    ).toEqual([]);
    expect(parse(response!.headers()['link']), route).toEqual(linked);
  }
  const font = (await page.locator('link[rel="preload"][as="font"]').first().getAttribute('href'))!;
  expect((await request.get(font)).headers()['link']).toBeUndefined();
  expect((await request.get('/no-such-page')).headers()['link']).toBeUndefined();
});

test('a message sent through the form is stored and listed by portfolio messages', async ({ page, consoleProblems }) => {
  const token = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto(paths.contact);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Contact' });
  await form.getByRole('textbox', { name: 'Name' }).fill('  End To End  ');
  await form.getByRole('textbox', { name: 'Email' }).fill('e2e@example.org');
  await form.getByRole('textbox', { name: 'Message' }).fill(`Hello from the end-to-end test ${token}`);

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully!' })).toBeVisible();

  const stored = storedMessages().find((m) => (m.message ?? m.body ?? '').includes(token));
  expect(stored, `no stored message contains ${token}`).toBeDefined();
  expect(stored!.name).toBe('End To End');
  expect(stored!.email).toBe('e2e@example.org');
  // The Content-Security-Policy let the page do all of this.
  expect(consoleProblems).toEqual([]);
});
