/**
 * Where the content check reports what the rendered-page check found (src/content/check/rendered.ts):
 * at the value that produced it, in the file that holds it, whatever that file is: a page, the site
 * settings, a collection's entry, or its template when the text is the template's; and a prose
 * section's Markdown at the `body` the writer wrote, not at the `blocks` the build made of it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import type { RenderedFinding } from '../../src/content/rendered/judge.ts';
import type { TraceOrigin } from '../../src/content/rendered/trace.ts';

const root = resolve(import.meta.dirname, '../..');

const finding = (origin: TraceOrigin, path: (string | number)[], text: string): RenderedFinding => ({
  code: 'MarkupShown',
  route: origin.kind === 'page' ? origin.route : '/',
  value: { origin, path, text },
  message: `A test finding at ${path.join('.')}: shown \`${text.slice(0, 20)}\`.`,
  hint: 'None: a test.',
});

async function reported(found: RenderedFinding) {
  const result = await checkContent({ root, unfinished: 'fail', rendered: [found] });
  return result.problems.filter((problem) => problem.message === found.message);
}

describe('a finding of the drawn pages is reported', () => {
  it("at a page's own value, by line and column", async () => {
    const [problem, ...more] = await reported(
      finding({ kind: 'page', route: '/careers/thank-you' }, ['sections', 2, 'heading'], 'A **question**'),
    );
    expect(more).toEqual([]);
    expect(problem).toMatchObject({
      file: 'content/pages/careers-thank-you.yaml',
      line: 32,
      column: 14,
      path: 'sections[2].heading',
      severity: 'error',
    });
    expect(problem!.frame).toContain('> 32 |     heading: A **question** about your application?');
  });

  it("with the catalogue's severity: a picture too heavy is a warning", async () => {
    const [problem] = await reported({
      ...finding({ kind: 'site' }, ['brand', 'logo', 'src'], '/media/brand/logo.svg'),
      code: 'PictureTooHeavy',
    });
    expect(problem).toMatchObject({
      code: 'PictureTooHeavy',
      severity: 'warning',
      file: 'content/site.yaml',
      path: 'brand.logo.src',
    });
  });

  it('at the site settings for a text of the header or footer', async () => {
    const [problem] = await reported(finding({ kind: 'site' }, ['brand', 'tagline'], 'Expertly trained'));
    expect(problem).toMatchObject({ file: 'content/site.yaml', line: 8, column: 12 });
  });

  it("at the prose section's body for its Markdown, which the build turned into blocks", async () => {
    const [problem] = await reported(
      finding({ kind: 'page', route: '/privacy' }, ['sections', 0, 'blocks', 3, 'children', 0, 'value'], 'x'),
    );
    expect(problem).toMatchObject({ file: 'content/pages/privacy.yaml', line: 16, path: 'sections[0].body' });
  });

  it("at the entry's own field for an entry's value on its page", async () => {
    const [problem] = await reported(
      finding({ kind: 'page', route: '/careers/full-stack-developer' }, ['sections', 0, 'heading'], 'Full Stack Developer'),
    );
    expect(problem).toMatchObject({ file: 'content/roles/full-stack-developer.yaml', line: 2, path: 'title' });
  });

  it("once, at the template, for a text the template writes on every role's page", async () => {
    const routes = readdirSync(resolve(root, 'content/roles'))
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => `/careers/${file.replace(/\.yaml$/, '')}`);
    const message = "A test finding in the template's own words.";
    const all = routes.map((route) => ({
      ...finding({ kind: 'page', route }, ['sections', 0, 'eyebrow'], 'Developer · Remote'),
      message,
    }));
    const result = await checkContent({ root, unfinished: 'fail', rendered: all });
    const problems = result.problems.filter((problem) => problem.message === message);
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual(['content/collections/roles.yaml:29']);
  });

  it("at the entry's field for any text of any listing's card, which the entry wrote", async () => {
    // Every card of every listing of the published site, and each of its texts copied from its entry.
    const published = await checkContent({ root, unfinished: 'fail' });
    const cards: { route: string; path: (string | number)[]; link: string; field: (string | number)[] }[] = [];
    const texts = (value: unknown, path: (string | number)[]): (string | number)[][] =>
      typeof value === 'string'
        ? [path]
        : Array.isArray(value)
          ? value.flatMap((item, i) => texts(item, [...path, i]))
          : value && typeof value === 'object'
            ? Object.entries(value).flatMap(([key, item]) => texts(item, [...path, key]))
            : [];
    const copied = {
      title: 'title',
      summary: 'summary',
      image: 'image',
      tags: 'tags',
      role: 'title',
      skills: 'skills',
      location: 'location',
    };
    for (const { page } of published.pages) {
      page.sections.forEach((section, i) => {
        const s = section as { entries?: { link: string }[]; tabs?: { roles?: { link?: string }[] }[] };
        const lists = [
          ...(s.entries ?? []).map((card, k) => ({ card, at: ['sections', i, 'entries', k] })),
          ...(s.tabs ?? []).flatMap((tab, t) =>
            (tab.roles ?? []).map((card, r) => ({ card, at: ['sections', i, 'tabs', t, 'roles', r] })),
          ),
        ];
        for (const { card, at } of lists) {
          if (typeof card.link !== 'string' || !card.link.startsWith('/')) continue;
          for (const [key, from] of Object.entries(copied))
            // A picture's other sizes are the build's, not written in the entry.
            for (const field of texts((card as Record<string, unknown>)[key], [from]).filter(
              (f) => f[0] !== 'image' || ['src', 'alt'].includes(String(f[1])),
            ))
              cards.push({ route: page.route, path: [...at, key, ...field.slice(1)], link: card.link, field });
        }
      });
    }
    // Both kinds of listing are there: a collection list and the careers tabs.
    expect(cards.some((c) => c.path.includes('entries'))).toBe(true);
    expect(cards.some((c) => c.path.includes('roles'))).toBe(true);
    const findings = cards.map((card, n) => ({
      ...finding({ kind: 'page', route: card.route }, card.path, 'x'),
      message: `A test finding on card text ${n}.`,
    }));
    const result = await checkContent({ root, unfinished: 'fail', rendered: findings });
    const entryFile = (link: string) => published.pages.find((p) => p.page.route === link)!.file;
    for (const [n, card] of cards.entries()) {
      const problems = result.problems.filter((p) => p.message === `A test finding on card text ${n}.`);
      expect(
        problems.map((p) => ({ file: p.file, path: p.path })),
        JSON.stringify(card),
      ).toEqual([
        {
          file: entryFile(card.link),
          path: card.field.map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${key}` : key)).join(''),
        },
      ]);
    }
  });

  it('at the entry, not its template, when its page shows the value in several places', async () => {
    // The title of one case study is its page's title, `og:title` and `twitter:title`: three findings on one
    // page, which are not the template's fault however many pages the template makes.
    const found = ['the title', 'og:title', 'twitter:title'].map((place) => ({
      ...finding({ kind: 'page', route: '/success-stories/medstudy' }, ['title'], 'MedStudy **Learning'),
      message: `A test finding in ${place}.`,
    }));
    const result = await checkContent({ root, unfinished: 'fail', rendered: found });
    const problems = result.problems.filter((p) => p.message.startsWith('A test finding in '));
    expect(problems.map((p) => `${p.file}:${p.line}:${p.path}`)).toEqual(['content/case-studies/medstudy.yaml:2:title']);
  });

  it('not again where an earlier phase already reported the same field', async () => {
    const file = resolve(root, 'content/pages/careers-thank-you.yaml');
    const text = readFileSync(file, 'utf8').replace('heading: A **question** about', 'heading: A *question* about');
    const found = finding({ kind: 'page', route: '/careers/thank-you' }, ['sections', 2, 'heading'], 'A *question*');
    const result = await checkContent({ root, unfinished: 'fail', drafts: new Map([[file, text]]), rendered: [found] });
    const atHeading = result.problems.filter(
      (p) => p.file === 'content/pages/careers-thank-you.yaml' && p.path === 'sections[2].heading',
    );
    expect(atHeading.map((p) => p.code)).toEqual(['MarkdownEmphasis']);
  });
});
