import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { paths } from '@/config/paths';
import type { Project } from '@/generated/content';

const kinds = { web: 'web size', originals: 'originals' } as const;

/** A private project's download of its gallery (project.yaml `downloads`), behind the same secret (docs/decisions/0080). */
export function Download({ project }: { project: Project }) {
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
      Download all photos ({kinds[project.downloads]}, ZIP)
    </Button>
  );
}
