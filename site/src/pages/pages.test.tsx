import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { allProjects, featuredProjects, site } from '@/lib/content';
import { renderApp } from '@/testing/test-utils';

// Names screen readers hear for the pages' groups and images (issue 16: an
// id with a space, aria-label on plain divs, empty alt on a page's only image).

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('About page', () => {
  it('names each section by its heading (Summary, Values, Fun Facts)', async () => {
    await renderApp(paths.about);
    await h1('About Me');
    for (const name of ['Summary', 'Values', 'Fun Facts']) {
      const region = screen.getByRole('region', { name });
      expect(within(region).getByRole('heading', { level: 2, name })).toBeInTheDocument();
      expect(within(region).getAllByRole('listitem').length).toBeGreaterThan(0);
    }
  });

  it('lists the skills as a list named Skills', async () => {
    await renderApp(paths.about);
    await h1('About Me');
    const skills = screen.getByRole('list', { name: 'Skills' });
    expect(within(skills).getAllByRole('listitem')).toHaveLength(site.about.skills.length);
  });
});

describe('Project cards', () => {
  it("list each project's skills as a list named Skills", async () => {
    await renderApp('/');
    await h1(site.name);
    const featured = featuredProjects();
    const lists = screen.getAllByRole('list', { name: 'Skills' });
    expect(lists).toHaveLength(featured.length);
    lists.forEach((list, i) => {
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([...featured[i]!.skills]);
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
