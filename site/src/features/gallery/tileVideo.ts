import type { ImageAsset, VideoAsset } from '@/generated/content';

/**
 * What a video tile carries for the lightbox island (its data-video
 * attribute): the video without its poster, which is the tile's own image.
 * The island reads every item from the prerendered tiles (src/islands/lightbox.tsx).
 */
export type TileVideo = Omit<VideoAsset, 'poster'>;

/** The data-video attribute of a video's tile. */
export function tileVideoData(video: VideoAsset): string {
  // JSON leaves out a property whose value is undefined.
  return JSON.stringify({ ...video, poster: undefined });
}

/** The video a tile carries, with `poster` (the tile's image) as its poster; undefined on an image's tile. */
export function videoOfTile(tile: Element, poster: ImageAsset): VideoAsset | undefined {
  const data = tile.getAttribute('data-video');
  if (!data) return undefined;
  return { ...(JSON.parse(data) as TileVideo), poster };
}

/**
 * The file a link to the video names, where no <source> list can be offered
 * (a tile without JavaScript, the photo page's link): the last source, which
 * is the owner's `src`. The others are alternatives listed before it for
 * <video> to pick from (smaller, but not playable everywhere); src is the
 * one the schema asks to be the widely playable file (an H.264 MP4).
 */
export function mainSource(video: VideoAsset) {
  return video.sources.at(-1)!;
}
