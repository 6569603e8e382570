import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { compileSchemas } from '../../src/content/rules/validate.ts';
import { renameMessage } from '../../src/content/renames.ts';
import { fixture, projectRoot } from './content-fixtures.ts';

type Json = Record<string, unknown>;

/**
 * A copy of the real schemas in which `from` became `to` in the object schema at `at` of `file`,
 * done as docs/sections.md tells a developer: the definition moves to the new name, and the old
 * name stays behind as a marker.
 */
function renamedSchemas(renames: { file: string; at: string[]; from: string; to: string; when: string }[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'renamed-schemas-')), 'schemas');
  cpSync(join(projectRoot, 'schemas'), dir, { recursive: true });
  for (const { file, at, from, to, when } of renames) {
    const path = join(dir, file);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as Json;
    const object = at.reduce<Json>((node, key) => node[key] as Json, schema);
    const properties = object.properties as Json;
    object.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => (key === from ? [to, value] : [key, value])),
    );
    (object.properties as Json)[from] = {
      'x-renamed-to': to,
      'x-renamed-in': when,
      deprecationMessage: renameMessage(from, { to, in: when }),
    };
    if (Array.isArray(object.required)) object.required = object.required.map((key) => (key === from ? to : key));
    writeFileSync(path, JSON.stringify(schema, null, 2));
  }
  return dir;
}

const ctaHeadingToTitle = { file: 'sections/cta-banner.schema.json', at: [], from: 'heading', to: 'title', when: '2026-05' };
const cardLinkLabel = {
  file: 'sections/card-grid.schema.json',
  at: ['properties', 'cards', 'items'],
  from: 'linkLabel',
  to: 'buttonLabel',
  when: 'v0.2',
};

