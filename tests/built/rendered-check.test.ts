/**
 * The rendered-page check over the real build (src/content/rendered/): every page drawn with its texts
 * marked is the published page once the marks are removed, the published site shows nothing wrong, and
 * any text of any page, changed to show markup as typed, is found at that very value. The values are
 * picked from what each page shows, with a fixed seed: the class is every shown text of every page.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/generated/schema-types.ts';
import { checkDrawnPages, type DrawnPage } from '../../src/content/rendered/index.ts';
import { readShown } from '../../src/content/rendered/shown.ts';
import type { TraceTable } from '../../src/content/rendered/trace.ts';
import { runs } from '../helpers/depth.ts';
import { builtRoutes } from './built-site.ts';

interface Bundle {
  readPagesFrom(dir: string): void;
  render(path: string): Promise<{ html: string; head: string }>;
  renderTraced(
    path: string,
    change?: (page: Page) => Page,
  ): Promise<{ html: string; head: string; table: TraceTable } | undefined>;
}

const client = fileURLToPath(new URL('../../dist/client/', import.meta.url));
let bundle: Bundle;
const drawn: DrawnPage[] = [];
beforeAll(async () => {
  bundle = (await import(
    /* @vite-ignore */ pathToFileURL(fileURLToPath(new URL('../../dist/render/entry-server.mjs', import.meta.url))).href
  )) as Bundle;
  bundle.readPagesFrom(client);
  for (const route of builtRoutes()) {
    const published = await bundle.render(route);
    const traced = await bundle.renderTraced(route);
    if (traced) drawn.push({ route, html: published.html, head: published.head, traced });
  }
}, 120_000);

describe('the rendered-page check of the built site', () => {
  it('draws every page the same with its texts marked, and finds nothing wrong on the published site', () => {
    expect(drawn.length).toBe(builtRoutes().length);
    const { findings, changed } = checkDrawnPages(drawn);
    expect(changed).toEqual([]);
    expect(findings.map((f) => f.message)).toEqual([]);
  });

  const families = [
    { family: 'unclosed emphasis', code: 'MarkupShown', mutate: (text: string) => `${text} **and more` },
    { family: 'a misspelt placeholder', code: 'MarkupShown', mutate: (text: string) => `${text} {site.phon}` },
    { family: 'an HTML tag', code: 'MarkupShown', mutate: (text: string) => `${text}<br>` },
    { family: 'a Markdown link', code: 'MarkupShown', mutate: (text: string) => `[${text}](/contact)` },
    { family: 'a block folded into one paragraph', code: 'LinesFolded', mutate: (text: string) => `${text}\n\n${text}` },
  ];

  it.each(families)('finds $family typed into any text a page shows, at that text', ({ code, mutate }) =>
    fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), async (pagePick, valuePick) => {
        const page = drawn[pagePick % drawn.length]!;
        // The page's own texts that it shows as text, in any section.
        const shownSources = new Set(
          readShown(page.traced.html)
            .shown.filter((item) => item.place.kind === 'text')
            .flatMap((item) => item.pieces.flatMap((piece) => (piece.source === undefined ? [] : [piece.source]))),
        );
        const candidates = [...shownSources].filter((id) => {
          const value = page.traced.table[id]!;
          return (
            value.origin.kind === 'page' &&
            value.path[0] === 'sections' &&
            value.path.includes('blocks') === false &&
            /^[^*_{}<>[\]\\#&]+$/.test(value.text)
          );
        });
        fc.pre(candidates.length > 0);
        const value = page.traced.table[candidates[valuePick % candidates.length]!]!;
        const changed = await bundle.renderTraced(page.route, (data) => {
          const copy = structuredClone(data);
          const holder = value.path
            .slice(0, -1)
            .reduce<Record<string | number, unknown>>(
              (node, part) => node[part] as Record<string | number, unknown>,
              copy as unknown as Record<string, unknown>,
            );
          holder[value.path[value.path.length - 1]!] = mutate(value.text);
          return copy;
        });
        const { findings } = checkDrawnPages([{ route: page.route, html: '', head: '', traced: changed! }]);
        const here = findings.filter((f) => f.value.origin.kind === 'page' && f.value.path.join('/') === value.path.join('/'));
        expect(
          here.map((f) => f.code),
          `${page.route} ${value.path.join('.')}: ${findings.map((f) => f.message).join(' | ')}`,
        ).toContain(code);
      }),
      { seed: 5204, numRuns: runs(25, 200) },
    ),
  );
});
