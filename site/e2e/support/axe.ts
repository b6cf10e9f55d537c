// axe-core's WCAG 2.2 AA scan of a settled page, for the specs that check
// accessibility (a11y.spec.ts, photo-pages.spec.ts).
import type { Page } from '@playwright/test';
import axe, { type AxeResults, type Result, type RunOptions } from 'axe-core';
import { animationsDone, expect } from './test';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One paragraph per violation: rule, impact, help, and each failing node. */
function report(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `[${v.impact}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

export async function scan(page: Page) {
  // Scan the settled page: cards fading in would be judged half-transparent.
  // Running animations are sent to their end (the state they settle in)
  // rather than waited for: the cards' staggered entrance takes a second.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation (a home page's crossfade, which has its
        // own pause switch) has no end: it is held at its start, the
        // page as a visitor first sees it.
        animation.currentTime = 0;
        animation.pause();
      }
    }
  });
  await animationsDone(page);
  // One axe.run in the page, as @axe-core/playwright's legacy mode runs it,
  // without that package: it evaluated axe's 580 KB source twice per scan
  // (once to check for axe.runPartial, once to inject it into every frame).
  // Injected once, with only the violations' nodes described (resultTypes:
  // the passes and the rest, never read here, keep one node each), a scan of
  // a project page took 0.61 s against 1.35 s on a quiet machine
  // (e2e/bench/walk-costs.mjs; resultTypes alone 1.02 s). The site's only
  // frames are third-party prototype players, which the suite answers with
  // an empty document: axe does not look inside them (nor did it before:
  // that package's legacy mode let only same-origin frames answer), and the
  // frame element itself (its title) is still checked.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: RunOptions = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false };
  const results = await page.evaluate(
    (o) => (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, o),
    options,
  );
  expect(
    results.violations.map((v) => v.id),
    `axe found violations on ${page.url()}:\n\n${report(results.violations)}`,
  ).toEqual([]);
}
