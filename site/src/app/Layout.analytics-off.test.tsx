import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';

// Layout reads VITE_ANALYTICS when its module loads: set it before any
// import of this file runs.
vi.hoisted(() => {
  vi.stubEnv('VITE_ANALYTICS', 'off');
});

describe('Layout with analytics off (VITE_ANALYTICS=off)', () => {
  it('defines no gtag, queues nothing and loads no tag script, on load or on navigation', async () => {
    const { user } = await renderApp('/about', { strict: true });
    await screen.findByRole('heading', { level: 1, name: 'About Me' });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact' });

    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));

    await waitFor(() => expect(document.title).toMatch(/^Contact · /));
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});
