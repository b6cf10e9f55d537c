/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    sourcemap: false,
    // The page template (its fonts and document styles), the islands loader
    // and the plain page scripts (GA4's or the cookieless providers', and the
    // consent bar's); each island is a dynamic chunk of the loader. The prerender finds the files' names in the manifest.
    manifest: true,
    rollupOptions: {
      // The consent script's startConsent is called by the page script, so
      // entries keep their exports (a few bytes: startPage, startCount).
      preserveEntrySignatures: 'exports-only',
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        islands: fileURLToPath(new URL('./src/islands/client.ts', import.meta.url)),
        page: fileURLToPath(new URL('./src/page-script/page-script.ts', import.meta.url)),
        count: fileURLToPath(new URL('./src/page-script/count.ts', import.meta.url)),
        consent: fileURLToPath(new URL('./src/page-script/consent.ts', import.meta.url)),
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
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
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
});
