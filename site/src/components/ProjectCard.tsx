import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import type { Project } from '@/generated/content';
import { cardFields, type CardFields } from '@/lib/content';
import { focusRing } from '@/theme/theme';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

interface Props {
  project: Project;
  /** Position in its grid: the entrance animation waits 0.1 s per index. */
  index: number;
  /** The sizes attribute of the cover, from the grid's columns. */
  sizes: string;
  headingLevel?: 'h2' | 'h3';
  /** Load the cover at once, with high priority (the largest image above the fold). */
  priority?: boolean;
  /**
   * Where the card's text is laid out only near the viewport, by breakpoint
   * (a card below the first screen at that width's column count).
   */
  deferText?: Partial<Record<'xs' | 'sm' | 'md', boolean>>;
}

/**
 * The height a card's text takes on a phone, by the fields it shows: the
 * padding and title, then each field's share of the 320 px a card with all
 * of them takes (a badge, two lines of description, the role, two rows of
 * skills).
 */
function cardTextHeight(show: CardFields): number {
  return 88 + (show.category ? 38 : 0) + (show.description ? 62 : 0) + (show.role ? 34 : 0) + (show.skills ? 98 : 0);
}

/**
 * A project in a grid: cover, category badge, title, description, role and
 * skills (those its category's `card` shows); the whole card is one link
 * to the project page. It fades up into place with a stagger of 0.1 s per index: a CSS animation, so the card is
 * in the prerendered HTML and visible without JavaScript, its space never
 * changes (no layout shift), and reduced motion turns it off.
 */
export function ProjectCard({ project, index, sizes, headingLevel = 'h3', priority = false, deferText = {} }: Props) {
  const show = cardFields(project);
  const t = useMessages().site.project;
  const loc = useLocalize();
  return (
    <Card
      component="article"
      // Inline, so every card shares one style rule.
      style={{ animationDelay: `${index * 0.1}s` }}
      sx={{
        height: '100%',
        bgcolor: 'background.paper',
        transition: 'transform 200ms ease, box-shadow 200ms ease',
        '&:hover': { transform: 'translateY(-3px)', boxShadow: 6 },
        // The card clips its link's ring (overflow: hidden): the card wears it.
        '&:has(:focus-visible)': focusRing,
        '@keyframes card-in': { from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'none' } },
        animation: 'card-in 500ms ease-out both',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none', '&:hover': { transform: 'none' } },
      }}
    >
      <CardActionArea component={RouterLink} to={loc(project.link)} sx={{ height: '100%', alignItems: 'stretch', display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ aspectRatio: '3 / 2', overflow: 'hidden', width: '100%', '& img': { height: '100%', objectFit: 'cover' } }}>
          <ResponsiveImage image={project.cover} alt="" sizes={sizes} priority={priority} />
        </Box>
        {/* Below the first screen (deferText, by width), most of a card's elements
            (chips, text) are laid out only near the viewport: those cards
            cost the first layout nothing. The card clips its content
            already, so the containment changes no pixel. Until then it
            holds the height of a card's text on a phone (cardTextHeight:
            320 px with every field), and no width of its own: an intrinsic
            width would widen a one-column grid's track. Not on the first
            screen: the browser may paint a card there once with that
            height before it lays the text out, and a card's own text is
            rarely exactly that tall, so what follows would move. */}
        <CardContent
          sx={{
            flexGrow: 1,
            width: '100%',
            p: 3,
            contentVisibility: {
              xs: deferText.xs ? 'auto' : 'visible',
              sm: deferText.sm ? 'auto' : 'visible',
              md: deferText.md ? 'auto' : 'visible',
            },
            containIntrinsicHeight: `auto ${cardTextHeight(show)}px`,
          }}
        >
          {show.category && <Chip label={project.category} size="small" color="primary" variant="outlined" sx={{ mb: 1.5 }} />}
          <Typography component={headingLevel} variant="h4" gutterBottom={show.description || show.role || show.skills}>
            {project.title}
          </Typography>
          {show.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: show.role || show.skills ? 2 : 0 }}>
              {project.description}
            </Typography>
          )}
          {show.role && (
            <Typography variant="body2" sx={{ mb: show.skills ? 1.5 : 0 }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {t.role}
              </Box>{' '}
              {project.role}
            </Typography>
          )}
          {/* A list named Skills (aria-label on a plain div is ignored by screen readers). */}
          {show.skills && (
            <Stack direction="row" useFlexGap component="ul" aria-label={t.skills} sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}>
              {project.skills.map((skill) => (
                <Chip key={skill} component="li" label={skill} size="small" />
              ))}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
