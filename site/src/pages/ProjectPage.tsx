import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { paths } from '@/config/paths';
import { categoryPage, project } from '@/lib/content';
import { NotFoundPage } from '@/pages/NotFoundPage';

/** A project page: category, title, subtitle, description and cover (the blocks of its body come next). */
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
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        {p.description}
      </Typography>
      <Box sx={{ mt: 5, borderRadius: '16px', overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <ResponsiveImage image={p.cover} alt="" sizes="(min-width: 900px) 852px, 100vw" priority />
      </Box>
    </Container>
  );
}
