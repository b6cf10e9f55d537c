import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectGrid } from '@/components/ProjectGrid';
import { allProjects } from '@/lib/content';
import { renderWithProviders } from '@/testing/test-utils';

/**
 * Whether an element's style rules make it content-visibility: auto at a
 * window width (the theme's breakpoints: xs 0, sm 600, md 900 px; the rule
 * of the widest breakpoint up to it wins).
 */
function laidOutLater(el: Element, width: number): boolean {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  let value = 'visible';
  for (const c of el.classList) {
    for (const m of css.matchAll(new RegExp(`@media \\(min-width:(\\d+)px\\)\\{\\.${c}\\{content-visibility:(\\w+);?\\}\\}`, 'g'))) {
      if (Number(m[1]) <= width) value = m[2]!;
    }
  }
  return value === 'auto';
}

describe('ProjectGrid', () => {
  // Twice as many cards as the test content has projects: 3 rows and more at 3 columns.
  const projects = [...allProjects(), ...allProjects()].map((p, i) => ({ ...p, slug: `${p.slug}-${i}` }));

  it.each([
    [375, 1],
    [700, 2],
    [1280, 3],
  ])('at %i px (%i columns) lays out the text of the first two rows at once, and of the cards after them only near the viewport', (width, columns) => {
    renderWithProviders(<ProjectGrid projects={projects} columns={{ sm: 2, md: 3 }} />);
    const texts = screen.getAllByRole('article').map((card) => card.querySelector('.MuiCardContent-root')!);
    expect(texts.length).toBeGreaterThan(6);
    expect(texts.map((t) => laidOutLater(t, width))).toEqual(texts.map((_, i) => i >= 2 * columns));
  });
});
