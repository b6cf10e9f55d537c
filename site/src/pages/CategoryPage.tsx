import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { ProjectGrid } from '@/components/ProjectGrid';
import { paths } from '@/config/paths';
import type { Category } from '@/generated/content';
import { projectsOf } from '@/lib/content';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/**
 * A category page (docs/site.md §2): its heading, blurb and the cards of its
 * active projects, in the columns site.yaml gives it; a category kept while
 * it has none says that work is on its way.
 */
export function CategoryPage({ category }: { category: Category }) {
  const projects = projectsOf(category.slug);
  const t = useMessages().site.category;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading>{category.title}</PageHeading>
      {category.blurb && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 2, maxWidth: '62ch' }}>
          {category.blurb}
        </Typography>
      )}
      {projects.length > 0 ? (
        <>
          <Typography component="h2" sx={visuallyHidden}>
            {t.projects}
          </Typography>
          <Container disableGutters sx={{ mt: 6 }}>
            <ProjectGrid projects={projects} columns={category.columns} priority />
          </Container>
        </>
      ) : (
        <EmptyCategory title={category.title} />
      )}
    </Container>
  );
}

/** In place of the cards while a kept category has no active project. */
function EmptyCategory({ title }: { title: string }) {
  const m = useMessages().site;
  const loc = useLocalize();
  return (
    <Box
      component="section"
      aria-labelledby="empty-heading"
      sx={{
        mt: 6,
        px: { xs: 3, sm: 6 },
        py: { xs: 5, sm: 7 },
        // As wide as the note's line (52ch) and its padding, so that its
        // text sits as far from the right border as from the left.
        maxWidth: '40rem',
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 4,
      }}
    >
      <Typography id="empty-heading" variant="h3" component="h2">
        {m.category.empty}
      </Typography>
      <Typography sx={{ mt: 1.5, color: 'text.secondary', maxWidth: '52ch' }}>{m.category.emptyText(title)}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, alignItems: { sm: 'center' } }}>
        <Button variant="contained" component={RouterLink} to={loc(paths.contact)}>
          {m.home.getInTouch}
        </Button>
        <Button variant="outlined" component={RouterLink} to={loc(paths.home)}>
          {m.backHome}
        </Button>
      </Stack>
    </Box>
  );
}
