import Box from '@mui/material/Box';
import type { PhotoFacts as Facts } from '@/generated/content';
import { factsOf } from '@/lib/photofacts';

/**
 * How a photo was taken (its gallery's `exif: show`), as a definition list:
 * each fact's name, quiet, before its value. On the photo page the pairs
 * wrap in rows under the caption; in the viewer (`compact`), in the caption
 * area's own colours, smaller.
 */
export function PhotoFacts({ exif, compact = false }: { exif: Facts; compact?: boolean }) {
  const facts = factsOf(exif);
  if (facts.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: compact ? 1 : 2,
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: compact ? 2 : 3,
        rowGap: compact ? 0.5 : 1,
        fontSize: compact ? '0.8125rem' : '0.875rem',
        lineHeight: 1.5,
        '& > div': { display: 'flex', gap: 0.75, alignItems: 'baseline' },
        '& dt': { color: compact ? 'inherit' : 'text.secondary', opacity: compact ? 0.75 : 1 },
        '& dd': { m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums' },
      }}
    >
      {facts.map((f) => (
        <div key={f.name}>
          <dt>{f.name}</dt>
          <dd>{f.dateTime ? <time dateTime={f.dateTime}>{f.text}</time> : f.text}</dd>
        </div>
      ))}
    </Box>
  );
}
