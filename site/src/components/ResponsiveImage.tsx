import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import type { ImageAsset } from '@/generated/content';

interface Props {
  image: ImageAsset;
  alt: string;
  /** The sizes attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Load at once and with high priority (the largest image above the fold). */
  priority?: boolean;
  /** Load at once (above the fold), at the browser's usual priority. */
  eager?: boolean;
  /** Fill the positioned box it is in, cropped to it (object-fit: cover), instead of keeping its own ratio. */
  fill?: boolean;
}

/**
 * Whether the image may have transparent pixels: its fallback is PNG, which
 * `portfolio images` makes only for a transparent image (an external PNG may
 * be one too), or the Image CDN's original is (its path ends a query
 * parameter: `url=%2Fimg%2F….png&w=…`).
 */
function mayBeTransparent(image: ImageAsset): boolean {
  return /\.png(?:[?#&]|$)/i.test(image.src);
}

/**
 * An image from the generated module: AVIF (where it pays), WebP and
 * fallback candidates (or the srcset of an image host that negotiates the
 * format, after a photograph's AVIF <source> of the host's addresses with
 * fm=avif: decision 0104), its
 * intrinsic size (so the box is reserved before it loads: no layout shift)
 * and its placeholder painted behind it until it arrives: a CSS
 * background-image value from the generator (gradients of the photo's
 * colours; a blurred SVG for a transparent image).
 *
 * The placeholder stays as the background after the image has loaded (pages
 * run no script to remove it), hidden behind it: a photo covers it, and a
 * transparent image's placeholder covers only where the image is fully
 * opaque (see makePlaceholder in cli/internal/images). A transparent image
 * gets no grey backdrop either, which would show through it for good.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, eager = false, fill = false }: Props) {
  // An image that cannot load (an external host that is down) keeps its box
  // and shows its alternative text there instead of a broken-image icon. It
  // may have failed before hydration, when no error listener was attached.
  const [failed, setFailed] = useState(false);
  const checkLoaded = useCallback((el: HTMLImageElement | null) => {
    if (el?.complete && el.naturalWidth === 0 && el.currentSrc) setFailed(true);
  }, []);

  if (failed) {
    return (
      <Box
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        sx={{
          aspectRatio: `${image.width} / ${image.height}`,
          // The text never stretches the box past the image's ratio (a narrow tile).
          boxSizing: 'border-box',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: 1,
          bgcolor: 'action.hover',
          color: 'text.secondary',
          typography: 'caption',
          textAlign: 'center',
        }}
      >
        {alt}
      </Box>
    );
  }

  const img = (
    <Box
      component="img"
      src={image.src}
      srcSet={image.srcset?.fallback}
      // sizes only means something with a srcset (an external image has none).
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      ref={checkLoaded}
      onError={() => setFailed(true)}
      fetchPriority={priority ? 'high' : 'auto'}
      // Inline, so every image shares one style rule.
      style={image.placeholder ? { backgroundImage: image.placeholder } : undefined}
      sx={
        fill
          ? { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', backgroundSize: 'cover', backgroundColor: 'action.hover' }
          : {
              display: 'block',
              width: '100%',
              height: 'auto',
              // Stretched to the box exactly, so a transparent image's
              // placeholder lies exactly under its opaque pixels.
              backgroundSize: '100% 100%',
              backgroundColor: mayBeTransparent(image) ? undefined : 'action.hover',
            }
      }
    />
  );
  if (!image.srcset) return img;
  // The browser takes the first source whose type it shows: AVIF (where
  // `portfolio images` kept it, being smaller), then WebP, then the img.
  // An image whose host negotiates the format has no <source> but a
  // photograph's AVIF one (the host prefers WebP), and keeps its <picture>: React's server renderer preloads an eager <img> outside
  // one on its own, and the page already preloads what it needs (its
  // largest image), as it does for the build's variants.
  return (
    <picture>
      {image.srcset.avif && <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />}
      {image.srcset.webp && <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />}
      {img}
    </picture>
  );
}
