// Playwright's configuration for .ci/netlify-cli/run alone: the one spec
// (netlify-cli.spec.ts) against a `netlify dev --offline` the script has
// started, so no `portfolio serve` of this checkout is started beside it.
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  // Where the main configuration puts them (site/test-results, git-ignored).
  outputDir: '../test-results/artifacts',
  testMatch: 'netlify-cli.spec.ts',
  workers: 1,
  projects: base.projects!.filter((p) => p.name === 'chromium').map((p) => ({ ...p, testIgnore: [] })),
  webServer: [],
});
