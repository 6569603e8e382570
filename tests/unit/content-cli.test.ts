import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Problem } from '../../src/content/catalog.ts';
import { formatGithub, formatJson, parseArgs } from '../../src/content/cli/cli-formats.ts';
import { cacheFolder } from '../../src/content/files.ts';
import { compileSchemas } from '../../src/content/rules/validate.ts';
import { fixture, projectRoot } from './content-fixtures.ts';

const problem = (over: Partial<Problem>): Problem => ({
  code: 'UnknownRoute',
  severity: 'error',
  file: 'content/pages/home.yaml',
  line: 9,
  column: 13,
  path: 'sections[0].action.link',
  message: 'The link `/abuot` goes to a route that no page defines.',
  hint: 'Did you mean `/about`? Routes come from the `route` of each file in content/pages/.',
  frame: '> 9 |       link: /abuot',
  ...over,
});

/** Runs `content:check` as npm does, on a fixture, with the arguments given. */
function run(name: string, ...args: string[]) {
  return runWith({}, name, ...args);
}

function runWith(env: Record<string, string>, name: string, ...args: string[]) {
  const dirs = fixture(name);
  symlinkSync(join(projectRoot, 'schemas'), join(dirs.root, 'schemas'));
  const out = spawnSync(process.execPath, [join(projectRoot, 'scripts/content-check.mjs'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, CONTENT_ROOT: dirs.root, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe('content:check output formats', () => {
  it('writes GitHub annotations with the file, line, column and code, the hint on a second line', () => {
    expect(
      formatGithub([
        problem({}),
        problem({
          code: 'TitleLength',
          severity: 'warning',
          line: 2,
          column: 8,
          path: 'title',
          message: 'The title has 4 characters; search engines show 30 to 60 best.',
          hint: 'Say a little more about the page in the title.',
        }),
      ]),
    ).toMatchInlineSnapshot(`
      "::error file=content/pages/home.yaml,line=9,col=13,title=UnknownRoute::sections[0].action.link: The link \`/abuot\` goes to a route that no page defines.%0ADid you mean \`/about\`? Routes come from the \`route\` of each file in content/pages/.
      ::warning file=content/pages/home.yaml,line=2,col=8,title=TitleLength::title: The title has 4 characters; search engines show 30 to 60 best.%0ASay a little more about the page in the title."
    `);
  });

  it('escapes %, CR and LF in messages, and also , and : in properties, as GitHub decodes them', () => {
    const line = formatGithub([
      problem({ file: 'content/pages/a,b:c.yaml', path: '', message: '100% sure\r\nor not', hint: undefined }),
    ]);
    expect(line).toBe('::error file=content/pages/a%2Cb%3Ac.yaml,line=9,col=13,title=UnknownRoute::100%25 sure%0D%0Aor not');
  });

  it('writes JSON as an array of plain problems with their fixes, without the code frame', () => {
    expect(JSON.parse(formatJson([problem({}), problem({ severity: 'warning', hint: undefined })]))).toEqual([
      {
        severity: 'error',
        code: 'UnknownRoute',
        file: 'content/pages/home.yaml',
        line: 9,
        column: 13,
        path: 'sections[0].action.link',
        message: 'The link `/abuot` goes to a route that no page defines.',
        hint: 'Did you mean `/about`? Routes come from the `route` of each file in content/pages/.',
        fix: null,
      },
      {
        severity: 'warning',
        code: 'UnknownRoute',
        file: 'content/pages/home.yaml',
        line: 9,
        column: 13,
        path: 'sections[0].action.link',
        message: 'The link `/abuot` goes to a route that no page defines.',
        hint: null,
        fix: null,
      },
    ]);
  });

  it('reads --format in both spellings and refuses what it does not know, saying what to use', () => {
    expect(parseArgs([])).toEqual({ format: 'text', fix: false, errorsOnly: false });
    expect(parseArgs(['--format', 'github', '--fix'])).toEqual({ format: 'github', fix: true, errorsOnly: false });
    expect(parseArgs(['--format=json', '--errors-only'])).toEqual({ format: 'json', fix: false, errorsOnly: true });
    expect(parseArgs(['--format', 'xml'])).toEqual({
      error:
        'UnknownFormat: `xml` is not an output format of content:check. Use `--format text` (the default), `--format github` or `--format json`; `--fix` to apply every fix the check offers; `--errors-only` to leave warnings out.',
    });
    expect(parseArgs(['--format'])).toEqual({
      error:
        'MissingFormat: `--format` needs a name. Use `--format text` (the default), `--format github` or `--format json`; `--fix` to apply every fix the check offers; `--errors-only` to leave warnings out.',
    });
    expect(parseArgs(['--json'])).toMatchObject({
      error: expect.stringMatching(/^UnknownOption: content:check does not know `--json`\./),
    });
  });
});

describe('content:check exit codes', () => {
  it.each(['text', 'github', 'json'])('exits 1 on a content error with --format %s', (format) => {
    const result = run('unknown-route', '--format', format);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(format === 'json' ? '"code": "UnknownRoute"' : 'UnknownRoute');
  });

  it('exits 0 with warnings only, and keeps stdout pure JSON for tools', () => {
    const result = run('search-text-length', '--format', 'json');
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as { code: string }[]).map((p) => p.code)).toEqual(['TitleLength', 'DescriptionLength']);
    expect(result.stderr).toMatch(/Content is valid: 2 pages/);
  });

  it('prints GitHub annotations, one per line, then the summary', () => {
    const result = run('unknown-route', '--format', 'github');
    expect(result.stdout.split('\n')[0]).toBe(
      '::error file=content/pages/home.yaml,line=9,col=13,title=UnknownRoute::sections[0].action.link: The link `/abuot` goes to a route that no page defines.%0ADid you mean `/about`? Routes come from the `route` of each file in content/pages/.',
    );
    expect(result.stdout).toMatch(/\nContent check failed in \d+ ms\. Fix the problems above, then run it again\.\n$/);
  });

  it('exits 2 with a clear message for an unknown format, before checking anything', () => {
    const result = run('_base', '--format', 'xml');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      'UnknownFormat: `xml` is not an output format of content:check. Use `--format text` (the default), `--format github` or `--format json`; `--fix` to apply every fix the check offers; `--errors-only` to leave warnings out.',
    );
  });
});

describe('what content:check keeps between runs', () => {
  it('keeps no bundle of its sources: each run bundles them afresh and leaves nothing behind, also when it fails', () => {
    const leftovers = () =>
      existsSync(cacheFolder('')) ? readdirSync(cacheFolder('')).filter((name) => name.startsWith('content-check')) : [];
    const before = leftovers();
    const failed = run('unknown-route');
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('UnknownRoute');
    expect(run('search-text-length').status).toBe(0);
    expect(leftovers()).toEqual(before);
  });

  it('compiles a changed schema anew instead of answering with the validators saved for the old one', () => {
    const schemaDir = join(mkdtempSync(join(tmpdir(), 'schemas-')), 'schemas');
    cpSync(join(projectRoot, 'schemas'), schemaDir, { recursive: true });
    const saved = () => new Set(readdirSync(cacheFolder('content-validators')));
    const site = (data: unknown) => {
      const validators = compileSchemas(schemaDir);
      return validators.run(validators.site, structuredClone(data)).problems.map((p) => p.code);
    };
    const siteFile = join(projectRoot, 'content/site.yaml');
    const data = parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>;
    expect(site(data)).toEqual([]);
    const before = saved();
    // The same schemas again: the saved code answers, and nothing new is written.
    expect(site(data)).toEqual([]);
    expect(saved()).toEqual(before);
    const schemaFile = join(schemaDir, 'site.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { required?: string[]; properties: Record<string, unknown> };
    schema.properties.brandNew = { type: 'string', description: 'A property this test adds and requires.' };
    schema.required = [...(schema.required ?? []), 'brandNew'];
    writeFileSync(schemaFile, JSON.stringify(schema));
    expect(site(data)).toContain('MissingProperty');
  });
});
