/**
 * What a marketer sees while typing in VS Code must be what the build says. These tests run the real
 * yaml-language-server, the program inside VS Code's YAML extension, with the workspace's own
 * `.vscode/settings.json`, and compare what it underlines with what `content:check` reports on every
 * fixture. A plain JSON Schema validator would not do: it resolves schemas by their ids, where the
 * editor fetched `https://schemas.local/…` from the network and, finding nothing there, silently
 * checked no page at all.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { buildOnlyCodes } from '../../src/content/catalog.ts';
import { compileSchemas } from '../../src/content/rules/validate.ts';
import { fixture, projectRoot } from './content-fixtures.ts';
import { startYamlEditor, type EditorProblem, type YamlEditor } from './yaml-language-server.ts';

/** The schema the build checks a content file with, by its place in the content folder. */
function schemaOf(contentRelative: string): string {
  if (contentRelative === 'site.yaml') return 'schemas/site.schema.json';
  const shared = contentRelative.match(/^shared\/([^/]+)\.ya?ml$/);
  if (shared) return `schemas/shared/${shared[1]}.schema.json`;
  if (/^pages\/[^/]+\.ya?ml$/.test(contentRelative)) return 'schemas/page.schema.json';
  if (/^collections\/[^/]+\.ya?ml$/.test(contentRelative)) return 'schemas/collection.schema.json';
  const entry = contentRelative.match(/^([a-z][a-z0-9-]*)\/[^/]+\.ya?ml$/);
  if (entry) return `schemas/collections/${entry[1]}.schema.json`;
  throw new Error(`content/${contentRelative} is not a file the content check reads`);
}

/** Every message the schemas give for a pattern, which the editor shows word for word. */
const patternMessages = new Set(
  listFiles(join(projectRoot, 'schemas'), '.schema.json').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/"patternErrorMessage": "((?:[^"\\]|\\.)*)"/g)].map(
      (m) => JSON.parse(`"${m[1]}"`) as string,
    ),
  ),
);

const folders = readdirSync(join(projectRoot, 'tests/fixtures')).filter((name) => !name.startsWith('.'));
const at = (p: { line: number; column: number }) => `${p.line}:${p.column}`;
const lines = (problems: readonly { line: number }[]) => [...new Set(problems.map((p) => p.line))];
/** The editor's order: by place in the file. */
const byPlace = (a: EditorProblem, b: EditorProblem) => a.line - b.line || a.column - b.column;

// One release: 1.25, the last that runs on every Node package.json allows. 2.0 needs Node 22.13, and it
// changed how the server is packaged (one ESM build, newer protocol libraries), not what it checks.
describe('the editor and the build agree', () => {
  let editor: YamlEditor;
  beforeAll(async () => {
    editor = await startYamlEditor(projectRoot);
  }, 60_000);
  afterAll(async () => editor?.stop());

  /** The editor's problems for a content file, opened where the workspace maps it to its schema. */
  const open = (workspacePath: string, text: string) => editor.problems(workspacePath, text).then((p) => p.sort(byPlace));
  /** What the editor marks on a page file with this title, description and section lines (from line 5). */
  const probe = (title: string, description: string, sections: readonly string[]) =>
    open(
      'content/pages/editor-probe.yaml',
      ['route: /', `title: ${title}`, `description: ${description}`, 'sections:', ...sections, ''].join('\n'),
    );

  it.each(folders)(
    'fixture %s: the same files invalid, the same places, the same first problem',
    async (name) => {
      const dirs = fixture(name);
      const result = await checkContent(dirs);
      const files = listFiles(dirs.contentDir, '.yaml');
      expect(files.length).toBeGreaterThan(0);
      for (const abs of files) {
        const file = relative(dirs.root, abs);
        const label = `${name}: ${file} in ${editor.version}`;
        const theirs = await open(`tests/fixtures/${name}/${file}`, readFileSync(abs, 'utf8'));
        const unreadable = result.problems.filter(
          (p) => p.file === file && (p.code === 'YamlSyntax' || p.code === 'UnknownAlias'),
        );
        if (unreadable.length > 0) {
          // The editor's parser is a different one and may mark a second place further on, but it
          // must reject the file and mark the line where the build finds the mistake.
          expect(theirs.length, label).toBeGreaterThan(0);
          expect(lines(theirs), label).toEqual(expect.arrayContaining(lines(unreadable)));
          continue;
        }
        const mine = result.problems.filter((p) => p.file === file && !buildOnlyCodes.has(p.code));
        expect([...new Set(theirs.map(at))].sort(), label).toEqual([...new Set(mine.map(at))].sort());
        if (mine.length > 0) expect(at(theirs[0]!), label).toBe(at(mine[0]!));
        // Where the editor shows a schema's own message, the build shows it too, unless it gives
        // the very value to write instead (`http://…` gets its `https://…`).
        for (const problem of theirs.filter((p) => patternMessages.has(p.message))) {
          const there = mine.filter((p) => at(p) === at(problem));
          const words = there.map((p) => `${p.message} ${p.hint ?? ''}`).join('\n');
          if (there.some((p) => /^Write `[^`]+`/.test(p.hint ?? ''))) continue;
          expect(words, `${label}: the schema's message at ${at(problem)} reaches the build`).toContain(problem.message);
        }
      }
    },
    60_000,
  );

  it('finds nothing wrong in the real content', async () => {
    for (const abs of listFiles(join(projectRoot, 'content'), '.yaml')) {
      const file = relative(projectRoot, abs);
      expect(await open(file, readFileSync(abs, 'utf8')), file).toEqual([]);
    }
  }, 60_000);

  it('marks a misspelt section type once, on the type, listing the types', async () => {
    const problems = await probe(
      'A page with one misspelt section type',
      'The editor must name the one real problem, not every field of every section type.',
      ['  - type: card-gird', '    heading: Why us', '    cards:', '      - title: Fast', '        text: Quick pages.'],
    );
    expect(problems.map(at)).toEqual(['5:11']);
    expect(problems[0]!.message).toContain('card-grid');
  });

  it('marks only the wrong field of a known section type', async () => {
    const problems = await probe(
      'A page with one card grid and one misspelt field',
      'Only the field of the card grid is wrong; the other section types must not be consulted.',
      [
        '  - type: card-grid',
        '    heading: Why us',
        '    colums: 3',
        '    cards:',
        '      - title: Fast',
        '        text: Quick pages.',
      ],
    );
    expect(problems.map(at)).toEqual(['7:5']);
    expect(problems[0]!.message).toContain('colums');
  });
});

describe('a content schema with an address of its own', () => {
  it('stops the check, naming the file and the line to remove, since the editor would check nothing', () => {
    const schemaDir = mkdtempSync(join(tmpdir(), 'schema-id-'));
    cpSync(join(projectRoot, 'schemas'), schemaDir, { recursive: true });
    const file = join(schemaDir, 'sections/hero.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ $id: 'https://schemas.local/sections/hero.schema.json', ...schema }));
    expect(() => compileSchemas(schemaDir)).toThrow(
      /^SchemaIdDeclared: schemas\/sections\/hero\.schema\.json declares "\$id"\..*Remove the "\$id" line/,
    );
  });

  it('is allowed for the request schemas, which no editor opens', () => {
    const api = listFiles(join(projectRoot, 'schemas/api'), '.schema.json');
    expect(api.length).toBeGreaterThan(0);
    for (const file of api) expect(JSON.parse(readFileSync(file, 'utf8')), file).toHaveProperty('$id');
    expect(() => compileSchemas(join(projectRoot, 'schemas'))).not.toThrow();
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
