import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { SocialLinks } from '@/components/SocialLinks';
import { paths } from '@/config/paths';
import { site } from '@/lib/content';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/** The id of the home page's Selected Work section, which View My Work scrolls to. */
export const WORK_ID = 'work';

/**
 * The home page's two actions: View My Work (only when there is Selected
 * Work to scroll to) and Get in Touch, the main one when it is alone.
 */
export function HeroActions({ work }: { work: boolean }) {
  const t = useMessages().site.home;
  const loc = useLocalize();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5, alignItems: { sm: 'center' } }}>
      {/* An in-page link: the smooth scroll is CSS (src/theme/document.css), instant under reduced motion. */}
      {work && (
        <Button variant="contained" size="large" href={`#${WORK_ID}`} endIcon={<ArrowDownwardIcon />}>
          {t.viewWork}
        </Button>
      )}
      {/* Without Selected Work, Get in Touch is the hero's one, main action. */}
      <Button variant={work ? 'outlined' : 'contained'} size="large" component={RouterLink} to={loc(paths.contact)}>
        {t.getInTouch}
      </Button>
    </Stack>
  );
}

/** The owner's role over their name, the page's h1, in the page's colours. */
export function HeroName({ mb = 2 }: { mb?: number }) {
  return (
    <>
      <Typography variant="overline" component="p" color="secondary" sx={{ mb }}>
        {site.taglines.role}
      </Typography>
      <PageHeading id="hero-heading" sx={{ maxWidth: '14ch' }}>
        {site.name}
      </PageHeading>
    </>
  );
}

/** The mission tagline, in the hero's display type. */
export function HeroMission({ mt }: { mt?: number }) {
  return (
    <Typography variant="h3" component="p" sx={{ mt, fontWeight: 400, color: 'text.secondary', maxWidth: '28ch' }}>
      {site.taglines.mission}
    </Typography>
  );
}

/** The introduction, the actions and the profiles: the hero's last part, in every layout. */
export function HeroMore({ work, mt = 3 }: { work: boolean; mt?: number | { xs: number; md: number } }) {
  return (
    <>
      <Typography variant="subtitle1" sx={{ mt, maxWidth: '60ch' }}>
        {site.hero}
      </Typography>
      <HeroActions work={work} />
      <Box sx={{ mt: 4, ml: -1 }}>
        <SocialLinks />
      </Box>
    </>
  );
}

/** The typographic hero (site.yaml without `home`, the sample's): role, name, mission, introduction, actions, profiles. */
export function TextHero({ work }: { work: boolean }) {
  return (
    <Box component="section" aria-labelledby="hero-heading" sx={{ py: { xs: 8, md: 14 } }}>
      <Container maxWidth="lg">
        <HeroName />
        <HeroMission mt={2} />
        <HeroMore work={work} />
      </Container>
    </Box>
  );
}
