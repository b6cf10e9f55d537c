import DownloadIcon from '@mui/icons-material/Download';
import Link from '@mui/material/Link';
import { useLightboxState } from 'yet-another-react-lightbox';
import type { GalleryImage, Project } from '@/generated/content';
import type { Messages } from '@/i18n';
import { useMessages } from '@/i18n/react';

/** A private project's download rule (project.yaml `downloads`). */
export type DownloadRule = Project['downloads'];

/** The file a photo's download gives: the last part of its address, unescaped. */
export function downloadFile(href: string) {
  const last = href.slice(href.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** What a photo's download link says, in the language of `t`: the file and its size, "Download IMG_0101.jpg (original)". */
export function downloadLabel(href: string, rule: DownloadRule, t: Messages['gallery']) {
  return t.download(downloadFile(href), rule === 'originals');
}

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

/**
 * The lightbox toolbar's download of the photo shown, a link drawn like the
 * toolbar's buttons; nothing for a photo without one (a video).
 */
export function LightboxDownload({ images, rule, t }: { images: readonly GalleryImage[]; rule: DownloadRule; t: Messages['gallery'] }) {
  const { currentIndex } = useLightboxState();
  const href = images[currentIndex]?.download;
  if (!href || rule === 'none') return null;
  const label = downloadLabel(href, rule, t);
  return (
    <a className="yarl__button" href={href} download={downloadFile(href)} aria-label={label} title={label}>
      <DownloadIcon className="yarl__icon" aria-hidden />
    </a>
  );
}
