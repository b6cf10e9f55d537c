// `portfolio dev` serves a private project's files from public/, where the
// images step wrote them, under the prefix the route table names
// (src/config/paths.ts, which the plugin loads; its own test holds it to
// Go's privateaccess.Prefix, the prefix read here).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { privateFile } from './dev-pages.mjs';

const { prefix } = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cli/internal/privateaccess/testdata/vectors.json'), 'utf8'),
) as { prefix: string };

describe('privateFile', () => {
  it.each([
    ['an image variant', `${prefix}smith-wedding/img/ab12-800.avif`, '/img/ab12-800.avif'],
    ['a video, its query dropped', `${prefix}smith-wedding/video/clip-1a2b.mp4?t=3`, '/video/clip-1a2b.mp4'],
    ['a document', `${prefix}smith-wedding/docs/order-1a2b.pdf`, '/docs/order-1a2b.pdf'],
    ['a page of the project', `${prefix}smith-wedding/photos/1`, undefined],
    ['the project itself', `${prefix}smith-wedding/`, undefined],
    ['a public image', '/img/ab12-800.avif', undefined],
    ['a public project with the same words', '/projects/private/img/x.avif', undefined],
  ])('%s', (_name, url, want) => {
    expect(privateFile(url, prefix)).toBe(want);
  });
});
