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
    // Each route is its own chunk (see src/app/routes.tsx); the budget
    // script measures what the home page loads first.
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Pages and project bodies are dynamic imports, transformed on first use:
    // on a busy 2-core machine the first test of a file can take seconds.
    testTimeout: 15_000,
  },
});
