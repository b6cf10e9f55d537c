// The browser editor (/admin, Decap CMS, decision 79) as the owner uses it
// locally: `portfolio dev --editor` on a scratch git repository (the variant
// site of support/variants.ts: one project with a gallery), saving through
// the editor's local server into the files. The scenario of issue 39: a
// title changed, a photo added with its alt text, two photos reordered
// (decision 0081), a project added in a declared category; the files on disk,
// `portfolio validate` and the pages regenerated from them. Then the saves
// the schemas refuse: each is refused naming its field, and nothing is
// written. The editor's page runs under the policy the host sends with it
// (headers.EditorCSP), and axe judges its first screen. A photo with its GPS
// position and serial number leaves the browser without them (decision 0084),
// to the local backend and to GitHub as a blob.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';
import { buildVariant, command, scratchRepository, siteYaml, warmImages, withoutAnalyticsWithVideo } from './support/variants';
import { expect, test } from './support/test';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = path.join(repo, '.cache', 'e2e', 'editor');
const fixtures = path.join(repo, '.cache', 'e2e', 'editor-fixtures');
const port = Number(process.env.E2E_PORT ?? 4173) + 40;
const origin = `http://localhost:${port}`;
const slug = 'study-away-resource-page';
const projectYaml = path.join(work, 'content', 'projects', slug, 'project.yaml');

/**
 * What axe finds on the editor's screens that is Decap's, not ours, with
 * the upstream report; a rule not listed here fails the test. The first
 * screen (the login) has none under the suite's WCAG tags.
 */
const knownFailures: Record<string, string[]> = {
  login: [],
  // Icon-only buttons without a name (collapse, remove, drag), and the
  // preview frame without a title: decap-cms#6762 "fix: aria labels".
  // Decap's grey on grey of a list's summary and labels: color-contrast
  // (no upstream issue found; the research saw it on the collection list too).
  entry: ['aria-command-name', 'button-name', 'color-contrast', 'frame-title'],
};

const git = (...args: string[]) => execFileSync('git', ['-C', work, ...args], { encoding: 'utf8' });
const changes = () => git('status', '--porcelain', '--untracked-files=all').trimEnd();

let dev: ChildProcess;
let output = '';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 20_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  rmSync(work, { recursive: true, force: true });
  scratchRepository(work, siteYaml(withoutAnalyticsWithVideo.setting, false), withoutAnalyticsWithVideo.gallery);
  warmImages(path.dirname(await buildVariant(withoutAnalyticsWithVideo)), work);
  // The content under git, as the owner's repository: the editor's writes are what git shows.
  writeFileSync(path.join(work, '.gitignore'), '/site/\n/.cache/\n/data/\n/bin/\n');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-qm', 'content');
  // The files the owner uploads: a photograph, a text file, and a text file named like a photograph.
  mkdirSync(fixtures, { recursive: true });
  cpSync(path.join(repo, 'content', 'projects', 'data-project-logos', 'gallery', '03.jpg'), path.join(fixtures, '04.jpg'));
  cpSync(path.join(repo, 'content', 'projects', 'data-project-logos', 'cover.jpg'), path.join(fixtures, 'harbour-cover.jpg'));
  writeFileSync(path.join(fixtures, 'notes.txt'), 'Not a photograph.\n');
  writeFileSync(path.join(fixtures, 'fake.jpg'), 'Not a photograph either, whatever its name.\n');
  // A photograph as a phone leaves it: its GPS position and the camera's serial number; and one cut short.
  const located = withPrivateExif(readFileSync(path.join(fixtures, '04.jpg')));
  writeFileSync(path.join(fixtures, 'located.jpg'), located);
  writeFileSync(path.join(fixtures, 'located-cut.jpg'), located.subarray(0, 200));

  dev = spawn(command(), ['dev', '--editor', '--port', String(port)], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  dev.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  dev.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  // Vite colours its lines even into a pipe: the text without its escapes.
  // eslint-disable-next-line no-control-regex -- ESC is what is matched
  const plain = () => output.replace(/\x1b\[[0-9;]*m/g, '').slice(-2000);
  await expect
    .poll(() => (dev.exitCode === null ? plain() : `exited: ${plain()}`), { message: 'dev --editor starts', timeout: 180_000 })
    .toContain(`localhost:${port}/`);
  expect(output).toMatch(/the browser editor saves through its local server on 127\.0\.0\.1:\d+/);
});

