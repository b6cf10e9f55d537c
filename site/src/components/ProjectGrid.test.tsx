import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectGrid } from '@/components/ProjectGrid';
import { allProjects } from '@/lib/content';
import { renderWithProviders } from '@/testing/test-utils';

/** Whether the style rules of an element's classes make it content-visibility: auto. */
function laidOutLater(el: Element): boolean {
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  return [...el.classList].some((c) => new RegExp(`\\.${c}\\{[^}]*content-visibility:auto`).test(css));
}

describe('ProjectGrid', () => {
  // Twice as many cards as the test content has projects: 3 rows and more at 3 columns.
  const projects = [...allProjects(), ...allProjects()].map((p, i) => ({ ...p, slug: `${p.slug}-${i}` }));

  it('lays out the text of the first two rows at once, and of the cards after them only near the viewport', () => {
    renderWithProviders(<ProjectGrid projects={projects} columns={{ sm: 2, md: 3 }} />);
    const texts = screen.getAllByRole('article').map((card) => card.querySelector('.MuiCardContent-root')!);
    expect(texts.length).toBeGreaterThan(6);
    expect(texts.map(laidOutLater)).toEqual(texts.map((_, i) => i >= 6));
  });
});
