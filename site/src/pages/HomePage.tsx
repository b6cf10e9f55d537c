import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ProjectGrid } from '@/components/ProjectGrid';
import { FeaturedPhotos } from '@/features/home/FeaturedPhotos';
import { PhotoHero } from '@/features/home/PhotoHero';
import { TextHero, WORK_ID } from '@/features/home/TextHero';
import { featuredProjects, homeLayout } from '@/lib/content';
import { useMessages } from '@/i18n/react';

export function HomePage() {
  // Selected Work, and the button that scrolls to it, only when something
  // is featured: no heading over nothing.
  const featured = featuredProjects();
  const home = homeLayout();
  const t = useMessages().site.home;
  const work = featured.length > 0;
  return (
    <>
      {home.layout === 'text' && <TextHero work={work} />}
      {(home.layout === 'photo' || home.layout === 'video') && <PhotoHero home={home} work={work} />}
      {home.layout === 'featured' && <FeaturedPhotos photos={home.photos} work={work} />}
      {work && (
        <Box component="section" id={WORK_ID} aria-labelledby="work-heading">
          <Container maxWidth="lg">
            <Typography id="work-heading" variant="h2" tabIndex={-1} sx={{ mb: 4, outline: 'none' }}>
              {t.work}
            </Typography>
            <ProjectGrid projects={featured} columns={{ sm: 2, md: 3 }} />
          </Container>
        </Box>
      )}
    </>
  );
}
