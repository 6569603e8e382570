import { createElement, type SVGProps } from 'react';
import { useAssets } from '../assets-context.ts';

/** An icon's shape as Lucide gives it: its elements, each a tag and its attributes. */
type Shape = readonly (readonly [string, Readonly<Record<string, string | number | undefined>>])[];

interface GlyphProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  readonly size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  readonly label?: string;
}

export interface IconProps extends GlyphProps {
  /** Lucide name used in content, such as `cloud-cog`; the build inlines its shape. */
  readonly name: string;
}

/** A Lucide shape drawn as an inline SVG: the one drawing of every icon on the site (and of the editor's icon picker). */
export function Glyph({ node, size = 24, label, ...rest }: GlyphProps & { readonly node: Shape | undefined }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      {...rest}
    >
      {node?.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}

/** An icon named in content, drawn from the shapes the content plugin inlined for this page. */
export function Icon({ name, ...rest }: IconProps) {
  return <Glyph node={useAssets().icons[name]} {...rest} />;
}

/**
 * An icon of the interface itself (arrows, play and pause, close), from the shapes of the `lucide`
 * package, which are plain data: each costs the page only its shape (src/components/Icon/ui.ts).
 */
export function uiIcon(node: Shape) {
  return function UiIcon(props: GlyphProps) {
    return <Glyph node={node} {...props} />;
  };
}
