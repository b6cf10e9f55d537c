import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Gallery } from '@/features/gallery/Gallery';
import { PhotoView } from '@/features/gallery/PhotoView';
import type { GalleryImage } from '@/generated/content';
import { fixtureProject, galleryOf } from '@/testing/fixture';
import { withRealLightbox } from '@/testing/lightbox';
import { renderWithProviders } from '@/testing/test-utils';
import { site } from '@/lib/content';

// A gallery's video (docs/site.md §4): its tile, its slide in the real
// lightbox island, and its photo's page. The generator's test content has
// one: the wireframes gallery's item 2 (a one-second H.264 clip and its
// poster), after an image.

const project = fixtureProject('wireframes');
const images = await galleryOf('wireframes');
const clip = images[1]!.video!;

withRealLightbox();

const videoTile = () => screen.getByRole('link', { name: 'Open video 2' });

function renderGallery(items: readonly GalleryImage[] = images) {
  history.pushState(null, '', '/');
  return renderWithProviders(<Gallery images={items} columns={site.gallery.columns} title={project.title} slug={project.slug} />);
}

/** The current slide's <video>, once the Video plugin has rendered it. */
const slideVideo = () =>
  waitFor(() => {
    const video = document.querySelector<HTMLVideoElement>('.yarl__slide_current video');
    if (!video) throw new Error('no video in the current slide');
    return video;
  });

describe('a video tile', () => {
  it('has the test clip: item 2 of the wireframes gallery', () => {
    expect(clip.sources).toHaveLength(1);
    expect(clip.durationText).toBe('0:01');
  });

  it('is a link named "Open video 2", described by its duration, holding its poster and a play mark', () => {
    renderGallery();

    const tile = videoTile();
    expect(tile).toHaveAccessibleDescription('0:01');
    expect(within(tile).getByText('0:01')).toBeVisible();
    expect(within(tile).getByRole('img', { name: 'Wireframes 2' })).toHaveAttribute('src', clip.poster.src);
    // The image's tile is still an image's.
    expect(screen.getByRole('link', { name: 'Open image 1' })).toHaveAttribute('href', '/projects/wireframes/photos/1');
  });

  it('links to the video file itself, which is what it opens without JavaScript, and keeps its page for the lightbox', () => {
    renderGallery();

    expect(videoTile()).toHaveAttribute('href', clip.sources[0]!.src);
    expect(videoTile()).toHaveAttribute('type', 'video/mp4');
    expect(videoTile()).toHaveAttribute('data-page', '/projects/wireframes/photos/2');
  });
});

describe('a video slide', () => {
  it("opens from its tile at the photo's page, as a player with controls, its poster and its typed source, named by its alt text; no autoplay, loop or mute", async () => {
    const { user } = renderGallery();
    await user.click(videoTile());
    await screen.findByRole('dialog', { name: `${project.title} gallery` });
    expect(location.pathname).toBe('/projects/wireframes/photos/2');

    const video = await slideVideo();
    await waitFor(() => expect(video).toHaveAccessibleName('Wireframes 2'));
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('poster', clip.poster.src);
    expect(video).not.toHaveAttribute('autoplay');
    expect(video).not.toHaveAttribute('loop');
    expect(video.muted).toBe(false);
    expect([...video.querySelectorAll('source')].map((s) => [s.getAttribute('src'), s.getAttribute('type')])).toEqual([
      [clip.sources[0]!.src, clip.sources[0]!.type],
    ]);
    // No captions given, no track.
    expect(video.querySelector('track')).toBeNull();
  });

  // Zoom (disabled on a video slide) needs a laid-out slide: e2e/gallery-video.spec.ts.

  it('carries WebVTT captions, when the video has them, as a default <track kind="captions">', async () => {
    const captions = { src: '/video/2-0123456789abcdef.vtt', srclang: 'en', label: 'English' };
    const { user } = renderGallery([images[0]!, { ...images[1]!, video: { ...clip, captions } }]);
    await user.click(videoTile());

    const video = await slideVideo();
    const track = await waitFor(() => {
      const t = video.querySelector('track');
      if (!t) throw new Error('no track');
      return t;
    });
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', captions.src);
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('label', 'English');
    expect(track.default).toBe(true);
  });
});

describe("a video's own page", () => {
  it('shows the player with its poster and a link to the file, and marks the video in the strip', () => {
    renderWithProviders(<PhotoView project={project} images={images} n={2} />);

    expect(screen.getByText('Video 2 of 2')).toBeInTheDocument();
    const player = screen.getByLabelText('Wireframes 2');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('poster', clip.poster.src);
    expect(player).toHaveAttribute('controls');
    expect(screen.getByRole('link', { name: 'The video file (0:01)' })).toHaveAttribute('href', clip.sources[0]!.src);
    expect(screen.queryByRole('link', { name: 'Full-size image' })).not.toBeInTheDocument();
    // The strip's tile of the video is still a link to its page.
    expect(screen.getByRole('link', { name: 'Open video 2' })).toHaveAttribute('href', '/projects/wireframes/photos/2');
  });
});
