import type { ImgHTMLAttributes } from 'react';
import { useAssets } from '../assets-context.ts';

export interface LogoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height'> {
  /** Logo name used in content (`react`, `c-sharp` …). */
  readonly name: string;
  /** Accessible name (the technology); omit when a visible label next to the logo names it. */
  readonly label?: string;
  readonly size?: number;
}

/**
 * A technology logo in its own colours. The build emits each logo once as an SVG file, so a logo
 * repeated across a page (the marquee shows each many times) costs one cached request and no JavaScript.
 */
export function Logo({ name, label, size = 40, style, ...rest }: LogoProps) {
  const src = useAssets().logos[name];
  if (!src) return null;
  // Logos are not square; the box is, and the logo fits inside it whatever `img { height: auto }` says.
  return (
    <img
      src={src}
      alt={label ?? ''}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={{ width: size, height: size, objectFit: 'contain', ...style }}
      {...rest}
    />
  );
}
