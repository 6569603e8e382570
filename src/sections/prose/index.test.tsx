import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderExamples } from '../../../tests/unit/render-section.tsx';
import { proseBlocks, proseMistakes, parseProse } from './markdown.ts';
import Prose from './index.tsx';

const render = (body: string, heading?: string, index = 1) =>
  renderToString(
    <StaticRouter location="/">
      <Prose
        section={{ type: 'prose', body, blocks: proseBlocks(body), ...(heading === undefined ? {} : { heading }) }}
        index={index}
      />
    </StaticRouter>,
  );

describe('prose section', () => {
  it('draws its examples: heading, date, paragraphs, headings one level under its own, lists and links', async () => {
    const [rendered] = await renderExamples('prose');
    const { html } = rendered!;
    expect(html).toMatch(/^<section[^>]* data-section="prose"/);
    expect(html).toMatch(/<h2[^>]*>How we handle <strong>your enquiry<\/strong><\/h2>/);
    expect(html).toContain('Last updated <time dateTime="2026-11-25">25 November 2026</time>');
    expect(html).toContain('<h3>What we keep</h3>');
    expect(html).toMatch(/<ul><li>your name, e-mail address and phone number<\/li><li>/);
    expect(html).toMatch(/<a href="\/contact"[^>]*>our contact page<\/a>/);
    expect(html).toContain('<strong>30 days</strong>');
  });

  it('makes ## the main headings of the page when the section has no heading of its own', () => {
    const html = render('## Who we are\n\nText.\n\n### Our address\n\nMore.');
    expect(html).toContain('<h2>Who we are</h2>');
    expect(html).toContain('<h3>Our address</h3>');
  });

  it('never passes HTML through, and shows a link to a forbidden address as plain text', () => {
    const html = render(
      'Hello <script>alert(1)</script> <b>bold</b>\n\n<div onclick="x()">block</div>\n\n[click](javascript:alert(1)) and ![x](/a.png)',
    );
    expect(html).not.toMatch(/<script|<b>|<div onclick|javascript:|<img/);
    expect(html).toContain('<span>click</span>');
  });

  it('opens external links in a new tab, saying so', () => {
    const html = render('See [the Act](https://www.meity.gov.in/).');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('(opens in a new tab)');
  });
});

describe('what the content check is told about prose', () => {
  it('names each part the section does not draw, with its line', () => {
    const mistakes = proseMistakes(
      parseProse('# Title\n\nText <b>x</b>\n\n> quoted\n\n![p](/p.png)\n\n[a](http://x.example)\n\n###### deep'),
    );
    expect(mistakes).toEqual([
      { what: 'page-title', detail: '#', line: 1 },
      { what: 'unsupported', detail: 'HTML', line: 3 },
      { what: 'unsupported', detail: 'HTML', line: 3 },
      { what: 'unsupported', detail: 'a quotation (`>`)', line: 5 },
      { what: 'unsupported', detail: 'a picture', line: 7 },
      { what: 'bad-link', detail: 'http://x.example', line: 9 },
      { what: 'deep-heading', detail: '######', line: 11 },
    ]);
  });
});

describe('prose blocks, parsed by the build', () => {
  it('keep what the section draws, without positions, and leave out what it does not draw', () => {
    const blocks = proseBlocks(
      '## Rights\n\nAsk [us](/contact) **now**.\n\n<div>raw</div>\n\n![x](/a.png)\n\n3. third\n4. fourth',
    );
    expect(JSON.stringify(blocks)).not.toMatch(/position|html|image/);
    // The picture's paragraph stays, empty, as the page drew it when it parsed the text itself.
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'paragraph', 'list']);
    expect(blocks[2]!.children).toEqual([]);
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true, start: 3 });
    expect(blocks[1]!.children!.map((piece) => piece.type)).toEqual(['text', 'link', 'text', 'strong', 'text']);
  });
});
