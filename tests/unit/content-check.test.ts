import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { preparePictures } from '../../src/content/build/prepare-images.ts';
import { fixture, projectRoot } from './content-fixtures.ts';

/** What a marketer reads in the terminal for the fixture named after the failure. */
async function report(name: string): Promise<string> {
  const result = await checkContent(fixture(name));
  return formatProblems(result.problems);
}

describe('content check: what a marketer sees for each mistake', () => {
  it('accepts the valid base site and fills in defaults, image sizes, icons and logos', async () => {
    const result = await checkContent(fixture('_base'));
    expect(result.problems).toEqual([]);
    const home = result.pages.find((p) => p.page.route === '/')!;
    const grid = home.page.sections[1]!;
    expect(grid.type).toBe('card-grid');
    if (grid.type !== 'card-grid') return;
    expect(grid.variant).toBe('reveal');
    expect(grid.columns).toBe(3);
    expect(grid.cards[1]!.image).toMatchObject({ src: '/media/pic.webp', width: 64, height: 48 });
    expect(Object.keys(home.assets.icons).sort()).toEqual(['shield-check', 'zap']);
    const about = result.pages.find((p) => p.page.route === '/about')!;
    expect(about.assets.logos.react?.viewBox).toMatch(/^0 0 \d+ \d+$/);
    expect(Object.keys(result.site!.assets.icons).sort()).toEqual(['house', 'info']);
  });

  it('offers phones an 800-pixel copy the build makes of a wider picture, and keeps an AVIF twin that is there', async () => {
    const result = await checkContent({ root: join(import.meta.dirname, '../..') });
    const react = result.pages.find((p) => p.page.route === '/react')!;
    const hero = react.page.sections[0]!;
    if (hero.type !== 'page-hero') throw new Error('/react no longer opens with a page hero');
    expect(hero.image).toMatchObject({
      src: '/media/art/react-hero.webp',
      width: 1600,
      avif: '/media/art/react-hero.avif',
      narrow: {
        src: expect.stringMatching(/^\/assets\/pictures\/react-hero-[0-9a-f]{10}-800\.webp$/),
        avif: expect.stringMatching(/^\/assets\/pictures\/react-hero-[0-9a-f]{10}-800\.avif$/),
        width: 800,
      },
    });
  });

  it('reports a YAML syntax error with its line, column and a quoting hint', async () => {
    expect(await report('yaml-syntax-error')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:6:14  YamlSyntax
        The text of \`heading\` contains \`: \`, which YAML reads as the start of another name and value.
        Put the text in quotes: \`heading: "Step 1: build **something**"\`.

          4 | sections:
          5 |   - type: cta-banner
        > 6 |     heading: Step 1: build **something**
            |              ^^^^
          7 |     action:
          8 |       label: Join us

      1 content error in 1 file."
    `);
  });

  it('reports an alias whose anchor the file does not define, with its place, instead of crashing', async () => {
    expect(await report('unknown-alias')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:19:16  UnknownAlias
        \`*heroImage\` repeats the value marked \`&heroImage\`, but no value above it in this file has that mark.
        An alias can only repeat a value marked above it in the same file (\`&heroImage\` before \`*heroImage\`); marks in other files do not count. Write the value out here instead.

          17 |         text: Every change reviewed and tested.
          18 |         icon: shield-check
        > 19 |         image: *heroImage
             |                ^^^^^^^^^^
          20 |

      1 content error in 1 file."
    `);
  });

  it('reports aliases that would repeat a value into more than any page holds, at the alias, before building them', async () => {
    expect(await report('alias-bomb')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:9:9  YamlSyntax
        The YAML could not be turned into content: its aliases (\`*name\`) repeat so much that it would hold over 50,000 values, far more than any page.
        Write the values out instead of repeating them with \`&name\` and \`*name\`.

           7 |   - &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
           8 |   - &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
        >  9 |   - &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
             |         ^^
          10 | sections:
          11 |   - type: cta-banner

      1 content error in 1 file."
    `);
  });

  it('reports Markdown typed into a field that shows its text as written: a link as an error, stars as a warning', async () => {
    expect(await report('markdown-in-text')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:14:20  MarkdownInText  sections[1].cards[0].text
        \`[our case studies](/about)\` would be shown on the page as typed, brackets and all: this field is plain text, not Markdown.
        Write the words alone (\`our case studies\`) and put the address in the section's own link field (\`link: /about\`, or an \`action\` with a \`label\` and a \`link\`); only prose sections (\`body\` of a \`prose\` section) take Markdown links.

          12 |     cards:
          13 |       - title: Fast
        > 14 |         text: Read [our case studies](/about) before you call.
             |                    ^^^^
          15 |         icon: zap
          16 |       - title: Careful

      content/pages/home.yaml:17:31  MarkdownEmphasis  sections[1].cards[1].text
        \`*really*\` would be shown as typed: this field does not read Markdown.
        For bold, write the words between double asterisks (\`**like this**\`); a single \`*\` or \`_\` stays on the page as it is.

          15 |         icon: zap
          16 |       - title: Careful
        > 17 |         text: Every change is *really* reviewed and tested.
             |                               ^^^^^^^^
          18 |         icon: shield-check
          19 |         image:

      1 content error and 1 warning in 1 file."
    `);
  });

  it('stops Markdown typed into a collection entry at its line, once, also where its page shows the text mid-line', async () => {
    // The case study's `client` ends up inside the page's eyebrow ("Success story · {entry.client}"), where a
    // title the author typed no longer starts a line; the entry is judged as written, and said once.
    const abs = join(projectRoot, 'content/case-studies/pg-finder.yaml');
    const text = readFileSync(abs, 'utf8');
    for (const typed of ['## Why us\\nStudents in Greater Noida', 'Students [in Noida](/contact)', 'Students <b>in Noida</b>']) {
      const mutated = text.replace(/^client: .*$/m, `client: "${typed}"`);
      const line = mutated.split('\n').findIndex((l) => l.startsWith('client:')) + 1;
      const result = await checkContent({ root: projectRoot, unfinished: 'fail', drafts: new Map([[abs, mutated]]) });
      const found = result.problems.filter((p) => p.severity === 'error' && p.file === 'content/case-studies/pg-finder.yaml');
      expect(
        found.map((p) => `${p.line} ${p.code}`),
        typed,
      ).toEqual([`${line} ${typed.includes('<') ? 'MarkupInText' : 'MarkdownInText'}`]);
    }
  });

  it('warns that a list item whose text runs on to the next line is joined into one item by YAML', async () => {
    expect(await report('text-runs-on')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:13:9  TextRunsOn
        The item \`Two founders started the company in Noida to build software with their clients.\` runs on to the next line, so YAML makes one item of both lines: \`Two founders started the company in Noida to build software with their clients. Today twenty people work here, from developers to designers.\`.
        If \`Today twenty people work here, from developers to designers.\` is an item of its own, start its line with \`- \` like the others. If it is the same text, write it on one line, or after \`>-\` on lines of their own.

          11 |     heading: Our story
          12 |     paragraphs:
        > 13 |       - Two founders started the company in Noida to build software with their clients.
             |         ^^^
          14 |         Today twenty people work here, from developers to designers.
          15 |       - We work with start-ups and growing businesses in India, Europe and the US.

      1 warning in 1 file."
    `);
  });

  it('reports text that YAML would cut short at ` #`, with the quoted line as the fix', async () => {
    expect(await report('comment-in-text')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:2:37  CommentInText
        The text stops before \` #\`: YAML reads \`#1 in Noida\` as a note for editors, so the page would show only \`Custom React Web Apps, rated\`.
        Put the whole text in quotes: \`title: "Custom React Web Apps, rated #1 in Noida"\`. If the part after \`#\` is a note, move it to a line of its own.

          1 | route: /
        > 2 | title: Custom React Web Apps, rated #1 in Noida
            |                                     ^^
          3 | description: The home page of the fixture site, with a card grid that the failure fixtures change one line at a time.
          4 | sections:

      content/pages/home.yaml:11:28  CommentInText
        The text stops before \` #\`: YAML reads \`# the heading of the grid\` as a note for editors, so the page would show only \`Why choose us\`.
        Put the whole text in quotes: \`heading: "Why choose us # the heading of the grid"\`. If the part after \`#\` is a note, move it to a line of its own.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 |     heading: Why choose us # the heading of the grid
             |                            ^
          12 |     cards:
          13 |       - title: Fast

      content/pages/home.yaml:17:49  CommentInText
        The text stops before \` #\`: YAML reads \`# sign-off by the lead\` as a note for editors, so the page would show only \`Every change reviewed and tested.\`.
        Put the whole text in quotes: \`text: "Every change reviewed and tested. # sign-off by the lead"\`. If the part after \`#\` is a note, move it to a line of its own.

          15 |         icon: zap
          16 |       - title: Careful
        > 17 |         text: Every change reviewed and tested. # sign-off by the lead
             |                                                 ^
          18 |         icon: shield-check
          19 |         image:

      3 content errors in 1 file."
    `);
  });

  it('tells to quote a number where text belongs, showing the quoted line', async () => {
    expect(await report('number-as-text')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:11:14  WrongType  sections[1].heading
        \`heading\` must be text, but it is the number 2024.
        Put it in quotes, so YAML reads it as text, exactly as you typed it: \`heading: "2024"\`.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 |     heading: 2024
             |              ^^^^
          12 |     cards:
          13 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('repairs a route written like a name into the route, and checks links against that route', async () => {
    expect(await report('route-not-a-route')).toMatchInlineSnapshot(`
      "content/pages/about.yaml:1:8  BadFormat  route
        \`route\` is the text "About", which does not have the expected form.
        Write \`route: /about\`. Write / followed by lowercase words joined by hyphens, such as /react or /web-development (a page under another: /careers/full-stack-developer); / alone is the home page.

        > 1 | route: About
            |        ^^^^^
          2 | title: About the fixture company and team
          3 | description: Who we are, in a page that the failure fixtures use as a link target for the route checks.

      1 content error in 1 file."
    `);
  });

  it('repairs a web address without https:// into a full address', async () => {
    expect(await report('link-without-scheme')).toMatchInlineSnapshot(`
      "content/pages/about.yaml:10:15  BadFormat  sections[0].items[0].link
        \`link\` is the text "www.linkedin.com/company/sutra-labs", which does not have the expected form.
        Write \`link: https://www.linkedin.com/company/sutra-labs\`. Use a route of this site such as /contact (or /careers#roles for a part of it), # for a placeholder, a full address starting with https://, or a mailto: or tel: address.

           8 |       - name: React
           9 |         logo: react
        > 10 |         link: www.linkedin.com/company/sutra-labs
             |               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          11 |       - name: Healthcare
          12 |         icon: heart-pulse

      1 content error in 1 file."
    `);
  });

  it('tells where to write a text left empty', async () => {
    expect(await report('empty-text')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:11:13  WrongType  sections[1].heading
        \`heading\` must be text, but it is empty.
        Write the text after \`heading:\`, or remove the line if it is optional. \`heading\`: A heading, in which **double asterisks** mark bold emphasis: at most 120 characters, which is about three lines on a phone.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 |     heading:
             |             ^
          12 |     cards:
          13 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('refuses a heading longer than a heading can be, saying by how much', async () => {
    expect(await report('heading-too-long')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:11:14  TooMany  sections[1].heading
        \`heading\` has 629 characters; at most 120 fit here.
        Shorten it by at least 509 characters, and move the detail into the text under it. \`heading\`: A heading, in which **double asterisks** mark bold emphasis: at most 120 characters, which is about three lines on a phone.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 |     heading: We are a team of senior engineers who design, build, test and run web, mobile and cloud software for startups and enterprises We are a team of senior engineers who design, build, test and run web, mobile and cloud software for startups and enterprises We are a team of senior engineers who design, build, test and run web, mobile and cloud software for startups and enterprises We are a team of senior engineers who design, build, test and run web, mobile and cloud software for startups and enterprises We are a team of senior engineers who design, build, test and run web, mobile and cloud software for startups and enterprises
             |              ^^
          12 |     cards:
          13 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('reports in prose what the page would not show, links that lead nowhere, and placeholders that name nothing', async () => {
    expect(await report('prose-mistakes')).toMatchInlineSnapshot(`
      "content/pages/legal.yaml:7:11  UnknownRoute  sections[0].body
        The link \`/legl\` goes to a route that no page defines.
        Did you mean \`/legal\`? Routes come from the \`route\` of each file in content/pages/.

          5 |   - type: prose
          6 |     heading: Legal notes
        > 7 |     body: |
            |           ^
          8 |       # Our terms
          9 |

      content/pages/legal.yaml:7:11  UnknownPlaceholder  sections[0].body
        \`{site.contact.grievance.email}\` names nothing in content/site.yaml, so the page would show it as written.
        Write the path of a text of the site file after \`site.\`, such as \`{site.brand.legalName}\` or \`{site.contact.grievance.email}\`, or type the text itself.

          5 |   - type: prose
          6 |     heading: Legal notes
        > 7 |     body: |
            |           ^
          8 |       # Our terms
          9 |

      content/pages/legal.yaml:8:7  UnsupportedMarkdown  sections[0].body
        A \`#\` heading on line 1 of the text would be a second title of the page, which has one already.
        Start the heading with \`## \` instead (and its subheadings with \`### \`).

           6 |     heading: Legal notes
           7 |     body: |
        >  8 |       # Our terms
             |       ^
           9 |
          10 |       Write to {site.contact.grievance.email} or see [the old page](/legl).

      content/pages/legal.yaml:12:7  UnsupportedMarkdown  sections[0].body
        A picture on line 5 of the text is not shown on the page: prose shows paragraphs, headings, lists, links and emphasis.
        Write it as one of those, or remove it.

          10 |       Write to {site.contact.grievance.email} or see [the old page](/legl).
          11 |
        > 12 |       ![A stamp](/media/pic.webp)
             |       ^^^
          13 |
          14 |       Read the [Act](http://example.gov.in/act).

      content/pages/legal.yaml:14:7  UnsupportedMarkdown  sections[0].body
        The link to \`http://example.gov.in/act\` on line 7 of the text cannot be followed from the site, so it is shown as plain text.
        Use the secure address: \`https://example.gov.in/act\`.

          12 |       ![A stamp](/media/pic.webp)
          13 |
        > 14 |       Read the [Act](http://example.gov.in/act).
             |       ^^^^
          15 |

      5 content errors in 1 file."
    `);
  });

  it("fills a prose text's placeholders with the values of the site file", async () => {
    const result = await checkContent(fixture('prose-filled'));
    expect(result.errors).toBe(0);
    const legal = result.pages.find((p) => p.page.route === '/legal')!;
    expect(legal.page.sections[0]).toMatchObject({
      body: 'Write to [hello@example-fixture.in](mailto:hello@example-fixture.in).\n',
    });
  });

  it('reports HTML typed into a text, which the page would show as it is', async () => {
    expect(await report('markup-in-text')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:14:15  MarkupInText  sections[1].cards[0].text
        \`<b>\` would be shown on the page as it is written: texts are not HTML.
        Remove \`<b>\`. For bold, put the words between double asterisks where the field allows it (\`**like this**\`); for a new paragraph, use a field or list item of its own.

          12 |     cards:
          13 |       - title: Fast
        > 14 |         text: Pages that load <b>quickly</b> on any phone.
             |               ^^^^^
          15 |         icon: zap
          16 |       - title: Careful

      content/pages/home.yaml:17:15  MarkupInText  sections[1].cards[1].text
        \`&nbsp;\` would be shown on the page as it is written: texts are not HTML.
        Type the character itself instead of \`&nbsp;\` (a space for \`&nbsp;\`, ₹ for \`&#8377;\`).

          15 |         icon: zap
          16 |       - title: Careful
        > 17 |         text: Every change reviewed&nbsp;and tested.
             |               ^^^^^
          18 |         icon: shield-check
          19 |         image:

      2 content errors in 1 file."
    `);
  });

  it('diagnoses a name without its colon, and shows the line with the colon', async () => {
    expect(await report('missing-colon')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:11:12  YamlSyntax
        \`heading\` has no colon after it, so YAML cannot tell the name from the value.
        Write a colon and a space after the name: \`heading: "Why choose us"\`.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 |     heading "Why choose us"
             |            ^
          12 |     cards:
          13 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('diagnoses one list item indented differently from the one above, once, with the spaces it needs', async () => {
    expect(await report('list-item-indented-wrongly')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:16:1  YamlSyntax
        This list item is indented 5 spaces, but the item before it (line 13) 6.
        Indent it by 6 spaces, like the item above: \`- title: Careful\`; its other lines are in place already.

          14 |         text: Pages that load quickly on any phone.
          15 |         icon: zap
        > 16 |      - title: Careful
             | ^
          17 |         text: Every change reviewed and tested.
          18 |         icon: shield-check

      1 content error in 1 file."
    `);
  });

  it('diagnoses an item of a list written without its dash, and repairs it instead of deleting a card', async () => {
    expect(await report('missing-item-dash')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:16:9  YamlSyntax
        A new item of the list starts here, but without \`- \`, so YAML reads \`title\` as a second \`title\` of the item above.
        Start the item with a dash, in line with the dash on line 13: \`- title: Careful\`.

          14 |         text: Pages that load quickly on any phone.
          15 |         icon: zap
        > 16 |         title: Careful
             |         ^^^^^
          17 |         text: Every change reviewed and tested.
          18 |         icon: shield-check

      1 content error in 1 file."
    `);
  });

  it('diagnoses an unclosed quote at the line where it opens', async () => {
    expect(await report('unclosed-quote')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:11:14  YamlSyntax
        The text that starts with \`"\` here is never closed, so YAML reads the rest of the file as part of it.
        End the text with \`"\` on the same line: \`heading: "Why choose us"\`.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 |     heading: "Why choose us
             |              ^^^^
          12 |     cards:
          13 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('diagnoses a section written without its dash at its own line', async () => {
    expect(await report('section-without-dash')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:10:3  YamlSyntax
        A new item of the list starts here, but without \`- \`, so YAML cannot tell where it belongs.
        Start the item with a dash, in line with the dash on line 5: \`- type: card-grid\`.

           8 |       label: Join us
           9 |       link: /about
        > 10 |   type: card-grid
             |   ^^^^
          11 |     heading: Why choose us
          12 |     cards:

      1 content error in 1 file."
    `);
  });

  it('diagnoses a tab used for indentation', async () => {
    expect(await report('tab-indent')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:11:1  YamlSyntax
        This line is indented with a tab; YAML only accepts spaces.
        Replace the tab with 4 spaces, like the lines beside it.

           9 |       link: /about
          10 |   - type: card-grid
        > 11 | 	heading: Why choose us
             | ^
          12 |     cards:
          13 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('suggests the closest section type for an unknown `type`', async () => {
    expect(await report('unknown-section-type')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:10:11  UnknownSectionType  sections[1].type
        \`cardgrid\` is not a section type.
        Did you mean \`card-grid\`? Section types: \`card-grid\`, \`careers\`, \`carousel\`, \`collection-list\`, \`contact\`, \`cta-banner\`, \`hero\`, \`hire\`, \`job-opening\`, \`locations\`, \`marquee\`, \`overview\`, \`page-hero\`, \`projects\`, \`prose\`, \`service-list\`, \`slide-banner\`, \`team\`, \`tech-stack\`, \`timeline\`.

           8 |       label: Join us
           9 |       link: /about
        > 10 |   - type: cardgrid
             |           ^^^^^^^^
          11 |     heading: Why choose us
          12 |     cards:

      1 content error in 1 file."
    `);
  });

  it('points at an unknown property and suggests the closest valid name', async () => {
    expect(await report('unknown-property')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:8:9  MissingProperty  sections[0].cards[0]
        \`title\` is required in a card but missing.
        Add \`title:\` (title of the card).

           6 |     heading: Why choose us
           7 |     cards:
        >  8 |       - titel: Fast
             |         ^^^^^
           9 |         text: Pages that load quickly on any phone.
          10 |

      content/pages/home.yaml:8:9  UnknownProperty  sections[0].cards[0].titel
        \`titel\` is not allowed in a card.
        Did you mean \`title\`? Allowed here: \`title\`, \`text\`, \`icon\`, \`logo\`, \`image\`, \`link\`, \`linkLabel\`.

           6 |     heading: Why choose us
           7 |     cards:
        >  8 |       - titel: Fast
             |         ^^^^^
           9 |         text: Pages that load quickly on any phone.
          10 |

      2 content errors in 1 file."
    `);
  });

  it('names each missing required property and what it is for', async () => {
    expect(await report('missing-required-title')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:1:1  MissingProperty
        \`title\` is required in a page but missing.
        Add \`title:\` (title of the page, shown in the browser tab and in search results (about 30 to 60 characters)).

        > 1 | route: /
            | ^^^^^
          2 | description: The home page of the fixture site, with a card grid that the failure fixtures change one line at a time.
          3 | sections:

      content/pages/home.yaml:7:9  MissingProperty  sections[0].cards[0]
        \`title\` is required in a card but missing.
        Add \`title:\` (title of the card).

          5 |     heading: Why choose us
          6 |     cards:
        > 7 |       - text: Pages that load quickly on any phone.
            |         ^^^^
          8 |         icon: zap
          9 |

      2 content errors in 1 file."
    `);
  });

  it('says which kind of value was expected and which was given', async () => {
    expect(await report('wrong-type')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:7:14  WrongType  sections[0].columns
        \`columns\` must be a whole number, but it is the text "three".
        \`columns\`: Cards per row on wide screens.

          5 |   - type: card-grid
          6 |     heading: Why choose us
        > 7 |     columns: three
            |              ^^^^^
          8 |     cards: Fast pages
          9 |

      content/pages/home.yaml:8:12  WrongType  sections[0].cards
        \`cards\` must be a list (lines starting with \`- \`), but it is the text "Fast pages".
        \`cards\`: The cards, in order.

          6 |     heading: Why choose us
          7 |     columns: three
        > 8 |     cards: Fast pages
            |            ^^^^
          9 |

      2 content errors in 1 file."
    `);
  });

  it('lists the allowed choices for a misspelt enum value', async () => {
    expect(await report('not-allowed-value')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:7:14  NotAllowedValue  sections[0].variant
        \`variant\` is the text "hilight", which is not one of its choices.
        Did you mean \`highlight\`? Choose one of \`reveal\`, \`highlight\`, \`focus\`, \`hover-text\`, \`numbered\`, \`figures\`.

          5 |   - type: card-grid
          6 |     heading: Why choose us
        > 7 |     variant: hilight
            |              ^^^^^^^
          8 |     cards:
          9 |       - title: Fast

      1 content error in 1 file."
    `);
  });

  it('refuses two pages with the same route and names the first one', async () => {
    expect(await report('duplicate-route')).toMatchInlineSnapshot(`
      "content/pages/copy-of-about.yaml:1:8  DuplicateRoute  route
        The route \`/about\` is already used by content/pages/about.yaml.
        Every page needs its own route: change this one, or remove one of the two files.

        > 1 | route: /about
            |        ^^^^^^
          2 | title: A second page that claims the about route
          3 | description: This page uses the same route as about.yaml, which the content check must refuse with a clear message.

      1 content error in 1 file."
    `);
  });

  it('refuses an internal link to a route no page defines', async () => {
    expect(await report('unknown-route')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:9:13  UnknownRoute  sections[0].action.link
        The link \`/abuot\` goes to a route that no page defines.
        Did you mean \`/about\`? Routes come from the \`route\` of each file in content/pages/.

           7 |     action:
           8 |       label: Join us
        >  9 |       link: /abuot
             |             ^^^^^^
          10 |

      1 content error in 1 file."
    `);
  });

  it('refuses a referenced image that does not exist and suggests a file next to it', async () => {
    expect(await report('missing-image')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:14:16  MissingAsset  sections[1].cards[0].image.src
        The file \`public/media/pics.webp\` does not exist.
        Did you mean \`/media/pic.webp\`? Put the file under public/ and write its path from there, starting with \`/\`.

          12 |         text: Every change reviewed and tested.
          13 |         image:
        > 14 |           src: /media/pics.webp
             |                ^^^^^^^^^^^^^^^^
          15 |           alt: A violet rectangle
          16 |

      1 content error in 1 file."
    `);
  });

  it('refuses unknown icons and tells the new name of a renamed one', async () => {
    expect(await report('unknown-icon')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:13:15  UnknownIcon  sections[1].cards[0].icon
        \`zapp\` is not the name of a Lucide icon.
        Use \`zap\`. Names are listed at https://lucide.dev/icons (kebab-case, such as \`cloud-cog\`).

          11 |       - title: Fast
          12 |         text: Pages that load quickly on any phone.
        > 13 |         icon: zapp
             |               ^^^^
          14 |       - title: Office
          15 |         text: Our building in Greater Noida.

      content/pages/home.yaml:16:15  UnknownIcon  sections[1].cards[1].icon
        \`building-2\` is an old Lucide name; the icon is now called \`building-complex\`.
        Use \`building-complex\`. Names are listed at https://lucide.dev/icons (kebab-case, such as \`cloud-cog\`).

          14 |       - title: Office
          15 |         text: Our building in Greater Noida.
        > 16 |         icon: building-2
             |               ^^^^^^^^^^
          17 |

      2 content errors in 1 file."
    `);
  });

  it('refuses unknown logos and a tile with neither logo nor icon', async () => {
    expect(await report('unknown-logo')).toMatchInlineSnapshot(`
      "content/pages/about.yaml:9:15  UnknownLogo  sections[0].items[0].logo
        \`reactjs\` is not a logo of the Iconify \`logos\` set or of Simple Icons.
        Did you mean \`react\`? Look the name up at https://icon-sets.iconify.design/logos/ or https://simpleicons.org.

           7 |     items:
           8 |       - name: React
        >  9 |         logo: reactjs
             |               ^^^^^^^
          10 |       - name: Healthcare
          11 |

      content/pages/about.yaml:10:9  MissingChoice  sections[0].items[1]
        Item 2 of \`sections[0].items\` needs \`logo\` or \`icon\`.
        Give exactly one of \`logo\`, \`icon\`.

           8 |       - name: React
           9 |         logo: reactjs
        > 10 |       - name: Healthcare
             |         ^^^^
          11 |

      2 content errors in 1 file."
    `);
  });

  it('refuses an id used twice in one file', async () => {
    expect(await report('duplicate-id')).toMatchInlineSnapshot(`
      "content/pages/home.yaml:12:9  DuplicateId  sections[1].id
        The id \`join\` is already used at \`sections[0]\`.
        Ids name one thing each within a file; choose another.

          10 |       link: /about
          11 |   - type: cta-banner
        > 12 |     id: join
             |         ^^^^
          13 |     heading: Or talk to us
          14 |     action:

      1 content error in 1 file."
    `);
  });

  it('reports every problem of every file in one pass', async () => {
    const result = await checkContent(fixture('many-problems'));
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([
      'content/pages/about.yaml:9:15 UnknownLogo',
      'content/pages/about.yaml:10:9 MissingChoice',
      'content/pages/home.yaml:8:9 MissingProperty',
      'content/pages/home.yaml:8:9 UnknownProperty',
    ]);
    expect(result.errors).toBe(4);
    expect(result.pages).toEqual([]);
  });

  it('warns, without failing, about titles and descriptions of unusual length', async () => {
    const result = await checkContent(fixture('search-text-length'));
    expect(result.errors).toBe(0);
    expect(result.problems.map((p) => `${p.severity} ${p.code} ${p.path}`)).toEqual([
      'warning TitleLength title',
      'warning DescriptionLength description',
    ]);
    expect(result.pages).toHaveLength(2);
  });

  it('refuses a section type that has a schema but no component, naming the registry line to add', async () => {
    // A project whose schemas/ has a new section type that src/sections/registry.ts does not draw.
    const dirs = fixture('_base');
    const project = mkdtempSync(join(tmpdir(), 'unregistered-'));
    cpSync(join(projectRoot, 'schemas'), join(project, 'schemas'), { recursive: true });
    cpSync(join(projectRoot, 'src/sections'), join(project, 'src/sections'), { recursive: true });
    writeFileSync(
      join(project, 'schemas/sections/quote-band.schema.json'),
      readFileSync(join(project, 'schemas/sections/cta-banner.schema.json'), 'utf8')
        .replace(/cta-banner/g, 'quote-band')
        .replace('"CtaBannerSection"', '"QuoteBandSection"'),
    );
    const result = await checkContent({ ...dirs, schemaDir: join(project, 'schemas') });
    expect(result.errors).toBe(1);
    expect(result.pages).toEqual([]);
    expect(formatProblems(result.problems)).toMatchInlineSnapshot(`
      "src/sections/registry.ts:39:1  UnregisteredSection
        The section type \`quote-band\` has a schema (schemas/sections/quote-band.schema.json) but no line in the registry, so no component can draw it: a page using it would stop the build.
        Add \`'quote-band': () => import('./quote-band/index.tsx'),\` to the registry in src/sections/registry.ts, with the component in src/sections/quote-band/index.tsx; \`npm run new:section -- <type>\` does all of this for a new type.

          37 |   'tech-stack': () => import('./tech-stack/index.tsx'),
          38 |   timeline: () => import('./timeline/index.tsx'),
        > 39 | } satisfies Registry;
             | ^
          40 |
          41 | /** A component for any section; the registry's typing guarantees it matches the section's type. */

      1 content error in 1 file."
    `);

    // A line whose component file is missing is as bad: the build would fail to import it.
    rmSync(join(project, 'schemas/sections/quote-band.schema.json'));
    rmSync(join(project, 'src/sections/timeline'), { recursive: true });
    const missing = await checkContent({ ...dirs, schemaDir: join(project, 'schemas') });
    expect(missing.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`)).toEqual([
      'src/sections/registry.ts:38:19 UnregisteredSection The registry draws `timeline` with ./timeline/index.tsx, which does not exist.',
    ]);
  });

  it('gives shared content to exactly the pages whose sections draw on it, and asks for its file when it is missing', async () => {
    // A project where cta-banner sections draw on new shared content, `promo`: no engine file names it.
    const dirs = fixture('_base');
    const project = mkdtempSync(join(tmpdir(), 'shared-'));
    cpSync(join(projectRoot, 'schemas'), join(project, 'schemas'), { recursive: true });
    writeFileSync(
      join(project, 'schemas/shared/promo.schema.json'),
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        title: 'PromoTemplate',
        description: 'A line every cta-banner shows under its heading.',
        type: 'object',
        additionalProperties: false,
        required: ['line'],
        properties: { line: { $ref: '../common.schema.json#/definitions/text', description: 'The line.' } },
      }),
    );
    const banner = join(project, 'schemas/sections/cta-banner.schema.json');
    writeFileSync(banner, JSON.stringify({ usesShared: ['promo'], ...JSON.parse(readFileSync(banner, 'utf8')) }));
    const options = { ...dirs, schemaDir: join(project, 'schemas') };

    const missing = await checkContent(options);
    expect(missing.problems.map((p) => `${p.file} ${p.code} ${p.message} ${p.hint}`)).toEqual([
      'content/shared/promo.yaml FileUnreadable content/shared/promo.yaml does not exist. Create it. content/pages/home.yaml has a `cta-banner` section, which draws on this file (as every `cta-banner` section does).',
    ]);

    mkdirSync(join(dirs.contentDir, 'shared'));
    writeFileSync(join(dirs.contentDir, 'shared/promo.yaml'), 'line: 12\n');
    const invalid = await checkContent(options);
    expect(invalid.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`)).toEqual([
      'content/shared/promo.yaml:1:7 WrongType',
    ]);

    writeFileSync(join(dirs.contentDir, 'shared/promo.yaml'), 'line: Replies within a day\n');
    const result = await checkContent(options);
    expect(result.problems).toEqual([]);
    expect(result.pages.find((p) => p.page.route === '/')!.shared).toEqual({ promo: { line: 'Replies within a day' } });
    // The page without a cta-banner does not carry it, nor the hiring template no section of it draws.
    expect(result.pages.find((p) => p.page.route === '/about')!.shared).toEqual({});

    // A name without a schema is a mistake in the schemas, stopped before any content is read.
    writeFileSync(banner, JSON.stringify({ ...JSON.parse(readFileSync(banner, 'utf8')), usesShared: ['promos'] }));
    await expect(checkContent(options)).rejects.toThrow(
      'SharedContentUnknown: schemas/sections/cta-banner.schema.json draws on the shared content `promos` (`usesShared`), which has no schema.',
    );
  });

  it('prepares a copy of checked content whose pictures carry their sizes, and leaves the checked data as written', () => {
    const data = { sections: [{ image: { src: '/media/pic.webp', alt: 'A violet rectangle' } }] };
    const written = structuredClone(data);
    const references = [{ kind: 'image' as const, path: ['sections', 0, 'image'], value: data.sections[0]!.image }];
    const prepared = preparePictures(data, references, fixture('_base').publicDir);
    // Too small for a phone's copy; its AVIF twin is made by the build, since none lies beside it.
    expect(prepared.sections[0]!.image).toEqual({
      src: '/media/pic.webp',
      alt: 'A violet rectangle',
      width: 64,
      height: 48,
      avif: expect.stringMatching(/^\/assets\/pictures\/pic-[0-9a-f]{10}\.avif$/),
    });
    expect(data).toEqual(written);
  });

  it('gives unchanged data the copy of the last check, and makes a new one when a picture of it changes', () => {
    const data = { sections: [{ image: { src: '/media/pic.webp', alt: 'A violet rectangle' } }] };
    const references = [{ kind: 'image' as const, path: ['sections', 0, 'image'], value: data.sections[0]!.image }];
    const publicDir = fixture('_base').publicDir;
    const first = preparePictures(data, references, publicDir);
    expect(preparePictures(data, references, publicDir)).toBe(first);
    // What the picture gets is read anew by every check: here a size written in content (a new file
    // in public/ or an edited picture changes it the same way).
    const memo = new Map([[`/media/pic.webp||||""`, { width: 10, height: 5 }]]);
    const again = preparePictures(data, references, publicDir, memo);
    expect(again).not.toBe(first);
    expect(again.sections[0]!.image).toMatchObject({ width: 10, height: 5 });
  });
});

describe('checking again, as the dev server and the editor do at every change', () => {
  it('sees a changed file anew, and the same result as a first check once it is changed back', async () => {
    const site = fixture('_base');
    const file = join(site.contentDir, 'pages/about.yaml');
    const original = readFileSync(file, 'utf8');
    const first = await checkContent(site);
    expect(first.errors).toBe(0);

    writeFileSync(file, original.replace('type: tech-stack', 'type: tech-stak'));
    const broken = await checkContent(site);
    expect(broken.problems.map((p) => `${p.file} ${p.code}`)).toContain('content/pages/about.yaml UnknownSectionType');

    writeFileSync(file, original);
    const again = await checkContent(site);
    expect(again.problems).toEqual(first.problems);
    expect(again.pages.map((p) => p.page)).toEqual(first.pages.map((p) => p.page));
  });
  it('judges an unchanged file as before and a changed one anew: schema problems, template text and markup', async () => {
    const site = fixture('_base');
    const file = join(site.contentDir, 'pages/home.yaml');
    const original = readFileSync(file, 'utf8');
    const codes = async () => (await checkContent(site)).problems.map((p) => `${p.file} ${p.code} ${p.path}`);
    expect(await codes()).toEqual([]);

    writeFileSync(file, original.replace('title: Fast', 'title: "TODO: Fast<br>"'));
    const changed = await codes();
    // In the order of their places: the text's start for the markup, its `TODO` for the template text.
    expect(changed).toEqual([
      'content/pages/home.yaml MarkupInText sections[1].cards[0].title',
      'content/pages/home.yaml PlaceholderText sections[1].cards[0].title',
    ]);
    // The same text again is judged the same, from what was remembered.
    expect(await codes()).toEqual(changed);

    writeFileSync(file, original.replace('icon: zap', 'icon: 7'));
    expect(await codes()).toEqual(['content/pages/home.yaml WrongType sections[1].cards[0].icon']);

    writeFileSync(file, original);
    expect(await codes()).toEqual([]);
  });

  it('measures a picture once per check, and gives every page that shows it its own copy', async () => {
    const site = fixture('_base');
    const about = join(site.contentDir, 'pages/about.yaml');
    writeFileSync(
      about,
      readFileSync(about, 'utf8').replace('sections:', 'image:\n  src: /media/pic.webp\n  alt: A violet rectangle\nsections:'),
    );
    const result = await checkContent(site);
    const pictures = result.pages.map(
      (p) => (p.page.image ?? (p.page.sections[1] as { cards: { image?: unknown }[] } | undefined)?.cards[1]?.image) as object,
    );
    expect(pictures[0]).toMatchObject({ width: 64, height: 48 });
    expect(pictures[1]).toMatchObject({ width: 64, height: 48 });
    expect(pictures[0]).not.toBe(pictures[1]);
  });
});
