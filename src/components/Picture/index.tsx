import type { ImgHTMLAttributes } from 'react';
import type { Image } from '../../generated/schema-types.ts';

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> {
  readonly image: Image;
  /** Above-the-fold images load eagerly with high priority; all others lazily. */
  readonly priority?: boolean;
}

/** An image from content, with its intrinsic size (no layout shift) and its AVIF twin when there is one. */
export function Picture({ image, priority = false, className, ...rest }: PictureProps) {
  const img = (
    <img
      src={image.src}
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
      <source type="image/avif" srcSet={image.avif} />
      {img}
    </picture>
  );
}
