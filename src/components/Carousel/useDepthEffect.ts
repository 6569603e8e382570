import { useEffect } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import type { DepthOptions } from './depth-effect.ts';

export type { DepthOptions };

/**
 * Runs the depth effect (depth-effect.ts) on a carousel that asks for it. Its code loads then, not with
 * every carousel: the hire section opens /start, and the effect was 0.7 KB of that page's first script
 * (gzip), for the team carousel further down other pages. The slides are flat until it starts, as they
 * are until the carousel's code runs.
 */
export function useDepthEffect(api: EmblaCarouselType | undefined, enabled: boolean, options: DepthOptions = {}): void {
  const { depth, rotate, stretch, perspective } = options;
  useEffect(() => {
    if (!api || !enabled) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('./depth-effect.ts').then(({ startDepthEffect }) => {
      if (!ended) stop = startDepthEffect(api, { depth, rotate, stretch, perspective });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [api, enabled, depth, rotate, stretch, perspective]);
}
