import { createIcon, useLightboxState } from 'yet-another-react-lightbox';
import type { GalleryImage, Project } from '@/generated/content';
import type { Messages } from '@/i18n';

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
 * Material's "download" glyph, drawn the way the lightbox draws its own
 * icons: not MUI's icon, whose styling engine (emotion and MUI's default
 * theme) would otherwise come with the viewer's chunk (decision 0118).
 */
const DownloadIcon = createIcon('Download', <path d="M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z" />);

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
      <DownloadIcon aria-hidden />
    </a>
  );
}
