/**
 * What a marketer sees while typing in VS Code must be what the build says. The YAML extension
 * validates with the plain JSON Schema rules (it ignores our own keywords), so these tests run the
 * same schemas through a plain ajv and compare its verdict with `content:check` on every fixture.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { buildOnlyCodes } from '../../src/content/catalog.ts';
import { formatPath, locate, splitPointer } from '../../src/content/locate.ts';
import { fixture, projectRoot } from './content-fixtures.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const schemaDir = join(projectRoot, 'schemas');
const listFiles = (dir: string, suffix: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? listFiles(join(dir, entry.name), suffix)
          : entry.name.endsWith(suffix)
            ? [join(dir, entry.name)]
            : [],
      )
    : [];

/** A validator like the editor's: standard draft-07 keywords and formats, our keywords ignored. */
const plain = new Ajv({ allErrors: true, strict: false });
addFormats(plain);
for (const file of listFiles(schemaDir, '.schema.json').filter((f) => !f.includes('/api/'))) {
  plain.addSchema(JSON.parse(readFileSync(file, 'utf8')) as object);
}

/** The schema the build checks a content file with, by its place in the content folder. */
function schemaOf(contentRelative: string): string {
  if (contentRelative === 'site.yaml') return 'schemas/site.schema.json';
  if (contentRelative === 'shared/hire.yaml') return 'schemas/shared/hire.schema.json';
  if (/^pages\/[^/]+\.ya?ml$/.test(contentRelative)) return 'schemas/page.schema.json';
  throw new Error(`content/${contentRelative} is not a file the content check reads`);
}

/**
 * The problems the editor shows: every error but the `if` of a section, which the YAML extension
 * never reports itself (it shows the errors of the branch that applies).
 */
function editorErrors(schema: string, data: unknown): ErrorObject[] {
  const validate = plain.getSchema(`https://schemas.local/${schema.replace(/^schemas\//, '')}`)!;
  validate(data);
  return (validate.errors ?? []).filter((e) => e.keyword !== 'if');
}

/** Where an error belongs: its value, or for an unknown property that property. */
const errorPath = (e: ErrorObject) => [
  ...splitPointer(e.instancePath),
  ...(e.keyword === 'additionalProperties' ? [String((e.params as { additionalProperty: string }).additionalProperty)] : []),
];

interface Verdict {
  readonly valid: boolean;
  readonly paths: readonly string[];
  readonly first?: string;
}

const folders = readdirSync(join(projectRoot, 'tests/fixtures')).filter((name) => !name.startsWith('.'));

