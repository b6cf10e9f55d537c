import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { PageHeading } from '@/components/PageHeading';
import { ProjectGrid } from '@/components/ProjectGrid';
import type { Page } from '@/generated/content';
import { categoryPage, projectsOf } from '@/lib/content';

/** docs/site.md §9: web design in 3 columns, the other categories in at most 2. */
const columns: Record<Page, { sm: number; md: number }> = {
  'web-design': { sm: 2, md: 3 },
  graphics: { sm: 2, md: 2 },
  'higher-education': { sm: 2, md: 2 },
  photography: { sm: 2, md: 2 },
};

export function CategoryPage({ page }: { page: Page }) {
  const meta = categoryPage(page);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading>{meta.title}</PageHeading>
      {meta.blurb && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 2, maxWidth: '62ch' }}>
          {meta.blurb}
        </Typography>
      )}
      <Typography component="h2" sx={visuallyHidden}>
        Projects
      </Typography>
      <Container disableGutters sx={{ mt: 6 }}>
        <ProjectGrid projects={projectsOf(page)} columns={columns[page]} priority />
      </Container>
    </Container>
  );
}
