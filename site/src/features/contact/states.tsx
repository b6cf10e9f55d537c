// Build time only: renders each look of the contact form with React + MUI
// (every field focused or not, filled or not, in error or not; the helper
// text; the button idle and sending) and records MUI's class names for each,
// with the CSS those classes need. The island (src/islands/contact.ts) then
// draws every state with MUI's own classes, and no React runs in the browser.
import { CacheProvider } from '@emotion/react';
import { touchRippleClasses } from '@mui/material/ButtonBase';
import * as TouchRipple from '@mui/material/ButtonBase/TouchRipple';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ContactHelperText, ContactTextField, SendButton } from '@/features/contact/ContactForm';
import { fields, stateKey, type ContactStates } from '@/features/contact/form';
import { AppProviders } from '@/theme/AppProviders';
import { createEmotionCache } from '@/theme/emotion';

/** The start tags of `html` in document order: tag name, class and data-shrink. */
function elements(html: string) {
  return [...html.matchAll(/<([a-z][\w-]*)\b([^>]*)>/g)].map(([, tag, attrs]) => ({
    tag: tag!,
    className: /\sclass="([^"]*)"/.exec(attrs!)?.[1] ?? '',
    shrink: /\sdata-shrink="([^"]*)"/.exec(attrs!)?.[1],
  }));
}

/** Renders `node` with the site's theme; returns its elements, adding the CSS it inserted to `css`. */
function render(node: ReactElement, css: Map<string, string>) {
  const cache = createEmotionCache();
  cache.compat = true;
  const html = renderToStaticMarkup(
    <CacheProvider value={cache}>
      <AppProviders>{node}</AppProviders>
    </CacheProvider>,
  );
  for (const [id, rule] of Object.entries(cache.inserted)) if (typeof rule === 'string') css.set(id, rule);
  return elements(html);
}

// MUI's ripple parts: exported by the module, not by its types.
const { TouchRippleRoot, TouchRippleRipple } = TouchRipple as unknown as {
  TouchRippleRoot: ComponentType<{ className?: string; children?: ReactNode }>;
  TouchRippleRipple: ComponentType<{ classes: object; in: boolean; pulsate: boolean; rippleX: number; rippleY: number; rippleSize: number; timeout: number }>;
};

export interface RenderedStates {
  states: ContactStates;
  /** Every emotion rule the states use, by id (the page's own rules have the same ids). */
  styles: Map<string, string>;
}

let memo: RenderedStates | undefined;

/** The contact form's looks (see above); the same for every render of the build. */
export function contactStates(): RenderedStates {
  if (memo) return memo;
  const styles = new Map<string, string>();
  const classes: string[] = [];
  const index = (c: string) => {
    const i = classes.indexOf(c);
    return i >= 0 ? i : classes.push(c) - 1;
  };
  const table: ContactStates = {
    classes,
    fields: { name: {}, email: {}, message: {} },
    label: -1,
    helper: [0, 0],
    button: [0, 0],
    focusRipple: [0, 0, 0],
    rippleLeaving: 0,
  };
  for (const name of fields) {
    let shape: string | undefined;
    for (const focused of [false, true]) {
      for (const filled of [false, true]) {
        for (const error of [false, true]) {
          const els = render(<ContactTextField name={name} state={{ focused, filled, error }} />, styles);
          // The island walks the live field's elements in the same order: every state must have the same ones.
          const tags = els.map((e) => e.tag).join(' ');
          if (shape !== undefined && tags !== shape)
            throw new Error(`contact form states: the ${name} field's elements differ between states (${shape} / ${tags})`);
          shape = tags;
          const label = els.findIndex((e) => e.tag === 'label');
          if (label < 0 || els[label]!.shrink !== String(focused || filled))
            throw new Error(`contact form states: the ${name} label's data-shrink is not where expected`);
          table.label = label;
          table.fields[name][stateKey(focused, filled, error)] = els.map((e) => index(e.className));
        }
      }
    }
  }
  const one = (node: ReactElement) => {
    const els = render(node, styles);
    if (els.length !== 1) throw new Error(`contact form states: expected one element, got ${els.length}`);
    return index(els[0]!.className);
  };
  table.helper = [one(<ContactHelperText name="name" />), one(<ContactHelperText name="name" error />)];
  table.button = [one(<SendButton />), one(<SendButton sending />)];
  // The button's keyboard focus: MUI's pulsating focus ripple (root, ripple, child).
  const ripple = render(
    <TouchRippleRoot className={touchRippleClasses.root}>
      <TouchRippleRipple classes={touchRippleClasses} in pulsate rippleX={0} rippleY={0} rippleSize={1} timeout={550} />
    </TouchRippleRoot>,
    styles,
  );
  if (ripple.length !== 3) throw new Error(`contact form states: expected MUI's ripple to be 3 elements, got ${ripple.length}`);
  table.focusRipple = [index(ripple[0]!.className), index(ripple[1]!.className), index(ripple[2]!.className)];
  table.rippleLeaving = index(touchRippleClasses.childLeaving);
  memo = { states: table, styles };
  return memo;
}