test.afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
});

const serial = '9XK12345';

/**
 * jpeg with an EXIF record (APP1) right after its start: the camera's make,
 * in its Exif IFD the body's serial number, in its GPS IFD 59° 25' 12" N.
 */
function withPrivateExif(jpeg: Buffer): Buffer {
  const t = Buffer.alloc(138);
  t.write('II', 0, 'latin1');
  t.writeUInt16LE(42, 2);
  t.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    t.writeUInt16LE(tag, at);
    t.writeUInt16LE(type, at + 2);
    t.writeUInt32LE(count, at + 4);
    t.writeUInt32LE(value, at + 8);
  };
  t.writeUInt16LE(3, 8); // IFD0 at 8: make, Exif IFD, GPS IFD; its data at 50
  entry(10, 0x010f, 2, 6, 50);
  entry(22, 0x8769, 4, 1, 56);
  entry(34, 0x8825, 4, 1, 84);
  t.write('Canon\0', 50, 'latin1');
  t.writeUInt16LE(1, 56); // the Exif IFD: the body's serial number, at 74
  entry(58, 0xa431, 2, serial.length + 1, 74);
  t.write(serial + '\0', 74, 'latin1');
  t.writeUInt16LE(2, 84); // the GPS IFD: N, and 59/1 25/1 12/1 at 114
  entry(86, 0x0001, 2, 2, 0x4e);
  entry(98, 0x0002, 5, 3, 114);
  [59, 1, 25, 1, 12, 1].forEach((v, i) => t.writeUInt32LE(v, 114 + 4 * i));
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), t]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, body, jpeg.subarray(2)]);
}

/** axe's violations on the page, minus the known ones of `screen`; the rest must be none. */
async function axeScan(page: Page, screen: keyof typeof knownFailures) {
  await page.evaluate(axe.source);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    resultTypes: ['violations'],
    iframes: false,
  };
  const results = await page.evaluate(
    (o) => (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, o),
    options,
  );
  const found = results.violations.map((v) => v.id).sort();
  expect(
    found.filter((id) => !knownFailures[screen]?.includes(id)),
    `axe on the editor's ${screen} screen, beyond the known failures:\n${results.violations
      .filter((v) => !knownFailures[screen]?.includes(v.id))
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join('\n  ')}`)
      .join('\n')}`,
  ).toEqual([]);
  return found;
}

/** The editor, logged in to the local backend, at the projects. */
async function openEditor(page: Page) {
  page.on('dialog', (d) => void d.accept()); // "leave with unsaved changes?"
  await page.goto(`${origin}/admin/#/collections/projects`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Collections')).toBeVisible({ timeout: 60_000 });
}

async function openProject(page: Page, title = 'Study Away Resource Page') {
  await page.goto('about:blank');
  await page.goto(`${origin}/admin/#/collections/projects`);
  await page.getByText(title, { exact: true }).click();
  await expect(page.getByLabel('Title', { exact: true }).first()).toBeVisible();
}

/** Publish (the local backend writes the files). */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
}

/** Publish, and expect Decap to say the entry was saved (or show what it said). */
async function save(page: Page) {
  await publish(page);
  const said = page.getByText(/^Entry saved|Failed to persist|missed a required field/).first();
  await expect(said).toBeVisible({ timeout: 30_000 });
  expect(await said.textContent()).toMatch(/^Entry saved/);
}

async function upload(page: Page, choose: ReturnType<Page['getByRole']>, file: string) {
  await choose.click();
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, file));
  await page.getByRole('button', { name: 'Choose selected' }).click();
}

