/**
 * Who may put a change live, and for how long a preview link works: with EDITOR_REVIEW=two-person a
 * publisher cannot publish a change set of their own, and another publisher can; a shared preview
 * link ends when the person who made it may no longer publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host, startEditorFixture, type EditorFixture } from './editor-fixture.ts';
import { readEditorServiceConfig } from '../../src/editor/service/config.ts';

let fixture: EditorFixture;
const file = 'content/pages/react.yaml';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-review-rules', { review: 'two-person', logLevel: 'silent' });
});
afterAll(async () => fixture?.close());

async function saveAndAsk(who: 'publisher' | 'admin', title: string) {
  const opened = (await fixture.call('POST', '/api/open', who, { body: { file } })).json();
  const saved = await fixture.call('POST', '/api/save', who, {
    body: { file, version: opened.version, data: { ...opened.data, title } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const asked = await fixture.call('POST', `/api/change-sets/${fixture.own[who].id}/ask-review`, who, { body: {} });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json().reviewed as string;
}

describe('two-person review', () => {
  it('refuses a publisher publishing their own change set, names why, and lets another publisher publish it', async () => {
    const reviewed = await saveAndAsk('publisher', 'React developers, by the publisher');
    const own = await fixture.call('POST', `/api/change-sets/${fixture.own.publisher.id}/publish`, 'publisher', {
      body: { reviewed },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain('EDITOR_REVIEW=two-person');
    const other = await fixture.call('POST', `/api/change-sets/${fixture.own.publisher.id}/publish`, 'admin', {
      changeSet: fixture.own.publisher.id,
      body: { reviewed },
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('is read from EDITOR_REVIEW, and a value it does not know stops the start with the choices', () => {
    const env = { EDITOR_PUBLIC_URL: 'http://localhost:4500' };
    expect(readEditorServiceConfig(env, '/srv/site').review).toBe('one-person');
    expect(readEditorServiceConfig({ ...env, EDITOR_REVIEW: 'two-person' }, '/srv/site').review).toBe('two-person');
    expect(() => readEditorServiceConfig({ ...env, EDITOR_REVIEW: 'twice' }, '/srv/site')).toThrow(/two-person.*one-person/);
  });
});

describe('shared preview links', () => {
  it('end when their maker may no longer publish', async () => {
    const shared = await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/share`, 'admin', {
      changeSet: fixture.own.writer.id,
      body: { days: 1 },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const link = new URL(shared.json().url as string);
    const open = () => fixture.app.inject({ url: `${link.pathname}/page?route=/react`, headers: { host } });
    expect((await open()).statusCode).toBe(200);
    // The maker is made a writer: every link they gave out ends.
    await fixture.accounts.add({ email: 'second-admin@example.com', role: 'admin' });
    await fixture.accounts.setRole('admin@example.com', 'writer', 'second-admin@example.com');
    expect((await open()).statusCode).toBe(410);
    expect((await fixture.app.inject({ url: link.pathname, headers: { host } })).statusCode).toBe(410);
  });
});
