import Box from '@mui/material/Box';
import { ProjectCard } from '@/components/ProjectCard';
import type { Project } from '@/generated/content';

/** The rows of cards that may be on a page's first screen. */
const firstScreenRows = 2;

interface Props {
  projects: readonly Project[];
  /** Columns from the sm and md breakpoints; one column below sm. */
  columns: { sm: number; md: number };
  headingLevel?: 'h2' | 'h3';
  /** The grid starts above the fold: its first cover loads at once, with high priority. */
  priority?: boolean;
}

/**
 * A responsive grid of project cards (a CSS grid); spacing 3 units (24 px).
 * The cards after the first two rows, at each width's column count, lay
 * their text out only near the viewport (ProjectCard's deferText).
 */
export function ProjectGrid({ projects, columns, headingLevel, priority = false }: Props) {
  // How wide a card is shown, for the covers' sizes attribute (the content is
  // at most 1200 px wide, the lg container).
  const sizes = `(min-width: 1200px) ${Math.round(1152 / columns.md)}px, (min-width: 900px) ${Math.round(100 / columns.md)}vw, (min-width: 600px) ${Math.round(100 / columns.sm)}vw, 100vw`;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns.sm}, minmax(0, 1fr))`, md: `repeat(${columns.md}, minmax(0, 1fr))` },
      }}
    >
      {projects.map((p, i) => (
        <li key={p.slug}>
          <ProjectCard
            project={p}
            index={i}
            sizes={sizes}
            priority={priority && i === 0}
            deferText={{ xs: i >= firstScreenRows, sm: i >= firstScreenRows * columns.sm, md: i >= firstScreenRows * columns.md }}
            {...(headingLevel ? { headingLevel } : {})}
          />
        </li>
      ))}
    </Box>
  );
}
