import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/content/catalog.ts';
import { formatGithub, formatJson, parseArgs } from '../../src/content/cli-formats.ts';
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
  const dirs = fixture(name);
  symlinkSync(join(projectRoot, 'schemas'), join(dirs.root, 'schemas'));
  const out = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/content/cli.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, CONTENT_ROOT: dirs.root, NO_COLOR: '1' },
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

  it('writes JSON as an array of plain problems, without the code frame', () => {
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
      },
    ]);
  });

  it('reads --format in both spellings and refuses what it does not know, saying what to use', () => {
    expect(parseArgs([])).toEqual({ format: 'text' });
    expect(parseArgs(['--format', 'github'])).toEqual({ format: 'github' });
    expect(parseArgs(['--format=json'])).toEqual({ format: 'json' });
    expect(parseArgs(['--format', 'xml'])).toEqual({
      error:
        'UnknownFormat: `xml` is not an output format of content:check. Use `--format text` (the default), `--format github` or `--format json`.',
    });
    expect(parseArgs(['--format'])).toEqual({
      error: 'MissingFormat: `--format` needs a name. Use `--format text` (the default), `--format github` or `--format json`.',
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
      'UnknownFormat: `xml` is not an output format of content:check. Use `--format text` (the default), `--format github` or `--format json`.',
    );
  });
});