describe('the editor and the build agree on the shape of content', () => {
  it.each(folders)('fixture %s: same files invalid, same places, same first problem', async (name) => {
    const dirs = fixture(name);
    const result = await checkContent(dirs);
    const files = [...listFiles(dirs.contentDir, '.yaml'), ...listFiles(dirs.contentDir, '.yml')];
    expect(files.length).toBeGreaterThan(0);
    for (const abs of files) {
      const file = relative(dirs.root, abs);
      const text = readFileSync(abs, 'utf8');
      const counter = new LineCounter();
      const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
      const mine = result.problems.filter((p) => p.file === file && (p.code === 'YamlSyntax' || !buildOnlyCodes.has(p.code)));
      if (doc.errors.length > 0) {
        // The extension reads YAML with the same parser and marks the same syntax error.
        expect(mine.map((p) => p.code)).toContain('YamlSyntax');
        continue;
      }
      // An alias without its anchor leaves the file without data to validate; the extension's parser
      // marks the alias itself.
      if (result.problems.some((p) => p.file === file && p.code === 'UnknownAlias')) continue;
      const order = (path: (string | number)[]) => {
        const { line, column } = locate(doc, counter, path);
        return line * 10_000 + column;
      };
      const editor = editorErrors(schemaOf(relative(dirs.contentDir, abs)), doc.toJS()).map(errorPath);
      const editorVerdict: Verdict = {
        valid: editor.length === 0,
        paths: [...new Set(editor.map(formatPath))].sort(),
        first: editor.length ? formatPath([...editor].sort((a, b) => order(a) - order(b))[0]!) : undefined,
      };
      const buildVerdict: Verdict = {
        valid: mine.length === 0,
        paths: [...new Set(mine.map((p) => p.path))].sort(),
        first: mine[0]?.path,
      };
      expect(buildVerdict, `${name}: ${file}`).toEqual(editorVerdict);
    }
  });

  it('the real content is valid for the editor too', () => {
    const contentDir = join(projectRoot, 'content');
    for (const abs of listFiles(contentDir, '.yaml')) {
      const errors = editorErrors(schemaOf(relative(contentDir, abs)), parseDocument(readFileSync(abs, 'utf8')).toJS());
      expect(errors, relative(projectRoot, abs)).toEqual([]);
    }
  });

  it('a misspelt section type gives the editor one error, on the type, listing the types', () => {
    const errors = editorErrors('schemas/page.schema.json', {
      route: '/',
      title: 'A page with one misspelt section type',
      description: 'The editor must name the one real problem, not every field of every section type.',
      sections: [{ type: 'card-gird', heading: 'Why us', cards: [{ title: 'Fast', text: 'Quick pages.' }] }],
    });
    expect(errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual(['/sections/0/type enum']);
    expect((errors[0]!.params as { allowedValues: string[] }).allowedValues).toContain('card-grid');
  });

  it('a wrong field of a known section type gives the editor only that field', () => {
    const errors = editorErrors('schemas/page.schema.json', {
      route: '/',
      title: 'A page with one card grid and one misspelt field',
      description: 'Only the field of the card grid is wrong; the other section types must not be consulted.',
      sections: [{ type: 'card-grid', heading: 'Why us', colums: 3, cards: [{ title: 'Fast', text: 'Quick pages.' }] }],
    });
    expect(errors.map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`)).toEqual([
      '/sections/0 additionalProperties {"additionalProperty":"colums"}',
    ]);
  });
});

describe("the editor's first line", () => {
  it('is ignored by the check, and every problem below it keeps its true line', async () => {
    const plainFile = await checkContent(fixture('unknown-property'));
    const dirs = fixture('unknown-property');
    const file = join(dirs.contentDir, 'pages/home.yaml');
    writeFileSync(file, `# yaml-language-server: $schema=../../../../schemas/page.schema.json\n${readFileSync(file, 'utf8')}`);
    const withLine = await checkContent(dirs);
    expect(withLine.problems.map((p) => `${p.code} ${p.path} ${p.line}:${p.column}`)).toEqual(
      plainFile.problems.map((p) => `${p.code} ${p.path} ${p.line + 1}:${p.column}`),
    );
    expect(withLine.problems[0]!.frame).toMatch(new RegExp(`> +${withLine.problems[0]!.line} \\|       - titel: Fast`));
  });
});

describe('every content file is mapped to its schema for the editor', () => {
  const settings = JSON.parse(readFileSync(join(projectRoot, '.vscode/settings.json'), 'utf8')) as {
    'yaml.schemas': Record<string, string[]>;
  };
  const globToRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  const mapped = (file: string) =>
    Object.entries(settings['yaml.schemas'])
      .filter(([, globs]) => globs.some((g) => globToRegExp(g).test(file)))
      .map(([schema]) => schema.replace(/^\.\//, ''));

  const contentDir = join(projectRoot, 'content');
  const contentFiles = listFiles(contentDir, '.yaml');
  const fixtureFiles = listFiles(join(projectRoot, 'tests/fixtures'), '.yaml');

  it.each(contentFiles.map((f) => [relative(projectRoot, f), f] as const))(
    '%s names its schema on its first line, and the workspace settings agree',
    (file, abs) => {
      const expected = schemaOf(relative(contentDir, abs));
      const first = readFileSync(abs, 'utf8').split('\n')[0]!;
      const named = first.match(/^# yaml-language-server: \$schema=(\S+)$/)?.[1];
      expect(named, `first line of ${file}`).toBeDefined();
      expect(relative(projectRoot, resolve(dirname(abs), named!))).toBe(expected);
      expect(mapped(file)).toEqual([expected]);
    },
  );

  it('the workspace settings map every fixture file to the schema the build uses', () => {
    for (const abs of fixtureFiles) {
      const file = relative(projectRoot, abs);
      const inContent = file.replace(/^tests\/fixtures\/[^/]+\/content\//, '');
      expect(mapped(file), file).toEqual([schemaOf(inContent)]);
    }
  });

  it('recommends the YAML extension', () => {
    const extensions = JSON.parse(readFileSync(join(projectRoot, '.vscode/extensions.json'), 'utf8')) as {
      recommendations: string[];
    };
    expect(extensions.recommendations).toContain('redhat.vscode-yaml');
  });
});
