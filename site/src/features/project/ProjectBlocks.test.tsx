import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Gallery } from '@/features/gallery/Gallery';
import { ProjectBlocks } from '@/features/project/ProjectBlocks';
import type {
  Block,
  CaseStudyBlock,
  DocumentBlock,
  GalleryImage,
  ImageBlock,
  Project,
  PrototypeBlock,
  ScreenshotsBlock,
  TextBlock,
  VideoBlock,
} from '@/generated/content';
import { preloadRoute } from '@/app/routes';
import { loadProjectBody, site } from '@/lib/content';
import { pageMeta } from '@/lib/seo';
import { fixtureProject } from '@/testing/fixture';
import { renderApp, renderWithProviders } from '@/testing/test-utils';
import { AppProviders } from '@/theme/AppProviders';
import { withRealLightbox } from '@/testing/lightbox';

const newTab = '(opens in a new tab)';
/**
 * The accessible name of a link that opens a new tab: its text, then the
 * hint. Browsers keep the space before the hint; dom-accessibility-api
 * (Testing Library) trims it, so either is accepted.
 */
const newTabName = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(opens in a new tab\\)$`);

/** A local document's link name: its label, "(PDF, <size>)", then the new-tab hint. */
const pdfName = (label: string) => new RegExp(`^${label} \\(PDF, [\\d.]+ (bytes|KB|MB)\\)\\s*\\(opens in a new tab\\)$`);

/** A project to hang hand-made blocks on: one of the generator's test content, retitled. */
const testProject: Project = { ...fixtureProject('photo-set'), title: 'Test Project' };

const asset = (name: string, width = 1600, height = 1000) => ({
  src: `/img/${name}-800.jpg`,
  width,
  height,
  srcset: { webp: `/img/${name}-480.webp 480w, /img/${name}-800.webp 800w`, fallback: `/img/${name}-480.jpg 480w, /img/${name}-800.jpg 800w` },
  placeholder: 'linear-gradient(#8a8a8a,#8a8a8a)',
});

function renderBlocks(...body: Block[]) {
  return renderWithProviders(<ProjectBlocks body={body} project={testProject} gallery={Gallery} />);
}

withRealLightbox();

const h2s = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('text block', () => {
  const text: TextBlock = {
    type: 'text',
    heading: 'About the work',
    text: [
      {
        kind: 'paragraph',
        children: [
          'Plain, ',
          { kind: 'em', children: ['emphasised'] },
          ', ',
          { kind: 'strong', children: ['strong ', { kind: 'em', children: ['and nested'] }] },
          ', ',
          { kind: 'code', text: 'npm run build' },
          ', ',
          { kind: 'link', href: 'https://example.com/report', children: ['the ', { kind: 'strong', children: ['report'] }] },
          ' and ',
          { kind: 'link', href: '/about', children: ['about me'] },
          '.',
        ],
      },
      { kind: 'paragraph', children: ['A second paragraph with <b>markup</b> that stays text.'] },
      { kind: 'list', ordered: false, items: [['First point'], ['Second ', { kind: 'em', children: ['point'] }]] },
      { kind: 'list', ordered: true, items: [['Step one'], ['Step two'], ['Step three']] },
    ],
  };

  it('shows its heading as an h2 in its own section', () => {
    renderBlocks(text);

    const heading = screen.getByRole('heading', { level: 2, name: 'About the work' });
    expect(heading.closest('section')).not.toBeNull();
  });

  it('shows no heading when it has none', () => {
    renderBlocks({ type: 'text', text: [{ kind: 'paragraph', children: ['Just words.'] }] });

    expect(screen.getByText('Just words.')).toBeInTheDocument();
    expect(h2s()).toEqual([]);
  });

  it('renders each paragraph as a paragraph, in order', () => {
    const { container } = renderBlocks(text);

    const paragraphs = Array.from(container.querySelectorAll('p'));
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toHaveTextContent(`Plain, emphasised, strong and nested, npm run build, the report ${newTab} and about me.`);
    expect(paragraphs[1]).toHaveTextContent('A second paragraph with <b>markup</b> that stays text.');
  });

  it('renders emphasis, strong emphasis and code as their elements', () => {
    renderBlocks(text);

    expect(screen.getByText('emphasised').tagName).toBe('EM');
    expect(screen.getByText('strong', { exact: false, selector: 'strong' })).toHaveTextContent('strong and nested');
    expect(screen.getByText('and nested').tagName).toBe('EM');
    expect(screen.getByText('and nested').closest('strong')).not.toBeNull();
    expect(screen.getByText('npm run build').tagName).toBe('CODE');
  });

  it('never renders the text as HTML', () => {
    const { container } = renderBlocks(text);

    expect(container.querySelector('b')).toBeNull();
  });

  it('renders bullet and numbered lists with their items', () => {
    renderBlocks(text);

    const [bullets, numbered] = screen.getAllByRole('list');
    expect(bullets?.tagName).toBe('UL');
    expect(
      within(bullets as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First point', 'Second point']);
    expect(within(bullets as HTMLElement).getByText('point').tagName).toBe('EM');
    expect(numbered?.tagName).toBe('OL');
    expect(
      within(numbered as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Step one', 'Step two', 'Step three']);
  });

  it('opens an external link in a new tab that cannot reach back, and says so in its accessible name', () => {
    renderBlocks(text);

    const link = screen.getByRole('link', { name: newTabName('the report') });
    expect(link).toHaveAttribute('href', 'https://example.com/report');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The hint is for screen readers; the visible text is the link text.
    expect(within(link).getByText('report').tagName).toBe('STRONG');
  });

  it('keeps a link to a page of the site in the same tab', () => {
    renderBlocks(text);

    const link = screen.getByRole('link', { name: 'about me' });
    expect(link).toHaveAttribute('href', '/about');
    expect(link).not.toHaveAttribute('target');
  });
});

describe('image block', () => {
  const withCaption: ImageBlock = { type: 'image', ...asset('course'), alt: 'Students sketching at a whiteboard', caption: 'Week 3: ideation session' };
  const withoutCaption: ImageBlock = { type: 'image', ...asset('studio'), alt: 'The studio at night' };

  it('shows the image with its caption below it, as a figure and its figcaption', () => {
    renderBlocks(withCaption);

    const figure = screen.getByRole('figure');
    const img = within(figure).getByRole('img', { name: 'Students sketching at a whiteboard' });
    expect(img).toHaveAttribute('src', '/img/course-800.jpg');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1000');
    const caption = within(figure).getByText('Week 3: ideation session');
    expect(caption.tagName).toBe('FIGCAPTION');
    // The caption comes after the image.
    expect(img.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is a figure without a figcaption when it has no caption', () => {
    const { container } = renderBlocks(withoutCaption);

    expect(within(screen.getByRole('figure')).getByRole('img', { name: 'The studio at night' })).toBeInTheDocument();
    expect(container.querySelector('figcaption')).toBeNull();
  });
});

describe('document block', () => {
  const memo: DocumentBlock = { type: 'document', label: 'Read the Memo', url: 'https://example.com/docs/memo.pdf' };

  it('is a link to the document, opened in a new tab, whose name says it opens a new tab', () => {
    renderBlocks(memo);

    const link = screen.getByRole('link', { name: newTabName('Read the Memo') });
    expect(link).toHaveAttribute('href', 'https://example.com/docs/memo.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent(/^Read the Memo/);
  });

  it('links a PDF of the project folder at its published address, saying its type and size', () => {
    const local: DocumentBlock = {
      type: 'document',
      label: 'Read the Resource Page',
      file: { href: '/docs/study-away-resource-page-c6421f70f09a3304.pdf', bytes: 48_700, size: '48 KB' },
    };
    renderBlocks(local);

    const link = screen.getByRole('link', { name: newTabName('Read the Resource Page (PDF, 48 KB)') });
    expect(link).toHaveAttribute('href', '/docs/study-away-resource-page-c6421f70f09a3304.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("in the test content, the case study's brief and the briefing memo are their project folders' PDFs", async () => {
    for (const [slug, name] of [
      ['case-study', 'brief'],
      ['briefing-memo', 'memo'],
    ] as const) {
      const body = await loadProjectBody(fixtureProject(slug));
      const doc = body.find((b) => b.type === 'document');
      expect(doc?.url).toBeUndefined();
      expect(doc?.file?.href).toMatch(new RegExp(`^/docs/${name}-[0-9a-f]{16}\\.pdf$`));
    }
  });
});

describe('case study block', () => {
  const caseStudy: CaseStudyBlock = {
    type: 'caseStudy',
    role: 'Lead designer and frontend developer',
    technologies: ['React', 'TypeScript', 'Figma'],
    hero: { ...asset('hero', 2000, 1250), alt: 'The portal dashboard on a laptop' },
    overview: [{ kind: 'paragraph', children: ['What it is and who it serves.'] }],
    challenge: [{ kind: 'paragraph', children: ['The problem to solve.'] }],
    solution: [
      { kind: 'paragraph', children: ['What was built.'] },
      { kind: 'list', ordered: false, items: [['A study switcher'], ['Bulk invites']] },
    ],
    impact: [
      { kind: 'paragraph', children: ['Coordinators no longer wait for ', { kind: 'link', href: 'https://example.com/devs', children: ['developers'] }, '.'] },
    ],
  };

  it("shows the hero image first, at once and with high priority (the page's largest image)", () => {
    renderBlocks(caseStudy);

    const hero = within(screen.getAllByRole('figure')[0] as HTMLElement).getByRole('img', { name: 'The portal dashboard on a laptop' });
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the role and the technologies, the technologies as a list named "Technologies"', () => {
    renderBlocks(caseStudy);

    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Role', 'Technologies']);
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent('Lead designer and frontend developer');
    const technologies = screen.getByRole('list', { name: 'Technologies' });
    expect(
      within(technologies)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React', 'TypeScript', 'Figma']);
  });

  it('has the sections Overview, Challenge, Solution and Impact as h2s, in order, each with its text', () => {
    renderBlocks(caseStudy);

    expect(h2s()).toEqual(['Overview', 'Challenge', 'Solution', 'Impact']);
    const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
    expect(section('Overview')).toHaveTextContent('What it is and who it serves.');
    expect(section('Challenge')).toHaveTextContent('The problem to solve.');
    expect(
      within(section('Solution'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A study switcher', 'Bulk invites']);
    expect(within(section('Impact')).getByRole('link', { name: newTabName('developers') })).toHaveAttribute('target', '_blank');
  });
});

describe('screenshots block', () => {
  const screenshots: ScreenshotsBlock = {
    type: 'screenshots',
    heading: 'Screens',
    items: [
      { ...asset('start', 1200, 900), alt: 'Start page with a Begin button', caption: 'Start page' },
      { ...asset('menu', 1200, 900), alt: 'Main menu of five concepts', caption: 'Main menu' },
      { ...asset('results', 1200, 900), alt: 'Results with a score per concept', caption: 'Results page' },
    ],
  };

  it('shows its heading and each screenshot as a figure with its caption, in order', () => {
    renderBlocks(screenshots);

    expect(screen.getByRole('heading', { level: 2, name: 'Screens' })).toBeInTheDocument();
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(3);
    expect(figures.map((f) => within(f).getByRole('img').getAttribute('alt'))).toEqual([
      'Start page with a Begin button',
      'Main menu of five concepts',
      'Results with a score per concept',
    ]);
    expect(figures.map((f) => f.querySelector('figcaption')?.textContent)).toEqual(['Start page', 'Main menu', 'Results page']);
  });

  it('needs no heading', () => {
    renderBlocks({ type: 'screenshots', items: screenshots.items });

    expect(h2s()).toEqual([]);
    expect(screen.getAllByRole('figure')).toHaveLength(3);
  });
});

describe('prototype block', () => {
  const prototype: PrototypeBlock = {
    type: 'prototype',
    title: 'Interactive prototype of the admin portal',
    url: 'https://embed.figma.com/proto/abc123/Admin?node-id=1-2&embed-host=share',
  };

  it('embeds the prototype in a lazily loaded frame named by its title, sandboxed to scripts and its own origin', () => {
    renderBlocks(prototype);

    expect(screen.getByRole('heading', { level: 2, name: 'Interactive prototype' })).toBeInTheDocument();
    const frame = screen.getByTitle('Interactive prototype of the admin portal');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', prototype.url);
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
  });

  it('has a link that opens the prototype in a new tab, whose name says so', () => {
    renderBlocks(prototype);

    const link = screen.getByRole('link', { name: newTabName('Open the prototype') });
    expect(link).toHaveAttribute('href', prototype.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

/** A gallery block's resolved settings, as the generator writes them. */
const gallerySettings = { columns: site.gallery.columns, exif: 'hide', order: 'name', reverse: false } as const;

describe('gallery block', () => {
  const images: GalleryImage[] = [1, 2, 3].map((n) => ({ ...asset(`g${n}`), alt: `Test Project ${n}`, label: `Open image ${n}` }));

  it('shows the gallery under a "Gallery" heading, one tile per image', () => {
    renderBlocks({ type: 'gallery', ...gallerySettings, images });

    expect(screen.getByRole('heading', { level: 2, name: 'Gallery' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open image \d$/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Open image 1',
      'Open image 2',
      'Open image 3',
    ]);
  });

  it("names the gallery's lightbox after the project", async () => {
    const { user } = renderBlocks({ type: 'gallery', ...gallerySettings, images });

    await user.click(screen.getByRole('link', { name: 'Open image 2' }));

    expect(await screen.findByRole('dialog', { name: 'Test Project gallery' })).toBeInTheDocument();
  });

  it('renders nothing, not even its heading, when it has no image', () => {
    const { container } = renderBlocks(
      { type: 'text', text: [{ kind: 'paragraph', children: ['Only text.'] }] },
      { type: 'gallery', ...gallerySettings, images: [] },
    );

    expect(screen.queryByRole('heading', { name: 'Gallery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelectorAll('section')).toHaveLength(1);
  });
});

/**
 * The figure whose figcaption says caption (browsers name a figure by its
 * figcaption; dom-accessibility-api does not).
 */
const figureWith = (caption: string) => {
  const figure = screen.getAllByRole('figure').find((f) => f.querySelector('figcaption')?.textContent === caption);
  if (!figure) throw new Error(`no figure captioned "${caption}"`);
  return figure;
};

/** A video player, found by its accessible name (the block's alt) inside the figure its caption names. */
const player = (caption: string, name: string) => within(figureWith(caption)).getByLabelText(name);

describe('video block', () => {
  const video: VideoBlock = {
    type: 'video',
    loop: false,
    alt: 'The participant list filtering as a coordinator types',
    caption: 'Filtering 2,000 participants as you type',
    video: {
      sources: [
        { src: '/video/demo-0123456789abcdef.webm', type: 'video/webm; codecs="av01.0.05M.08,opus"', bytes: 90_000 },
        { src: '/video/demo-fedcba9876543210.mp4', type: 'video/mp4; codecs="avc1.64001f,mp4a.40.2"', bytes: 120_000 },
      ],
      width: 1280,
      height: 720,
      duration: 4.04,
      durationText: '0:04',
      audio: true,
      poster: asset('demo-poster', 1280, 720),
      captions: { src: '/video/demo-0a1b2c3d4e5f6a7b.vtt', srclang: 'en', label: 'English' },
    },
  };

  it('is a player with controls that fetches only metadata and never starts by itself, its poster and size given', () => {
    renderBlocks(video);

    const el = player(video.caption!, video.alt!);
    expect(el.tagName).toBe('VIDEO');
    expect(el).toHaveAttribute('controls');
    expect(el).toHaveAttribute('preload', 'metadata');
    expect(el).not.toHaveAttribute('autoplay');
    expect(el).not.toHaveAttribute('loop');
    expect((el as HTMLVideoElement).muted).toBe(false);
    expect(el).toHaveAttribute('poster', '/img/demo-poster-800.jpg');
    // Its box is known before a byte of it arrives.
    expect([el.getAttribute('width'), el.getAttribute('height')]).toEqual(['1280', '720']);
  });

  it('offers every file as a <source> with its codecs, in order, and its captions as the default track', () => {
    renderBlocks(video);

    const el = player(video.caption!, video.alt!);
    expect([...el.querySelectorAll('source')].map((s) => [s.getAttribute('src'), s.getAttribute('type')])).toEqual(
      video.video.sources.map((s) => [s.src, s.type]),
    );
    const track = el.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', video.video.captions!.src);
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('label', 'English');
    expect(track).toHaveAttribute('default');
    // For a browser that plays none of them, the H.264 file to download.
    expect(within(el).getByRole('link', { name: 'Download the video' })).toHaveAttribute('href', video.video.sources[1]!.src);
  });

  it('loops without sound, inline on phones, when the owner says loop; still not by itself', () => {
    renderBlocks({ ...video, loop: true });

    const el = player(video.caption!, video.alt!) as HTMLVideoElement;
    expect(el).toHaveAttribute('loop');
    expect(el.muted).toBe(true);
    expect(el).toHaveAttribute('playsinline');
    expect(el).not.toHaveAttribute('autoplay');
  });

  it('is a working player in the prerendered HTML, before and without any script', () => {
    const html = (block: VideoBlock) =>
      renderToString(
        <AppProviders>
          <MemoryRouter>
            <ProjectBlocks body={[block]} project={testProject} gallery={Gallery} />
          </MemoryRouter>
        </AppProviders>,
      );
    document.body.innerHTML = html(video);
    let el = document.querySelector('video')!;
    expect(el).toHaveAttribute('controls');
    expect(el).toHaveAttribute('preload', 'metadata');
    expect(el).not.toHaveAttribute('muted');
    expect(el.querySelectorAll('source')).toHaveLength(2);

    // The loop's muting must be in the HTML: no script sets it.
    document.body.innerHTML = html({ ...video, loop: true });
    el = document.querySelector('video')!;
    expect(el).toHaveAttribute('muted');
    expect(el).toHaveAttribute('loop');
    expect(el).toHaveAttribute('playsinline');
    document.body.innerHTML = '';
  });
});

describe('blocks together', () => {
  it('renders every block in the order of the body', () => {
    renderBlocks(
      { type: 'text', heading: 'First', text: [{ kind: 'paragraph', children: ['one'] }] },
      { type: 'prototype', title: 'Proto', url: 'https://embed.figma.com/proto/x' },
      { type: 'screenshots', heading: 'Second', items: [{ ...asset('s'), alt: 'A screen', caption: 'A caption' }] },
      { type: 'gallery', ...gallerySettings, images: [{ ...asset('g'), alt: 'Test Project 1', label: 'Open image 1' }] },
      { type: 'text', heading: 'Last', text: [{ kind: 'paragraph', children: ['end'] }] },
    );

    expect(h2s()).toEqual(['First', 'Interactive prototype', 'Second', 'Gallery', 'Last']);
  });
});

// Whole pages of the generator's test content (cli/internal/tsgen/testdata/content).
describe('project page', () => {
  const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
  /** Renders the site at a project page, its blocks loaded first, as main.tsx and the prerender do. */
  async function renderProject(slug: string) {
    await preloadRoute(`/projects/${slug}`);
    return renderApp(`/projects/${slug}`);
  }

  it.each<[string, string, string, string]>([
    ['brand-guide', 'graphics', 'All Graphics Projects', '/graphics'],
    ['briefing-memo', 'higher-education', 'All Higher Education Projects', '/higher-education'],
    ['photo-set', 'photography', 'All Photography Projects', '/photography'],
    ['survey-app', 'web-design', 'All Web Design Projects', '/web-design'],
  ])('/projects/%s (%s): back link, category, title as the h1, subtitle and description', async (slug, page, backLabel, backPath) => {
    const p = fixtureProject(slug);
    expect(p.page).toBe(page);
    await renderProject(slug);

    const heading = await h1(p.title);
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([heading]);
    expect(screen.getByRole('link', { name: backLabel })).toHaveAttribute('href', backPath);
    expect(screen.getByText(p.category, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(p.subtitle)).toBeInTheDocument();
    expect(screen.getByText(p.description)).toBeInTheDocument();
    // The document title is the prerender's, from the page's metadata.
    expect(pageMeta(p.link).title).toBe(`${p.title} · ${site.name}`);
  });

  it('takes the visitor back to the category page from its back link', async () => {
    const { user, router } = await renderProject('brand-guide');
    await h1('Brand Guide');

    await user.click(screen.getByRole('link', { name: 'All Graphics Projects' }));

    await h1('Graphics');
    expect(router.location.pathname).toBe('/graphics');
  });

  it("shows the photo set's gallery of 4: its files 1, 2 and 10 in natural order, then the external image, each tile named and holding its image", async () => {
    await renderProject('photo-set');
    await h1('Photo Set');

    expect(screen.getByRole('heading', { level: 2, name: 'Gallery' })).toBeInTheDocument();
    const tiles = screen.getAllByRole('link', { name: /^Open image \d+$/ });
    expect(tiles).toHaveLength(4);
    tiles.forEach((tile, i) => expect(tile).toHaveAccessibleName(`Open image ${i + 1}`));
    const imgs = tiles.map((tile) => tile.querySelector('img'));
    // gallery/1.jpg is 24 × 16, 2.jpg 16 × 24, 10.jpg 20 × 20; the external image 1200 × 800.
    expect(imgs.map((img) => [img?.getAttribute('width'), img?.getAttribute('height')])).toEqual([
      ['24', '16'],
      ['16', '24'],
      ['20', '20'],
      ['1200', '800'],
    ]);
    expect(imgs.map((img) => img?.getAttribute('alt'))).toEqual([
      'Photo Set 1',
      'Photo Set 2',
      'Photo Set 3: Harbour at dusk, boats moored in a row',
      'Photo Set 4',
    ]);
  });

  it('opens the photo set lightbox at image 2 of 4 from the page', async () => {
    const { user } = await renderProject('photo-set');
    await h1('Photo Set');

    await user.click(screen.getByRole('link', { name: 'Open image 2' }));

    expect(await screen.findByRole('dialog', { name: 'Photo Set gallery' })).toBeInTheDocument();
    expect(await screen.findByText('2 / 4')).toBeInTheDocument();
  });

  it.each<[string, string[]]>([
    // "<title> <n>" for every image (docs/site.md §2), followed by the owner's alt
    // text for 10.jpg (the gallery block's texts).
    ['photo-set', ['Photo Set 1', 'Photo Set 2', 'Photo Set 3: Harbour at dusk, boats moored in a row', 'Photo Set 4']],
    // No texts at all: every alt is "<title> <n>".
    ['brand-guide', Array.from({ length: 8 }, (_, i) => `Brand Guide ${i + 1}`)],
  ])('/projects/%s has its gallery, each tile with its alt text', async (slug, alts) => {
    const p = fixtureProject(slug);
    await renderProject(slug);
    await h1(p.title);

    const tiles = screen.getAllByRole('link', { name: /^Open image \d+$/ });
    expect(tiles).toHaveLength(alts.length);
    const images = (await p.loadBody()).find((b) => b.type === 'gallery')?.images ?? [];
    expect(tiles.map((t) => t.querySelector('img')?.getAttribute('alt'))).toEqual(images.map((img) => img.alt));
    expect(images.map((img) => img.alt)).toEqual(alts);
  });

  it("shows the briefing memo's document link, opening in a new tab", async () => {
    await renderProject('briefing-memo');
    await h1('Briefing Memo');

    const link = screen.getByRole('link', { name: pdfName('Read the Memo') });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.getAttribute('href')).toMatch(/^\/docs\/memo-[0-9a-f]{16}\.pdf$/);
    expect(screen.queryByRole('heading', { level: 2, name: 'Gallery' })).not.toBeInTheDocument();
  });

  it("shows the case study's 'Read the Brief' link, opening in a new tab", async () => {
    await renderProject('case-study');
    await h1('Case Study');

    const link = screen.getByRole('link', { name: pdfName('Read the Brief') });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.getAttribute('href')).toMatch(/^\/docs\/brief-[0-9a-f]{16}\.pdf$/);
  });

  it('shows a case study with its role, technologies, hero image and the four sections', async () => {
    await renderProject('case-study');
    await h1('Case Study');

    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Role', 'Technologies']);
    expect(within(screen.getByRole('list', { name: 'Technologies' })).getAllByRole('listitem').length).toBeGreaterThan(0);
    const hero = within(screen.getAllByRole('figure')[0] as HTMLElement).getByRole('img');
    expect(hero.getAttribute('alt')).not.toBe('');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    const headings = h2s();
    expect(headings.filter((h) => ['Overview', 'Challenge', 'Solution', 'Impact'].includes(h ?? ''))).toEqual(['Overview', 'Challenge', 'Solution', 'Impact']);
  });

  it('embeds the survey app prototype in a sandboxed frame, with a link to open it in a new tab', async () => {
    await renderProject('survey-app');
    await h1('Survey App');

    const frame = screen.getByTitle('Interactive prototype of the survey app');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    const link = screen.getByRole('link', { name: newTabName('Open the prototype') });
    expect(link).toHaveAttribute('href', frame.getAttribute('src'));
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("plays the case study's video after its image, offering the WebM before the MP4, with captions", async () => {
    await renderProject('case-study');
    await h1('Case Study');

    const el = player("One second of ffmpeg's test pattern.", 'A test pattern with a moving clock');
    expect([...el.querySelectorAll('source')].map((s) => s.getAttribute('type')?.split(';')[0])).toEqual(['video/webm', 'video/mp4']);
    expect(el.querySelector('track[kind="captions"]')).toHaveAttribute('default');
    const figures = screen.getAllByRole('figure');
    expect(figures.indexOf(figureWith("One second of ffmpeg's test pattern."))).toBe(
      figures.indexOf(figureWith('A caption with "quotes" and an apostrophe: it\'s fine.')) + 1,
    );
  });

  it('shows the wireframes screenshots as captioned figures', async () => {
    await renderProject('wireframes');
    await h1('Wireframes');

    const figures = screen.getAllByRole('figure');
    expect(figures.length).toBeGreaterThan(1);
    figures.forEach((f) => {
      expect(within(f).getByRole('img').getAttribute('alt')).not.toBe('');
      expect(f.querySelector('figcaption')?.textContent).toBeTruthy();
    });
  });
});
