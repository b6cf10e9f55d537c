import { describe, expect, it } from 'vitest';
import { childRoute, paths, projectSlug, samePath } from '@/config/paths';

describe('paths', () => {
  it.each([
    ['/projects/admin-portal', 'admin-portal'],
    ['/projects/', ''],
    ['/project/admin-portal', undefined],
    ['/about', undefined],
  ])('projectSlug(%s) is %s', (pathname, slug) => {
    expect(projectSlug(pathname)).toBe(slug);
  });

  it('reads back the slug of every project path it builds', () => {
    expect(projectSlug(paths.project('drone-photography'))).toBe('drone-photography');
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
});
