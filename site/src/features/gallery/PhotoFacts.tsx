import Box from '@mui/material/Box';
import { FactList } from '@/features/gallery/FactList';
import type { PhotoFacts as Facts } from '@/generated/content';
import { useMessages } from '@/i18n/react';

/**
 * How a photo was taken (its gallery's `exif: show`) on its photo page: the
 * fact list, each name quiet before its value, the pairs wrapping in rows
 * under the caption. The viewer shows the same list (FactList) in its
 * caption area, styled by lightbox.css.
 */
export function PhotoFacts({ exif }: { exif: Facts }) {
  const t = useMessages().facts;
  return (
    <Box
      className="photo-page-facts"
      sx={{
        '& dl': { m: 0, mt: 2, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, fontSize: '0.875rem', lineHeight: 1.5 },
        '& dl > div': { display: 'flex', gap: 0.75, alignItems: 'baseline' },
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums' },
      }}
    >
      <FactList exif={exif} t={t} />
    </Box>
  );
}
