/**
 * A running shared editor service for tests (src/editor/service/app.ts, through `inject`): the site's
 * content, schemas and public folder in a bare remote it clones, a stand-in for the built editor's
 * pages, an accounts database with a writer, a publisher, an admin and a second writer, each signed in
 * with a change set of their own, and every log line the service writes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openAccounts, type Accounts, type Role } from '../../src/editor/service/accounts/index.ts';
import { buildEditorService, type EditorServiceOptions } from '../../src/editor/service/app.ts';
import { ChangeSets, type ChangeSet } from '../../src/editor/service/change-sets.ts';
import { prepareWorkingCopy } from '../../src/editor/service/working-copy.ts';
import type { DrawSite } from '../../src/app/entry-draw.tsx';
import { tempDir } from './helpers.ts';

export const codeRoot = resolve(import.meta.dirname, '../..');
export const host = 'edit.example.com';
export const publicUrl = new URL(`https://${host}`);
export const password = 'correct horse battery staple';

export type Who = Role | 'other-writer';
export type As = Who | 'nobody';
export const people: readonly Who[] = ['writer', 'publisher', 'admin', 'other-writer'];

export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Developer', '-c', 'user.email=dev@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  });

export interface EditorFixture {
  readonly temp: { dir: string; remove: () => void };
  readonly app: FastifyInstance;
  readonly accounts: Accounts;
  readonly changeSets: ChangeSets;
  /** The bare repository the service clones and pushes to. */
  readonly remote: string;
  /** The service's working copy of the live branch. */
  readonly copy: string;
  readonly sessions: Record<Who, { cookie: string; csrf: string }>;
  /** Each person's own change set, started before the tests. */
  readonly own: Record<Who, ChangeSet>;
  /** Every log line the service wrote, parsed. */
  readonly logs: { level: number; msg?: string; [key: string]: unknown }[];
  readonly call: (
    method: 'GET' | 'POST',
    url: string,
    as: As,
    options?: { body?: unknown; payload?: string; csrf?: string | false; headers?: Record<string, string>; changeSet?: string },
  ) => Promise<LightMyRequestResponse>;
  /** Uploads `bytes` as a picture, as the editor's page does: the bytes as the body, what it is for in the address. */
  readonly upload: (who: Who, bytes: Buffer, name: string, alt?: string) => Promise<LightMyRequestResponse>;
  /** Signs `who` in again when a test ended their sessions (sign-out); their cookie and token change. */
  readonly renew: (who: Who) => Promise<void>;
  readonly close: () => Promise<void>;
}

/** For tests that are not about what the published pages show: a publish then checks the files only. */
export const drawNothing: DrawSite = () => Promise.resolve([]);

export async function startEditorFixture(
  name: string,
  { draw = drawNothing, ...settings }: Partial<EditorServiceOptions> & { readonly draw?: DrawSite } = {},
): Promise<EditorFixture> {
  const temp = tempDir(name);
  // The site's repository, as a bare remote the service clones and pushes to.
  const seed = join(temp.dir, 'seed');
  for (const folder of ['content', 'schemas', 'public']) cpSync(join(codeRoot, folder), join(seed, folder), { recursive: true });
  const remote = join(temp.dir, 'site.git');
  mkdirSync(remote);
  git(remote, 'init', '--quiet', '--bare', '--initial-branch=main');
  git(seed, 'init', '--quiet', '--initial-branch=main');
  git(seed, 'add', '-A');
  git(seed, 'commit', '--quiet', '-m', 'Site as it was');
  git(seed, 'push', '--quiet', remote, 'main');
  const copy = (await prepareWorkingCopy(remote, join(temp.dir, 'data/editor-site'))).root;

  // A stand-in for the built editor: the service's job is to serve these files, not to build them.
  const ui = join(temp.dir, 'ui');
  for (const page of ['index.html', 'preview/index.html', 'account/index.html', 'site-preview/index.html']) {
    mkdirSync(join(ui, 'src/editor/ui', page, '..'), { recursive: true });
    writeFileSync(join(ui, 'src/editor/ui', page), `<!doctype html><title>${page}</title>`);
  }
  mkdirSync(join(ui, 'assets'));
  writeFileSync(join(ui, 'assets/index-abc123.js'), 'export {};');

  const logs: EditorFixture['logs'] = [];
  const accounts = await openAccounts({ kind: 'sqlite', file: join(temp.dir, 'data/editor.db') });
  const changeSets = new ChangeSets({ live: copy, dir: join(temp.dir, 'data/change-sets'), draw });
  const app = await buildEditorService({
    accounts,
    project: { root: copy },
    changeSets,
    uiDir: ui,
    codeRoot,
    publicUrl,
    secureCookies: true,
    logLevel: 'warn',
    logStream: { write: (line: string) => void logs.push(JSON.parse(line) as EditorFixture['logs'][number]) },
    shareSecret: Buffer.alloc(32, 7),
    ...settings,
  });
  const sessions = {} as Record<Who, { cookie: string; csrf: string }>;
  const own = {} as Record<Who, ChangeSet>;
  for (const who of people) {
    const role = who === 'other-writer' ? 'writer' : who;
    const invitation = await accounts.add({ email: `${who}@example.com`, role, name: `A ${who}` }, 'test');
    const signedIn = await accounts.acceptInvitation(invitation.token, password);
    sessions[who] = { cookie: `__Host-editor_session=${signedIn.token}`, csrf: signedIn.csrf };
    own[who] = await changeSets.create(`Work of ${who}`, { email: `${who}@example.com`, name: `A ${who}` });
  }

  const call: EditorFixture['call'] = (method, url, as, options = {}) => {
    const session = as === 'nobody' ? undefined : sessions[as];
    const changeSet = options.changeSet ?? (as === 'nobody' ? own.writer.id : own[as].id);
    const csrf = options.csrf === false ? undefined : (options.csrf ?? session?.csrf);
    return app.inject({
      method,
      url,
      headers: {
        host,
        ...(session ? { cookie: session.cookie } : {}),
        'x-change-set': changeSet,
        ...(method === 'POST' ? { origin: publicUrl.origin, 'content-type': 'application/json' } : {}),
        ...(method === 'POST' && csrf ? { 'x-csrf-token': csrf } : {}),
        ...options.headers,
      },
      ...(method === 'POST' ? { payload: options.payload ?? JSON.stringify(options.body ?? {}) } : {}),
    });
  };
  const renew = async (who: Who) => {
    const signedIn = await accounts.signIn(`${who}@example.com`, password);
    sessions[who] = { cookie: `__Host-editor_session=${signedIn.token}`, csrf: signedIn.csrf };
  };
  const upload: EditorFixture['upload'] = (who, bytes, name, alt = 'A test picture of the office') =>
    app.inject({
      method: 'POST',
      url: `/api/media?${new URLSearchParams({ name, alt })}`,
      headers: {
        host,
        origin: publicUrl.origin,
        cookie: sessions[who].cookie,
        'x-csrf-token': sessions[who].csrf,
        'x-change-set': own[who].id,
        'content-type': 'application/octet-stream',
      },
      payload: bytes,
    });
  return {
    upload,
    renew,
    temp,
    app,
    accounts,
    changeSets,
    remote,
    copy,
    sessions,
    own,
    logs,
    call,
    close: async () => {
      await app.close();
      await accounts.close();
      temp.remove();
    },
  };
}
