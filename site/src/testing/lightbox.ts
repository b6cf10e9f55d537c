import { configure, getConfig } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

/**
 * For a test file that opens the real lightbox (or renders whole project
 * pages) in jsdom, slow on a busy two-core machine: each test and each
 * findBy… and waitFor gets more time than the defaults (5 s and 1 s; nothing
 * waits on a timer that long), and the lightbox chunk is fetched once up
 * front, as a tile's hover or focus does, so the first test to open it does
 * not wait for its transform. React.lazy still suspends once per render
 * tree, as in the browser. Call it at the file's top level.
 */
export function withRealLightbox() {
  vi.setConfig({ testTimeout: 30_000 });
  const { asyncUtilTimeout } = getConfig();
  beforeAll(async () => {
    configure({ asyncUtilTimeout: 5_000 });
    await import('@/features/gallery/GalleryLightbox');
  });
  afterAll(() => configure({ asyncUtilTimeout }));
}
