import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { PageHeading } from '@/components/PageHeading';
import { ProjectGrid } from '@/components/ProjectGrid';
import type { Category } from '@/generated/content';
import { projectsOf } from '@/lib/content';

/**
 * A category page (docs/site.md §2): its heading, blurb and the cards of its
 * active projects, in the columns site.yaml gives it.
 */
export function CategoryPage({ category }: { category: Category }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading>{category.title}</PageHeading>
      {category.blurb && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 2, maxWidth: '62ch' }}>
          {category.blurb}
        </Typography>
      )}
      <Typography component="h2" sx={visuallyHidden}>
        Projects
      </Typography>
      <Container disableGutters sx={{ mt: 6 }}>
        <ProjectGrid projects={projectsOf(category.slug)} columns={category.columns} priority />
      </Container>
    </Container>
  );
}
