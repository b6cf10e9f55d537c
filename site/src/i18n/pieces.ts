import { createElement, Fragment, type ReactNode } from 'react';

/**
 * A message's pieces as React children, each its own node: what the markup
 * had as `The{' '}<Link…>` keeps its own text nodes (and React's `<!-- -->`
 * between two of them), which a formatter would merge in JSX text ("The
 * <Link…>"). English's messages use it where the prerendered pages must
 * stay byte-identical (decision 0111).
 */
export const pieces = (...children: ReactNode[]): ReactNode => createElement(Fragment, null, ...children);
