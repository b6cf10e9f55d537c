import Link, { type LinkProps } from '@mui/material/Link';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { useMessages } from '@/i18n/react';

/** What a screen reader hears after a link that opens a new tab: " (opens in a new tab)". */
export function NewTabHint() {
  return <span style={visuallyHidden}>{useMessages().site.newTab}</span>;
}

/** A link to another site, opened in a new tab that cannot reach back to this one; screen readers hear that it opens a new tab. */
export function ExternalLink({ href, children, ...props }: Omit<LinkProps, 'target' | 'rel'> & { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <NewTabHint />
    </Link>
  );
}
