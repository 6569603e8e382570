import { describe, expect, it } from 'vitest';
import type { SectionOf } from '../../generated/schema-types.ts';
import { renderExamples } from '../../../tests/unit/render-section.tsx';

/** The text of some HTML: its tags removed and the characters React escapes restored. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('{{type}} section', () => {
  it('draws each example of its schema: the heading, and one item per entry', async () => {
    const rendered = await renderExamples('{{type}}');
    expect(rendered.length).toBeGreaterThan(0);
    for (const { example, html } of rendered) {
      const section = example as SectionOf<'{{type}}'>;
      expect(html).toMatch(/^<section[^>]* data-section="{{type}}"/);
      expect(text(html)).toContain(section.heading.replace(/\*\*/g, ''));
      expect(html.match(/data-slot="item"/g)).toHaveLength(section.items.length);
      for (const item of section.items) expect(text(html)).toContain(item.title);
    }
  });

  it("holds the page's h1 as the first section, and an h2 below it", async () => {
    const [first] = await renderExamples('{{type}}', 0);
    const [below] = await renderExamples('{{type}}', 1);
    expect(first!.html).toMatch(/<h1[ >]/);
    expect(below!.html).not.toMatch(/<h1[ >]/);
    expect(below!.html).toMatch(/<h2[ >]/);
  });
});
