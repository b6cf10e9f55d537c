/**
 * The layout's breakpoints (px), smallest first: the theme's
 * (`createTheme`'s `breakpoints.values`) and the gallery's column bands
 * (features/gallery/layout.ts), which the build computes without MUI. A
 * module of its own, with no import, so the gallery's code can read it
 * without bringing the theme along.
 */
export const breakpointValues = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
