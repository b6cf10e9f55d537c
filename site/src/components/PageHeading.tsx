import Typography, { type TypographyProps } from '@mui/material/Typography';

/**
 * A page's one h1. It takes focus after a client-side navigation (see
 * Layout), so screen readers announce the new page from its heading.
 */
export function PageHeading({ children, sx, ...props }: TypographyProps<'h1'>) {
  return (
    <Typography variant="h1" component="h1" tabIndex={-1} {...props} sx={{ outline: 'none', ...sx }}>
      {children}
    </Typography>
  );
}
