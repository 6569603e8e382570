/**
 * Scheduled content goes live without anyone remembering (issue 54): with EDITOR_BUILD_HOOK_URL the service
 * asks the host for a build after each publish and once each scheduled day has come (an entry's
 * `publishedAt`, the day after its `validThrough`), on a faked clock here; each request is in the audit, and a
 * hook that fails is asked again at the next look.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildSchedule, buildHook, scheduledMoments, type BuildHook } from '../../src/editor/service/build-hook.ts';
import { readEditorServiceConfig } from '../../src/editor/service/config.ts';
import { startEditorFixture, type EditorFixture } from './editor-fixture.ts';
import { tempDir } from './helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from './notify-receivers.ts';

function site(files: Record<string, string>) {
  const temp = tempDir('build-schedule');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(temp.dir, 'content', name, '..'), { recursive: true });
    writeFileSync(join(temp.dir, 'content', name), text);
  }
  return temp;
}

describe('the schedule of the content', () => {
  it('finds each publishedAt and the day after each validThrough, and leaves drafts and other dates out', () => {
    const temp = site({
      'roles/data-engineer.yaml': 'title: Data Engineer\npublishedAt: 2026-12-03\nvalidThrough: 2027-01-31\n',
      'roles/draft.yaml': 'title: Draft\ndraft: true\npublishedAt: 2026-12-05\n',
      'pages/home.yaml': 'title: Home\nroute: /\n',
      'roles/bad.yaml': 'publishedAt: next week\n',
      // Pushed past the check: dates that are no day, a key that names a prototype, YAML that does not parse.
      'roles/no-day.yaml': 'publishedAt: 2026-13-45\nvalidThrough: 2026-02-30\n',
      'roles/proto.yaml': '__proto__:\n  publishedAt: 2026-12-04\nconstructor: 1\n',
      'roles/broken.yaml': 'title: [unclosed\npublishedAt: 2026-12-06\n',
    });
    try {
      expect(scheduledMoments(temp.dir)).toEqual([
        { file: 'content/roles/data-engineer.yaml', what: 'goes live', day: '2026-12-03', at: '2026-12-03T00:00:00.000Z' },
        { file: 'content/roles/data-engineer.yaml', what: 'comes off', day: '2027-01-31', at: '2027-02-01T00:00:00.000Z' },
      ]);
    } finally {
      temp.remove();
    }
  });

  it('finds in the real content one moment per date of every entry that is not a draft, each at a UTC midnight', () => {
    const root = join(import.meta.dirname, '../..');
    const files = readdirSync(join(root, 'content'), { recursive: true })
      .map(String)
      .filter((name) => /\.ya?ml$/.test(name));
    let dates = 0;
    for (const name of files) {
      const data = parse(readFileSync(join(root, 'content', name), 'utf8')) as Record<string, unknown> | null;
      if (!data || data.draft === true) continue;
      dates += ['publishedAt', 'validThrough'].filter((key) => typeof data[key] === 'string').length;
    }
    const moments = scheduledMoments(root);
    expect(dates).toBeGreaterThan(0);
    expect(moments).toHaveLength(dates);
    for (const moment of moments) expect(moment.at, moment.file).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
  });

  it('asks for one build when a day has come, never twice, and again at the next look when the hook failed', async () => {
    const temp = site({
      'roles/data-engineer.yaml': 'title: Data Engineer\npublishedAt: 2026-12-03\nvalidThrough: 2027-01-31\n',
    });
    let now = new Date('2026-12-02T23:50:00.000Z');
    const asked: string[] = [];
    let answer = { ok: true, said: 'hooks.example answered 200' };
    const hook: BuildHook = {
      request: async (reason) => {
        asked.push(reason);
        return answer;
      },
    };
    const recorded: string[] = [];
    const schedule = new BuildSchedule({
      hook,
      liveRoot: () => temp.dir,
      stateFile: join(temp.dir, 'build-schedule.json'),
      now: () => now,
      record: async (reason, outcome) => void recorded.push(`${outcome.ok} ${reason}`),
    });
    try {
      expect(await schedule.tick()).toEqual([]);
      now = new Date('2026-12-03T00:05:00.000Z');
      answer = { ok: false, said: 'hooks.example answered 503' };
      expect((await schedule.tick()).map((m) => m.what)).toEqual(['goes live']);
      // Failed: asked again at the next look, then not again once it worked.
      answer = { ok: true, said: 'hooks.example answered 200' };
      expect((await schedule.tick()).map((m) => m.what)).toEqual(['goes live']);
      expect(await schedule.tick()).toEqual([]);
      expect(asked).toEqual([
        'scheduled: content/roles/data-engineer.yaml goes live (2026-12-03)',
        'scheduled: content/roles/data-engineer.yaml goes live (2026-12-03)',
      ]);
      expect(recorded.map((line) => line.split(' ')[0])).toEqual(['false', 'true']);
      now = new Date('2027-02-01T00:00:00.000Z');
      expect((await schedule.tick()).map((m) => `${m.what} ${m.day}`)).toEqual(['comes off 2027-01-31']);
    } finally {
      temp.remove();
    }
  });

  it('takes the days already past at its very first look as built, without asking', async () => {
    const temp = site({ 'roles/old.yaml': 'title: Old\npublishedAt: 2025-01-01\n' });
    const asked: string[] = [];
    try {
      const schedule = new BuildSchedule({
        hook: { request: async (reason) => (asked.push(reason), { ok: true, said: '200' }) },
        liveRoot: () => temp.dir,
        stateFile: join(temp.dir, 'build-schedule.json'),
        now: () => new Date('2026-12-01T00:00:00.000Z'),
        record: async () => undefined,
      });
      await schedule.tick();
      await schedule.tick();
      expect(asked).toEqual([]);
    } finally {
      temp.remove();
    }
  });
});

describe('EDITOR_BUILD_HOOK_URL', () => {
  const env = { EDITOR_PUBLIC_URL: 'http://localhost:4500' };
  it('takes an https address or a local one, and refuses anything else with what to write', () => {
    expect(readEditorServiceConfig(env, '/srv').buildHookUrl).toBeUndefined();
    expect(
      readEditorServiceConfig({ ...env, EDITOR_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc' }, '/srv').buildHookUrl
        ?.href,
    ).toBe('https://api.netlify.com/build_hooks/abc');
    for (const bad of ['http://hooks.example.com/x', 'not a url', 'ftp://x'])
      expect(() => readEditorServiceConfig({ ...env, EDITOR_BUILD_HOOK_URL: bad }, '/srv'), bad).toThrow(/https address/);
  });
});

describe('a publish with a build hook', () => {
  let fixture: EditorFixture;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    fixture = await startEditorFixture('editor-build-hook', { logLevel: 'silent', buildHook: buildHook(new URL(receiver.url)) });
  });
  afterAll(async () => {
    await fixture?.close();
    await receiver?.close();
  });

  it('asks the host for a build once the change is live, and records it', async () => {
    const file = 'content/pages/react.yaml';
    const opened = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
    await fixture.call('POST', '/api/save', 'writer', {
      body: { file, version: opened.version, data: { ...opened.data, title: 'React developers, built by the hook' } },
    });
    const reviewed = (
      await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/ask-review`, 'writer', { body: {} })
    ).json().reviewed as string;
    const published = await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/publish`, 'publisher', {
      changeSet: fixture.own.writer.id,
      body: { reviewed },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({ reason: 'published "Work of writer"' });
    const audit = await fixture.accounts.listAudit(10);
    expect(audit.find((entry) => entry.action === 'build.requested')).toMatchObject({ actor: 'publisher@example.com' });
  });
});
