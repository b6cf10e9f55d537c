import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SocialLinks } from '@/components/SocialLinks';
import { socialLinks } from '@/lib/content';

// Every profile link is optional in site.yaml: the footer and the home page
// show the ones given, in the order of docs/site.md §2, and nothing when there are none.

describe('SocialLinks', () => {
  it('shows only the profiles given, in order, each opening in a new tab', () => {
    const links = socialLinks({
      photoSharing: { label: 'Flickr', url: 'https://www.flickr.com/photos/jo' },
      codeHosting: { label: 'Codeberg', url: 'https://codeberg.org/jo' },
    });
    render(<SocialLinks links={links} />);
    const shown = screen.getAllByRole('link');
    expect(shown.map((a) => a.getAttribute('aria-label'))).toEqual(['Codeberg (opens in a new tab)', 'Flickr (opens in a new tab)']);
    expect(screen.getByRole('link', { name: 'Codeberg (opens in a new tab)' })).toHaveAttribute('href', 'https://codeberg.org/jo');
    expect(screen.getByRole('link', { name: 'Flickr (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('list')).toBeInTheDocument();
  });

  it('renders no list at all when no profile is given', () => {
    const { container } = render(<SocialLinks links={socialLinks({})} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container).toBeEmptyDOMElement();
    expect(socialLinks({})).toEqual([]);
  });
});
