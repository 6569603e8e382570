/**
 * The shared editor checks what a publish would put live as the build does: the change set's pages are
 * drawn by the site's own code (src/app/entry-draw.tsx) and read as a visitor gets them, and a page that
 * shows a mistake no file-level rule sees is refused at the value that produced it, with nothing published.
 */
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
      pages = drawn.length;
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
