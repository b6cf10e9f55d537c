import Grid from '@mui/material/Grid';
import { ProjectCard } from '@/components/ProjectCard';
import type { Project } from '@/generated/content';

interface Props {
  projects: readonly Project[];
  /** Columns from the sm and md breakpoints; one column below sm. */
  columns: { sm: number; md: number };
  headingLevel?: 'h2' | 'h3';
}

/** A responsive grid of project cards; spacing 3 units (24 px). */
export function ProjectGrid({ projects, columns, headingLevel }: Props) {
  // How wide a card is shown, for the covers' sizes attribute (the content is
  // at most 1200 px wide, the lg container).
  const sizes = `(min-width: 1200px) ${Math.round(1152 / columns.md)}px, (min-width: 900px) ${Math.round(100 / columns.md)}vw, (min-width: 600px) ${Math.round(100 / columns.sm)}vw, 100vw`;
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {projects.map((p, i) => (
        <Grid key={p.slug} component="li" size={{ xs: 12, sm: 12 / columns.sm, md: 12 / columns.md }}>
          <ProjectCard project={p} index={i} sizes={sizes} {...(headingLevel ? { headingLevel } : {})} />
        </Grid>
      ))}
    </Grid>
  );
}