/** The gallery block of the open project, expanded. */
async function galleryBlock(page: Page) {
  const block = page.locator('[class*=SortableListItem]').filter({ has: page.locator('label[for^=texts-field]') });
  await block.getByRole('button').first().click();
  return block;
}

test('the first screen is axe-clean and runs under the host policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${origin}/admin/`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'unsafe-eval'");
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 60_000 });
  expect(await axeScan(page, 'login')).toEqual([]);
  expect(errors).toEqual([]);
});

test('the owner edits, adds and reorders; the files, validate and the pages follow', async ({ page }) => {
  test.setTimeout(300_000);
  await openEditor(page);
  await openProject(page);
  // 2. The title.
  await page.getByLabel('Title', { exact: true }).first().fill('Study Away, Edited in the Browser');
  // 3. A photo for the gallery, with its alt text.
  const gallery = await galleryBlock(page);
  await page.getByRole('button', { name: 'Add image texts' }).click();
  await upload(page, page.getByRole('button', { name: 'Choose an image' }).last(), '04.jpg');
  await page.locator('input[id^=alt-field]').last().fill('Logos on a wall, added in the browser');
  // 4. Two photos reordered: the gallery follows its texts (decision 0081),
  // and the new photo's entry is dragged above the video's.
  await page.getByLabel('Gallery order (optional)').click();
  await page.locator('[class*=option]', { hasText: /^texts$/ }).click();
  const entries = gallery.locator('[class*=SortableListItem]');
  await entries.last().getByRole('button').first().click(); // collapsed, as the other: one row each
  const handles = entries.locator('[class*=DragIconContainer]');
  await handles.first().evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const from = await handles.last().boundingBox();
  const to = await handles.first().boundingBox();
  if (!from || !to) throw new Error('no drag handles');
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - 6, { steps: 3 }); // past the sensor's 4 px
  await page.mouse.move(x, to.y - 20, { steps: 20 });
  await page.mouse.up();
  await expect
    .poll(() => page.locator('input[id^=alt-field]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
    .toEqual(['Logos on a wall, added in the browser', 'A moving test pattern with a running clock']);
  await axeScan(page, 'entry');
  // 6. Save.
  await save(page);

  // 5. A new project in a declared category.
  await page.goto('about:blank');
  await page.goto(`${origin}/admin/#/collections/projects/new`);
  await expect(page.getByLabel('Title', { exact: true }).first()).toHaveValue('');
  await page.getByLabel('Title', { exact: true }).first().fill('Harbour Lights');
  await page.getByLabel('Subtitle', { exact: true }).fill('Night photographs of a working harbour');
  await page.getByLabel('Description', { exact: true }).fill('Long exposures of cranes, ferries and quays after dark.');
  await page.getByLabel('Role', { exact: true }).fill('Photographer');
  await page.getByRole('button', { name: 'Add skills' }).click();
  await page.locator('input[id^=skill-field]').last().fill('Long exposure');
  await page.getByLabel('Category label', { exact: true }).fill('Photography');
  await page.getByLabel('Listing page', { exact: true }).click();
  await expect(page.locator('[class*=option]')).toHaveText(['graphics', 'higher-education', 'photography', 'web-design']);
  await page.locator('[class*=option]', { hasText: 'photography' }).click();
  await upload(page, page.getByRole('button', { name: 'Choose an image' }).first(), 'harbour-cover.jpg');
  await page.getByRole('button', { name: 'Add page body' }).click();
  await page.getByRole('menuitem', { name: 'Text block' }).click();
  await page.locator('textarea[id^=text-field]').last().fill('The harbour never sleeps.');
  await save(page);

  // 7. The files on disk.
  expect(changes().split('\n').sort()).toEqual([
    ` M content/projects/${slug}/project.yaml`,
    '?? content/projects/harbour-lights/harbour-cover.jpg',
    '?? content/projects/harbour-lights/project.yaml',
    `?? content/projects/${slug}/gallery/04.jpg`,
  ]);
  expect(readFileSync(path.join(work, 'content', 'projects', slug, 'gallery', '04.jpg'))).toEqual(readFileSync(path.join(fixtures, '04.jpg')));
  const edited = readFileSync(projectYaml, 'utf8');
  expect(edited).toContain('title: Study Away, Edited in the Browser');
  expect(edited).toMatch(/\n {4}texts:\n {6}- file: 04\.jpg\n {8}alt: Logos on a wall, added in the browser\n {6}- file: 02\.mp4\n/);
  expect(edited).toMatch(/\n {4}order: texts\n/);
  const added = readFileSync(path.join(work, 'content', 'projects', 'harbour-lights', 'project.yaml'), 'utf8');
  expect(added).toContain('page: photography');
  expect(added).toContain('cover: harbour-cover.jpg');
  // Each saved file starts, as every content file does, with its schema's
  // modeline (the editor's field comment, cli/internal/editorconfig), so
  // validate passes (exit 0) with no warning about a first line (issue 48).
  expect(edited.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schema/project.schema.json');
  expect(added.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schema/project.schema.json');
  const validation = spawnSync(command(), ['validate'], { cwd: work, encoding: 'utf8' });
  expect(validation.status, `portfolio validate after the editor's saves:\n${validation.stdout}${validation.stderr}`).toBe(0);
  const validated = validation.stdout;
  expect(validated).not.toContain("the first line does not name the file's schema");
  // The running site regenerated from them: the title, the new order, the new page.
  await expect
    .poll(async () => (await (await fetch(`${origin}/projects/${slug}`, { headers: { accept: 'text/html' } })).text()).match(/<h1[^>]*>([^<]*)</)?.[1], {
      timeout: 60_000,
    })
    .toBe('Study Away, Edited in the Browser');
  const projectPage = await (await fetch(`${origin}/projects/${slug}`, { headers: { accept: 'text/html' } })).text();
  expect(projectPage).toContain('Study Away, Edited in the Browser 1: Logos on a wall, added in the browser');
  expect((await fetch(`${origin}/projects/harbour-lights`, { headers: { accept: 'text/html' } })).status).toBe(200);
  git('add', '-A');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-qm', 'edited in the browser');
});

test('saves the schemas refuse are refused, naming the field, and write nothing', async ({ page }) => {
  test.setTimeout(300_000);
  await openEditor(page);
  const refused = async (change: () => Promise<void>, message: RegExp) => {
    await openProject(page, 'Study Away, Edited in the Browser');
    await change();
    await publish(page);
    await expect(page.getByText(message).first()).toBeVisible({ timeout: 30_000 });
    // The write would have been by now; nothing was.
    await page.waitForTimeout(1000);
    expect(changes()).toBe('');
  };
  const title = () => page.getByLabel('Title', { exact: true }).first();
  await test.step('an empty title', () => refused(() => title().fill(''), /Title is required/));
  await test.step('a title over its limit', () => refused(() => title().fill('x'.repeat(81)), /Title didn't match the pattern: at most 80 characters/));
  await test.step('a category site.yaml does not declare', async () => {
    // The select offers only the declared ones; one already in the file is kept by Decap, and the check refuses it.
    writeFileSync(projectYaml, readFileSync(projectYaml, 'utf8').replace(/^page: .*$/m, 'page: poetry'));
    git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-qam', 'an undeclared category');
    await refused(() => page.getByLabel('Subtitle', { exact: true }).fill('Edited again'), /Listing page \(\/page\): "poetry" names no category of site\.yaml/);
    git('reset', '-q', '--hard', 'HEAD~1');
  });
  await test.step('a text file as a photo', () =>
    refused(async () => {
      await galleryBlock(page);
      await page.getByRole('button', { name: 'Add image texts' }).click();
      await upload(page, page.getByRole('button', { name: 'Choose an image' }).last(), 'notes.txt');
    }, /File name didn't match the pattern/));
  await test.step('a text file named like a photo', () =>
    refused(async () => {
      await galleryBlock(page);
      await page.getByRole('button', { name: 'Add image texts' }).click();
      await upload(page, page.getByRole('button', { name: 'Choose an image' }).last(), 'fake.jpg');
    }, /File name \(\/body\/\d+\/texts\/\d+\/file\): fake\.jpg is not an image/));
  expect(existsSync(path.join(work, 'content', 'projects', slug, 'gallery', 'fake.jpg'))).toBe(false);
});

// On the host the editor logs in with GitHub (through Netlify's OAuth
// provider), and GitHub's push permission is the gate: Decap reads the
// repository's permissions at login and lets only an account that can push
// in. GitHub's API is answered here by routes, the local backend refused,
// and a signed-in session given (the token Netlify's window would hand over).
test('only an account that can push to the repository gets in', async ({ browser }) => {
  test.setTimeout(120_000);
  const cors = { 'access-control-allow-origin': '*' };
  for (const [who, push] of [
    ['visitor', false],
    ['owner', true],
  ] as const) {
    const context = await browser.newContext();
    await context.route('**/admin/api/v1', (route) => route.abort());
    await context.route('**/admin/config.yml', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/^ {2}name: github\n/m, '  name: github\n  repo: owner/portfolio\n') });
    });
    let asked = () => {};
    const repoAsked = new Promise<void>((resolve) => (asked = resolve));
    await context.route('https://api.github.com/**', (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/repos/owner/portfolio') asked();
      if (pathname === '/user') return route.fulfill({ headers: cors, json: { login: who, name: who, id: 1 } });
      if (pathname === '/repos/owner/portfolio')
        return route.fulfill({
          headers: cors,
          json: {
            name: 'portfolio',
            full_name: 'owner/portfolio',
            owner: { login: 'owner' },
            default_branch: 'main',
            permissions: { admin: push, push, pull: true },
          },
        });
      return route.fulfill({ status: 404, headers: cors, json: { message: 'Not Found' } });
    });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'github', token: 'gho_test', login: 'x' })));
    await page.goto(`${origin}/admin/`);
    if (push) await expect(page.getByText('Collections')).toBeVisible({ timeout: 60_000 });
    else {
      // Refused once GitHub has said what the account may do: the login again, no collection.
      // (An account that may push has the collections on screen within a
      // second or two of that answer; five leave room on a busy machine.)
      await repoAsked;
      await page.waitForTimeout(5000);
      await expect(page.getByRole('button', { name: 'Login with GitHub' })).toBeVisible();
      await expect(page.getByText('Collections')).toHaveCount(0);
    }
    await context.close();
  }
});

