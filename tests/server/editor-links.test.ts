/**
 * Symbolic links never let the shared editor read or serve a file outside the site: a link placed in
 * any public folder it serves from (the live copy, a change set's worktree, a shared preview's) is not
 * followed out of it, whatever it points at (the accounts database, the signing secret, a system file,
 * a folder outside); and a repository that holds a link is refused when it is cloned and when the live
 * branch is fetched, with a message naming the file, before anything is checked out.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareWorkingCopy, WorkingCopyFailed } from '../../src/editor/service/working-copy.ts';
import { git, host, startEditorFixture, type EditorFixture } from './editor-fixture.ts';
import { runs } from '../helpers/depth.ts';

let fixture: EditorFixture;
const secret = 'the service signing secret, never to be served';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-links');
  // Files the service keeps beside its working copies, which a link would reach.
  writeFileSync(join(fixture.temp.dir, 'data/editor-secret'), secret);
});
afterAll(async () => fixture?.close());

describe('serving files', () => {
  it('never follows a link out of the folder it serves, for any target, place or reader (fast-check)', async () => {
    const share = await fixture.call('POST', `/api/change-sets/${fixture.own.writer.id}/share`, 'publisher', {
      body: { days: 1 },
    });
    const shared = new URL(share.json().url as string);
    const targets = [
      join(fixture.temp.dir, 'data/editor.db'),
      join(fixture.temp.dir, 'data/editor-secret'),
      '/etc/passwd',
      join(fixture.temp.dir, 'data'),
      fixture.temp.dir,
      '/etc',
    ];
    const readers = [
      {
        name: 'the writer in their change set',
        as: 'writer' as const,
        folder: () => fixture.changeSets.root(fixture.own.writer.id),
        referer: `https://${host}/?cs=${fixture.own.writer.id}`,
      },
      { name: 'a publisher on the live site', as: 'publisher' as const, folder: () => fixture.copy, referer: `https://${host}/` },
      {
        name: 'a shared link’s holder',
        as: 'nobody' as const,
        folder: () => fixture.changeSets.root(fixture.own.writer.id),
        referer: shared.href,
      },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.constantFrom(...readers),
        fc.constantFrom('public', 'public/media', 'public/media/uploads', 'public/media/deep/er'),
        fc.constantFrom('link.png', 'editor.db', 'passwd'),
        async (target, reader, at, name) => {
          const dir = join(reader.folder(), at);
          mkdirSync(dir, { recursive: true });
          const link = join(dir, name);
          rmSync(link, { force: true, recursive: true });
          symlinkSync(target, link);
          try {
            const url = `/${at.replace(/^public\/?/, '')}/${name}`.replace('//', '/');
            // Through the link itself, and through the link as a folder (a file inside what it points at).
            for (const asked of [url, `${url}/passwd`, `${url}/editor.db`, `${url}/editor-secret`]) {
              const response = await fixture.call('GET', asked, reader.as, { headers: { referer: reader.referer } });
              const told = `${reader.name}: ${asked} → ${target}: ${response.statusCode}`;
              expect(response.statusCode, told).toBe(404);
              expect(response.body, told).not.toContain(secret);
              expect(response.body, told).not.toContain('root:');
            }
          } finally {
            rmSync(link, { force: true, recursive: true });
          }
        },
      ),
      { seed: 4950, numRuns: runs(30, 200) },
    );
    // A plain file there is still served: the refusal is of links, not of the folder.
    const plain = join(fixture.copy, 'public/media/plain-test.txt');
    writeFileSync(plain, 'a plain file');
    try {
      expect((await fixture.call('GET', '/media/plain-test.txt', 'publisher')).body).toBe('a plain file');
    } finally {
      rmSync(plain);
    }
  });
});

describe('reading content', () => {
  it('a link under content/ (back up the tree, to nothing, outside) never fails the catalog, and nothing is read through it', async () => {
    const content = join(fixture.changeSets.root(fixture.own.writer.id), 'content');
    const outside = join(fixture.temp.dir, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'secret.yaml'), 'route: /secret\n');
    const links = { 'pages/loop': '..', 'pages/nowhere': '/no/such/folder', 'outside-link': outside };
    for (const [name, target] of Object.entries(links)) symlinkSync(target, join(content, name));
    try {
      const catalog = await fixture.call('GET', '/api/catalog', 'writer');
      expect(catalog.statusCode, catalog.body.slice(0, 300)).toBe(200);
      // Nothing through a link is listed: not the outside file, not the pages again through the loop.
      expect(catalog.body).not.toContain('outside-link');
      expect(catalog.body).not.toContain('pages/loop');
      const opened = await fixture.call('POST', '/api/open', 'writer', { body: { file: 'content/outside-link/secret.yaml' } });
      expect(opened.statusCode).toBeGreaterThanOrEqual(400);
      expect(opened.body).not.toContain('route: /secret');
    } finally {
      for (const name of Object.keys(links)) rmSync(join(content, name), { force: true });
    }
  });
});

describe('a repository that holds a symbolic link', () => {
  it('is refused at clone, naming the file, and leaves no working copy behind', async () => {
    const seed = join(fixture.temp.dir, 'linked-seed');
    mkdirSync(join(seed, 'content'), { recursive: true });
    mkdirSync(join(seed, 'schemas'), { recursive: true });
    mkdirSync(join(seed, 'public'), { recursive: true });
    writeFileSync(join(seed, 'content/site.yaml'), 'name: x\n');
    writeFileSync(join(seed, 'schemas/x.json'), '{}\n');
    symlinkSync('../../editor.db', join(seed, 'public/logo.png'));
    git(seed, 'init', '--quiet', '--initial-branch=main');
    git(seed, 'add', '-A');
    git(seed, 'commit', '--quiet', '-m', 'A link');
    const root = join(fixture.temp.dir, 'linked-copy');
    const failure = await prepareWorkingCopy(seed, root).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkingCopyFailed);
    expect((failure as Error).message).toContain('public/logo.png');
    expect(existsSync(root)).toBe(false);
  });

  it('is refused when the live branch brings one, naming the file, and nothing is checked out', async () => {
    const pusher = join(fixture.temp.dir, 'pusher');
    git(fixture.temp.dir, 'clone', '--quiet', fixture.remote, pusher);
    symlinkSync('/etc/passwd', join(pusher, 'public/favicon-link.png'));
    git(pusher, 'add', '-A');
    git(pusher, 'commit', '--quiet', '-m', 'A link into the system');
    git(pusher, 'push', '--quiet', 'origin', 'main');
    try {
      const refused = await fixture.call('POST', '/api/change-sets', 'writer', { body: { title: 'After the link' } });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toBe('EditorLinkRefused');
      expect(refused.json().message).toContain('public/favicon-link.png');
      expect(existsSync(join(fixture.copy, 'public/favicon-link.png'))).toBe(false);
    } finally {
      git(pusher, 'rm', '--quiet', 'public/favicon-link.png');
      git(pusher, 'commit', '--quiet', '-m', 'The link removed');
      git(pusher, 'push', '--quiet', 'origin', 'main');
    }
    // Once the link is gone, the editor works again.
    const created = await fixture.call('POST', '/api/change-sets', 'writer', { body: { title: 'After the repair' } });
    expect(created.statusCode, created.body).toBe(200);
    expect(readFileSync(join(fixture.copy, 'content/site.yaml'), 'utf8').length).toBeGreaterThan(0);
  });
});
