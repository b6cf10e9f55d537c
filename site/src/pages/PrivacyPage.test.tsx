import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@/i18n';

// /privacy says what a client gallery keeps, on a site that has one (a
// private project, decision 0080), and says nothing of galleries on a site
// without (the sample: SPEC's page is unchanged). The test content has no
// private project: one is added by making the first project private.
async function renderPrivacy({ withGallery, lang }: { withGallery: boolean; lang?: Lang }) {
  vi.resetModules();
  vi.doMock('@/lib/content', async (importOriginal) => {
    const m = await importOriginal<typeof import('@/lib/content')>();
    const projects = m.allProjects().map((p, i) => (withGallery && i === 0 ? { ...p, access: 'private' as const } : p));
    return { ...m, allProjects: () => projects };
  });
  const { PrivacyPage } = await import('@/pages/PrivacyPage');
  const { renderWithProviders } = await import('@/testing/test-utils');
  const { site } = await import('@/lib/content');
  renderWithProviders(<PrivacyPage />, lang ? { lang } : {});
  return site.name;
}

afterEach(() => {
  vi.doUnmock('@/lib/content');
  vi.resetModules();
});

describe('the privacy page on client galleries', () => {
  it('says what a private gallery keeps: the cookie, the hearts, what is sent and what the owner sees', { timeout: 60_000 }, async () => {
    const name = await renderPrivacy({ withGallery: true });
    const section = screen.getByRole('region', { name: 'Private galleries' });
    expect(section).toHaveTextContent(/a cookie lets you into that gallery alone for up to 30 days/);
    expect(section).toHaveTextContent(/kept in your browser \(local storage\) until you send them/);
    expect(section).toHaveTextContent(`Sending them gives ${name} your name, your email address, your note and the photos you chose.`);
    expect(section).toHaveTextContent(/No IP address, browser or device is kept/);
  });

  it('says it in Swedish on a Swedish page', { timeout: 60_000 }, async () => {
    await renderPrivacy({ withGallery: true, lang: 'sv' });
    expect(screen.getByRole('region', { name: 'Privata gallerier' })).toHaveTextContent(/Ingen IP-adress, webbläsare eller enhet sparas/);
  });

  it('says nothing of galleries on a site without a private project', { timeout: 60_000 }, async () => {
    await renderPrivacy({ withGallery: false });
    expect(screen.getByRole('region', { name: 'Questions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Private galleries' })).not.toBeInTheDocument();
  });
});
