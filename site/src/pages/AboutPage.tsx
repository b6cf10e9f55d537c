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
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/** An id from a heading's text: one token (aria-labelledby is a list of ids split at spaces), made unique by its place when two headings read alike. */
function headingIds(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const id = `about-${
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'section'
    }`;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id}-${n}`;
  });
}

function BulletSection({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" component="h2" sx={{ mb: 2 }}>
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

/**
 * About Me: the introduction, the skill tags and the sections site.yaml
 * declares, in its order (the sample: Summary across the page, then Values
 * and Fun Facts side by side from 600 px). Each part is left out when
 * site.yaml gives none.
 */
export function AboutPage() {
  const loc = useLocalize();
  const about = site.about;
  const sections = about.sections ?? [];
  const ids = headingIds(sections.map((s) => s.title));
  const t = useMessages().site;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Button component={RouterLink} to={loc(paths.home)} startIcon={<ArrowBackIcon />} sx={{ ml: -1.5, mb: 3 }}>
        {t.backHome}
      </Button>
      <PageHeading>{t.about.title}</PageHeading>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        {about.intro}
      </Typography>
      {about.skills && about.skills.length > 0 && (
        <Stack direction="row" useFlexGap component="ul" aria-label={t.about.skills} sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 4 }}>
          {about.skills.map((skill) => (
            <li key={skill}>
              <Chip label={skill} color="primary" />
            </li>
          ))}
        </Stack>
      )}
      {sections.length > 0 && (
        <Grid container spacing={6} sx={{ mt: 6 }}>
          {sections.map((section, i) => (
            <Grid key={ids[i]} size={section.width === 'half' ? { xs: 12, sm: 6 } : 12}>
              <BulletSection id={ids[i]!} title={section.title} items={section.items} />
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
