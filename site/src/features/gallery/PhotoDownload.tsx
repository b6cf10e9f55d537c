import DownloadIcon from '@mui/icons-material/Download';
import Link from '@mui/material/Link';
import { downloadFile, downloadLabel, type DownloadRule } from '@/features/gallery/download';
import type { GalleryImage } from '@/generated/content';
import { useMessages } from '@/i18n/react';

export type { DownloadRule } from '@/features/gallery/download';

/**
 * A photo's own download on its page (a private project whose downloads are
 * web or originals, docs/decisions/0099): a plain link with `download`, which
 * works without JavaScript behind the project's secret; nothing otherwise.
 */
export function PhotoDownloadLink({ image, rule }: { image: GalleryImage; rule: DownloadRule }) {
  const t = useMessages().gallery;
  if (!image.download || rule === 'none') return null;
  return (
    <Link href={image.download} download={downloadFile(image.download)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <DownloadIcon fontSize="small" aria-hidden />
      {downloadLabel(image.download, rule, t)}
    </Link>
  );
}
