import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Page, Project } from '@/generated/content';
import { allProjects, featuredProjects, project, projectsOf } from '@/lib/content';


describe('selectors over the generated content (SPEC.md §3)', () => {
  it('has 19 projects in all: 7 web design, 4 each of photography, higher education and graphics', () => {
    const count = (page: Page) => allProjects().filter((p) => p.page === page).length;
    expect(allProjects()).toHaveLength(19);
    expect(count('web-design')).toBe(7);
    expect(count('photography')).toBe(4);
    expect(count('higher-education')).toBe(4);
    expect(count('graphics')).toBe(4);
  });

  it('featuredProjects() are exactly the featured and active ones, in the order of SPEC.md §3 (site.yaml projectOrder)', () => {
    expect(featuredProjects().map((p) => p.title)).toEqual(
      [
        'Admin Portal',
        'Media Annotation Tool',
        'Interactive Survey Platform',
        'Drone Photography',
        'College Sports',
        'Higher Education Report',
      ],
    );
    expect(featuredProjects().every((p) => p.featured && p.active)).toBe(true);
  });

  it.each<[Page, string[]]>([
    [
      'web-design',
      ['Admin Portal', 'Media Annotation Tool', 'Mobile Call Review', 'Interactive Survey Platform', 'Research Community', 'Corporate Engagement Site'],
    ],
    ['photography', ['UNC Greensboro', 'Drone Photography', 'College Sports', 'HUGS Camp']],
    [
      'higher-education',
      ['Pathways to Design Thinking', 'Scholarship of Practice Briefing Memo', 'Study Away Resource Page', 'Undergraduate Reflective Art Project'],
    ],
    ['graphics', ['Higher Education Report', 'Scarlett Jill Brand Guide', 'Data Project Logos', 'Nonprofit Annual Report']],
  ])('projectsOf(%s) lists only its active projects, in the order of SPEC.md §3 (site.yaml projectOrder)', (page, expected) => {
    const listed = projectsOf(page);
    expect(listed.map((p) => p.title)).toEqual(expected);
    expect(listed.every((p) => p.page === page && p.active)).toBe(true);
  });

  it('never lists the inactive Telehealth Readiness Assessment', () => {
    const inactive = allProjects().filter((p) => !p.active);
    expect(inactive.map((p) => p.slug)).toEqual(['telehealth-assessment']);
    expect(projectsOf('web-design')).toHaveLength(6);
    for (const page of ['web-design', 'graphics', 'photography', 'higher-education'] as const) {
      expect(projectsOf(page).map((p) => p.slug)).not.toContain('telehealth-assessment');
    }
    expect(featuredProjects().map((p) => p.slug)).not.toContain('telehealth-assessment');
  });

  it('project(slug) finds every project, the inactive one included', () => {
    for (const p of allProjects()) expect(project(p.slug)).toBe(p);
    expect(project('telehealth-assessment')?.title).toBe('Telehealth Readiness Assessment');
    expect(project('admin-portal')?.link).toBe('/projects/admin-portal');
  });

  it('project(slug) is undefined for an unknown slug', () => {
    expect(project('no-such-project')).toBeUndefined();
    expect(project('')).toBeUndefined();
  });
});

describe('visibility rules on every combination (SPEC.md §4)', () => {
  // The real content has no featured-but-inactive project; these rows make
  // each rule matter on its own.
  const row = (slug: string, page: Page, featured: boolean, active: boolean) =>
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
});
