import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullBrowser = '/usr/bin/chromium';
/**
 * The specs that need the whole browser, not its headless shell (below):
 * focus across frames; the browser editor, Decap CMS, judged in the
 * browser its owner uses (docs/decisions/0079-browser-editor-decap.md).
 */
const fullBrowserSpecs = /(focus|editor)\.spec\.ts/;
const browser = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
});

/**
 * End-to-end tests against the built, prerendered site, served by
 * `portfolio serve` the way the host serves it (its headers and
 * Content-Security-Policy included), contact form and all. The server does
 * not build: run `npm run build` first (the tests read dist/ as it is).
 *
 *   npm run build && npx playwright test
 */
export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: true,
  retries: 0,
  // The machine has two cores; more workers only make timings flakier.
  workers: 2,
  reporter: 'list',
  // Specs of read-only checks share one browser context per worker:
  // `test.use({ reuseContext: true })` at their top (docs/testing.md).
  // Failure artefacts go one level down, so that a run (which empties this
  // folder) leaves test-results/screenshots (scripts/screenshots.mjs) alone.
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
  },
  projects: [
    // Debian's Chromium headless shell (Playwright's own browser builds
    // cannot be downloaded here; the shell is what Playwright runs headless
    // tests in, and it took a third less CPU than the chromium package's
    // browser over the same specs: docs/testing.md), else Debian's
    // chromium, or the browser CHROME_PATH names (GitHub's runners have
    // Google Chrome).
    { name: 'chromium', testIgnore: fullBrowserSpecs, use: browser(process.env.CHROME_PATH ?? (existsSync(headlessShell) ? headlessShell : fullBrowser)) },
    // Focus across an embedded frame is the browser's, not Blink's: Tab
    // into the prototype's iframe draws its focus ring in Chromium, and
    // nothing in the headless shell. focus.spec.ts judges what a visitor
    // sees, so it runs in the browser visitors have.
    { name: 'chromium-browser', testMatch: fullBrowserSpecs, use: browser(process.env.CHROME_PATH ?? fullBrowser) },
  ],
  webServer: {
    // Serves dist/ only; the build is done beforehand by whoever runs the
    // tests. Messages the tests send go to .cache/e2e/messages.
    // PORTFOLIO_BIN, an absolute path to a built `portfolio` (`.ci/test` builds one),
    // runs instead of compiling the command again with `go run`.
    command: `${process.env.PORTFOLIO_BIN ? JSON.stringify(process.env.PORTFOLIO_BIN) : 'go run ./cli/cmd/portfolio'} serve --no-build --addr 127.0.0.1:${port} --data .cache/e2e/messages`,
    cwd: '..',
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    // The first `go run` compiles the command.
    timeout: 120_000,
  },
});
