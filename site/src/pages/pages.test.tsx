import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { allProjects, featuredProjects, site } from '@/lib/content';
import { renderApp } from '@/testing/test-utils';

// Names screen readers hear for the pages' groups and images (issue 16: an
// id with a space, aria-label on plain divs, empty alt on a page's only image).

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('About page', () => {
  it('names each section site.yaml declares by its heading, in its order', async () => {
    await renderApp(paths.about);
    await h1('About Me');
    // The test content declares Summary, Values and "Clients & Press", in that order.
    const names = site.about.sections!.map((section) => section.title);
    expect(names).toEqual(['Summary', 'Values', 'Clients & Press']);
    for (const name of names) {
      const region = screen.getByRole('region', { name });
      expect(within(region).getByRole('heading', { level: 2, name })).toBeInTheDocument();
      expect(within(region).getAllByRole('listitem').length).toBeGreaterThan(0);
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(names);
  });

  it('lists the skills as a list named Skills', async () => {
    await renderApp(paths.about);
    await h1('About Me');
    const skills = screen.getByRole('list', { name: 'Skills' });
    expect(within(skills).getAllByRole('listitem')).toHaveLength(site.about.skills!.length);
  });
});

describe('Project cards', () => {
  it("show what their category's card setting shows", async () => {
    await renderApp('/');
    await h1(site.name);
    const featured = featuredProjects();
    // Photography's cards show neither role nor skills (card: {role: false, skills: false}).
    const bare = featured.filter((p) => p.page === 'photography');
    const full = featured.filter((p) => p.page !== 'photography');
    expect(bare.length).toBeGreaterThan(0);
    expect(full.length).toBeGreaterThan(0);
    for (const p of featured) {
      const card = screen.getByRole('heading', { level: 3, name: p.title }).closest('article')!;
      const shown = p.page !== 'photography';
      expect(within(card).queryByText('Role:') !== null).toBe(shown);
      expect(within(card).queryByRole('list', { name: 'Skills' }) !== null).toBe(shown);
      expect(within(card).getByText(p.description)).toBeInTheDocument();
      expect(within(card).getByText(p.category)).toBeInTheDocument();
    }
  });

  it("list each project's skills as a list named Skills", async () => {
    await renderApp('/');
    await h1(site.name);
    const withSkills = featuredProjects().filter((p) => p.page !== 'photography');
    const lists = screen.getAllByRole('list', { name: 'Skills' });
    expect(lists).toHaveLength(withSkills.length);
    lists.forEach((list, i) => {
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([...withSkills[i]!.skills]);
    });
  });
});

describe('Project page without images in its blocks', () => {
  // In the generator's test content: text and a prototype; text and a document.
  const coverOnly = allProjects().filter((p) => ['survey-app', 'briefing-memo'].includes(p.slug));

  it.each(coverOnly.map((p) => [p.slug, p] as const))('%s shows its cover with a text alternative', async (_, p) => {
    await renderApp(p.link);
    await h1(p.title);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('img', { name: `Cover of ${p.title}` })).toBeInTheDocument();
  });

  it('covers both pages whose cover is the only image', () => {
    expect(coverOnly).toHaveLength(2);
  });
});
