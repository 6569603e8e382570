/**
 * Overlaps are chosen, never settled silently (issue 54): when a change set is brought up to date and its
 * writer and the live site both changed a value, the writer picks Keep theirs or Keep yours for it, as in the
 * local editor. "Theirs" puts the live value in the change set; review waits until every overlap is chosen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorFixture, type EditorFixture } from './editor-fixture.ts';

let fixture: EditorFixture;
const file = 'content/pages/about.yaml';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-overlaps', { logLevel: 'silent' });
});
afterAll(async () => fixture?.close());

async function saveHeading(as: 'writer' | 'other-writer', heading: string) {
  const opened = (await fixture.call('POST', '/api/open', as, { body: { file } })).json();
  const data = structuredClone(opened.data);
  data.sections[0].heading = heading;
  data.title = `${opened.data.title} (${as})`;
  const saved = await fixture.call('POST', '/api/save', as, { body: { file, version: opened.version, data } });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('bringing a change set up to date', () => {
  it('lists each value both changed; Keep theirs puts the live value in the change set, and review waits for every choice', async () => {
    const { call, own } = fixture;
    await saveHeading('writer', 'Published first');
    await saveHeading('other-writer', 'Written second');
    const asked = await call('POST', `/api/change-sets/${own.writer.id}/ask-review`, 'writer', { body: {} });
    const published = await call('POST', `/api/change-sets/${own.writer.id}/publish`, 'publisher', {
      body: { reviewed: asked.json().reviewed },
    });
    expect(published.statusCode, published.body).toBe(200);

    const updated = await call('POST', `/api/change-sets/${own['other-writer'].id}/update`, 'other-writer');
    expect(updated.statusCode, updated.body).toBe(200);
    const overlaps = updated.json().overlaps as { path: (string | number)[]; place: string; live: string; kept: string }[];
    expect(overlaps.map((o) => [o.path, o.live, o.kept])).toEqual([
      [['title'], expect.stringContaining('(writer)'), expect.stringContaining('(other-writer)')],
      [['sections', 0, 'heading'], 'Published first', 'Written second'],
    ]);
    expect(overlaps.map((o) => o.place)).toEqual(['Title', 'Page opening banner “Written second”, Heading']);
    expect(
      (await call('POST', `/api/change-sets/${own['other-writer'].id}/ask-review`, 'other-writer', { body: {} })).statusCode,
    ).toBe(409);

    const theirs = await call('POST', `/api/change-sets/${own['other-writer'].id}/overlap`, 'other-writer', {
      body: { file, path: ['sections', 0, 'heading'], choice: 'theirs' },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const worktree = join(fixture.changeSets.root(own['other-writer'].id), file);
    const data = parse(readFileSync(worktree, 'utf8'));
    expect(data.sections[0].heading).toBe('Published first');
    expect(data.title).toContain('(other-writer)');
    // Only the publisher's or the owner's: another writer cannot choose for them.
    const stranger = await call('POST', `/api/change-sets/${own['other-writer'].id}/overlap`, 'writer', {
      body: { file, path: ['title'], choice: 'theirs' },
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    expect(stranger.statusCode).toBeLessThan(500);
    // A choice that is neither is refused, and a second choice of the same overlap too.
    for (const body of [
      { file, path: ['title'], choice: 'both' },
      { file, path: ['sections', 0, 'heading'], choice: 'mine' },
      { file, path: 'title', choice: 'mine' },
    ]) {
      const refused = await call('POST', `/api/change-sets/${own['other-writer'].id}/overlap`, 'other-writer', { body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }

    const mine = await call('POST', `/api/change-sets/${own['other-writer'].id}/overlap`, 'other-writer', {
      body: { file, path: ['title'], choice: 'mine' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().overlaps).toEqual([]);
    expect(
      mine
        .json()
        .events.slice(-2)
        .map((e: { text: string }) => e.text),
    ).toEqual([
      "Took the live site's version of Page opening banner “Written second”, Heading: “Published first”.",
      expect.stringMatching(/^Kept this change set's version of Title: “.*\(other-writer\)”\.$/),
    ]);
    const review = await call('POST', `/api/change-sets/${own['other-writer'].id}/ask-review`, 'other-writer', { body: {} });
    expect(review.statusCode, review.body).toBe(200);
  }, 120_000);
});
