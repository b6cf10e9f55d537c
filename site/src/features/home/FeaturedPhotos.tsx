import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { paths } from '@/config/paths';
import type { HomePhoto } from '@/generated/content';
import { FEATURED_TILE, featuredSizes, project } from '@/lib/content';
import { HeroMission, HeroMore, HeroName } from '@/features/home/TextHero';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/** The page a featured photo opens: its photo page, or its project's. */
function photoLink(photo: HomePhoto): string {
  return photo.photo ? paths.photo(photo.project, photo.photo) : (project(photo.project)?.link ?? paths.home);
}

/**
 * The featured home page: the owner's role, name and mission, then a grid
 * of photographs from the galleries site.yaml names, each opening its photo
 * page, then the introduction, the actions and the profiles.
 */
export function FeaturedPhotos({ photos, work }: { photos: readonly HomePhoto[]; work: boolean }) {
  const t = useMessages().site.home;
  const loc = useLocalize();
  return (
    <Box component="section" aria-labelledby="hero-heading" sx={{ pt: { xs: 5, md: 8 }, pb: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <HeroName mb={1} />
        <HeroMission mt={2} />
        <Box
          component="ul"
          aria-label={t.featured}
          sx={{
            listStyle: 'none',
            p: 0,
            mt: { xs: 4, md: 6 },
            mb: 0,
            display: 'grid',
            gap: { xs: 0.5, sm: 1 },
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {photos.map((photo, i) => (
            <li key={photo.src}>
              <Box
                component={RouterLink}
                to={loc(photoLink(photo))}
                sx={{
                  position: 'relative',
                  display: 'block',
                  aspectRatio: `${FEATURED_TILE.width} / ${FEATURED_TILE.height}`,
                  overflow: 'hidden',
                  '& img': { transition: 'transform 300ms ease-out' },
                  '&:hover img': { transform: 'scale(1.03)' },
                  '@media (prefers-reduced-motion: reduce)': { '& img': { transition: 'none' }, '&:hover img': { transform: 'none' } },
                }}
              >
                <ResponsiveImage image={photo} alt={photo.alt} sizes={featuredSizes(photo)} priority={i === 0} eager={i < 4} fill />
              </Box>
            </li>
          ))}
        </Box>
        <HeroMore work={work} mt={{ xs: 4, md: 6 }} />
      </Container>
    </Box>
  );
}
