import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createEmotionCache } from './emotion';

/** The rules the cache wrote into the document for the element's class. */
function rulesFor(element: HTMLElement): string {
  const cls = [...element.classList].find((c) => c.startsWith('css-'));
  const css = [...document.head.querySelectorAll('style[data-emotion]')].map((s) => s.textContent).join('');
  return css
    .split('}')
    .filter((rule) => cls && rule.includes(`.${cls}`))
    .join('}');
}

describe('createEmotionCache', () => {
  it('prefixes only what Safari still needs', () => {
    render(
      <CacheProvider value={createEmotionCache()}>
        <Box
          role="note"
          aria-label="probe"
          sx={{ display: 'flex', alignItems: 'center', userSelect: 'none', backdropFilter: 'blur(2px)', transition: 'opacity 1s', transform: 'scale(2)' }}
        />
      </CacheProvider>,
    );
    const rules = rulesFor(screen.getByRole('note', { name: 'probe' }));

    expect(rules).toContain('-webkit-user-select:none;user-select:none;');
    expect(rules).toContain('-webkit-backdrop-filter:blur(2px);backdrop-filter:blur(2px);');
    expect(rules).toContain('display:flex;');
    expect(rules).not.toMatch(/-ms-|-moz-|-webkit-(box|flex|align|transition|transform)/);
  });
});
