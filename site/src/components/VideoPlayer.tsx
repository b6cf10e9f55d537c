import Box from '@mui/material/Box';
import type { VideoAsset } from '@/generated/content';
import { useMessages } from '@/i18n/react';

interface Props {
  video: VideoAsset;
  /** The player's accessible name: what the video shows. */
  alt?: string | undefined;
  /** Loop, muted and inline on phones (a video block's `loop`). */
  loop?: boolean | undefined;
}

/**
 * A video with the browser's own controls (docs/site.md §2): it never plays
 * by itself and fetches only its metadata until asked; a loop is muted and
 * stays inline on phones. Its width and height reserve its shape, so
 * nothing moves as it loads; the poster shows until it plays. Its sources
 * go in their order (the browser plays the first it can), then its
 * captions, shown by default. It needs no script: the prerendered page's
 * <video> is the player.
 */
export function VideoPlayer({ video, alt, loop = false }: Props) {
  const main = video.sources.at(-1);
  const t = useMessages().site.project;
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- captions are the owner's to give: a silent screen recording has none, and validate warns about a video with sound without them
    <Box
      component="video"
      controls
      preload="metadata"
      poster={video.poster.src}
      width={video.width}
      height={video.height}
      aria-label={alt}
      {...(loop ? { loop: true, muted: true, playsInline: true } : {})}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${video.width} / ${video.height}`,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'common.black',
      }}
    >
      {video.sources.map((s) => (
        <source key={s.src} src={s.src} type={s.type} />
      ))}
      {video.captions && <track kind="captions" src={video.captions.src} srcLang={video.captions.srclang} label={video.captions.label} default />}
      {main && (
        <a href={main.src} download>
          {t.videoDownload}
        </a>
      )}
    </Box>
  );
}
