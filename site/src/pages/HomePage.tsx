import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { ProjectGrid } from '@/components/ProjectGrid';
import { SocialLinks } from '@/components/SocialLinks';
import { paths } from '@/config/paths';
import { featuredProjects, site } from '@/lib/content';

const WORK_ID = 'work';

export function HomePage() {
  // Selected Work, and the button that scrolls to it, only when something
  // is featured: no heading over nothing.
  const featured = featuredProjects();
  return (
    <>
      <Box component="section" aria-labelledby="hero-heading" sx={{ py: { xs: 8, md: 14 } }}>
        <Container maxWidth="lg">
          <Typography variant="overline" component="p" color="secondary" sx={{ mb: 2 }}>
            {site.taglines.role}
          </Typography>
          <PageHeading id="hero-heading" sx={{ maxWidth: '14ch' }}>
            {site.name}
          </PageHeading>
          <Typography variant="h3" component="p" sx={{ mt: 2, fontWeight: 400, color: 'text.secondary', maxWidth: '28ch' }}>
            {site.taglines.mission}
          </Typography>
          <Typography variant="subtitle1" sx={{ mt: 3, maxWidth: '60ch' }}>
            {site.hero}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5, alignItems: { sm: 'center' } }}>
            {/* An in-page link: the smooth scroll is CSS (src/theme/document.css), instant under reduced motion. */}
            {featured.length > 0 && (
              <Button variant="contained" size="large" href={`#${WORK_ID}`} endIcon={<ArrowDownwardIcon />}>
                View My Work
              </Button>
            )}
            {/* Without Selected Work, Get in Touch is the hero's one, main action. */}
            <Button variant={featured.length > 0 ? 'outlined' : 'contained'} size="large" component={RouterLink} to={paths.contact}>
              Get in Touch
            </Button>
          </Stack>
          <Box sx={{ mt: 4, ml: -1 }}>
            <SocialLinks />
          </Box>
        </Container>
      </Box>
      {featured.length > 0 && (
        <Box component="section" id={WORK_ID} aria-labelledby="work-heading">
          <Container maxWidth="lg">
            <Typography id="work-heading" variant="h2" tabIndex={-1} sx={{ mb: 4, outline: 'none' }}>
              Selected Work
            </Typography>
            <ProjectGrid projects={featured} columns={{ sm: 2, md: 3 }} />
          </Container>
        </Box>
      )}
    </>
  );
}
