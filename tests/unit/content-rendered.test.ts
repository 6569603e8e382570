/**
 * The rendered-page check's parts (src/content/rendered/): marks carry each text's origin through any
 * arrangement of markup, and the judge finds markup shown as typed and links that lead nowhere, naming
 * the value they came from. Generated data and texts with a fixed seed; the real pages are checked over
 * the build in tests/built/rendered-check.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readShown, shownText } from '../../src/content/rendered/shown.ts';
import { PICTURE_BUDGET, judgeShown } from '../../src/content/rendered/judge.ts';
import { piecesOf, stripTrace, traceData, untracedKeys, type TraceTable } from '../../src/content/rendered/trace.ts';
import { checkDrawnPages } from '../../src/content/rendered/index.ts';

const key = fc.oneof(fc.constantFrom('title', 'text', 'heading', 'link', 'icon', 'items', 'route'), fc.string({ maxLength: 8 }));
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const marked = (text: string, table: TraceTable, path: (string | number)[] = ['title']) =>
  traceData({ [path[0] as string]: text }, { kind: 'page', route: '/x' }, table)[path[0] as string] as string;

describe('marks', () => {
  it('come off without a trace: any data, marked and stripped, is the data', () =>
    fc.assert(
      fc.property(data, (value) => {
        const table: TraceTable = [];
        expect(JSON.parse(stripTrace(JSON.stringify(traceData(value, { kind: 'site' }, table))))).toEqual(value);
      }),
      { seed: 5201, numRuns: 300 },
    ));

  it('name every marked text by its path, and leave the keys a section looks up as they are', () =>
    fc.assert(
      fc.property(data, (value) => {
        const table: TraceTable = [];
        const traced = traceData(value, { kind: 'site' }, table);
        for (const [id, entry] of table.entries()) {
          const at = entry.path.reduce<unknown>((node, part) => (node as Record<string | number, unknown>)[part], traced);
          expect(piecesOf(at as string)).toEqual([{ text: entry.text, source: id }]);
          expect(entry.path.some((part) => typeof part === 'string' && untracedKeys.has(part))).toBe(false);
        }
      }),
      { seed: 5202, numRuns: 300 },
    ));

  it('tell apart texts that a section joins, and the words it writes itself', () => {
    const table: TraceTable = [];
    const a = marked('Delhi', table);
    const b = marked('Pune', table);
    expect(piecesOf(`Offices: ${a} and ${b}.`)).toEqual([
      { text: 'Offices: ', source: undefined },
      { text: 'Delhi', source: 0 },
      { text: ' and ', source: undefined },
      { text: 'Pune', source: 1 },
      { text: '.', source: undefined },
    ]);
  });
});

describe('what a page shows', () => {
  it('keeps the origin of a text that spans elements, as Markdown makes it', () => {
    const table: TraceTable = [];
    // The opening mark alone: the value's text and its closing mark come off the end.
    const open = marked('Some words', table).slice(0, -'Some words'.length - 1);
    const body = `<p>${open}We build <strong>web apps</strong> fast\uE001</p><p>Other</p>`;
    const page = readShown(body);
    expect(page.shown.map((item) => [shownText(item), item.pieces.map((p) => p.source)])).toEqual([
      ['We build ', [0]],
      ['web apps', [0]],
      [' fast', [0]],
      ['Other', [undefined]],
    ]);
  });

  it('reads alt texts, labels, addresses and the head, and not scripts or styles', () => {
    const page = readShown(
      '<img alt="A" src="/media/a.webp"><a href="/about" aria-label="B">C</a><script>var x = "**"</script><style>a{}</style>',
      '<title>T</title><meta name="description" content="D">',
    );
    expect(page.shown.map((item) => `${item.place.kind}:${shownText(item)}`)).toEqual([
      'text:T',
      'head:D',
      'attribute:A',
      'attribute:/media/a.webp',
      'attribute:B',
      'attribute:/about',
      'text:C',
    ]);
  });
});

/** Each way a text can show markup as typed, and a text it must leave alone. */
const shownAsTyped = [
  { family: 'an unclosed emphasis', mutate: (t: string) => `${t} **fast` },
  { family: 'single stars', mutate: (t: string) => `${t} *now*` },
  { family: 'a misspelt placeholder', mutate: (t: string) => `${t} {site.phon}` },
  { family: 'a placeholder in a field that does not fill it', mutate: (t: string) => `{entry.title} ${t}` },
  { family: 'an HTML tag', mutate: (t: string) => `${t}<br>more` },
  { family: 'a character reference', mutate: (t: string) => `${t} &amp; more` },
  { family: 'a Markdown link', mutate: (t: string) => `${t} [our work](/case-studies)` },
  { family: 'an unclosed Markdown link', mutate: (t: string) => `${t} [our work](/case-studies` },
  { family: 'a Markdown title', mutate: (t: string) => `## ${t}` },
  { family: 'an escape', mutate: (t: string) => `${t} \\*` },
];
const plainWords = fc.stringMatching(/^[A-Z][a-z]{2,9}( [a-z]{2,9}){0,5}$/);
const pageWith = (texts: readonly string[]) => {
  const table: TraceTable = [];
  const traced = traceData(
    { sections: [{ heading: texts[0], cards: texts.slice(1).map((text) => ({ text })) }] },
    { kind: 'page', route: '/x' },
    table,
  );
  const section = traced.sections[0]!;
  // Escaped as React escapes text: what the writer typed is shown, not read as markup.
  const escape = (text: string | undefined) => (text ?? '').replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'));
  const body = `<main><h2>${escape(section.heading)}</h2>${section.cards.map((card) => `<p>${escape(card.text)}</p>`).join('')}</main>`;
  return { page: readShown(body), table };
};

