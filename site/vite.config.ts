/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { devPages } from './scripts/dev-pages.mjs';
import { pageScripts, readAnalytics } from './scripts/page-scripts.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react(), devPages(root)],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    sourcemap: false,
    // public/ is not copied: it holds the image variants, thousands of
    // files and hundreds of megabytes on a photographer's site, which the
    // prerender links into dist instead (scripts/prerender.mjs,
    // publishPublic), and the server build needs none of it.
    copyPublicDir: false,
    // The page template (its fonts and document styles), the islands loader
    // and the plain page scripts of the site's analytics provider only (and
    // the consent bar's, when GA4 asks for consent): no other provider's
    // code is built or published. Each island is a dynamic chunk of the
    // loader. The prerender finds the files' names in the manifest.
    manifest: true,
    rollupOptions: {
      // The consent script's startConsent is called by the page script, so
      // entries keep their exports (a few bytes: startPage, startCount).
      preserveEntrySignatures: 'exports-only',
      input: {
        index: src('./index.html'),
        islands: src('./src/islands/client.ts'),
        ...Object.fromEntries(Object.entries(pageScripts(readAnalytics(root, loadEnv(mode, root, 'VITE_')))).map(([name, file]) => [name, src(`./${file}`)])),
      },
    },
  },
  test: {
    // The unit tests never see the owner's content: `@/generated/…` is the
    // generator's own output for its test content (cli/internal/tsgen's
    // golden files, kept equal to the generator's output by its golden
    // test), not the live src/generated/ (docs/testing.md). An array, so that
    // it comes before resolve.alias's '@'.
    alias: [{ find: /^@\/generated\//, replacement: fileURLToPath(new URL('../cli/internal/tsgen/testdata/golden/', import.meta.url)) }],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'admin/**/*.test.js'],
    css: false,
    // One jsdom for all the files of a worker, not one per file: setting up
    // jsdom per file cost as much as the tests (75 s → 27 s for the suite on
    // the 2-core VM, same run). The tests clean up after themselves
    // (src/testing/setup.ts: DOM, mocks, globals, analytics); a test that
    // leaks state into another file shows up with `--sequence.shuffle.files`.
    isolate: false,
    // Pages and project bodies are dynamic imports, transformed on first use:
    // on a busy 2-core machine the first test of a file can take seconds.
    testTimeout: 15_000,
  },
}));
