import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { categoryPage, project } from '@/lib/content';
import { NotFoundPage } from '@/pages/NotFoundPage';

/** A project page: its title and subtitle (the full page body is issue 5). */
export function ProjectPage() {
  const { slug = '' } = useParams();
  const p = project(slug);
  if (!p) return <NotFoundPage />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Button component={RouterLink} to={paths.category(p.page)} startIcon={<ArrowBackIcon />} sx={{ ml: -1.5, mb: 3 }}>
        All {categoryPage(p.page).title} Projects
      </Button>
      <Typography variant="overline" component="p" color="secondary">
        {p.category}
      </Typography>
      <PageHeading>{p.title}</PageHeading>
      <Typography variant="h3" component="p" sx={{ mt: 2, fontWeight: 400, color: 'text.secondary' }}>
        {p.subtitle}
      </Typography>
    </Container>
  );
}
