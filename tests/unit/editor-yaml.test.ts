import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/content/files.ts';
import { editablePath, openForEdit, saveEdited } from '../../src/editor/shared/files.ts';
import { YamlSource } from '../../src/editor/shared/yaml-source.ts';
import { rewriteYaml } from '../../src/editor/shared/yaml-edit.ts';
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

describe('the editor changes lists and groups as a person would by hand', () => {
  const contact = readFileSync(join(projectRoot, 'content/pages/contact.yaml'), 'utf8');
  const data = () => YamlSource.parse(contact).toJS() as { sections: Record<string, unknown>[] } & Record<string, unknown>;
  /** Lines removed and added, as `git diff` counts them (a move counts each moved line twice). */
  const diffSize = (before: string, after: string) => {
    const a = before.split('\n');
    const b = after.split('\n');
    const count = (lines: string[]) => lines.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<string, number>());
    const ca = count(a);
    const cb = count(b);
    let removed = 0;
    for (const [line, n] of ca) removed += Math.max(0, n - (cb.get(line) ?? 0));
    let added = 0;
    for (const [line, n] of cb) added += Math.max(0, n - (ca.get(line) ?? 0));
    return { removed, added };
  };

  it.each(contentFiles.map((file) => [file.slice(projectRoot.length + 1), file]))(
    '%s: unchanged data writes the same bytes, and every section moved down and back reads back right',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      const original = YamlSource.parse(text).toJS() as { sections?: unknown[] };
      expect(rewriteYaml(text, original)).toBe(text);
      if (!original.sections || original.sections.length < 2) return;
      const moved = structuredClone(original);
      moved.sections!.push(moved.sections!.shift());
      const after = rewriteYaml(text, moved);
      expect(YamlSource.parse(after).toJS()).toEqual(moved);
      expect(rewriteYaml(after, original)).toBe(text);
    },
  );

  it('moves a section with the comment above it, and leaves the blank lines where they were', () => {
    const next = data();
    next.sections.reverse();
    const after = rewriteYaml(contact, next);
    expect(YamlSource.parse(after).toJS()).toEqual(next);
    expect(after.split('\n').filter((l) => l === '').length).toBe(contact.split('\n').filter((l) => l === '').length);
    expect(after.startsWith(contact.slice(0, contact.indexOf('sections:')))).toBe(true);
  });

  it('removes a section, duplicates one, and adds and removes a property, touching only those lines', () => {
    const removed = data();
    removed.sections.splice(1, 1);
    const afterRemove = rewriteYaml(contact, removed);
    expect(diffSize(contact, afterRemove).added).toBe(0);

    const duplicated = data();
    duplicated.sections.splice(1, 0, structuredClone(duplicated.sections[0]!));
    const afterDuplicate = rewriteYaml(contact, duplicated);
    expect(YamlSource.parse(afterDuplicate).toJS()).toEqual(duplicated);
    expect(diffSize(contact, afterDuplicate).removed).toBe(0);

    const withId = data();
    withId.sections[0] = { type: withId.sections[0]!.type, id: 'talk', ...withId.sections[0] };
    const afterAdd = rewriteYaml(contact, withId);
    expect(YamlSource.parse(afterAdd).toJS()).toEqual(withId);
    expect(diffSize(contact, afterAdd)).toEqual({ removed: 0, added: 1 });
    expect(rewriteYaml(afterAdd, data())).toBe(contact);
  });

  it("writes a new list item in the file's own style, and reads back exactly what the form holds", () => {
    const text = 'sections:\n  # the opening\n  - type: hero\n    heading: One\n\n  - type: cta-banner\n    heading: Two\n';
    const next = {
      sections: [
        { type: 'hero', heading: 'One' },
        { type: 'card-grid', heading: 'New: #1 "cards"', cards: [{ title: 'A', text: 'Multi\nline' }] },
        { type: 'cta-banner', heading: 'Two' },
      ],
    };
    const after = rewriteYaml(text, next);
    expect(YamlSource.parse(after).toJS()).toEqual(next);
    expect(after).toContain('  # the opening\n  - type: hero\n    heading: One\n\n  - type: card-grid\n');
    expect(rewriteYaml(after, YamlSource.parse(text).toJS())).toBe(text);
  });
});

describe('a folded paragraph keeps its wrapping', () => {
  it('re-wraps an edited folded text at the width it was written at, so only the changed lines differ', () => {
    const text = readFileSync(join(projectRoot, 'content/pages/home.yaml'), 'utf8');
    const source = YamlSource.parse(text);
    const path = ['sections', 1, 'cards', 0, 'text'];
    const before = (source.toJS() as { sections: { cards: { text: string }[] }[] }).sections[1]!.cards[0]!.text;
    source.setText(path, before.replace('Scale the team up or down', 'Grow or shrink the team'));
    const after = source.toString();
    const a = text.split('\n');
    const b = after.split('\n');
    expect(b.length).toBe(a.length);
    expect(b.filter((line, i) => line !== a[i])).toHaveLength(1);
    expect(
      (YamlSource.parse(after).toJS() as { sections: { cards: { text: string }[] }[] }).sections[1]!.cards[0]!.text,
    ).toContain('Grow or shrink');
  });
});
