import Box from '@mui/material/Box';
import { Island } from '@/components/Island';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { bandAt, bandsOf, bandStyle, layoutOf, sizesOf, tileTops, tileVariables } from '@/features/gallery/layout';
import type { DownloadRule } from '@/features/gallery/download';
import { tileAttributes } from '@/features/gallery/tile';
import type { GalleryImage, SiteGalleryColumns, VideoAsset } from '@/generated/content';
import { paths } from '@/config/paths';
import { site } from '@/lib/content';
import type { Messages } from '@/i18n';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/**
 * The first viewports the eager tiles are chosen for (a phone and a laptop
 * window), with where a gallery that is the page's first block starts on
 * them: below the navigation, the title, the subtitle and the "Gallery"
 * heading (measured on a project page with a short title and subtitle).
 */
export const firstViewports = [
  { width: 375, height: 740, galleryTop: 630 },
  { width: 1280, height: 800, galleryTop: 550 },
] as const;

/** The largest variant of an image: the last candidate of its srcset (WebP's, or the one the image host negotiates), or its only address. */
export function largestVariant(image: GalleryImage): string {
  const candidates = (image.srcset?.webp ?? image.srcset?.fallback)?.split(',') ?? [];
  return candidates.at(-1)?.trim().split(/\s+/)[0] || image.src;
}

/**
 * What the lightbox island is told beyond the tiles (src/islands/lightbox.tsx):
 * its accessible name, what a photo's history entry is titled ("{title} · n of
 * total" then " · {name}"), and whether it shows a thumbnail strip.
 */
export function lightboxProps(title: string, t: Messages['gallery'], downloads: DownloadRule = 'none') {
  // A private project's photo downloads (docs/decisions/0099); public pages carry nothing more.
  return {
    label: t.label(title),
    title,
    titleSuffix: ` · ${site.name}`,
    thumbnails: site.gallery.thumbnails,
    ...(downloads !== 'none' ? { downloads } : {}),
  };
}

/** Below this tile width the play mark would cover the duration: it moves into the duration's badge. */
const smallTile = '@container (max-width: 119.98px)';

/**
 * What a video's tile shows over its poster: a play mark in the middle and
 * the duration in a corner, drawn by the markup and CSS (no icon font or
 * script). They follow the tile's width, their container (cqw): on a tile
 * too small for both (four columns on a phone make tiles 74 px wide), the
 * mark is a small triangle before the duration. Outside the link's name
 * (its aria-label), the duration is its description.
 */
export function VideoMarks({ video, durationId, small = false }: { video: VideoAsset; durationId?: string | undefined; small?: boolean }) {
  return (
    <>
      <Box
        component="svg"
        aria-hidden
        viewBox="0 0 48 48"
        sx={{
          position: 'absolute',
          top: '50%',
          left: '50%',
          width: small ? 24 : 'clamp(32px, 28cqw, 56px)',
          height: 'auto',
          transform: 'translate(-50%, -50%)',
          filter: 'drop-shadow(0 1px 2px rgba(0, 0, 0, 0.5))',
          ...(small ? {} : { [smallTile]: { display: 'none' } }),
        }}
      >
        <circle cx="24" cy="24" r="22.5" fill="rgba(0, 0, 0, 0.6)" stroke="#fff" strokeWidth="3" />
        <path d="M19 14.5v19l15-9.5z" fill="#fff" />
      </Box>
      {!small && (
        <Box
          component="span"
          id={durationId}
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'rgba(0, 0, 0, 0.75)',
            color: 'common.white',
            fontSize: '0.75rem',
            fontWeight: 600,
            lineHeight: 1.6,
            fontVariantNumeric: 'tabular-nums',
            '&::before': { content: '""' },
            [smallTile]: {
              right: 4,
              bottom: 4,
              px: 0.5,
              fontSize: '0.625rem',
              // The play mark, a triangle before the duration.
              '&::before': {
                display: 'inline-block',
                mr: 0.5,
                borderStyle: 'solid',
                borderColor: 'transparent',
                borderLeftColor: 'currentColor',
                borderWidth: '0.3em 0 0.3em 0.5em',
              },
            },
          }}
        >
          {video.durationText}
        </Box>
      )}
    </>
  );
}

