/**
 * A publish that fails says why in words a publisher can act on (issue 54): the repository cannot be reached,
 * or it refused the change because the live site moved on. Nothing is published, the change set waits in
 * review as it was, and the failed attempt is in the audit log with its reason.
 */
import { renameSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorFixture, type EditorFixture } from './editor-fixture.ts';

let fixture: EditorFixture;
const file = 'content/pages/react.yaml';
/** What the writers were told by e-mail (notify.ts writes the message; editor-review-mail.test.ts sends it). */
const told: { to: string; news: string; by: string; said: string }[] = [];

beforeAll(async () => {
  fixture = await startEditorFixture('editor-publish-failures', {
    logLevel: 'silent',
    notifyWriter: async (changeSet, news, by, said) => {
      told.push({ to: changeSet.owner.email, news, by: by.email, said });
    },
  });
});
afterAll(async () => fixture?.close());

async function saveAndAsk(title: string): Promise<string> {
  const opened = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
  const saved = await fixture.call('POST', '/api/save', 'writer', {
    body: { file, version: opened.version, data: { ...opened.data, title } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const asked = await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/ask-review`, 'writer', { body: {} });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json().reviewed as string;
}

describe('a publish that fails', () => {
  it('with the repository out of reach says so and what to do, keeps the change set in review, and is audited', async () => {
    const reviewed = await saveAndAsk('React developers, while the repository is away');
    const away = `${fixture.remote}-away`;
    renameSync(fixture.remote, away);
    try {
      const failed = await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/publish`, 'publisher', {
        changeSet: fixture.own.writer.id,
        body: { reviewed },
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error).toBe('EditorRepoUnreachable');
      expect(failed.json().message).toMatch(/^The site's repository could not be reached, so nothing was changed/);
      expect(failed.json().message).not.toMatch(/developer|npm run/);
      expect(fixture.changeSets.get(fixture.own.writer.id).state).toBe('in-review');
      const audit = await fixture.accounts.listAudit(20);
      expect(audit.find((entry) => entry.action === 'content.publish-failed')?.detail).toContain('EditorRepoUnreachable');
      // Its owner reads on their own list that it was not published, and why.
      const mine = (await fixture.call('GET', '/api/change-sets', 'writer')).json() as {
        id: string;
        events: { kind: string; text?: string }[];
      }[];
      const last = mine.find((c) => c.id === fixture.own.writer.id)!.events.at(-1)!;
      expect(last.kind).toBe('publish-failed');
      expect(last.text).toMatch(/^The site's repository could not be reached/);
      // And by e-mail, with the same words.
      expect(told.at(-1)).toMatchObject({ to: 'writer@example.com', news: 'not-published', by: 'publisher@example.com' });
      expect(told.at(-1)!.said).toMatch(/^The site's repository could not be reached/);
    } finally {
      renameSync(away, fixture.remote);
    }
    // Back in reach, the same publish goes through.
    const published = await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/publish`, 'publisher', {
      changeSet: fixture.own.writer.id,
      body: { reviewed },
    });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('sent back, tells its writer by e-mail with the comment; what writers do themselves is not mailed to them', async () => {
    const other = fixture.own['other-writer'];
    const opened = (
      await fixture.call('POST', '/api/open', 'other-writer', { body: { file: 'content/pages/about.yaml' } })
    ).json();
    const saved = await fixture.call('POST', '/api/save', 'other-writer', {
      body: { file: 'content/pages/about.yaml', version: opened.version, data: { ...opened.data, title: 'About us, shorter' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = told.length;
    expect((await fixture.call('POST', `/api/change-sets/${other.id}/ask-review`, 'other-writer', { body: {} })).statusCode).toBe(
      200,
    );
    expect(told).toHaveLength(before);
    const sent = await fixture.call('POST', `/api/change-sets/${other.id}/send-back`, 'publisher', {
      body: { text: 'Keep the company name in the title, please.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(told.slice(before)).toEqual([
      {
        to: 'other-writer@example.com',
        news: 'sent-back',
        by: 'publisher@example.com',
        said: 'Keep the company name in the title, please.',
      },
    ]);
  });
});
