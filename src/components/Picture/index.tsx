import type { ImgHTMLAttributes } from 'react';
import type { Image } from '../../generated/schema-types.ts';

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> {
  readonly image: Image;
  /** Above-the-fold images load eagerly with high priority; all others lazily. */
  readonly priority?: boolean;
}

/**
 * An image from content, with its intrinsic size (no layout shift), its AVIF twin, and its narrow
 * copy for phones when it is wider than one needs (src/content/build/pictures.ts makes both). Unless told
 * otherwise (`sizes`), the browser is told the picture is as wide as the screen: where it is
 * narrower, that errs on the sharp side, never the blurred one.
 */
export function Picture({ image, priority = false, className, sizes, ...rest }: PictureProps) {
  const { narrow } = image;
  const set = (small: string | undefined, full: string) =>
    small && narrow ? `${small} ${narrow.width}w, ${full} ${image.width}w` : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={set(narrow?.src, image.src)}
      sizes={narrow ? (sizes ?? '100vw') : sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={image.avif ? undefined : className}
      {...rest}
    />
  );
  if (!image.avif) return img;
  return (
    <picture className={className}>
      <source
        type="image/avif"
        srcSet={set(narrow?.avif, image.avif) ?? image.avif}
        sizes={narrow?.avif ? (sizes ?? '100vw') : undefined}
      />
      {img}
    </picture>
  );
}
