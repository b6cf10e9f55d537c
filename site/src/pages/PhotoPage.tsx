import Container from '@mui/material/Container';
import { use } from 'react';
import { useParams } from 'react-router-dom';
import { PhotoFavourite } from '@/features/favourites/PhotoFavourite';
import { PhotoView } from '@/features/gallery/PhotoView';
import { paths } from '@/config/paths';
import type { Project } from '@/generated/content';
import { galleryImages, isPrivate, loadedProjectBody, loadProjectBody, project } from '@/lib/content';
import { NotFoundPage } from '@/pages/NotFoundPage';
import { useLocalize } from '@/lib/languages';

/** One page for every photo of a project's gallery (docs/site.md §2): /projects/<slug>/photos/<n>. */
export function PhotoPage() {
  const { slug = '', n = '' } = useParams();
  const p = project(slug);
  if (!p || !/^[1-9]\d*$/.test(n)) return <NotFoundPage />;
  return <PhotoOf project={p} n={Number(n)} />;
}

function PhotoOf({ project: p, n }: { project: Project; n: number }) {
  const loc = useLocalize();
  // Loaded before the first render (routes.tsx), as the project page's.
  const images = galleryImages(loadedProjectBody(p) ?? use(loadProjectBody(p)));
  if (n > images.length) return <NotFoundPage />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
      <PhotoView project={p} images={images} n={n} />
      {isPrivate(p) && <PhotoFavourite project={p} image={images[n - 1]!} action={loc(paths.photoAt(p.link, n))} />}
    </Container>
  );
}
