import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { columnStarts, galleryColumns, gallerySpacing } from '@/features/gallery/columns';
import type { GalleryImage } from '@/generated/content';

// The lightbox is its own chunk, fetched when a visitor first points at or
// focuses a tile, so the page's first load does not carry it.
const importLightbox = () => import('@/features/gallery/GalleryLightbox');
const GalleryLightbox = lazy(importLightbox);

/** The gallery's column count at each breakpoint, with a typical column width in px (a 375 px phone, 1000 and 1280 px windows). */
const galleryLayouts = [
  { columns: galleryColumns.xs, width: 74 },
  { columns: galleryColumns.md, width: 418 },
  { columns: galleryColumns.lg, width: 274 },
];

/** How wide a tile is shown, per the columns of the md-wide project page. */
const tileSizes =
  '(min-width: 1200px) 274px, (min-width: 900px) 418px, (min-width: 600px) calc((100vw - 96px) / 4), calc((100vw - 80px) / 4)';

interface Props {
  images: readonly GalleryImage[];
  /** The project's title: the lightbox's accessible name says whose images it shows. */
  title: string;
}

/**
 * A masonry of image tiles in CSS columns, so the tab order is the order of
 * the files and every tile's box is known before its image arrives (no
 * layout shift, with or without JavaScript). Each tile is a button that
 * opens the lightbox at its image; the tiles starting a column (the first
 * row) load at once, the rest lazily.
 */
export function Gallery({ images, title }: Props) {
  const [viewer, setViewer] = useState<{ index: number; open: boolean }>();
  const eager = useMemo(() => {
    const ratios = images.map((img) => img.width / img.height);
    return new Set(galleryLayouts.flatMap(({ columns, width }) => columnStarts(ratios, columns, (8 * gallerySpacing) / width)));
  }, [images]);

  return (
    <>
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
            <ButtonBase
              aria-label={image.label}
              onClick={() => setViewer({ index: i, open: true })}
              onPointerEnter={() => void importLightbox()}
              onFocus={() => void importLightbox()}
              sx={{
                display: 'block',
                width: '100%',
                borderRadius: 1,
                overflow: 'hidden',
                '& img': { transition: 'transform 300ms ease, filter 300ms ease' },
                '&:hover img': { transform: 'scale(1.03)', filter: 'brightness(1.05)' },
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                '@media (prefers-reduced-motion: reduce)': { '& img': { transition: 'none' }, '&:hover img': { transform: 'none' } },
              }}
            >
              <ResponsiveImage image={image} alt={image.alt} sizes={tileSizes} eager={eager.has(i)} />
            </ButtonBase>
          </li>
        ))}
      </Box>
      {viewer && (
        <Suspense>
          <GalleryLightbox
            images={images}
            label={`${title} gallery`}
            index={viewer.index}
            open={viewer.open}
            onClose={() => setViewer({ ...viewer, open: false })}
          />
        </Suspense>
      )}
    </>
  );
}
