/**
 * Every change to the shared editor's state is in its audit, with who, when and what, and no secret:
 * each address of the route tables that writes (the editor's saves, new pages, deletions, uploads,
 * picture deletions) and each of the service's own (change sets, review, publishing, restoring,
 * people), and signing in and out. The addresses are read from the tables, so a new one that changes
 * state without a step here fails the coverage test by name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/editor/service/accounts/index.ts';
import { editorRoutes } from '../../src/editor/api/routes.ts';
import { serviceRoutes } from '../../src/editor/service/routes.ts';
import { codeRoot, git, host, password, publicUrl, startEditorFixture, type EditorFixture, type Who } from './editor-fixture.ts';

let fixture: EditorFixture;
beforeAll(async () => {
  fixture = await startEditorFixture('editor-audit');
});
afterAll(async () => fixture?.close());

const stateChanging = [
  ...Object.entries(editorRoutes)
    .filter(([url, route]) => route.writes && url !== '/api/publish')
    .map(([url]) => `POST ${url}`),
  ...serviceRoutes.filter((route) => route.method === 'POST').map((route) => `POST ${route.url}`),
  'POST /auth/sign-in',
  'POST /auth/sign-out',
];

interface Step {
  readonly address: string;
  readonly as: Who;
  readonly action: string;
  readonly run: () => Promise<{ statusCode: number; body: string }>;
}

const file = 'content/pages/react.yaml';
const at = (url: string, who: Who = 'writer') => url.replace(':id', fixture.own[who].id);
/** What the steps learn on the way, for the steps after them. */
const state: { created?: { file: string; version: string }; picture?: string; reviewed?: string; newcomer?: string } = {};
const secrets = new Set<string>([password]);

const upload = (who: Who) =>
  fixture.upload(
    who,
    readFileSync(join(codeRoot, 'docs/images/sections/hero.webp')),
    'audit.webp',
    'A picture uploaded for the audit test',
  );

