/**
 * Every page leads its reader on: to the contact form, or to an application. The site's closing
 * banner (src/sections/closing.ts) gives every page one without anyone remembering, and the content
 * check warns (`NoNextStep`) about a page that has none. Tested on every page of the real content,
 * with its own links to the contact page taken away, with and without the site's closing banner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { fixture, projectRoot } from './content-fixtures.ts';

const pagesDir = join(projectRoot, 'content/pages');
const pages = readdirSync(pagesDir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => {
    const file = join(pagesDir, f);
    const text = readFileSync(file, 'utf8');
    return { file, rel: `content/pages/${f}`, text, data: parse(text) as { closing?: boolean; sections: { type: string }[] } };
  });

/** The page's own sections hold a form: the contact page's enquiry form, or the careers page's applications. */
const hasForm = (page: (typeof pages)[number]) => page.data.sections.some((s) => s.type === 'contact' || s.type === 'careers');
/** Links to the contact page (with an anchor or not), in link fields and in prose, sent to the home page instead. */
const withoutContactLinks = (text: string) =>
  text.replace(/(link: )\/contact(?=[#\s])\S*/g, '$1/').replace(/\]\(\/contact(?=[#)])[^)]*\)/g, '](/)');
const declining = (text: string) =>
  /^closing:/m.test(text)
    ? text.replace(/^closing: .*$/m, 'closing: false')
    : text.replace(/^sections:/m, 'closing: false\nsections:');

async function warnedFiles(variant: (text: string) => string): Promise<string[]> {
  const drafts = new Map(pages.map((p) => [p.file, variant(p.text)]));
  const result = await checkContent({ root: projectRoot, drafts });
  expect(result.errors, formatProblems(result.problems.filter((p) => p.severity === 'error'))).toBe(0);
  return result.problems
    .filter((p) => p.code === 'NoNextStep')
    .map((p) => p.file)
    .sort();
}

describe('every page has a next step', () => {
  it('on the real content, no page is warned about', async () => {
    const result = await checkContent({ root: projectRoot });
    expect(result.problems.filter((p) => p.code === 'NoNextStep')).toEqual([]);
  });

  it('without its own links to /contact, a page still leads on through the closing banner, unless it ends with a banner of its own', async () => {
    const expected = pages
      .filter((p) => !hasForm(p) && p.data.closing !== false && p.data.sections.at(-1)!.type === 'cta-banner')
      .map((p) => p.rel)
      .sort();
    expect(await warnedFiles(withoutContactLinks)).toEqual(expected);
  });

  it('without its own links to /contact and with `closing: false`, every page without a form is warned about, and no other', async () => {
    const expected = pages
      .filter((p) => !hasForm(p))
      .map((p) => p.rel)
      .sort();
    // The class must be more than a few pages, or this proves little.
    expect(expected.length).toBeGreaterThan(20);
    expect(await warnedFiles((text) => declining(withoutContactLinks(text)))).toEqual(expected);
  });

  it('names the contact page and says how to add the next step, at `closing: false` or at the sections', async () => {
    expect(formatProblems((await checkContent(fixture('no-next-step'))).problems)).toMatchInlineSnapshot(`
      "content/pages/about.yaml:4:10  NoNextStep  closing
        This page has no link to /contact and no form of its own, so a reader who reaches its end has nowhere to go next.
        Remove \`closing: false\`, so that the page ends with the site's closing banner (\`closing\` in content/site.yaml), or end it with a \`cta-banner\` section whose button links to \`/contact\`.

          2 | title: About the fixture company and team
          3 | description: Who we are, in a page that turns down the closing banner and so has nowhere to send its reader.
        > 4 | closing: false
            |          ^^^^^
          5 | sections:
          6 |   - type: tech-stack

      content/pages/home.yaml:5:3  NoNextStep  sections
        This page has no link to /contact and no form of its own, so a reader who reaches its end has nowhere to go next.
        End the page with a \`cta-banner\` section whose button links to \`/contact\`, or link a button of one of its sections there.

          3 | description: The home page of the fixture site, with a card grid that the failure fixtures change one line at a time.
          4 | sections:
        > 5 |   - type: cta-banner
            |   ^
          6 |     heading: Let's build **something**
          7 |     action:

      2 warnings in 2 files."
    `);
  });
});
