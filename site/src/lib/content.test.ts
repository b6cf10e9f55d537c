import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '@/generated/content';
import { allProjects, featuredProjects, heroPhoneSteps, heroSizes, project, projectsOf } from '@/lib/content';

// On the generator's test content (cli/internal/tsgen/testdata/content):
// six projects; site.yaml's projectOrder lists wireframes, photo-set,
// case-study, survey-app and briefing-memo, and brand-guide follows.
describe('selectors over the generated content (docs/site.md §3, on the test content)', () => {
  it('has 6 projects in all: 3 web design, 1 each of photography, higher education and graphics', () => {
    const count = (page: string) => allProjects().filter((p) => p.page === page).length;
    expect(allProjects()).toHaveLength(6);
    expect(count('web-design')).toBe(3);
    expect(count('photography')).toBe(1);
    expect(count('higher-education')).toBe(1);
    expect(count('graphics')).toBe(1);
  });

  it('featuredProjects() are exactly the featured and active ones, in the order of site.yaml projectOrder', () => {
    expect(featuredProjects().map((p) => p.title)).toEqual(['Photo Set', 'Survey App', 'Briefing Memo']);
    expect(featuredProjects().every((p) => p.featured && p.active)).toBe(true);
  });

  it.each<[string, string[]]>([
    ['web-design', ['Wireframes', 'Survey App']],
    ['photography', ['Photo Set']],
    ['higher-education', ['Briefing Memo']],
    ['graphics', ['Brand Guide']],
  ])('projectsOf(%s) lists only its active projects, in the order of site.yaml projectOrder', (page, expected) => {
    const listed = projectsOf(page);
    expect(listed.map((p) => p.title)).toEqual(expected);
    expect(listed.every((p) => p.page === page && p.active)).toBe(true);
  });

  it('never lists the inactive (and featured) Case Study', () => {
    const inactive = allProjects().filter((p) => !p.active);
    expect(inactive.map((p) => p.slug)).toEqual(['case-study']);
    expect(projectsOf('web-design')).toHaveLength(2);
    for (const page of ['web-design', 'graphics', 'photography', 'higher-education'] as const) {
      expect(projectsOf(page).map((p) => p.slug)).not.toContain('case-study');
    }
    expect(featuredProjects().map((p) => p.slug)).not.toContain('case-study');
  });

  it('project(slug) finds every project, the inactive one included', () => {
    for (const p of allProjects()) expect(project(p.slug)).toBe(p);
    expect(project('case-study')?.title).toBe('Case Study');
    expect(project('survey-app')?.link).toBe('/projects/survey-app');
  });

  it('project(slug) is undefined for an unknown slug', () => {
    expect(project('no-such-project')).toBeUndefined();
    expect(project('')).toBeUndefined();
  });
});

describe('visibility rules on every combination (docs/site.md §4)', () => {
  // Rows that make each rule matter on its own, whatever content the
  // module holds.
  const row = (slug: string, page: string, featured: boolean, active: boolean) =>
    ({ slug, title: slug, page, featured, active, link: `/projects/${slug}` }) as unknown as Project;

  afterEach(() => {
    vi.doUnmock('@/generated/content');
    vi.resetModules();
  });

  it('featured needs active too; a category lists active ones whether featured or not', async () => {
    vi.resetModules();
    vi.doMock('@/generated/content', () => ({
      site: {},
      projects: [
        row('featured-active', 'graphics', true, true),
        row('featured-inactive', 'graphics', true, false),
        row('plain-active', 'graphics', false, true),
        row('plain-inactive', 'graphics', false, false),
        row('other-page', 'photography', true, true),
      ],
    }));
    const content = await import('@/lib/content');

    expect(content.featuredProjects().map((p) => p.slug)).toEqual(['featured-active', 'other-page']);
    expect(content.projectsOf('graphics').map((p) => p.slug)).toEqual(['featured-active', 'plain-active']);
    expect(content.projectsOf('photography').map((p) => p.slug)).toEqual(['other-page']);
    expect(content.project('featured-inactive')?.slug).toBe('featured-inactive');
    expect(content.project('plain-inactive')?.slug).toBe('plain-inactive');
  });

  it('a private project is in no listing, featured and active or not, but has its page (docs/decisions/0080)', async () => {
    vi.resetModules();
    const secret = { ...row('for-one-client', 'graphics', true, true), access: 'private', link: '/private/for-one-client' };
    vi.doMock('@/generated/content', () => ({ site: {}, projects: [row('public-one', 'graphics', true, true), secret] }));
    const content = await import('@/lib/content');

    expect(content.featuredProjects().map((p) => p.slug)).toEqual(['public-one']);
    expect(content.projectsOf('graphics').map((p) => p.slug)).toEqual(['public-one']);
    expect(content.project('for-one-client')?.link).toBe('/private/for-one-client');
    expect(content.isPrivate(content.project('for-one-client')!)).toBe(true);
  });
});

describe("the photo layout's frame on a phone (issue 52: one image pixel per device pixel)", () => {
  // A 16:10 photo whose largest file is 2,400 × 1,500, as the build makes from a larger camera photo.
  const wide = { width: 2400, height: 1500 };

  it('keeps a phone frame at 3× no taller than the shortest picture fills, and leaves 2× and wide screens alone', () => {
    expect(heroPhoneSteps([wide])).toEqual([
      { media: '(max-width: 899.95px) and (min-resolution: 3.01dppx)', height: 'min(72svh, 375px)' },
      { media: '(max-width: 899.95px) and (min-resolution: 2.01dppx)', height: 'min(72svh, 500px)' },
    ]);
    // The shortest picture of a slideshow decides; a tall enough one needs no step.
    expect(heroPhoneSteps([{ width: 4000, height: 3000 }, wide])).toHaveLength(2);
    // 3,000 px tall fills 750 px at 4×: more than the frame's 640.
    expect(heroPhoneSteps([{ width: 4000, height: 3000 }])).toEqual([]);
    expect(heroPhoneSteps([])).toEqual([]);
  });

  it('says in sizes how wide each step draws the picture, the highest ratio first', () => {
    const sizes = heroSizes(wide);
    const at = (media: string) => sizes.indexOf(`${media} max(`);
    const three = at('(max-width: 899.95px) and (min-resolution: 3.01dppx)');
    const two = at('(max-width: 899.95px) and (min-resolution: 2.01dppx)');
    expect(at('(min-width: 900px)')).toBe(0);
    expect(three).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(three);
    // At 3× on a phone the frame is 500 px tall, so the photo is drawn 800 px wide: 2,400 device pixels, its file's.
    expect(sizes).toContain('(min-resolution: 2.01dppx) max(100vw, calc(max(320px, min(72svh, 500px)) * 1.6))');
    expect(sizes.endsWith('max(100vw, calc(max(320px, min(72svh, 640px)) * 1.6))')).toBe(true);
  });
});
