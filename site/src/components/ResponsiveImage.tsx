import Box from '@mui/material/Box';
import type { ImageAsset } from '@/generated/content';

interface Props {
  image: ImageAsset;
  alt: string;
  /** The sizes attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Load at once and with high priority (the largest image above the fold). */
  priority?: boolean;
}

/**
 * An image from the generated module: WebP and fallback candidates, its
 * intrinsic size (so the box is reserved before it loads: no layout shift)
 * and its blurred placeholder painted behind it until it arrives.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false }: Props) {
  const img = (
    <Box
      component="img"
      src={image.src}
      srcSet={image.srcset?.fallback}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      // Inline, so every image shares one style rule.
      style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")` } : undefined}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        backgroundSize: 'cover',
        backgroundColor: 'action.hover',
      }}
    />
  );
  if (!image.srcset) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
