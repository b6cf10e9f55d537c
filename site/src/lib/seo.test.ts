import { describe, expect, it } from 'vitest';
import { galleryImages, loadProjectBody, photoPageSizes, project, site } from '@/lib/content';
import cards from '@/generated/cards.json';
import { card, pageMeta, photoPreview, structuredData } from '@/lib/seo';

// On the generator's test content (owner "Test Owner", role "Designer") and
// its cards.json (cli/internal/tsgen/testdata/golden).

/** The card of a route as cards.json gives it, with its absolute URL. */
const cardOf = (route: string) => {
  const c = (cards as Record<string, { file: string; width: number; height: number; alt: string }>)[route]!;
  return { url: `${site.url}${c.file}`, width: 1200, height: 630, alt: c.alt };
};

describe('pageMeta', () => {
  it('home: the owner and role as title, the site description, canonical at the root', () => {
    expect(pageMeta('/')).toEqual({
      title: `${site.name} · Designer`,
      description: site.description,
      canonical: `${site.url}/`,
      image: cardOf('/'),
      type: 'website',
    });
  });

  it('about: "About Me · owner", the about description, its canonical', () => {
    expect(pageMeta('/about')).toEqual({
      title: `About Me · ${site.name}`,
      description: site.about.description,
      canonical: `${site.url}/about`,
      image: cardOf('/about'),
      type: 'website',
    });
  });

  it('contact: its title, description and canonical', () => {
    expect(pageMeta('/contact')).toEqual({
      title: `Contact · ${site.name}`,
      description: site.contact.description,
      canonical: `${site.url}/contact`,
      image: cardOf('/contact'),
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
      description: site.categories.find((c) => c.slug === page)?.description,
      canonical: `${site.url}${path}`,
      image: cardOf(path),
      type: 'website',
    });
  });

  it('project: an article with its title, description, canonical and its card, absolute under the site url', () => {
    const p = project('survey-app')!;
    const meta = pageMeta('/projects/survey-app');

    expect(meta).toEqual({
      title: `Survey App · ${site.name}`,
      description: p.description,
      canonical: `${site.url}/projects/survey-app`,
      image: cardOf('/projects/survey-app'),
      type: 'article',
    });
    expect(meta.image.url).toMatch(/\/img\/cards\/[0-9a-f]{16}\.jpg$/);
    expect(new URL(meta.image.url).origin).toBe(new URL(site.url).origin);
    expect(meta.image.alt).toBe(`Survey App · ${site.name}`);
  });

  it.each(['/no-such-page', '/projects/no-such-project', '/projects/', '/about/extra'])(
    'unknown path %s: "Page not found" title, the site description, no canonical, the not-found card',
    (path) => {
      const meta = pageMeta(path);
      expect(meta).toEqual({ title: `Page not found · ${site.name}`, description: site.description, image: cardOf('/404'), type: 'website' });
      expect(meta).not.toHaveProperty('canonical');
    },
  );

  it("the contact form's landing page shares the contact card and stays out of the index", () => {
    expect(pageMeta('/contact/sent/')).toMatchObject({ image: cardOf('/contact'), noindex: true });
  });

  it('a route without a card is an error that names the command to run', () => {
    expect(() => card('/no-such-page')).toThrow(/no social preview card for \/no-such-page.*portfolio images/);
  });
});

describe('structuredData', () => {
  type Node = Record<string, unknown>;
  const graph = (path: string) => (structuredData(path) as { '@graph': Node[] })['@graph'];

  it('home: a ProfilePage about the owner (with image and profiles) and the WebSite', () => {
    const [profile, website] = graph('/');
    expect(profile).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: site.name, image: cardOf('/').url } });
    expect((profile!.mainEntity as Node).sameAs).toHaveLength(4);
    expect(website).toMatchObject({ '@type': 'WebSite', name: site.name, url: `${site.url}/` });
  });

  it('a project: breadcrumbs home › category › project, with absolute addresses', () => {
    const [crumbs] = graph('/projects/photo-set');
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: site.name, item: `${site.url}/` },
        { position: 2, name: 'Photography', item: `${site.url}/photography` },
        { position: 3, name: 'Photo Set', item: `${site.url}/projects/photo-set` },
      ],
    });
  });

  it('other pages have none', () => {
    expect(structuredData('/about')).toBeUndefined();
    expect(structuredData('/no-such-page')).toBeUndefined();
  });
});

