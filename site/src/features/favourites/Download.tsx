import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { paths } from '@/config/paths';
import type { Project } from '@/generated/content';
import { useMessages } from '@/i18n/react';

/** A private project's download of its gallery (project.yaml `downloads`), behind the same secret (docs/decisions/0080). */
export function Download({ project }: { project: Project }) {
  const t = useMessages().site.favourites;
  if (project.access !== 'private' || project.downloads === 'none') return null;
  return (
    <Button
      component="a"
      href={paths.download(project.link, project.slug, project.downloads)}
      download
      variant="outlined"
      startIcon={<DownloadIcon />}
      sx={{ mt: 4 }}
    >
      {t.downloadAll(project.downloads === 'originals')}
    </Button>
  );
}
