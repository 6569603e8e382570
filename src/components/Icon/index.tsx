import { createElement, type SVGProps } from 'react';
import { useAssets } from '../assets-context.ts';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  /** Lucide name used in content, such as `cloud-cog`; the build inlines its shape. */
  readonly name: string;
  readonly size?: number;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  readonly label?: string;
}

/** An icon named in content, drawn from the shapes the content plugin inlined for this page. */
export function Icon({ name, size = 24, label, ...rest }: IconProps) {
  const node = useAssets().icons[name];
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
