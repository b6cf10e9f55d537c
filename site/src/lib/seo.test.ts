import { describe, expect, it } from 'vitest';
import { project, site } from '@/lib/content';
import { pageMeta } from '@/lib/seo';

describe('pageMeta', () => {
  it('home: the owner and role as title, the site description, canonical at the root', () => {
    expect(pageMeta('/')).toEqual({
      title: `${site.name} · UX/UI Designer · Frontend Developer`,
      description: site.description,
      canonical: `${site.url}/`,
      type: 'website',
    });
  });

  it('about: "About Me · owner", the about description, its canonical', () => {
    expect(pageMeta('/about')).toEqual({
      title: `About Me · ${site.name}`,
      description: site.about.description,
      canonical: `${site.url}/about`,
      type: 'website',
    });
  });

  it('contact: its title, description and canonical', () => {
    expect(pageMeta('/contact')).toEqual({
      title: `Contact · ${site.name}`,
      description: site.contact.description,
      canonical: `${site.url}/contact`,
      type: 'website',
    });
  });

  it.each([
    ['/graphics', 'Graphics', 'graphics'],
    ['/higher-education', 'Higher Education', 'higher-education'],
    ['/photography', 'Photography', 'photography'],
    ['/web-design', 'Web Design', 'web-design'],
  ] as const)('category %s: its heading as title, its description, its canonical', (path, title, page) => {
    expect(pageMeta(path)).toEqual({
      title: `${title} · ${site.name}`,
      description: site.pages[page].description,
      canonical: `${site.url}${path}`,
      type: 'website',
    });
  });

  it('project: an article with its title, description, canonical and an absolute og image under the site url', () => {
    const p = project('admin-portal')!;
    const meta = pageMeta('/projects/admin-portal');

    expect(meta).toEqual({
      title: `Admin Portal · ${site.name}`,
      description: p.description,
      canonical: `${site.url}/projects/admin-portal`,
      image: `${site.url}${p.cover.src}`,
      type: 'article',
    });
    expect(p.cover.src.startsWith('/')).toBe(true);
    expect(new URL(meta.image!).origin).toBe(new URL(site.url).origin);
  });

  it.each(['/no-such-page', '/projects/no-such-project', '/projects/', '/about/extra'])(
    'unknown path %s: "Page not found" title, the site description, no canonical, no image',
    (path) => {
      const meta = pageMeta(path);
      expect(meta).toEqual({ title: `Page not found · ${site.name}`, description: site.description, type: 'website' });
      expect(meta).not.toHaveProperty('canonical');
      expect(meta).not.toHaveProperty('image');
    },
  );
});