// Issue 48: on the host the editor sends a photo to GitHub from the
// browser, so it is stripped there (site/admin/upload.js, decision 0084),
// whatever backend receives it. What the browser sends is read here, before
// the local backend's own strip (uploadstrip) could touch it: no GPS
// position, no serial number, the image data byte for byte; a photo that
// carries them and cannot be read never leaves the browser.
test('a photo leaves the browser without its GPS position or serial number', async ({ page }) => {
  test.setTimeout(300_000);
  const sent: string[] = [];
  await page.route('**/admin/api/v1', async (route) => {
    const body = route.request().postData() ?? '';
    if (/"action":"persist(Media|Entry)"/.test(body)) sent.push(body);
    await route.continue();
  });
  const located = readFileSync(path.join(fixtures, 'located.jpg'));
  expect(located.includes(serial)).toBe(true);
  await openEditor(page);
  await openProject(page, 'Study Away, Edited in the Browser');
  await galleryBlock(page);
  await page.getByRole('button', { name: 'Add image texts' }).click();
  await upload(page, page.getByRole('button', { name: 'Choose an image' }).last(), 'located.jpg');
  await page.locator('input[id^=alt-field]').last().fill('A photo taken with a phone');
  await save(page);
  const files = sent.flatMap((b) => [...b.matchAll(/"path":"[^"]*located\.jpg","content":"([^"]+)"/g)].map((m) => Buffer.from(m[1] ?? '', 'base64')));
  expect(files.length, 'the photo was sent').toBeGreaterThan(0);
  const scan = located.indexOf(Buffer.from([0xff, 0xda]));
  for (const f of files) {
    expect(f.includes(serial), 'the serial number left the browser').toBe(false);
    expect(f.includes(Buffer.from([0x25, 0x88])), 'a GPS IFD left the browser').toBe(false);
    expect(f.subarray(f.length - (located.length - scan)).equals(located.subarray(scan)), 'the image data, byte for byte').toBe(true);
  }
  const written = readFileSync(path.join(work, 'content', 'projects', slug, 'gallery', 'located.jpg'));
  expect(written.includes(serial)).toBe(false);
  git('add', '-A');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.com', 'commit', '-qm', 'a located photo');

  sent.length = 0;
  await openProject(page, 'Study Away, Edited in the Browser');
  await galleryBlock(page);
  await page.getByRole('button', { name: 'Add image texts' }).click();
  await upload(page, page.getByRole('button', { name: 'Choose an image' }).last(), 'located-cut.jpg');
  await page.locator('input[id^=alt-field]').last().fill('A photo cut short');
  await publish(page);
  await expect(page.getByText(/located-cut\.jpg was not sent: it carries its GPS position, camera serial number/).first()).toBeVisible({ timeout: 30_000 });
  expect(
    sent.filter((b) => b.includes('located-cut.jpg')),
    'the photo cut short left the browser',
  ).toEqual([]);
  expect(changes()).toBe('');
});

// The same on the host's backend: the editor logged in with GitHub (its
// API answered by routes, as above), a photo uploaded in the media library
// is sent to GitHub as a blob (POST …/git/blobs) without its GPS position
// or serial number.
test('on GitHub, the blob of a photo carries no GPS position or serial number', async ({ browser }) => {
  test.setTimeout(120_000);
  const cors = { 'access-control-allow-origin': '*' };
  const context = await browser.newContext();
  await context.route('**/admin/api/v1', (route) => route.abort());
  await context.route('**/admin/config.yml', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(/^ {2}name: github\n/m, '  name: github\n  repo: owner/portfolio\n') });
  });
  const blobs: Buffer[] = [];
  await context.route('https://api.github.com/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (route.request().method() === 'OPTIONS')
      return route.fulfill({ headers: { ...cors, 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' } });
    if (pathname === '/user') return route.fulfill({ headers: cors, json: { login: 'owner', name: 'owner', id: 1 } });
    if (pathname === '/repos/owner/portfolio')
      return route.fulfill({
        headers: cors,
        json: {
          name: 'portfolio',
          full_name: 'owner/portfolio',
          owner: { login: 'owner' },
          default_branch: 'main',
          permissions: { admin: true, push: true, pull: true },
        },
      });
    if (pathname === '/repos/owner/portfolio/git/blobs' && route.request().method() === 'POST') {
      const { content, encoding } = route.request().postDataJSON() as { content: string; encoding: string };
      expect(encoding).toBe('base64');
      blobs.push(Buffer.from(content, 'base64'));
      return route.fulfill({ status: 201, headers: cors, json: { sha: '0'.repeat(40), url: '' } });
    }
    return route.fulfill({ status: 404, headers: cors, json: { message: 'Not Found' } });
  });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'github', token: 'gho_test', login: 'x' })));
  await page.goto(`${origin}/admin/`);
  await expect(page.getByText('Collections')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Media' }).click();
  await page.locator('input[type=file]').setInputFiles(path.join(fixtures, 'located.jpg'));
  await expect.poll(() => blobs.length, { message: 'the photo was sent as a blob', timeout: 30_000 }).toBeGreaterThan(0);
  const located = readFileSync(path.join(fixtures, 'located.jpg'));
  const scan = located.indexOf(Buffer.from([0xff, 0xda]));
  for (const f of blobs) {
    expect(f.includes(serial), 'the serial number left the browser').toBe(false);
    expect(f.includes(Buffer.from([0x25, 0x88])), 'a GPS IFD left the browser').toBe(false);
    expect(f.subarray(f.length - (located.length - scan)).equals(located.subarray(scan)), 'the image data, byte for byte').toBe(true);
  }
  await context.close();
});
