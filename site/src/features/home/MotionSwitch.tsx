import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import { useMessages } from '@/i18n/react';

/** The class of what the switch pauses (the cross-fading photos, the video): hidden under reduced motion. */
export const MOTION = 'home-motion';

/**
 * A switch that stops the home page's motion (WCAG 2.2.2: motion that
 * starts by itself and lasts over 5 s can be paused, stopped or hidden),
 * without JavaScript: a checkbox whose state the frame's CSS reads
 * (`:has(:checked)`), pausing the cross-fade's animation or hiding the
 * video over its poster. Under reduced motion nothing moves and the switch
 * is not shown.
 */
export function MotionSwitch({ what }: { what: 'slideshow' | 'video' }) {
  const t = useMessages().site.motion;
  return (
    <Box
      component="label"
      sx={{
        position: 'absolute',
        right: { xs: 16, md: 24 },
        bottom: { xs: 16, md: 24 },
        zIndex: 1,
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        minHeight: 44,
        px: 1.75,
        borderRadius: 22,
        cursor: 'pointer',
        typography: 'button',
        color: 'common.white',
        bgcolor: 'rgba(0, 0, 0, 0.55)',
        border: '1px solid rgba(255, 255, 255, 0.7)',
        '& .when-paused': { display: 'none' },
        '&:has(:checked)': { bgcolor: 'common.white', color: 'common.black' },
        '&:has(:checked) .when-playing': { display: 'none' },
        '&:has(:checked) .when-paused': { display: 'inline-flex' },
        '&:has(:focus-visible)': { outline: '3px solid', outlineColor: 'common.white', outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': { display: 'none' },
      }}
    >
      <Box
        component="input"
        type="checkbox"
        role="switch"
        // The visible word, and what it pauses (WCAG 2.5.3: the name starts with the label).
        aria-label={t[what]}
        sx={{ position: 'absolute', opacity: 0, width: '1px', height: '1px', m: 0 }}
      />
      <PauseIcon className="when-playing" fontSize="small" aria-hidden />
      <PlayArrowIcon className="when-paused" fontSize="small" aria-hidden />
      {t.pause}
    </Box>
  );
}
