/**
 * The content check reads most files with js-yaml for speed (src/content/check/quick-yaml.ts), but
 * `yaml` is what a file means: the editor, the error reports and the language server all go by it.
 * These tests hold the quick way to the same data as `yaml`, or to no data at all (then `yaml` reads).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { quickRead } from '../../src/content/check/quick-yaml.ts';
import { listFiles } from '../../src/content/files.ts';
import { projectRoot } from './content-fixtures.ts';

/** `yaml`'s data for a text, or undefined when it finds a mistake. */
function yamlData(text: string): { data: unknown } | undefined {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) return undefined;
  try {
    return { data: doc.toJS() };
  } catch {
    return undefined;
  }
}

const contentFiles = listFiles(join(projectRoot, 'content'), '.yaml').map((file) => readFileSync(file, 'utf8'));

describe('the quick YAML read', () => {
  it('gives every content file the data yaml gives it', () => {
    expect(contentFiles.length).toBeGreaterThan(40);
    for (const text of contentFiles) {
      const quick = quickRead(text);
      expect(quick).toBeDefined();
      expect(quick).toEqual(yamlData(text));
    }
  });

  it('types plain scalars by yaml’s core schema, quoted ones as text', () => {
    const values = [
      '010',
      '0o17',
      '0x1F',
      '0b101',
      '1_000',
      '+12',
      '-0',
      '.5',
      '+.5',
      '5.',
      '1e3',
      '-.5e3',
      '.inf',
      '-.Inf',
      '.NaN',
      'NaN',
    ];
    const more = [
      'null',
      'Null',
      'NULL',
      '~',
      '',
      'true',
      'True',
      'TRUE',
      'yes',
      'on',
      '2024-01-01',
      '12:30',
      '"12"',
      "'true'",
      '|\n  a\n',
      '>-\n  a\n  b\n',
    ];
    for (const value of [...values, ...more]) {
      const text = `value: ${value}\n`;
      expect(quickRead(text), text).toEqual(yamlData(text));
    }
    expect(Object.is((quickRead('value: -0\n')?.data as { value: number }).value, -0)).toBe(true);
  });

  it('leaves to yaml what only yaml reads right or reports', () => {
    const yamlOnly = [
      'heading: Our best work # so far\n', // text that may be cut short by a comment
      'a: &name 1\nb: *name\n', // anchors and aliases
      'b: *missing\n', // an alias without its anchor
      'value: !!float 1\n', // a tag
      '%YAML 1.1\n---\na: yes\n', // a directive
      'null: a\n', // keys that are not plain text
      '~: a\n',
      '[a]: b\n',
      '? complex\n: key\n',
      'a: 1\na: 2\n', // mistakes, which yaml diagnoses
      'a:\n  - b\n - c\n',
      '---\na: 1\n---\nb: 2\n', // several documents, which the check reports
      'a: 1\n---\n',
      'a: &x 1\nb: &x 2\nc: *x\n', // an anchor defined twice
      'base: &b\n  x: 1\nc:\n  <<: *b\n', // merge keys, which the check reports
      'c:\n  <<:\n    x: 1\n',
      '- <<: {x: 1}\n',
      'c: {y: 2, <<: {x: 1}}\n',
      'heading: !!str 020130\n', // tags, which the check reports
      'a: !shout hello\n',
      'a: 1\na: 1\n', // a key written twice, with the same value
      '', // no data at all: the check reports an empty file
      '# nothing yet\n',
      '---\n',
      '---\n# only a comment\n',
      'cards:\n  - icon: "zap\n - title: Fast\n', // an unclosed quote, which js-yaml may read on over the lines below
      "a: 'one\n  two'\n",
    ];
    for (const text of yamlOnly) expect(quickRead(text), text).toBeUndefined();
  });

  it('leaves an empty file, or one of comments only, to yaml, whose document tells it from a written null', () => {
    for (const text of ['', '\n\n', '# nothing yet\n', '---\n', '~\n', 'null\n']) expect(quickRead(text), text).toBeUndefined();
    expect(yamlData('# nothing yet\n')).toEqual({ data: null });
  });

  it('reads a quoted `<<` as the plain name it is', () => {
    expect(quickRead('"<<": 1\n')).toEqual(yamlData('"<<": 1\n'));
  });

  it('agrees with yaml on thousands of mistyped content files', () => {
    // A seeded generator: the same mistypings on every run, so a failure can be replayed.
    let seed = 2026;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const typos = [
      ' ',
      '\n',
      ':',
      '-',
      '#',
      '"',
      "'",
      '|',
      '>',
      '[',
      ']',
      '{',
      '}',
      ',',
      '\t',
      '&',
      '*',
      '!',
      '?',
      '%',
      'a',
      '1',
      '  ',
    ];
    let readQuickly = 0;
    for (let round = 0; round < 3000; round++) {
      let text = contentFiles[random(contentFiles.length)]!;
      for (let edit = 0, edits = 1 + random(3); edit < edits; edit++) {
        const at = random(text.length);
        const typo = typos[random(typos.length)]!;
        const kind = random(3);
        text = text.slice(0, at) + (kind === 0 ? '' : typo) + text.slice(kind === 1 ? at : at + 1);
      }
      const quick = quickRead(text);
      if (!quick) continue;
      readQuickly++;
      expect(quick, text).toEqual(yamlData(text));
    }
    // Most mistypings still read: the comparison above is not vacuous.
    expect(readQuickly).toBeGreaterThan(1000);
  });
});
