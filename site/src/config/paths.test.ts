import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childRoute, isPrivatePath, localize, paths, photoOf, projectSlug, samePath, unlocalize } from '@/config/paths';

// The private prefix as Go spells it once (privateaccess.Prefix), and the
// paths the gate reads as private, with the slug it finds in each.
const vectors = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cli/internal/privateaccess/testdata/vectors.json'), 'utf8'),
) as {
  prefix: string;
  paths: { path: string; kind: 'public' | 'private' | 'refused'; slug: string }[];
};

describe('paths', () => {
  it.each([
    ['/projects/admin-portal', 'admin-portal'],
    ['/projects/', ''],
    ['/project/admin-portal', undefined],
    ['/about', undefined],
    ['/projects/drone-photography/photos/3', undefined],
  ])('projectSlug(%s) is %s', (pathname, slug) => {
    expect(projectSlug(pathname)).toBe(slug);
  });

  it('reads back the slug of every project path it builds', () => {
    expect(projectSlug(paths.project('drone-photography'))).toBe('drone-photography');
  });

  it.each([
    ['/projects/drone-photography/photos/3', { slug: 'drone-photography', n: 3 }],
    ['/projects/drone-photography/photos/12/', { slug: 'drone-photography', n: 12 }],
    ['/projects/drone-photography/photos/0', undefined],
    ['/projects/drone-photography/photos/03', undefined],
    ['/projects/drone-photography/photos/', undefined],
    ['/projects/drone-photography', undefined],
    ['/projects/a/b/photos/1', undefined],
  ])('photoOf(%s) is %o', (pathname, photo) => {
    expect(photoOf(pathname)).toEqual(photo);
  });

  it('reads back the project and number of every photo path it builds', () => {
    expect(photoOf(paths.photo('drone-photography', 3))).toEqual({ slug: 'drone-photography', n: 3 });
  });

  it('reads a private project and its photos under /private/ (docs/decisions/0080)', () => {
    expect(paths.privateProject('smith-wedding')).toBe('/private/smith-wedding');
    expect(projectSlug(paths.privateProject('smith-wedding'))).toBe('smith-wedding');
    expect(paths.photoAt(paths.privateProject('smith-wedding'), 2)).toBe('/private/smith-wedding/photos/2');
    expect(photoOf(paths.photoAt(paths.privateProject('smith-wedding'), 2))).toEqual({ slug: 'smith-wedding', n: 2 });
    expect(projectSlug('/privateer/x')).toBeUndefined();
  });

  it("puts a private project's page under the prefix the gate guards (vectors.json, from Go's privateaccess.Prefix)", () => {
    expect(paths.privateProject('smith-wedding')).toBe(`${vectors.prefix}smith-wedding`);
    for (const v of vectors.paths.filter((p) => p.kind === 'private' && p.slug !== '' && p.path === `${vectors.prefix}${p.slug}`)) {
      expect(projectSlug(v.path)).toBe(v.slug);
    }
  });

  it.each([
    [paths.about, 'about'],
    [paths.contactSent, 'contact/sent'],
    [paths.project(':slug'), 'projects/:slug'],
    [paths.home, ''],
  ])('childRoute(%s) is %s', (path, child) => {
    expect(childRoute(path)).toBe(child);
  });

  it.each([
    ['/contact/sent', true],
    ['/contact/sent/', true],
    ['/contact', false],
    ['/contact/sent/x', false],
  ])('samePath(%s, contactSent) is %s', (pathname, same) => {
    expect(samePath(pathname, paths.contactSent)).toBe(same);
  });

  describe('in several languages (decision 0116)', () => {
    it.each([
      [paths.home, '/en/'],
      [paths.about, '/en/about'],
      [paths.contactSent, '/en/contact/sent/'],
      [paths.category('photography'), '/en/photography'],
      [paths.photo('drone-photography', 3), '/en/projects/drone-photography/photos/3'],
      ['/about#cv', '/en/about#cv'],
      ['/about?x=1', '/en/about?x=1'],
      [paths.privateProject('smith-wedding'), '/private/smith-wedding/en'],
      [paths.photoAt(paths.privateProject('smith-wedding'), 2), '/private/smith-wedding/en/photos/2'],
      // Files, fragments and other sites are the same in every language.
      ['/img/a-1200.jpg', '/img/a-1200.jpg'],
      [paths.download(paths.privateProject('smith-wedding'), 'smith-wedding', 'web'), '/private/smith-wedding/smith-wedding-web.zip'],
      ['#work', '#work'],
      ['https://example.com/about', 'https://example.com/about'],
      ['//example.com/about', '//example.com/about'],
    ])('localize(%s, en) is %s, and the default language keeps it', (path, localized) => {
      expect(localize(path, 'en', 'sv')).toBe(localized);
      expect(localize(path, 'sv', 'sv')).toBe(path);
    });

    it("keeps every language's page of a private project under the prefix the gate guards, its slug where the gate reads it", () => {
      for (const path of [paths.privateProject('smith-wedding'), paths.photoAt(paths.privateProject('smith-wedding'), 12)]) {
        const at = localize(path, 'en', 'sv');
        expect(isPrivatePath(at)).toBe(true);
        expect(at.startsWith(`${vectors.prefix}smith-wedding/`)).toBe(true);
      }
    });

    it.each([
      ['/en/', { path: '/', lang: 'en' }],
      ['/en', { path: '/', lang: 'en' }],
      ['/en/about', { path: '/about', lang: 'en' }],
      ['/en/projects/x/photos/3', { path: '/projects/x/photos/3', lang: 'en' }],
      ['/private/x/en', { path: '/private/x', lang: 'en' }],
      ['/private/x/en/photos/3', { path: '/private/x/photos/3', lang: 'en' }],
      ['/about', { path: '/about', lang: 'sv' }],
      ['/english', { path: '/english', lang: 'sv' }],
      ['/private/en', { path: '/private/en', lang: 'sv' }],
      ['/private/x/photos/3', { path: '/private/x/photos/3', lang: 'sv' }],
    ])('unlocalize(%s) is %o', (pathname, page) => {
      expect(unlocalize(pathname, ['sv', 'en'])).toEqual(page);
    });

    it('reads back every address it makes', () => {
      for (const path of [
        paths.home,
        paths.about,
        paths.contactSent,
        paths.photo('a', 1),
        paths.privateProject('b'),
        paths.photoAt(paths.privateProject('b'), 4),
      ]) {
        expect(unlocalize(localize(path, 'en', 'sv'), ['sv', 'en'])).toEqual({ path, lang: 'en' });
      }
    });
  });
});
