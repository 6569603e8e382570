/**
 * The shared editor checks what a publish would put live as the build does: the change set's pages are
 * drawn by the site's own code (src/app/entry-draw.tsx) and read as a visitor gets them, and a page that
 * shows a mistake no file-level rule sees is refused at the value that produced it, with nothing published.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAsPublished } from '../../src/content/rendered/as-published.ts';
import type { ChangeSet } from '../../src/editor/service/change-sets.ts';
import { loadDrawing } from '../../src/editor/local/drawing.ts';
import { codeRoot, git, startEditorFixture, type EditorFixture } from './editor-fixture.ts';

let drawing: Awaited<ReturnType<typeof loadDrawing>>;
let fixture: EditorFixture;
beforeAll(async () => {
  drawing = await loadDrawing(codeRoot);
  fixture = await startEditorFixture('editor-rendered', { draw: drawing.drawSite });
}, 120_000);
afterAll(async () => {
  await fixture?.close();
  await drawing?.close();
});

describe('the shared editor’s publish check', () => {
  it('draws every page of the live site and finds nothing shown wrong', async () => {
    let pages = 0;
    const result = await checkAsPublished({ root: codeRoot, unfinished: 'fail' }, async (content) => {
      const drawn = await drawing.drawSite(content);
      // The first drawing is today's; the later ones are the coming days' (a scheduled role comes off).
      if (pages === 0) pages = drawn.length;
      return drawn;
    });
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(pages).toBe(result.pages.length);
    expect(pages).toBeGreaterThan(40);
  });

  it('refuses a publish whose page would show markup as typed, at each value, and publishes nothing', async () => {
    const { call, own, remote, changeSets } = fixture;
    const writer: ChangeSet = own.writer;
    const file = 'content/pages/contact.yaml';
    const opened = (await call('POST', '/api/open', 'writer', { body: { file }, changeSet: writer.id })).json();
    const data = structuredClone(opened.data);
    // Both pass every rule that reads the file: only the drawn page shows them for what they are.
    data.sections[0].heading = 'Contact **Us';
    data.sections[2].heading = 'Located {site.phon}';
    const saved = await call('POST', '/api/save', 'writer', {
      body: { file, version: opened.version, data },
      changeSet: writer.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const asked = await call('POST', `/api/change-sets/${writer.id}/ask-review`, 'writer', { body: {} });
    expect(asked.statusCode, asked.body).toBe(200);

    const live = git(remote, 'rev-parse', 'main');
    const published = await call('POST', `/api/change-sets/${writer.id}/publish`, 'publisher');
    expect(published.statusCode, published.body).toBe(422);
    const problems = (published.json() as { problems: { file: string; line: number; code: string; message: string }[] }).problems;
    const written = changeSets.root(writer.id);
    const lineOf = (text: string) =>
      git(written, 'show', `HEAD:${file}`)
        .split('\n')
        .findIndex((line) => line.includes(text)) + 1;
    expect(problems.map(({ file, line, code }) => ({ file, line, code }))).toEqual(
      expect.arrayContaining([
        { file, line: lineOf('Contact **Us'), code: 'MarkupShown' },
        { file, line: lineOf('Located {site.phon}'), code: 'MarkupShown' },
      ]),
    );
    expect(git(remote, 'rev-parse', 'main')).toBe(live);
  });
});

/** A day `days` from today, as the content writes dates. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a publish judges the site as each coming day will draw it', () => {
  // A copy of the site to schedule things in: content, schemas and the public files the check reads.
  const copy = (name: string) => {
    const root = mkdtempSync(join(tmpdir(), `scheduled-${name}-`));
    for (const dir of ['content', 'schemas', 'public']) cpSync(join(codeRoot, dir), join(root, dir), { recursive: true });
    return root;
  };
  const edit = (root: string, file: string, change: (text: string) => string) => {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = change(before);
    expect(after, `${file} changed`).not.toBe(before);
    writeFileSync(path, after);
  };
  const schedule = (text: string, from: string, until: string) =>
    text.replace(/^publishedAt: .*$/m, `publishedAt: ${from}`).replace(/^validThrough: .*$/m, `validThrough: ${until}`);
  // A new entry of every collection (its folder is named after its definition file), nobody links to yet:
  // a copy of the collection's first entry under a new name.
  const newEntries = readdirSync(join(codeRoot, 'content/collections'))
    .map((name) => name.replace(/\.yaml$/, ''))
    .map((name) => ({
      file: `content/${name}/coming-soon.yaml`,
      from: `content/${name}/${readdirSync(join(codeRoot, 'content', name)).sort()[0]}`,
    }));
  const copyWith = (name: string, entry: { file: string; from: string }) => {
    const root = copy(name);
    cpSync(join(root, entry.from), join(root, entry.file));
    return root;
  };

  it.each(newEntries)(
    'refuses now a mistake that $file shows only from the day it goes live, said with that day',
    async (entry) => {
      const { file } = entry;
      const root = copyWith('live', entry);
      try {
        const day = dayFromNow(40);
        // Passes every rule that reads the file; only its page, drawn from that day on, shows it.
        edit(root, file, (text) => schedule(text, day, dayFromNow(400)).replace(/^title: (.*)$/m, 'title: $1 **Now'));
        const result = await checkAsPublished({ root, unfinished: 'fail' }, drawing.drawSite);
        const errors = result.problems.filter((p) => p.severity === 'error');
        expect(errors.map((p) => ({ file: p.file, code: p.code, line: p.line }))).toContainEqual({
          file,
          code: 'MarkupShown',
          line: 2,
        });
        expect(errors.find((p) => p.file === file)?.message).toMatch(new RegExp(`^From ${day}, when ${file} goes live: `));
        // Today's site does not show it: every error there comes from the look ahead, without which it would pass.
        expect(errors.filter((p) => p.file === file).every((p) => p.message.startsWith(`From ${day}`))).toBe(true);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  it.each(newEntries)('refuses the template’s TODO in $file scheduled to go live, and not in it as a draft', async (entry) => {
    const { file } = entry;
    const root = copyWith('todo', entry);
    try {
      edit(root, file, (text) =>
        schedule(text, dayFromNow(30), dayFromNow(300)).replace(/^title: .*$/m, 'title: TODO the title'),
      );
      const scheduled = await checkAsPublished({ root, unfinished: 'fail' }, drawing.drawSite);
      const todo = scheduled.problems.find((p) => p.file === file && p.code === 'PlaceholderText');
      expect(todo?.severity).toBe('error');
      edit(root, file, (text) => `draft: true\n${text}`);
      const draft = await checkAsPublished({ root, unfinished: 'fail' }, drawing.drawSite);
      expect(draft.problems.filter((p) => p.file === file && p.severity === 'error')).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses now a link that breaks the day after the entry it leads to comes off', async () => {
    const root = copy('off');
    try {
      const last = dayFromNow(20);
      edit(root, 'content/roles/backend-developer.yaml', (text) => schedule(text, '2026-01-01', last));
      edit(root, 'content/pages/about.yaml', (text) => text.replace('link: /contact', 'link: /careers/backend-developer'));
      const result = await checkAsPublished({ root, unfinished: 'fail' }, drawing.drawSite);
      const off = result.problems.filter((p) => p.file === 'content/pages/about.yaml' && p.severity === 'error');
      expect(off.length).toBeGreaterThan(0);
      expect(off[0]!.message).toMatch(
        new RegExp(`^From ${dayFromNow(21)}, when content/roles/backend-developer.yaml comes off: `),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