describe('renamed schema properties', () => {
  it('tells content that still uses an old name what the key became, at the old key', async () => {
    const schemaDir = renamedSchemas([ctaHeadingToTitle, cardLinkLabel]);
    const result = await checkContent({ ...fixture('renamed-property'), schemaDir });
    expect(formatProblems(result.problems)).toMatchInlineSnapshot(`
      "content/pages/home.yaml:6:5  RenamedProperty  sections[0].heading
        \`heading\` was renamed to \`title\` in 2026-05; rename the key.
        Write \`title:\` where it says \`heading:\`; the value stays as it is.

          4 | sections:
          5 |   - type: cta-banner
        > 6 |     heading: Let's build **something**
            |     ^^^^^^^
          7 |     action:
          8 |       label: Join us

      content/pages/home.yaml:16:9  RenamedProperty  sections[1].cards[0].linkLabel
        \`linkLabel\` was renamed to \`buttonLabel\` in v0.2; rename the key.
        Write \`buttonLabel:\` where it says \`linkLabel:\`; the value stays as it is.

          14 |         text: Pages that load quickly on any phone.
          15 |         link: /about
        > 16 |         linkLabel: Read more
             |         ^^^^^^^^^
          17 |   - type: cta-banner
          18 |     heading: Old words

      content/pages/home.yaml:18:5  RenamedProperty  sections[2].heading
        \`heading\` was renamed to \`title\` in 2026-05, and \`title\` is given too; delete \`heading\`.
        Keep the value you want under \`title:\`.

          16 |         linkLabel: Read more
          17 |   - type: cta-banner
        > 18 |     heading: Old words
             |     ^^^^^^^
          19 |     title: New words
          20 |     action:

      content/pages/home.yaml:23:5  MissingProperty  sections[3]
        \`title\` is required in a cta banner section but missing.
        Add \`title:\` (heading of the banner).

          21 |       label: Join us
          22 |       link: /about
        > 23 |   - type: cta-banner
             |     ^^^^
          24 |     heding: A misspelt old name
          25 |     action:

      content/pages/home.yaml:24:5  UnknownProperty  sections[3].heding
        \`heding\` is not allowed in a cta banner section.
        Did you mean \`title\`? Allowed here: \`type\`, \`id\`, \`title\`, \`text\`, \`action\`.

          22 |       link: /about
          23 |   - type: cta-banner
        > 24 |     heding: A misspelt old name
             |     ^^^^^^
          25 |     action:
          26 |       label: Join us

      content/site.yaml:27:3  RenamedProperty  closing.heading
        \`heading\` was renamed to \`title\` in 2026-05; rename the key.
        Write \`title:\` where it says \`heading:\`; the value stays as it is.

          25 | closing:
          26 |   type: cta-banner
        > 27 |   heading: Talk to the **fixture team**
             |   ^^^^^^^
          28 |   action:
          29 |     label: About us

      6 content errors in 2 files."
    `);
  });

  it('accepts content written with the new names', async () => {
    const schemaDir = renamedSchemas([ctaHeadingToTitle]);
    const dirs = fixture('_base');
    const home = join(dirs.contentDir, 'pages/home.yaml');
    writeFileSync(home, readFileSync(home, 'utf8').replace("    heading: Let's build", "    title: Let's build"));
    // The site's closing banner is a cta-banner too, so it follows the rename.
    const site = join(dirs.contentDir, 'site.yaml');
    writeFileSync(site, readFileSync(site, 'utf8').replace('  heading: Talk to the', '  title: Talk to the'));
    const result = await checkContent({ ...dirs, schemaDir });
    expect(formatProblems(result.problems)).not.toContain('renamed');
    expect(result.errors).toBe(0);
    const banner = result.pages.find((p) => p.page.route === '/')!.page.sections[0] as unknown as Json;
    expect(banner.title).toBe("Let's build **something**");
  });

  it('leaves old names out of the generated types and tells the new name what it was called', () => {
    const schemaDir = renamedSchemas([ctaHeadingToTitle, cardLinkLabel]);
    const out = join(schemaDir, '..', 'schema-types.ts');
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'scripts/gen-types.ts'), '--schemas', schemaDir, '--out', out],
      {
        cwd: projectRoot,
      },
    );
    const types = readFileSync(out, 'utf8');
    const declaration = (name: string) =>
      types.slice(
        types.indexOf(`export interface ${name} {`),
        types.indexOf('\n}\n', types.indexOf(`export interface ${name} {`)),
      );
    const banner = declaration('CtaBannerSection');
    expect(banner).toContain('readonly title: Heading;');
    expect(banner).toContain('Called `heading` before 2026-05.');
    expect(banner).not.toMatch(/readonly heading/);
    const card = declaration('Card');
    expect(card).toContain('readonly buttonLabel?: Text;');
    expect(card).not.toMatch(/readonly linkLabel/);
  });

  it('refuses a marker that would give authors a wrong instruction, naming each mistake', () => {
    const schemaDir = renamedSchemas([ctaHeadingToTitle]);
    const file = join(schemaDir, 'sections/cta-banner.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Json; required: string[] };
    schema.properties.heading = { 'x-renamed-to': 'titel', 'x-renamed-in': '2026-05', deprecationMessage: 'Renamed.' };
    schema.properties.text = { 'x-renamed-to': 'title', type: 'string', deprecationMessage: 'Renamed.' };
    schema.required.push('text');
    writeFileSync(file, JSON.stringify(schema, null, 2));
    expect(() => compileSchemas(schemaDir)).toThrowErrorMatchingInlineSnapshot(`
      [Error: SchemaRenameInvalid: a renamed property is marked wrongly.
      schemas/sections/cta-banner.schema.json #/properties/text: add \`"x-renamed-in": "<date or release>"\`, which the error message quotes.
      schemas/sections/cta-banner.schema.json #/properties/text: remove \`text\` from \`required\`; require \`title\` instead.
      schemas/sections/cta-banner.schema.json #/properties/text: a renamed property keeps only its marker; remove \`type\` (the definition belongs to \`title\`).
      schemas/sections/cta-banner.schema.json #/properties/heading: \`x-renamed-to\` is \`titel\`, which is not a property of this object; name an existing property.]
    `);
  });
});

describe('a schema being edited', () => {
  it('names a file that is not valid JSON instead of failing with a bare parser error', () => {
    const schemaDir = renamedSchemas([]);
    writeFileSync(join(schemaDir, 'sections/cta-banner.schema.json'), '{ "title": "CtaBannerSection", ');
    expect(() => compileSchemas(schemaDir)).toThrowError(
      /^SchemaUnreadable: schemas\/sections\/cta-banner\.schema\.json is not valid JSON \(/,
    );
  });
});