const steps: Step[] = [
  {
    address: 'POST /api/save',
    as: 'writer',
    action: 'content.saved',
    run: async () => {
      const opened = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
      return fixture.call('POST', '/api/save', 'writer', {
        body: { file, version: opened.version, data: { ...opened.data, title: 'React developers, audited' } },
      });
    },
  },
  {
    address: 'POST /api/pages',
    as: 'writer',
    action: 'content.created',
    run: async () => {
      const response = await fixture.call('POST', '/api/pages', 'writer', {
        body: { route: '/audit-page', template: 'page', label: 'Audit page' },
      });
      state.created = response.json() as { file: string; version: string };
      return response;
    },
  },
  {
    address: 'POST /api/delete',
    as: 'writer',
    action: 'content.deleted',
    run: () => fixture.call('POST', '/api/delete', 'writer', { body: state.created }),
  },
  {
    address: 'POST /api/media',
    as: 'writer',
    action: 'picture.uploaded',
    run: async () => {
      const response = await upload('writer');
      state.picture = (response.json() as { path: string }).path;
      return response;
    },
  },
  {
    address: 'POST /api/pictures/delete',
    as: 'writer',
    action: 'picture.deleted',
    run: () => fixture.call('POST', '/api/pictures/delete', 'writer', { body: { path: state.picture } }),
  },
  {
    address: 'POST /api/change-sets',
    as: 'writer',
    action: 'change-set.created',
    run: () => fixture.call('POST', '/api/change-sets', 'writer', { body: { title: 'Another change of the writer' } }),
  },
  {
    address: 'POST /api/change-sets/:id/comment',
    as: 'writer',
    action: 'change-set.commented',
    run: () => fixture.call('POST', at('/api/change-sets/:id/comment'), 'writer', { body: { text: 'Ready soon.' } }),
  },
  {
    address: 'POST /api/change-sets/:id/ask-review',
    as: 'writer',
    action: 'change-set.asked-review',
    run: () => fixture.call('POST', at('/api/change-sets/:id/ask-review'), 'writer', { body: {} }),
  },
  {
    address: 'POST /api/change-sets/:id/share',
    as: 'publisher',
    action: 'change-set.shared',
    run: async () => {
      const response = await fixture.call('POST', at('/api/change-sets/:id/share'), 'publisher', { body: { days: 1 } });
      secrets.add(new URL(response.json().url).pathname.split('/')[2]!);
      return response;
    },
  },
  {
    address: 'POST /api/change-sets/:id/send-back',
    as: 'publisher',
    action: 'change-set.sent-back',
    run: () => fixture.call('POST', at('/api/change-sets/:id/send-back'), 'publisher', { body: { text: 'One more look.' } }),
  },
  {
    address: 'POST /api/change-sets/:id/publish',
    as: 'publisher',
    action: 'content.published',
    run: async () => {
      const asked = await fixture.call('POST', at('/api/change-sets/:id/ask-review'), 'writer', { body: {} });
      const { reviewed } = asked.json() as { reviewed: string };
      return fixture.call('POST', at('/api/change-sets/:id/publish'), 'publisher', { body: { reviewed } });
    },
  },
  {
    address: 'POST /api/change-sets/:id/update',
    as: 'other-writer',
    action: 'change-set.updated',
    run: async () => {
      // The same title as the writer's, published meanwhile, changed otherwise: an overlap for the next step.
      const opened = (await fixture.call('POST', '/api/open', 'other-writer', { body: { file } })).json();
      await fixture.call('POST', '/api/save', 'other-writer', {
        body: { file, version: opened.version, data: { ...opened.data, title: 'React developers, by another writer' } },
      });
      return fixture.call('POST', at('/api/change-sets/:id/update', 'other-writer'), 'other-writer', { body: {} });
    },
  },
  {
    address: 'POST /api/change-sets/:id/overlap',
    as: 'other-writer',
    action: 'change-set.overlap-chosen',
    run: () =>
      fixture.call('POST', at('/api/change-sets/:id/overlap', 'other-writer'), 'other-writer', {
        body: { file, path: ['title'], choice: 'mine' },
      }),
  },
  {
    address: 'POST /api/history/restore',
    as: 'other-writer',
    action: 'content.restored',
    run: () =>
      fixture.call('POST', '/api/history/restore', 'other-writer', {
        body: { file, commit: git(fixture.remote, 'rev-parse', 'main~1').trim() },
      }),
  },
  {
    address: 'POST /api/change-sets/:id/withdraw',
    as: 'admin',
    action: 'change-set.withdrawn',
    run: () => fixture.call('POST', at('/api/change-sets/:id/withdraw', 'admin'), 'admin', { body: {} }),
  },
  {
    address: 'POST /api/people',
    as: 'admin',
    action: 'account.added',
    run: async () => {
      const response = await fixture.call('POST', '/api/people', 'admin', {
        body: { email: 'newcomer@example.com', role: 'writer', name: 'New Comer' },
      });
      secrets.add(new URL(response.json().link).hash.slice(1));
      return response;
    },
  },
  {
    address: 'POST /api/people/invite',
    as: 'admin',
    action: 'account.invited',
    run: async () => {
      const response = await fixture.call('POST', '/api/people/invite', 'admin', { body: { email: 'newcomer@example.com' } });
      state.newcomer = new URL(response.json().link).hash.slice(1);
      secrets.add(state.newcomer);
      return response;
    },
  },
  {
    address: 'POST /api/people/role',
    as: 'admin',
    action: 'account.role',
    run: () => fixture.call('POST', '/api/people/role', 'admin', { body: { email: 'newcomer@example.com', role: 'publisher' } }),
  },
  {
    address: 'POST /api/people/sign-out',
    as: 'admin',
    action: 'session.signed-out-everywhere',
    run: () => fixture.call('POST', '/api/people/sign-out', 'admin', { body: { email: 'newcomer@example.com' } }),
  },
  {
    address: 'POST /api/people/remove',
    as: 'admin',
    action: 'account.removed',
    run: () => fixture.call('POST', '/api/people/remove', 'admin', { body: { email: 'newcomer@example.com' } }),
  },
  {
    address: 'POST /auth/sign-in',
    as: 'writer',
    action: 'session.signed-in',
    run: () => fixture.call('POST', '/auth/sign-in', 'writer', { body: { email: 'writer@example.com', password }, csrf: false }),
  },
  {
    address: 'POST /auth/sign-out',
    as: 'writer',
    action: 'session.signed-out',
    run: async () => {
      const signedIn = await fixture.accounts.signIn('writer@example.com', password);
      secrets.add(signedIn.token).add(signedIn.csrf);
      return fixture.app.inject({
        method: 'POST',
        url: '/auth/sign-out',
        headers: {
          host,
          origin: publicUrl.origin,
          cookie: `__Host-editor_session=${signedIn.token}`,
          'x-csrf-token': signedIn.csrf,
        },
      });
    },
  },
];

describe('the audit', () => {
  it('has a step for every address that changes state', () => {
    expect(stateChanging.filter((address) => !steps.some((step) => step.address === address))).toEqual([]);
  });

  it.each(steps.map((step) => [step.address, step] as const))(
    '%s is recorded with who, when and what',
    async (_address, step) => {
      const before = (await fixture.accounts.listAudit(500)).length;
      const started = Date.now();
      const response = await step.run();
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const added = (await fixture.accounts.listAudit(500)).slice(0, (await fixture.accounts.listAudit(500)).length - before);
      const record = added.find((a: AuditRecord) => a.action === step.action);
      expect(record, `${step.action} among ${added.map((a) => a.action).join(', ')}`).toBeDefined();
      expect(record!.actor).toBe(`${step.as}@example.com`);
      expect(Date.parse(record!.at)).toBeGreaterThanOrEqual(started - 1000);
      expect(`${record!.subject ?? ''} ${record!.detail ?? ''}`.trim()).not.toBe('');
    },
  );

  it('holds no secret: no password, session, CSRF, invitation or share token', async () => {
    for (const who of Object.values(fixture.sessions)) secrets.add(who.cookie.split('=')[1]!).add(who.csrf);
    const text = JSON.stringify(await fixture.accounts.listAudit(500));
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