interface Props {
  images: readonly GalleryImage[];
  /** The gallery block's columns, as resolved (its own, its category's, the site's). */
  columns: SiteGalleryColumns;
  /** The project's title: the lightbox's accessible name says whose images it shows. */
  title: string;
  /** The project's slug. */
  slug: string;
  /** The project's page (its `link`): each tile links to its photo's page under it. The public page of `slug` when not given. */
  link?: string;
  /** The gallery is the page's first block: its top rows are in the first viewport. */
  atTop?: boolean;
  /** A private project's download rule: the lightbox offers each photo's own download. */
  downloads?: DownloadRule;
}

/** The tiles that start inside a first viewport (only when the gallery is the page's first block). */
export function eagerTiles(ratios: readonly number[], atTop: boolean, columns: SiteGalleryColumns): Set<number> {
  const eager = new Set<number>();
  if (!atTop) return eager;
  const bands = bandsOf(columns);
  for (const { width, height, galleryTop } of firstViewports) {
    const band = bandAt(bands, width);
    const [layout] = layoutOf(ratios, [band]);
    tileTops(ratios, layout!, width).forEach((top, i) => {
      if (galleryTop + top < height) eager.add(i);
    });
  }
  return eager;
}

/**
 * A masonry of image tiles that reads across: the first row holds tiles 1,
 * 2, 3…, and each later tile goes under the column that ends highest, so
 * the order of the files is the order of the rows, of the document and of
 * Tab. Laid out at build time from the images' ratios (layout.ts): each
 * tile placed in its column, per breakpoint, by its own CSS variables, in a
 * list as tall as its tallest column. No script, and every tile's box is
 * known before its image arrives, and before the tiles after it (no layout
 * shift while the page loads). Each tile is a
 * link to its photo's own page, which is what it does without JavaScript
 * (and in a new tab); the lightbox island (loaded on the first pointer,
 * touch, focus or click on a tile) opens its viewer there instead, at that
 * photo's address. A video's tile is its poster with a play mark and the
 * duration; it links to the video file itself (data-page keeps its page's
 * address for the island), which a browser without JavaScript plays on its
 * own. Only tiles inside the first viewport load at once.
 */
export function Gallery({ images, columns, title, slug, link = paths.project(slug), atTop = false, downloads = 'none' }: Props) {
  const t = useMessages().gallery;
  const loc = useLocalize();
  const ratios = images.map((img) => img.width / img.height);
  const bands = bandsOf(columns);
  const layouts = layoutOf(ratios, bands);
  const eager = eagerTiles(ratios, atTop, columns);
  const sizes = sizesOf(bands);
  const bandStyles = Object.fromEntries(
    bands.map((band, b) => [band.minWidth === 0 ? '@media all' : `@media (min-width: ${band.minWidth}px)`, bandStyle(layouts[b]!, b)]),
  );

  return (
    <Island name="lightbox" when={['interaction']} props={lightboxProps(title, t, downloads)}>
      {/* The container the tiles' widths are measured against (cqw). */}
      <Box sx={{ containerType: 'inline-size' }}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            position: 'relative',
            '& > li': { position: 'absolute', width: 'var(--w)' },
            ...bandStyles,
          }}
        >
          {images.map((image, i) => {
            const { video } = image;
            const durationId = video && `${slug}-video-${i + 1}`;
            return (
              // The tile's box has its image's ratio whatever it holds (a
              // broken image's text included): the columns' heights stay as computed.
              <li key={image.src} style={{ aspectRatio: `${image.width} / ${image.height}`, ...tileVariables(layouts, i) }}>
                <Box
                  component="a"
                  {...tileAttributes({
                    image,
                    index: i,
                    page: loc(paths.photoAt(link, i + 1)),
                    videoLinksToFile: true,
                    describedBy: durationId,
                    label: t.openTile(Boolean(video), i + 1),
                  })}
                  sx={{
                    position: 'relative',
                    // A video's marks follow its tile's width (cqw).
                    ...(video ? { containerType: 'inline-size' } : {}),
                    display: 'block',
                    width: '100%',
                    height: '100%',
                    borderRadius: 1,
                    overflow: 'hidden',
                    WebkitTapHighlightColor: 'transparent',
                    '& img': { transition: 'transform 300ms ease, filter 300ms ease' },
                    '&:hover img': { transform: 'scale(1.03)', filter: 'brightness(1.05)' },
                    '@media (prefers-reduced-motion: reduce)': { '& img': { transition: 'none' }, '&:hover img': { transform: 'none' } },
                  }}
                >
                  <ResponsiveImage image={image} alt={image.alt} sizes={sizes} eager={eager.has(i)} />
                  {video && <VideoMarks video={video} durationId={durationId} />}
                </Box>
              </li>
            );
          })}
        </Box>
      </Box>
    </Island>
  );
}
