import { describe, expect, it } from 'vitest';
import { renderExamples } from '../../../tests/unit/render-section.tsx';

describe('card-grid section', () => {
  it('draws a figures grid as figures over their captions, in order, for results in numbers', async () => {
    const rendered = await renderExamples('card-grid');
    const figures = rendered.find(({ example }) => example.type === 'card-grid' && example.variant === 'figures');
    expect(figures, 'the schema has an example of the figures variant').toBeDefined();
    const { html } = figures!;
    expect(html).toMatch(/^<section[^>]* data-section="card-grid" data-variant="figures"/);
    // Each card: the figure as its heading, then its caption; no icon, no number.
    const cards = [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3><div[^>]*data-slot="card-text"[^>]*><p[^>]*>([^<]+)<\/p>/g)];
    expect(cards.map(([, figure, caption]) => [figure, caption])).toEqual([
      ['3×', 'faster checkout on a mid-range phone'],
      ['0.9 s', 'to the first screen on 4G'],
      ['28%', 'fewer support tickets in the first quarter'],
    ]);
    expect(html).not.toContain('data-slot="icon"');
    expect(html).not.toContain('data-slot="number"');
  });
});
