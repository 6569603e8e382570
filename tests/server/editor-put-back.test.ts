/**
 * Undo past a save (issue 54): inside a change set, a page can be put back as it is live. The service gives
 * the live file; the page takes it as an edit (with Undo) and saves it through the usual checks. Only the
 * live branch's content files are given, and a page made in the change set is not on the live site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorFixture, type EditorFixture } from './editor-fixture.ts';

let fixture: EditorFixture;
const file = 'content/pages/react.yaml';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-put-back', { logLevel: 'silent' });
});
afterAll(async () => fixture?.close());

describe('putting a page back as it is live', () => {
  it('gives the live version of a page the writer has saved changes to, which saving makes theirs again', async () => {
    const opened = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
    const liveTitle = opened.data.title as string;
    const saved = await fixture.call('POST', '/api/save', 'writer', {
      body: { file, version: opened.version, data: { ...opened.data, title: 'React developers, rewritten' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const live = await fixture.call('GET', `/api/live/file?file=${encodeURIComponent(file)}`, 'writer');
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data.title).toBe(liveTitle);
    const putBack = await fixture.call('POST', '/api/save', 'writer', {
      body: { file, version: saved.json().version, data: live.json().data },
    });
    expect(putBack.statusCode, putBack.body).toBe(200);
    expect(putBack.json().text).toBe(live.json().text);
  });

  it('says a page made in the change set is not live yet, and gives nothing outside the content', async () => {
    const made = await fixture.call('POST', '/api/pages', 'writer', {
      body: { route: '/kotlin', template: 'technology', label: 'Kotlin', draft: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    const notLive = await fixture.call('GET', `/api/live/file?file=${encodeURIComponent(made.json().file)}`, 'writer');
    expect(notLive.statusCode).toBe(404);
    expect(notLive.json().message).toContain('not on the live site yet');
    for (const outside of ['../../etc/passwd', 'content/../package.json', '/etc/hostname', 'content/pages/../../.git/config']) {
      const answer = await fixture.call('GET', `/api/live/file?file=${encodeURIComponent(outside)}`, 'writer');
      expect(answer.statusCode, outside).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, outside).toBeLessThan(500);
    }
    expect((await fixture.call('GET', `/api/live/file?file=${encodeURIComponent(file)}`, 'nobody')).statusCode).toBe(401);
  });
});
