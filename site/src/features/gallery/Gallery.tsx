import Box from '@mui/material/Box';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { columnStarts, galleryColumns, gallerySpacing } from '@/features/gallery/columns';
import type { GalleryImage } from '@/generated/content';
import { Island } from '@/islands/Island';

/** The gallery's column count at each breakpoint, with a typical column width in px (a 375 px phone, 1000 and 1280 px windows). */
const galleryLayouts = [
  { columns: galleryColumns.xs, width: 74 },
  { columns: galleryColumns.md, width: 418 },
  { columns: galleryColumns.lg, width: 274 },
];

/** How wide a tile is shown, per the columns of the md-wide project page. */
const tileSizes =
  '(min-width: 1200px) 274px, (min-width: 900px) 418px, (min-width: 600px) calc((100vw - 96px) / 4), calc((100vw - 80px) / 4)';

/** The largest variant of an image: the last candidate of its srcset, or its only address. */
export function largestVariant(image: GalleryImage): string {
  const candidates = image.srcset?.webp.split(',') ?? [];
  return candidates.at(-1)?.trim().split(/\s+/)[0] || image.src;
}

interface Props {
  images: readonly GalleryImage[];
  /** The project's title: the lightbox's accessible name says whose images it shows. */
  title: string;
}

/**
 * A masonry of image tiles in CSS columns, so the tab order is the order of
 * the files and every tile's box is known before its image arrives (no
 * layout shift). Each tile is a link to the image's largest variant, which
 * is what it does without JavaScript; the lightbox island (loaded on the
 * first pointer, touch, focus or click on a tile) opens its viewer there
 * instead. The tiles starting a column (the first row) load at once, the
 * rest lazily.
 */
export function Gallery({ images, title }: Props) {
  const ratios = images.map((img) => img.width / img.height);
  const eager = new Set(galleryLayouts.flatMap(({ columns, width }) => columnStarts(ratios, columns, (8 * gallerySpacing) / width)));

  return (
    <Island name="lightbox" when={['interaction']} props={{ label: `${title} gallery` }}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          columnCount: galleryColumns,
          columnGap: gallerySpacing,
          '& > li': { breakInside: 'avoid', mb: gallerySpacing },
        }}
      >
        {images.map((image, i) => (
          <li key={image.src}>
            <Box
              component="a"
              href={largestVariant(image)}
              // An image on another host is an external link: a new tab (SPEC §2).
              {...(/^https?:/.test(image.src) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              aria-label={image.label}
              data-index={i}
              sx={{
                display: 'block',
                width: '100%',
                borderRadius: 1,
                overflow: 'hidden',
                WebkitTapHighlightColor: 'transparent',
                '& img': { transition: 'transform 300ms ease, filter 300ms ease' },
                '&:hover img': { transform: 'scale(1.03)', filter: 'brightness(1.05)' },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                '@media (prefers-reduced-motion: reduce)': { '& img': { transition: 'none' }, '&:hover img': { transform: 'none' } },
              }}
            >
              <ResponsiveImage image={image} alt={image.alt} sizes={tileSizes} eager={eager.has(i)} />
            </Box>
          </li>
        ))}
      </Box>
    </Island>
  );
}
