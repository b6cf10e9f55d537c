import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Island } from '@/components/Island';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { VideoPlayer } from '@/components/VideoPlayer';
import { paths } from '@/config/paths';
import { largestVariant, lightboxProps, VideoMarks } from '@/features/gallery/Gallery';
import { PhotoDownloadLink } from '@/features/gallery/PhotoDownload';
import { PhotoFacts } from '@/features/gallery/PhotoFacts';
import { mainSource, tileAttributes } from '@/features/gallery/tile';
import type { GalleryImage, Project } from '@/generated/content';
import { useMessages } from '@/i18n/react';
import { photoPageSizes } from '@/lib/content';
import { useLocalize } from '@/lib/languages';

interface Props {
  project: Project;
  images: readonly GalleryImage[];
  /** The photo shown, from 1. */
  n: number;
}

/** Photo k of a gallery, wrapping as the viewer does (docs/site.md §4). */
const wrap = (k: number, count: number) => ((((k - 1) % count) + count) % count) + 1;

/**
 * One photo of a project's gallery on its own page (docs/site.md §2): the way
 * back to the project, the photo large with its caption (and how it was
 * taken, when its gallery shows photo facts), Previous and Next
 * (wrapping) and a strip of every photo of the gallery, each a link to its
 * page. A video's page shows its player instead (with its poster; the
 * poster is also the page's link preview), and links to the file. That is
 * the whole page without JavaScript. With it, the photo is also a button,
 * "Open in viewer": the lightbox island (reading the strip's tiles as it
 * reads the gallery's) opens on a click or Enter or Space on it, or on ← →
 * (the photo before or after), never by itself (decision 0118); closing it
 * goes to the project. Its chunk is fetched as the pointer, a finger or the
 * focus comes near.
 */
export function PhotoView({ project: p, images, n }: Props) {
  const image = images[n - 1]!;
  const m = useMessages();
  const t = m.site.photo;
  const { video } = image;
  const count = images.length;
  const loc = useLocalize();
  const previous = loc(paths.photoAt(p.link, wrap(n - 1, count)));
  const next = loc(paths.photoAt(p.link, wrap(n + 1, count)));
  // A caption or facts go beside the photo from 900 px.
  const beside = Boolean(image.caption || image.exif);
  const ratio = video ? video.width / video.height : image.width / image.height;
  return (
    <>
      <Button component={RouterLink} to={loc(p.link)} startIcon={<ArrowBackIcon />} sx={{ ml: -1.5, mb: 3 }}>
        {t.back(p.title)}
      </Button>
      <PageHeading sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>{p.title}</PageHeading>
      <Typography component="p" sx={{ mt: 1, color: 'text.secondary' }}>
        {t.position(Boolean(video), n, count)}
      </Typography>
      <Island name="lightbox" when={['intent']} props={{ ...lightboxProps(p.title, m.gallery, p.downloads), open: n - 1, project: loc(p.link) }}>
        <Box
          component="figure"
          sx={{
            m: 0,
            mt: 3,
            // From 900 px, the caption and the facts beside the photo, never
            // under the fold or over it (issue 48); under it on a phone.
            ...(beside
              ? {
                  display: { md: 'grid' },
                  gridTemplateColumns: { md: 'minmax(0, 1fr) 18rem' },
                  gridTemplateRows: { md: 'auto 1fr' },
                  columnGap: { md: 4 },
                  '& > figcaption, & > .photo-page-facts': { gridColumn: { md: 2 } },
                  '& > figcaption': { mt: { md: 0 } },
                }
              : {}),
          }}
        >
          <Box
            // The viewer's photo grows from this one (GalleryLightbox's growFrom).
            data-viewer-origin=""
            // With JavaScript, a button that opens the viewer on it (the islands
            // loader makes it one; a video's player is a control of its own).
            data-opener={video ? undefined : t.openInViewer}
            // Its shape, known at build time, for the width below.
            style={{ '--media-ratio': ratio } as CSSProperties}
            sx={{
              display: 'flex',
              justifyContent: { xs: 'center', md: beside ? 'flex-start' : 'center' },
              gridRow: { md: '1 / 3' },
              // The whole photo (or video) in the window, whatever its shape:
              // from 900 px, in the first screen under the page's heading
              // (about 300 px above it). Its box is that size in the HTML, before
              // the file arrives (the width the page allows, or the height the
              // window allows times its shape; its height follows from its
              // ratio), so nothing under it moves when it does (decision 0109).
              '& > picture, & > img, & > video': {
                flex: 'none',
                width: {
                  xs: 'min(100%, calc(75vh * var(--media-ratio)))',
                  md: 'min(100%, calc(min(75vh, calc(100svh - 20rem)) * var(--media-ratio)))',
                },
              },
              '& > picture': { display: 'block' },
              '& img': { borderRadius: 2 },
              // The button's focus ring is drawn round the photo, not its row.
              '&[role="button"]': { cursor: 'zoom-in', outline: 'none' },
              '&[role="button"]:focus-visible img': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 3 },
            }}
          >
            {video ? <VideoPlayer video={video} alt={image.alt} /> : <ResponsiveImage image={image} alt={image.alt} sizes={photoPageSizes(image)} priority />}
          </Box>
          {image.caption && (
            <Typography component="figcaption" variant="body1" sx={{ mt: 2, maxWidth: '68ch' }}>
              {image.caption}
            </Typography>
          )}
          {image.exif && <PhotoFacts exif={image.exif} />}
        </Box>
        <Box component="nav" aria-label={t.nav} sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button component={RouterLink} to={previous} variant="outlined" rel="prev">
            {t.previous}
          </Button>
          <Button component={RouterLink} to={next} variant="outlined" rel="next">
            {t.next}
          </Button>
          {video ? (
            <Link href={mainSource(video).src} sx={{ ml: { sm: 'auto' } }}>
              {t.videoFile(video.durationText)}
            </Link>
          ) : (
            <Link href={largestVariant(image)} sx={{ ml: { sm: 'auto' } }}>
              {t.fullSize}
            </Link>
          )}
          <PhotoDownloadLink image={image} rule={p.downloads} />
        </Box>
        <Typography variant="h2" sx={{ mt: 5, mb: 2, fontSize: '1.25rem' }}>
          {t.all(p.title)}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {images.map((img, i) => (
            <li key={img.src}>
              <Box
                component="a"
                {...tileAttributes({
                  image: img,
                  index: i,
                  page: loc(paths.photoAt(p.link, i + 1)),
                  current: i === n - 1,
                  label: m.gallery.openTile(Boolean(img.video), i + 1),
                })}
                sx={{
                  position: 'relative',
                  display: 'block',
                  width: 64,
                  height: 64,
                  borderRadius: 1,
                  overflow: 'hidden',
                  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
                  // The photo shown; a focused tile wears the focus ring instead.
                  '&[aria-current="page"]:not(:focus-visible)': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 2 },
                }}
              >
                <ResponsiveImage image={img} alt={img.alt} sizes="64px" />
                {img.video && <VideoMarks video={img.video} small />}
              </Box>
            </li>
          ))}
        </Box>
      </Island>
    </>
  );
}
