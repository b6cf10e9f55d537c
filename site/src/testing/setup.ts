import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not scroll; Layout scrolls to the top on every navigation.
// Tests that care spy on it.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // Analytics lives on window once Layout has started it: each test starts
  // without it.
  delete window.gtag;
  delete window.dataLayer;
  document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  // The consent choice (src/page-script/consent.ts) is kept there.
  localStorage.clear();
});