describe("a photo's page with its gallery's facts shown (exif: show)", () => {
  it('is an ImageObject with the facts as exifData and the date taken as dateCreated', async () => {
    await loadProjectBody(project('photo-set')!);
    const first = structuredData('/projects/photo-set/photos/1') as Record<string, unknown>;
    expect(String(first.contentUrl)).toMatch(new RegExp(`^${site.url}/img/`));
    expect(first).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ImageObject',
      name: 'Photo Set 1',
      exifData: [
        { '@type': 'PropertyValue', name: 'Camera', value: 'Fujifilm X-T4' },
        { '@type': 'PropertyValue', name: 'Lens', value: 'XF35mmF1.4 R' },
        { '@type': 'PropertyValue', name: 'Focal length', value: '35 mm' },
        { '@type': 'PropertyValue', name: 'Aperture', value: 'f/2.8' },
        { '@type': 'PropertyValue', name: 'Shutter', value: '1/250 s' },
        { '@type': 'PropertyValue', name: 'ISO', value: 400 },
      ],
      dateCreated: '2024-05-01T14:03:00+02:00',
    });
  });

  it('leaves out what the file does not record, and a photo without facts has none', async () => {
    await loadProjectBody(project('photo-set')!);
    const third = structuredData('/projects/photo-set/photos/3') as Record<string, unknown>;
    expect(third.exifData).toEqual([
      { '@type': 'PropertyValue', name: 'Camera', value: 'Apple iPhone 15 Pro' },
      { '@type': 'PropertyValue', name: 'Shutter', value: '2 s' },
    ]);
    expect(third).not.toHaveProperty('dateCreated');
    expect(structuredData('/projects/photo-set/photos/2')).toBeUndefined();
    // A gallery that hides them: no structured data, as before.
    await loadProjectBody(project('brand-guide')!);
    expect(structuredData('/projects/brand-guide/photos/2')).toBeUndefined();
  });
});

describe("a photo's page", () => {
  it('has its own title, its caption or alt text as description, its JPEG variant as og:image, and is noindex', async () => {
    const p = project('brand-guide')!;
    const images = galleryImages(await loadProjectBody(p));
    const image = images[1]!;
    const meta = pageMeta('/projects/brand-guide/photos/2');
    expect(meta.title).toBe(`${p.title} · 2 of ${images.length} · ${site.name}`);
    expect(meta.canonical).toBe(`${site.url}/projects/brand-guide/photos/2`);
    expect(meta.noindex).toBe(true);
    expect(meta.image.url).toBe(`${site.url}${image.src}`);
    expect(meta.image.alt).toBe(image.alt);
    expect(meta.description).toBe(image.caption ?? p.description);
  });

  it('preloads its photo, the largest paint, as its <picture> takes it: the first source at the sizes it is drawn at', async () => {
    const p = project('brand-guide')!;
    const image = galleryImages(await loadProjectBody(p))[1]!;
    const first = image.srcset?.avif ? { type: 'image/avif', srcset: image.srcset.avif } : { type: 'image/webp', srcset: image.srcset?.webp };
    expect(pageMeta('/projects/brand-guide/photos/2').preload).toEqual({ ...first, sizes: photoPageSizes(image) });
  });

  it('takes the width of its src variant from the srcset and keeps the ratio', () => {
    const preview = photoPreview({
      src: '/img/a-1200.jpg',
      width: 2000,
      height: 1000,
      srcset: { webp: '/img/a-1200.webp 1200w, /img/a-2000.webp 2000w', fallback: '/img/a-1200.jpg 1200w, /img/a-2000.jpg 2000w' },
      alt: 'A 1',
    });
    expect(preview).toEqual({ url: `${site.url}/img/a-1200.jpg`, width: 1200, height: 600, alt: 'A 1' });
    expect(photoPreview({ src: '/img/t-800.png', width: 800, height: 800, alt: 'T' }).type).toBe('image/png');
  });

  it('a photo number past the gallery is no page', () => {
    expect(pageMeta('/projects/brand-guide/photos/99').canonical).toBeUndefined();
  });
});
