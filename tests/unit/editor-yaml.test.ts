import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/content/files.ts';
import { editablePath, openForEdit, saveEdited } from '../../src/editor/files.ts';
import { YamlSource } from '../../src/editor/yaml-source.ts';
import { projectRoot } from './content-fixtures.ts';

const contentFiles = [...listFiles(join(projectRoot, 'content'), '.yaml')];

/** The lines of `after` that differ from `before`, both ways. */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, i) => line !== a[i]);
}

describe('the editor keeps the YAML a marketer wrote', () => {
  it.each(contentFiles.map((file) => [file.slice(projectRoot.length + 1), file]))(
    '%s saves byte for byte as it was read',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      expect(YamlSource.parse(text).toString()).toBe(text);
    },
  );

  it('a one-field edit changes one line, and the comments, quotes and block texts around it stay', () => {
    const text = readFileSync(join(projectRoot, 'content/pages/contact.yaml'), 'utf8');
    const source = YamlSource.parse(text);
    source.setText(['sections', 0, 'heading'], 'Talk to Us');
    const after = source.toString();

    expect(changedLines(text, after)).toEqual(['    heading: Talk to Us']);
    expect(after).toContain('# Contact page (/contact)');
    expect((source.toJS() as { sections: { heading: string }[] }).sections[0]!.heading).toBe('Talk to Us');
  });

  it.each([
    ['text that YAML would cut at a comment', 'Rated #1 in Noida: ask us', 'Rated #1 in Noida: ask us'],
    ['a year, which would read as a number', '2024', '2024'],
    ['a word that would read as a flag', 'true', 'true'],
    ['text starting with an alias mark', '*Best* offers', '*Best* offers'],
    ['quotes inside', 'Say "hello"', 'Say "hello"'],
  ])('writes %s so that it reads back as typed', (_case, typed, expected) => {
    const text = 'route: /x\n# keep me\ntitle: Old title # and me\n';
    const source = YamlSource.parse(text);
    source.setText(['title'], typed);
    const reread = YamlSource.parse(source.toString());
    expect((reread.toJS() as { title: unknown }).title).toBe(expected);
    expect(source.toString()).toContain('# keep me');
    expect(source.toString()).toMatch(/^route: \/x\n# keep me\ntitle: .+\n$/);
  });

  it('keeps a folded block text a block when its text changes', () => {
    const text = 'description: >-\n  Tell us about your project.\n  We answer within a day.\nroute: /x\n';
    const source = YamlSource.parse(text);
    source.setText(['description'], 'Tell us what you need. We answer within a day.');
    expect(source.toString()).toMatch(/^description: >-\n {2}Tell us what you need\. We answer within a day\.\nroute: \/x\n$/);
  });

  it('edits one sentence of a Markdown block in a list item as a one-line change of the block', () => {
    const text = readFileSync(join(projectRoot, 'content/pages/privacy.yaml'), 'utf8');
    const source = YamlSource.parse(text);
    const body = (source.toJS() as { sections: { body: string }[] }).sections[0]!.body;
    source.setText(
      ['sections', 0, 'body'],
      body.replace('deleted automatically **365 days**', 'deleted automatically **180 days**'),
    );
    const changed = changedLines(text, source.toString());
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^ {6}Every enquiry and application is deleted automatically \*\*180 days\*\*/);
  });

  it('refuses a file that is not valid YAML, and a path that is not a single value', () => {
    expect(() => YamlSource.parse('title: "unclosed\n', 'content/pages/x.yaml')).toThrow(/EditorYamlUnreadable|not valid YAML/);
    const source = YamlSource.parse('sections:\n  - type: hero\n');
    expect(() => source.setText(['sections'], 'x')).toThrow(expect.objectContaining({ code: 'EditorNotAText' }));
  });
});

describe('where and when the editor writes', () => {
  const root = mkdtempSync(join(tmpdir(), 'editor-files-'));
  mkdirSync(join(root, 'content/pages'), { recursive: true });
  mkdirSync(join(root, 'public/media'), { recursive: true });
  mkdirSync(join(root, 'outside'));
  symlinkSync(join(root, 'outside'), join(root, 'content/pages/escape'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['../package.json'],
    ['content/../package.json'],
    ['content/pages/../../src/app/App.tsx'],
    ['/etc/passwd'],
    ['content/pages/escape/evil.yaml'],
    ['content/pages/home.js'],
    ['public/media/notes.yaml'],
    ['public/index.html'],
    ['content\0/x.yaml'],
  ])('refuses to write %s', (requested) => {
    expect(() => editablePath(root, requested)).toThrow(expect.objectContaining({ code: 'EditorPathOutside' }));
  });

  it('writes YAML under content/ and media under public/media/', () => {
    expect(editablePath(root, 'content/pages/new.yaml')).toBe(join(root, 'content/pages/new.yaml'));
    expect(editablePath(root, 'public/media/art/hero.webp')).toBe(join(root, 'public/media/art/hero.webp'));
  });

  it('never saves over a change made on disk after the file was opened', () => {
    const file = join(root, 'content/pages/page.yaml');
    writeFileSync(file, 'title: One\n');
    const opened = openForEdit(file);
    // Someone else edits the file meanwhile, in a text editor.
    writeFileSync(file, 'title: Two\n');
    expect(() => saveEdited(file, 'title: Mine\n', opened.version)).toThrow(expect.objectContaining({ code: 'EditorConflict' }));
    expect(readFileSync(file, 'utf8')).toBe('title: Two\n');

    const reopened = openForEdit(file);
    saveEdited(file, 'title: Mine\n', reopened.version);
    expect(readFileSync(file, 'utf8')).toBe('title: Mine\n');
  });
});
