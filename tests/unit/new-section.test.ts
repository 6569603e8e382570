import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess } from '../helpers/processes.ts';
import { checkGallery } from '../../src/content/build/gallery.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { compileSchemas } from '../../src/content/rules/validate.ts';
import { projectRoot } from './content-fixtures.ts';

// The script runs on a copy of the project, never on the real tree: other work goes on there, and
// a generated section must not be left behind. Dependencies and media are linked, not copied.
const COPIED_DIRS = ['schemas', 'src', 'scripts', 'tests', 'content', 'docs'];
const COPIED_FILES = [
  'package.json',
  'tsconfig.json',
  'vitest.config.ts',
  'vite.config.ts',
  'playwright.config.ts',
  'eslint.config.js',
  'index.html',
];
let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'new-section-'));
  for (const dir of COPIED_DIRS) cpSync(join(projectRoot, dir), join(copy, dir), { recursive: true });
  for (const file of COPIED_FILES) {
    cpSync(join(projectRoot, file), join(copy, file));
  }
  for (const file of ['.prettierrc.json', '.prettierignore']) {
    if (existsSync(join(projectRoot, file))) cpSync(join(projectRoot, file), join(copy, file));
  }
  symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'));
  symlinkSync(join(projectRoot, 'public'), join(copy, 'public'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/**
 * Runs a Node program in the copy, as `npm run …` would (through tsx for TypeScript). Whatever it
 * started (new:section's dev server and Chromium) is stopped with it when the test ends, also when the
 * program overran its `timeout`, which fails the test with what it printed.
 */
async function run(args: string[], timeout = 60_000) {
  const program = startProcess(process.execPath, args, {
    name: `node ${args.filter((arg) => !arg.startsWith('-') && arg !== 'tsx')[0] ?? ''}`,
    cwd: copy,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<'overran'>((resolve) => (timer = setTimeout(() => resolve('overran'), timeout)));
  const status = await Promise.race([program.exited, overran]);
  clearTimeout(timer);
  if (status === 'overran')
    throw new Error(`ProgramOverran: ${args.join(' ')} ran over ${timeout / 1000} s. It printed:\n${program.output()}`);
  return { status, output: program.output() };
}
// New:section starts the dev server and Chromium to picture the new type for the content guide.
const newSection = (...args: string[]) => run(['--import', 'tsx', 'scripts/new-section.ts', ...args], 150_000);

/** Every file of the copy that new:section may touch, with its content, to prove a refusal wrote nothing. */
function tree(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(copy, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(path, readFileSync(join(copy, path), 'utf8'));
    }
  };
  ['schemas', 'src/sections', 'src/generated'].forEach(walk);
  return files;
}

/** A fingerprint of every file of the copy's own (not linked) folders and files, by path from its root. */
function fingerprints(): Map<string, string> {
  const files = new Map<string, string>();
  const add = (file: string) => files.set(relative(copy, file), createHash('sha256').update(readFileSync(file)).digest('hex'));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.isFile()) add(join(dir, entry.name));
    }
  };
  COPIED_DIRS.forEach((dir) => walk(join(copy, dir)));
  COPIED_FILES.filter((file) => existsSync(join(copy, file))).forEach((file) => add(join(copy, file)));
  return files;
}

/** The files added, changed or removed between two fingerprints, sorted. */
const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();

/**
 * The places docs/sections.md says a section type lives in and derives, for `type`: the first
 * column of its table and the leading path of each item of its list, between "## The places of a
 * section" and "### The quick way". A place ending in `/` is a folder.
 */
function documentedPlaces(guide: string, type: string): { written: string[]; derived: string[] } {
  const start = guide.indexOf('## The places of a section');
  const part = guide.slice(start, guide.indexOf('### The quick way', start));
  const paths = (pattern: RegExp) => [...part.matchAll(pattern)].map((m) => m[1]!.replaceAll('<type>', type));
  return { written: paths(/^\| `([^`]+)` \|/gm), derived: paths(/^- `([^`]+)`/gm) };
}

const inPlace = (file: string, place: string) => (place.endsWith('/') ? file.startsWith(place) : file === place);

