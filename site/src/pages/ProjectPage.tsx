import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { use } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { paths } from '@/config/paths';
import { Download } from '@/features/favourites/Download';
import { FavouritesForm } from '@/features/favourites/FavouritesForm';
import { Gallery } from '@/features/gallery/Gallery';
import { ProjectBlocks } from '@/features/project/ProjectBlocks';
import type { Project, ProjectBody } from '@/generated/content';
import { categoryOf, galleryImages, isPrivate, loadedProjectBody, loadProjectBody, project } from '@/lib/content';
import { NotFoundPage } from '@/pages/NotFoundPage';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/** Whether any block shows an image: if none does, the page shows the cover. */
const showsImages = (body: ProjectBody) => body.some((b) => b.type !== 'text' && b.type !== 'document' && b.type !== 'prototype');

/**
 * One page for every project, rendered from its content blocks: back link to
 * its category, category, title, subtitle, description, then the blocks.
 */
export function ProjectPage() {
  const { slug = '' } = useParams();
  const p = project(slug);
  if (!p) return <NotFoundPage />;
  return <ProjectView project={p} />;
}

function ProjectView({ project: p }: { project: Project }) {
  const loc = useLocalize();
  // Loaded before the first render (routes.tsx); after a client-side
  // navigation, the router's transition waits for it.
  const body = loadedProjectBody(p) ?? use(loadProjectBody(p));
  // Back to its category; to the home page when the category has no page
  // (it has no active project, this one being inactive).
  const category = categoryOf(p);
  const t = useMessages().site;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Button component={RouterLink} to={loc(category ? paths.category(category.slug) : paths.home)} startIcon={<ArrowBackIcon />} sx={{ ml: -1.5, mb: 3 }}>
        {category ? category.backLink : t.backHome}
      </Button>
      <Typography variant="overline" component="p" color="secondary">
        {p.category}
      </Typography>
      <PageHeading>{p.title}</PageHeading>
      <Typography variant="h3" component="p" sx={{ mt: 2, fontWeight: 400, color: 'text.secondary' }}>
        {p.subtitle}
      </Typography>
      <Typography variant="subtitle1" sx={{ mt: 3, maxWidth: '68ch' }}>
        {p.description}
      </Typography>
      {!showsImages(body) && (
        <Box sx={{ mt: 5, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          {/* The page's only image (and its LCP): named, not decorative. */}
          <ResponsiveImage image={p.cover} alt={t.project.cover(p.title)} sizes="(min-width: 900px) 852px, calc(100vw - 32px)" priority />
        </Box>
      )}
      <ProjectBlocks body={body} project={p} gallery={Gallery} />
      {isPrivate(p) && <Download project={p} />}
      {isPrivate(p) && <FavouritesForm project={p} images={galleryImages(body)} />}
    </Container>
  );
}
