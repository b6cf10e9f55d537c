import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { NewTabHint } from '@/components/ExternalLink';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { RichText } from '@/components/RichText';
import { VideoPlayer } from '@/components/VideoPlayer';
import type {
  Block,
  CaseStudyBlock,
  DocumentBlock,
  GalleryImage,
  ImageBlock,
  ImageAsset,
  Project,
  ProjectBody,
  PrototypeBlock,
  ScreenshotsBlock,
  SiteGalleryColumns,
  TextBlock,
  VideoBlock,
} from '@/generated/content';
import { useMessages } from '@/i18n/react';

/**
 * What draws a gallery block: the gallery feature, which the page hands in
 * (features never import each other; the page composes them).
 */
export type GalleryView = ComponentType<{
  images: readonly GalleryImage[];
  columns: SiteGalleryColumns;
  title: string;
  slug: string;
  link: string;
  atTop: boolean;
  /** A private project's download rule: the lightbox offers each photo's own download (docs/decisions/0099). */
  downloads: Project['downloads'];
}>;

/** How wide a full-width image of the page is shown: the md container's content box. */
const pageImageSizes = '(min-width: 900px) 852px, calc(100vw - 32px)';

/** A block's section: space above, and an h2 when it has a heading. */
function Section({ heading, children }: { heading?: string | undefined; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: { xs: 6, md: 8 } }}>
      {heading && (
        <Typography variant="h2" sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {heading}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** An image with its caption below it, as a figure. */
function Figure({ image, alt, caption, priority = false }: { image: ImageAsset; alt: string; caption?: string | undefined; priority?: boolean }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <ResponsiveImage image={image} alt={alt} sizes={pageImageSizes} priority={priority} />
      </Box>
      {caption && (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: '68ch' }}>
          {caption}
        </Typography>
      )}
    </Box>
  );
}

function Text({ block }: { block: TextBlock }) {
  return (
    <Section heading={block.heading}>
      <RichText text={block.text} />
    </Section>
  );
}

function Image({ block, priority }: { block: ImageBlock; priority: boolean }) {
  return (
    <Section>
      <Figure image={block} alt={block.alt} caption={block.caption} priority={priority} />
    </Section>
  );
}

/**
 * A document, in a new tab: a PDF of the project folder at the address the
 * build published it (its type and size said, since it downloads), or a
 * document on another site.
 */
function Document({ block }: { block: DocumentBlock }) {
  const t = useMessages().site.project;
  // The schema and validate require one of the two.
  const href = block.file?.href ?? block.url ?? '';
  return (
    <Section>
      <Button variant="contained" size="large" href={href} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
        {block.file ? t.pdf(block.label, block.file.size) : block.label}
        <NewTabHint />
      </Button>
    </Section>
  );
}

const caseStudySections = ['overview', 'challenge', 'solution', 'impact'] as const;

function CaseStudy({ block, priority }: { block: CaseStudyBlock; priority: boolean }) {
  const t = useMessages().site.project.caseStudy;
  return (
    <>
      <Section>
        <Figure image={block.hero} alt={block.hero.alt} priority={priority} />
        <Box
          component="dl"
          sx={{
            mt: 4,
            mb: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
            columnGap: 3,
            rowGap: { xs: 1, sm: 2.5 },
            '& dt': { typography: 'overline', color: 'secondary.main', lineHeight: 2.4 },
            '& dd': { m: 0, mb: { xs: 2, sm: 0 } },
          }}
        >
          <dt>{t.role}</dt>
          <Typography component="dd" variant="body1" sx={{ maxWidth: '68ch' }}>
            {block.role}
          </Typography>
          <dt>{t.technologies}</dt>
          <dd>
            <Box component="ul" aria-label={t.technologies} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              {block.technologies.map((tech) => (
                <li key={tech}>
                  <Chip label={tech} size="small" />
                </li>
              ))}
            </Box>
          </dd>
        </Box>
      </Section>
      {caseStudySections.map((key) => (
        <Section key={key} heading={t[key]}>
          <RichText text={block[key]} />
        </Section>
      ))}
    </>
  );
}

function Screenshots({ block, priority }: { block: ScreenshotsBlock; priority: boolean }) {
  return (
    <Section heading={block.heading}>
      <Box sx={{ display: 'grid', gap: { xs: 5, md: 6 } }}>
        {block.items.map((s, i) => (
          <Figure key={s.src} image={s} alt={s.alt} caption={s.caption} priority={priority && i === 0} />
        ))}
      </Box>
    </Section>
  );
}

/**
 * A design-tool prototype in a frame: loaded only when scrolled near, and
 * sandboxed to what a prototype player needs (its own scripts and storage,
 * on its own origin); a link opens it in a tab of its own.
 */
function Prototype({ block }: { block: PrototypeBlock }) {
  const t = useMessages().site.project;
  return (
    <Section heading={t.prototypeHeading}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: { xs: '9 / 16', sm: '4 / 3' },
          maxHeight: '80vh',
          mx: 'auto',
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        <Box
          component="iframe"
          src={block.url}
          title={block.title}
          loading="lazy"
          sandbox="allow-scripts allow-same-origin"
          allow="fullscreen"
          allowFullScreen
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
      <Button href={block.url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />} sx={{ mt: 2, ml: -1 }}>
        {t.prototype}
        <NewTabHint />
      </Button>
    </Section>
  );
}

/** A video block: the player, full width, and its caption. */
function Video({ block }: { block: VideoBlock }) {
  return (
    <Section>
      <Box component="figure" sx={{ m: 0 }}>
        <VideoPlayer video={block.video} alt={block.alt} loop={block.loop} />
        {block.caption && (
          <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: '68ch' }}>
            {block.caption}
          </Typography>
        )}
      </Box>
    </Section>
  );
}

function BlockView({ block, project, first, atTop, Gallery }: { block: Block; project: Project; first: boolean; atTop: boolean; Gallery: GalleryView }) {
  const t = useMessages().gallery;
  switch (block.type) {
    case 'text':
      return <Text block={block} />;
    case 'image':
      return <Image block={block} priority={first} />;
    case 'gallery':
      return block.images.length > 0 ? (
        <Section heading={t.heading}>
          <Gallery
            images={block.images}
            columns={block.columns}
            title={project.title}
            slug={project.slug}
            link={project.link}
            atTop={atTop}
            downloads={project.downloads}
          />
        </Section>
      ) : null;
    case 'document':
      return <Document block={block} />;
    case 'caseStudy':
      return <CaseStudy block={block} priority={first} />;
    case 'screenshots':
      return <Screenshots block={block} priority={first} />;
    case 'prototype':
      return <Prototype block={block} />;
    case 'video':
      return <Video block={block} />;
  }
}

/** The blocks of a project page, in order. */
export function ProjectBlocks({ body, project, gallery }: { body: ProjectBody; project: Project; gallery: GalleryView }) {
  // The first block that shows an image loads it at once, with high priority
  // (a gallery that opens the page loads the tiles of the first viewport
  // eagerly itself).
  const firstImageBlock = body.findIndex((b) => b.type === 'image' || b.type === 'caseStudy' || b.type === 'screenshots');
  return body.map((block, i) => <BlockView key={i} block={block} project={project} first={i === firstImageBlock} atTop={i === 0} Gallery={gallery} />);
}