describe('markup shown as typed', () => {
  it.each(shownAsTyped)('is found in any text that shows $family, at that text', ({ mutate }) =>
    fc.assert(
      fc.property(fc.array(plainWords, { minLength: 2, maxLength: 5 }), fc.nat(), (texts, pick) => {
        const at = pick % texts.length;
        const { page, table } = pageWith(texts.map((text, i) => (i === at ? mutate(text) : text)));
        const found = judgeShown(
          '/x',
          page,
          table,
          new Map([
            ['/x', new Set()],
            ['/case-studies', new Set()],
          ]),
        );
        expect(found.map((f) => [f.code, f.value.path])).toEqual([
          ['MarkupShown', at === 0 ? ['sections', 0, 'heading'] : ['sections', 0, 'cards', at - 1, 'text']],
        ]);
        expect(found[0]!.message).toMatch(/^The page \/x shows `.+` with .+ as typed, in its text\.$/);
      }),
      { seed: 5203, numRuns: 60 },
    ),
  );

  it('is not found in plain words, prices, sums and snake_case names', () => {
    const { page, table } = pageWith(['From ₹50,000 a month', '5 * 3 = 15', 'the user_id field', 'C# and .NET', 'Q&A sessions']);
    expect(judgeShown('/x', page, table, new Map([['/x', new Set()]]))).toEqual([]);
  });
});

describe('lines written and lines shown', () => {
  const shownIn = (element: string, text: string, path: (string | number)[] = ['sections', 0, 'text']) => {
    const table: TraceTable = [];
    const traced = traceData({ sections: [{ [path[2] as string]: text }] }, { kind: 'page', route: '/x' }, table);
    const value = (traced.sections[0] as Record<string, string>)[path[2] as string]!;
    return judgeShown('/x', readShown(`<${element}>${value}</${element}>`), table, new Map(), { derived: new Set(['blocks']) });
  };
  const lines = fc.array(plainWords, { minLength: 2, maxLength: 5 });

  it('finds any text of several lines shown as one paragraph, at that text', () =>
    fc.assert(
      fc.property(lines, fc.constantFrom('\n', '\n\n'), (written, gap) => {
        const found = shownIn('p', written.join(gap));
        expect(found.map((f) => [f.code, f.value.path])).toEqual([['LinesFolded', ['sections', 0, 'text']]]);
        expect(found[0]!.message).toContain(`${written.length} lines run together`);
      }),
      { seed: 5205, numRuns: 50 },
    ));

  it('says a list lost its items when the lines were list items', () =>
    fc.assert(
      fc.property(lines, (written) => {
        const found = shownIn('p', written.map((line) => `- ${line}`).join('\n'));
        expect(found.map((f) => f.code)).toEqual(['LinesFolded']);
        expect(found[0]!.message).toContain('list items run together');
      }),
      { seed: 5206, numRuns: 30 },
    ));

  it('leaves alone one line, a block that keeps its lines, and Markdown that only wraps', () => {
    expect(shownIn('p', 'One line of words')).toEqual([]);
    expect(shownIn('pre', 'Two\nlines')).toEqual([]);
    expect(shownIn('p', 'Wrapped\nlong line', ['sections', 0, 'blocks'])).toEqual([]);
  });
});

