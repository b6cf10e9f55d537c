import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { site } from '@/lib/content';

/** An id from a heading's text: one token (aria-labelledby is a list of ids split at spaces). */
const headingId = (title: string) =>
  `about-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

function BulletSection({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Box component="section" aria-labelledby={headingId(title)}>
      <Typography id={headingId(title)} variant="h3" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 1.25 }, '& li::marker': { color: 'secondary.main' } }}>
        {items.map((item) => (
          <Typography component="li" key={item}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

export function AboutPage() {
  const about = site.about;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Button component={RouterLink} to={paths.home} startIcon={<ArrowBackIcon />} sx={{ ml: -1.5, mb: 3 }}>
        Back to Home
      </Button>
      <PageHeading>About Me</PageHeading>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        {about.intro}
      </Typography>
      <Stack direction="row" useFlexGap component="ul" aria-label="Skills" sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 4 }}>
        {about.skills.map((skill) => (
          <li key={skill}>
            <Chip label={skill} color="primary" />
          </li>
        ))}
      </Stack>
      <Grid container spacing={6} sx={{ mt: 6 }}>
        <Grid size={12}>
          <BulletSection title="Summary" items={about.summary} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <BulletSection title="Values" items={about.values} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <BulletSection title="Fun Facts" items={about.funFacts} />
        </Grid>
      </Grid>
    </Container>
  );
}