/** The lines of `after` that `before` does not have, as a multiset difference. */
function addedLines(before: string, after: string): string[] {
  const left = before.split('\n');
  return after.split('\n').filter((line) => {
    const i = left.indexOf(line);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

/** Every property schema in a schema, with its JSON pointer. */
function properties(node: unknown, at = '#'): [string, Record<string, unknown>][] {
  if (Array.isArray(node)) return node.flatMap((n, i) => properties(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const object = node as Record<string, unknown>;
  const own = Object.entries((object.properties ?? {}) as Record<string, Record<string, unknown>>).map(
    ([key, value]) => [`${at}/properties/${key}`, value] as [string, Record<string, unknown>],
  );
  return [
    ...own,
    ...Object.entries(object)
      .filter(([key]) => key !== 'examples')
      .flatMap(([key, value]) => properties(value, `${at}/${key}`)),
  ];
}

describe('npm run new:section', () => {
  it('refuses a name that is not kebab-case, an existing type, or no name, and writes nothing', async () => {
    const before = tree();
    expect((await newSection('StatsBand')).output).toMatchInlineSnapshot(`
      "SectionNameInvalid: \`StatsBand\` cannot be a section type. Types are kebab-case: lowercase letters and digits, words joined by single hyphens, starting with a letter, as content writes them (\`type: stats-band\`). Did you mean \`stats-band\`?
      "
    `);
    expect((await newSection('hero')).output).toMatchInlineSnapshot(`
      "SectionExists: \`hero\` is already a section type, or partly one: schemas/sections/hero.schema.json and src/sections/hero exist. Choose another name, or finish that section by hand (docs/sections.md lists its places).
      "
    `);
    expect((await newSection()).output).toMatchInlineSnapshot(`
      "SectionNameMissing: give the name of the new section type: \`npm run new:section -- stats-band\`.
      "
    `);
    expect((await newSection('stats-band', 'quote-band')).output).toMatch(/^OneSectionAtATime: /);
    expect((await newSection('--force', 'stats-band')).output).toMatch(/^UnknownOption: /);
    expect((await newSection('3d-band')).output).toMatch(/^SectionNameInvalid: /);
    expect(tree()).toEqual(before);
  });

  it('adds a section type that typechecks, passes the content check and the tests, and shows in the gallery, changing only the places docs/sections.md lists', async () => {
    const before = fingerprints();
    const registryBefore = readFileSync(join(copy, 'src/sections/registry.ts'), 'utf8');
    const metaBefore = readFileSync(join(copy, 'src/sections/meta.ts'), 'utf8');
    const added = await newSection('stats-band');
    expect(added.status, added.output).toBe(0);
    expect(added.output).toContain('Next steps:');

    // The guide's list of places is the whole truth: every file new:section changed is one of them,
    // and each place was needed (a new type with nothing but the defaults has no meta.ts).
    const changed = changedFiles(before, fingerprints());
    const places = documentedPlaces(readFileSync(join(copy, 'docs/sections.md'), 'utf8'), 'stats-band');
    expect(places.written).toEqual([
      'schemas/sections/stats-band.schema.json',
      'src/sections/stats-band/',
      'src/sections/registry.ts',
      'src/sections/meta.ts',
    ]);
    const all = [...places.written, ...places.derived];
    expect(
      changed.filter((file) => !all.some((place) => inPlace(file, place))),
      'changed, but not a place of docs/sections.md',
    ).toEqual([]);
    expect(
      all.filter((place) => !changed.some((file) => inPlace(file, place))),
      'a place of docs/sections.md left as it was',
    ).toEqual([]);
    // "One line" in each of the two maps.
    expect(addedLines(registryBefore, readFileSync(join(copy, 'src/sections/registry.ts'), 'utf8'))).toEqual([
      "  'stats-band': () => import('./stats-band/index.tsx'),",
    ]);
    expect(addedLines(metaBefore, readFileSync(join(copy, 'src/sections/meta.ts'), 'utf8'))).toEqual(["  'stats-band': {},"]);

    // The three places, and what is derived from them.
    const schema = JSON.parse(readFileSync(join(copy, 'schemas/sections/stats-band.schema.json'), 'utf8')) as {
      examples?: unknown[];
    };
    expect(schema.examples?.length).toBeGreaterThan(0);
    for (const [pointer, property] of properties(schema)) expect(property.description, pointer).toEqual(expect.any(String));
    expect(readdirSync(join(copy, 'src/sections/stats-band')).sort()).toEqual([
      'index.test.tsx',
      'index.tsx',
      'styles.module.css',
    ]);
    expect(readFileSync(join(copy, 'src/sections/registry.ts'), 'utf8')).toContain(
      "  'slide-banner': () => import('./slide-banner/index.tsx'),\n  'stats-band': () => import('./stats-band/index.tsx'),\n",
    );
    expect(readFileSync(join(copy, 'src/sections/meta.ts'), 'utf8')).toContain(
      "  'slide-banner': slideBanner,\n  'stats-band': {},\n  team,\n",
    );
    expect(readFileSync(join(copy, 'schemas/page.schema.json'), 'utf8')).toContain('"$ref": "sections/stats-band.schema.json"');
    expect(readFileSync(join(copy, 'src/generated/schema-types.ts'), 'utf8')).toContain('export interface StatsBandSection {');

    const typecheck = await run([join(copy, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], 180_000);
    expect(typecheck.status, typecheck.output).toBe(0);
    const tests = await run(
      [
        join(copy, 'node_modules/vitest/vitest.mjs'),
        'run',
        'tests/unit/schema-examples.test.ts',
        'tests/unit/content-lint.test.ts',
        'tests/unit/content-guide.test.ts',
        // The editor's form of the new type names every field and choice in a marketer's words.
        'tests/unit/editor-words.test.ts',
        'src/sections/stats-band',
      ],
      240_000,
    );
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toMatch(/src\/sections\/stats-band\/index\.test\.tsx/);
    // The content guide has the new type's field table and picture without anything run by hand.
    expect(tests.output).toMatch(/tests\/unit\/content-guide\.test\.ts/);
    expect(readFileSync(join(copy, 'docs/content-guide.md'), 'utf8')).toContain('stats-band');
    expect(existsSync(join(copy, 'docs/images/sections/stats-band.webp'))).toBe(true);
    const content = await run(['--import', 'tsx', 'src/content/cli/cli.ts']);
    expect(content.status, content.output).toBe(0);
    expect((await run(['--import', 'tsx', 'scripts/gen-types.ts', '--check'])).status).toBe(0);

    // The gallery is drawn from this list, prepared like a page (the schema default is filled in).
    const gallery = await checkGallery({ root: copy, publicDir: join(projectRoot, 'public') });
    expect(gallery.result.errors, formatProblems(gallery.result.problems)).toBe(0);
    const entry = gallery.sections.find((s) => s.type === 'stats-band');
    expect(entry?.examples).toHaveLength(schema.examples!.length);
    expect(entry?.examples[0]).toMatchObject({ type: 'stats-band', tone: 'light' });
  }, 420_000);

  it('a section schema added by hand is valid content at once, and gen:types names what it derives', async () => {
    const schema = readFileSync(join(copy, 'schemas/sections/cta-banner.schema.json'), 'utf8')
      .replace(/cta-banner/g, 'quote-band')
      .replace('"CtaBannerSection"', '"QuoteBandSection"');
    writeFileSync(join(copy, 'schemas/sections/quote-band.schema.json'), schema);
    // The content check builds the page schema's list of types from the folder, before any generation.
    const validators = compileSchemas(join(copy, 'schemas'));
    const page = {
      route: '/quotes',
      title: 'Quotes',
      description: 'A page with the new section.',
      sections: [{ type: 'quote-band', heading: 'What clients say', action: { label: 'Contact us', link: '/contact' } }],
    };
    expect(validators.run(validators.page, page).problems).toEqual([]);
    expect(validators.sectionTypes).toContain('quote-band');
    // Editors read the list from the file: the check says it is stale and how to fix it.
    expect((await run(['--import', 'tsx', 'scripts/gen-types.ts', '--check'])).output).toMatchInlineSnapshot(`
      "SectionListStale: the section list of schemas/page.schema.json does not match schemas/sections/; it lacks \`quote-band\`.
      The list is generated from the section schema files. Run \`npm run gen:types\` and commit the result.
      GeneratedTypesStale: src/generated/schema-types.ts does not match schemas/.
      A schema changed without regenerating its types. Run \`npm run gen:types\` and commit the result.
      "
    `);
    const generated = await run(['--import', 'tsx', 'scripts/gen-types.ts']);
    expect(generated.output).toContain('Wrote the section list of schemas/page.schema.json: added `quote-band`.');
    expect(readFileSync(join(copy, 'schemas/page.schema.json'), 'utf8')).toContain('"const": "quote-band"');
  });
});

describe('the places of a section', () => {
  it('no code of the content engine, the editor or the app names a section type: it asks src/sections/meta.ts', () => {
    const types = readdirSync(join(projectRoot, 'schemas/sections'))
      .filter((f) => f.endsWith('.schema.json'))
      .map((f) => f.replace(/\.schema\.json$/, ''));
    const named = new RegExp(`'(${types.join('|')})'`, 'g');
    // Words that are also a section type's name, used here for something else.
    const otherMeanings = new Map([
      // The field of a roles entry that names its tab: part of the `roles` listing (src/sections/meta-types.ts).
      ['src/content/check/listings.ts', new Set(["'team'"])],
      // The site settings' contact details (`contact.phones` of content/site.yaml), whose numbers LinkUnusable checks.
      ['src/content/rules/lint.ts', new Set(["'contact'"])],
      // A submission's type (`contact` or `application`, src/server/storage), which the inbox lists apart.
      ['src/editor/service/inbox-routes.ts', new Set(["'contact'"])],
      ['src/editor/ui/Inbox.tsx', new Set(["'contact'"])],
    ]);
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(projectRoot, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          // Comments may name types; blanked to their line breaks, so line numbers stay right.
          const code = readFileSync(join(projectRoot, path), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) =>
            c.replace(/[^\n]/g, ''),
          );
          code.split('\n').forEach((line, i) => {
            for (const [word] of line.matchAll(named))
              if (!otherMeanings.get(path)?.has(word)) found.push(`${path}:${i + 1} ${word}`);
          });
        }
      }
    };
    ['src/content', 'src/editor', 'src/app'].forEach(walk);
    expect(found).toEqual([]);
  });

  it('the meta map, read in Node by the content check and the server, loads no component, no CSS and no React', async () => {
    const { metafile } = await build({
      entryPoints: [join(projectRoot, 'src/sections/meta.ts')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      metafile: true,
      logLevel: 'silent',
    });
    const modules = Object.keys(metafile.inputs);
    expect(modules.filter((file) => /\.(tsx|css)$/.test(file))).toEqual([]);
    const packages = Object.values(metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
    expect(packages.filter((name) => /^react(-dom)?(\/|$)/.test(name))).toEqual([]);
    expect(modules).toContain('src/sections/prose/meta.ts');
  });
});
