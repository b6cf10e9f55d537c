// `portfolio dev` as an owner uses it, on a repository of its own (the
// variant site of support/variants.ts: one project with a gallery and a
// video), in Chromium: every route shows what the build renders, the islands
// work, an edit of project.yaml reaches the open pages in seconds, broken
// YAML is named at file:line:col while the last good page stays; and `dev`,
// `serve` and `build`, ended by Ctrl-C, SIGTERM or a closed terminal
// (SIGHUP), leave no process of theirs behind (docs/testing.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { alive, descendants } from './support/processes';
import { buildVariant, command, scratchRepository, serveVariant, siteYaml, warmImages, withoutAnalyticsWithVideo, type Served } from './support/variants';
import { expect, test, waitForHydration } from './support/test';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = path.join(repo, '.cache', 'e2e', 'dev');
const basePort = Number(process.env.E2E_PORT ?? 4173) + 30;
const project = 'study-away-resource-page';
const projectYaml = path.join(work, 'content', 'projects', project, 'project.yaml');
const title = 'Study Away Resource Page';

/** A `portfolio` command running in the scratch repository, its output kept. */
interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): Running {
  const child = spawn(command(), args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Vite colours its lines even into a pipe: the text without its escapes.
  // eslint-disable-next-line no-control-regex -- ESC is what is matched
  return { child, output: () => output.replace(/\x1b\[[0-9;]*m/g, ''), exited };
}

/** `portfolio dev` on `port`, once Vite says where it serves. */
async function startDev(port: number): Promise<Running> {
  const dev = run(['dev', '--port', String(port)]);
  await expect
    .poll(() => (dev.child.exitCode === null ? dev.output().slice(-2000) : `exited: ${dev.output().slice(-2000)}`), { message: 'dev starts', timeout: 120_000 })
    .toContain(`localhost:${port}/`);
  return dev;
}

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, 'localhost');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

let dev: Running;
let built: Served;
const devOrigin = `http://localhost:${basePort}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  rmSync(work, { recursive: true, force: true });
  scratchRepository(work, siteYaml(withoutAnalyticsWithVideo.setting, false), withoutAnalyticsWithVideo.gallery);
  // The same content, built (support/variants.ts keeps it between runs).
  const [site] = await Promise.all([buildVariant(withoutAnalyticsWithVideo)]);
  // Its images, cards and icons, which dev's first regeneration checks and
  // reuses as a build would, instead of making them again.
  warmImages(path.dirname(site), work);
  built = await serveVariant(site);
  dev = await startDev(basePort);
});

test.afterAll(async () => {
  built?.stop();
  dev?.child.kill('SIGTERM');
  await dev?.exited;
});

/** What a visitor perceives of the page: its status, title and accessibility tree. */
const perceived = async (page: Page, url: string) => {
  const response = await page.goto(url);
  return { status: response?.status(), title: await page.title(), tree: await page.locator('body').ariaSnapshot() };
};

// As rendered, before any script runs (the islands are the next test's): the
// same page, the same status.
test('every route shows what the build renders', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const routes = [
    '/',
    '/about',
    '/contact',
    '/contact/sent/',
    '/privacy',
    '/higher-education',
    `/projects/${project}`,
    `/projects/${project}/photos/2`,
    '/no-such-page',
  ];
  for (const route of routes) {
    const want = await perceived(page, built.origin + route);
    const got = await perceived(page, devOrigin + route);
    expect(got, route).toEqual(want);
  }
  await context.close();
});

test('the islands work: the lightbox opens on a tile, the contact form checks its fields', async ({ page }) => {
  await page.goto(`${devOrigin}/projects/${project}`);
  await page.getByRole('link', { name: 'Open image 1', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('1 / 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A photo's page opens its viewer when asked (decision 0118): → on photo 1 opens it on the next, the video.
  await page.goto(`${devOrigin}/projects/${project}/photos/1`);
  await expect(page.getByRole('button', { name: 'Open in viewer' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog').getByText('2 / 3')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('group', { name: '2 of 3' }).locator('video')).toHaveCount(1);

  // The dev server compiles the island when it is first asked for: a
  // click before it has mounted would submit the form natively.
  await page.goto(`${devOrigin}/contact`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
});

test('an edit of project.yaml shows on the open pages; broken YAML is named at file:line:col and the last good page stays', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const projectPage = await context.newPage();
  const categoryPage = await context.newPage();
  await projectPage.goto(`${devOrigin}/projects/${project}`);
  await categoryPage.goto(`${devOrigin}/higher-education`);
  await expect(projectPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(categoryPage.getByRole('heading', { name: title })).toBeVisible();

  const original = readFileSync(projectYaml, 'utf8');
  const renamed = 'Study Away, Renamed';
  writeFileSync(projectYaml, original.replace(`title: ${title}`, `title: ${renamed}`));
  // No reload by hand: the pages reload themselves.
  await expect(projectPage.getByRole('heading', { level: 1 })).toHaveText(renamed, { timeout: 15_000 });
  await expect(categoryPage.getByRole('heading', { name: renamed })).toBeVisible({ timeout: 15_000 });

  const before = dev.output().length;
  writeFileSync(projectYaml, original.replace(`title: ${title}`, 'title: [Study Away'));
  // Both lines, which may arrive in separate writes: the broken file at its
  // line and column, then that the site keeps the last good content.
  await expect
    .poll(() => dev.output().slice(before), { message: 'the terminal names the broken file, then keeps the last good content', timeout: 15_000 })
    .toMatch(/project\.yaml:\d+:\d+[\s\S]*keeps the last good content/);
  await projectPage.reload();
  await expect(projectPage.getByRole('heading', { level: 1 })).toHaveText(renamed);

  writeFileSync(projectYaml, original);
  await expect(projectPage.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 15_000 });
  await context.close();
});

// The whole tree of each command, read before the signal, is gone after it;
// `dev`'s port is free again (Vite is not left holding it).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  test(`dev, serve and build stopped by ${signal} leave no process behind`, async () => {
    test.setTimeout(240_000);
    const port = basePort + 2;
    const stop = async (running: Running, what: string) => {
      const tree = descendants(running.child.pid!);
      expect(tree.length, `${what} has children to stop`).toBeGreaterThan(0);
      running.child.kill(signal);
      // It ends (dev and serve with 0, as a server stopped on purpose).
      await running.exited;
      await expect
        .poll(() => tree.filter((p) => alive(p.pid)).map((p) => `${p.pid} ${p.name}`), { message: `what ${what} started, after ${signal}`, timeout: 15_000 })
        .toEqual([]);
    };

    await stop(await startDev(port), 'dev');
    expect(await listening(port), `port ${port} after dev stopped`).toBe(false);

    // A build, stopped while npm builds the site; then serve, which builds
    // first (the stopped build left the site out of date), stopped there.
    for (const args of [['build'], ['serve', '--addr', '127.0.0.1:0', '--data', path.join(work, 'data')]]) {
      const running = run(args);
      await expect
        // A grandchild: npm's shell or Node, below npm (node --version, run
        // alone before, has none).
        .poll(() => descendants(running.child.pid!).some((p) => p.ppid !== running.child.pid), {
          message: `${args[0]} runs npm's tree (${running.output().slice(-500)})`,
          timeout: 120_000,
        })
        .toBe(true);
      await stop(running, args[0]!);
    }
  });
}