describe('the weight of a picture', () => {
  const picture = (sizes: Record<string, number>) => {
    const table: TraceTable = [];
    const traced = traceData(
      { sections: [{ image: { src: '/media/team.webp', alt: 'The team at work in the Noida office' } }] },
      { kind: 'page', route: '/about' },
      table,
    );
    const { src, alt } = (traced.sections[0] as { image: { src: string; alt: string } }).image;
    const html = `<img src="${src}" srcset="/assets/pictures/team-1-800.webp 800w, ${src} 1600w" alt="${alt}">`;
    return judgeShown('/about', readShown(html), table, new Map(), { sizeOf: (url) => sizes[url] });
  };

  it("above the budget at the width a large screen picks, is a warning at the picture's file", () =>
    fc.assert(
      fc.property(fc.integer({ min: PICTURE_BUDGET + 1, max: 40 * 1024 * 1024 }), (bytes) => {
        const found = picture({ '/media/team.webp': bytes, '/assets/pictures/team-1-800.webp': 1000 });
        expect(found.map((f) => [f.code, f.path])).toEqual([['PictureTooHeavy', ['sections', 0, 'image', 'src']]]);
        expect(found[0]!.message).toContain(`${Math.round(bytes / 1024)} KB`);
      }),
      { seed: 5207, numRuns: 30 },
    ));

  it('within the budget, or of a size nobody knows, says nothing', () => {
    expect(picture({ '/media/team.webp': PICTURE_BUDGET, '/assets/pictures/team-1-800.webp': 1000 })).toEqual([]);
    expect(picture({})).toEqual([]);
  });
});

describe('links on a drawn page', () => {
  const routes = new Map([
    ['/', new Set(['main'])],
    ['/careers', new Set(['open-roles'])],
  ]);
  const linkPage = (href: string) => {
    const table: TraceTable = [];
    const traced = traceData({ sections: [{ cards: [{ title: 'Roles', link: href }] }] }, { kind: 'page', route: '/' }, table);
    const card = traced.sections[0]!.cards[0]!;
    return { page: readShown(`<a href="${card.link}"><h3>${card.title}</h3></a>`), table };
  };

  it.each([
    { href: '/carers', code: 'UnknownRoute' },
    { href: '/careers#roles', code: 'UnknownAnchor' },
    { href: 'https://localhost:5173/careers', code: 'LinkUnusable' },
    { href: 'mailto:hr@', code: 'LinkUnusable' },
    { href: 'tel:+12', code: 'LinkUnusable' },
  ])('that goes nowhere ($href) is found at the address beside its label', ({ href, code }) => {
    const { page, table } = linkPage(href);
    const found = judgeShown('/', page, table, routes);
    expect(found.map((f) => [f.code, f.path ?? f.value.path])).toEqual([[code, ['sections', 0, 'cards', 0, 'link']]]);
  });

  it.each([
    '/careers',
    '/careers#open-roles',
    '/#main',
    'https://example.com/x',
    'mailto:hr@example.com',
    '/api/v1/contact',
    '/media/a.pdf',
  ])('that works (%s) is not found', (href) => {
    const { page, table } = linkPage(href);
    expect(judgeShown('/', page, table, routes)).toEqual([]);
  });
});

describe('the marked drawing', () => {
  it('is held to the published one: a mark that changed the page is named with the page', () => {
    const table: TraceTable = [];
    const title = marked('Hello', table);
    const ok = checkDrawnPages([
      { route: '/', html: '<h1>Hello</h1>', head: '', traced: { html: `<h1>${title}</h1>`, head: '', table } },
    ]);
    expect(ok.changed).toEqual([]);
    const changed = checkDrawnPages([
      { route: '/a', html: '<h1>Hello</h1>', head: '', traced: { html: `<h1 id="x">${title}</h1>`, head: '', table } },
    ]);
    expect(changed.changed).toMatchObject([{ route: '/a' }]);
  });
});
