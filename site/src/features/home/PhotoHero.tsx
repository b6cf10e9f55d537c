import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { keyframes } from '@emotion/react';
import { PageHeading } from '@/components/PageHeading';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import type { HomePhoto, PhotoHome, VideoHome } from '@/generated/content';
import { HERO_FRAME, heroPhoneSteps, heroPictures, heroSizes, site } from '@/lib/content';
import { HeroMission, HeroMore } from '@/features/home/TextHero';
import { MOTION, MotionSwitch } from '@/features/home/MotionSwitch';

// The cross-fade: each photo shows for SHOW seconds, the next fading in over FADE.
const SHOW = 7;
const FADE = 1.5;

const pct = (t: number, total: number) => `${((t / total) * 100).toFixed(3)}%`;

/**
 * The keyframes of photo k (from 1; the first lies still underneath) of
 * n: it fades in over the one before, stays until the next covers it (or,
 * the last, fades out to the first), and waits, hidden, for its next turn.
 */
function fade(k: number, n: number) {
  const total = n * SHOW;
  const steps: [string, number][] = [
    ['0%', 0],
    [pct(k * SHOW - FADE, total), 0],
    [pct(k * SHOW, total), 1],
  ];
  if (k < n - 1) steps.push([pct((k + 1) * SHOW, total), 1], [pct((k + 1) * SHOW + 0.05, total), 0]);
  else steps.push([pct(total - FADE, total), 1]);
  steps.push(['100%', 0]);
  return keyframes(Object.fromEntries(steps.map(([at, opacity]) => [at, { opacity }])));
}

function Slides({ photos }: { photos: readonly HomePhoto[] }) {
  const [first, ...rest] = photos;
  if (!first) return null;
  return (
    <>
      <ResponsiveImage image={first} alt={first.alt} sizes={heroSizes(first, photos)} priority fill />
      {rest.map((photo, i) => (
        <Box
          key={photo.src}
          className={MOTION}
          sx={{
            position: 'absolute',
            inset: 0,
            opacity: 0,
            animation: `${fade(i + 1, photos.length)} ${photos.length * SHOW}s ease-in-out infinite`,
            '@media (prefers-reduced-motion: reduce)': { display: 'none', animation: 'none' },
          }}
        >
          <ResponsiveImage image={photo} alt={photo.alt} sizes={heroSizes(photo, photos)} fill />
        </Box>
      ))}
    </>
  );
}

function Video({ home }: { home: VideoHome }) {
  const { video, alt } = home.video;
  return (
    <>
      {/* The poster, as an image: the page's largest paint, preloaded, and what shows until the video plays, when it is paused, and under reduced motion. */}
      <ResponsiveImage image={video.poster} alt={alt} sizes={heroSizes(video.poster)} priority fill />
      <Box
        component="video"
        className={MOTION}
        muted
        autoPlay
        loop
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
        width={video.width}
        height={video.height}
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          '@media (prefers-reduced-motion: reduce)': { display: 'none' },
        }}
      >
        {video.sources.map((s) => (
          <source key={s.src} src={s.src} type={s.type} />
        ))}
      </Box>
    </>
  );
}

/**
 * The photograph (or video) home page: the picture across the page with the
 * owner's role and name over a dark scrim at its foot, then the mission, the
 * introduction, the actions and the profiles under it, in the page's colours.
 */
export function PhotoHero({ home, work }: { home: PhotoHome | VideoHome; work: boolean }) {
  const moving = home.layout === 'video' || home.photos.length > 1;
  // On a phone at 2× and more, the frame no taller than its pictures fill sharply.
  const phoneSteps: Record<string, { height: string }> = Object.fromEntries(
    heroPhoneSteps(heroPictures(home)).map((s) => [`@media ${s.media}`, { height: s.height }]),
  );
  return (
    <Box component="section" aria-labelledby="hero-heading">
      <Box
        sx={{
          position: 'relative',
          overflow: 'hidden',
          // heroSizes says how wide a picture is drawn in it: keep them together.
          height: { xs: HERO_FRAME.xs, md: HERO_FRAME.md },
          ...phoneSteps,
          minHeight: HERO_FRAME.min,
          bgcolor: 'grey.900',
          color: 'common.white',
          [`&:has(:checked) .${MOTION}`]: { animationPlayState: 'paused' },
          '&:has(:checked) video': { visibility: 'hidden' },
        }}
      >
        {home.layout === 'photo' ? <Slides photos={home.photos} /> : <Video home={home} />}
        <Box
          aria-hidden
          sx={(t) => ({
            position: 'absolute',
            inset: 0,
            background: `linear-gradient(to top, ${alpha(t.palette.common.black, 0.75)} 0%, ${alpha(t.palette.common.black, 0.45)} 30%, ${alpha(t.palette.common.black, 0)} 60%)`,
          })}
        />
        <Container
          maxWidth="lg"
          sx={{
            position: 'relative',
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'flex-end',
            pb: { xs: moving ? 10 : 4, md: 6 },
          }}
        >
          <Typography variant="overline" component="p" sx={{ mb: 1, color: 'inherit', textShadow: '0 1px 8px rgba(0, 0, 0, 0.6)' }}>
            {site.taglines.role}
          </Typography>
          <PageHeading id="hero-heading" sx={{ maxWidth: '14ch', color: 'inherit', textShadow: '0 2px 16px rgba(0, 0, 0, 0.5)' }}>
            {site.name}
          </PageHeading>
        </Container>
        {moving && <MotionSwitch what={home.layout === 'video' ? 'video' : 'slideshow'} />}
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <HeroMission />
        <HeroMore work={work} />
      </Container>
    </Box>
  );
}
