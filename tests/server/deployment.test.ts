/**
 * A deployment as docs/deploy.md lists it: dist/ (the site with the server-facts.json the build writes beside
 * its pages, and the compiled server), schemas/api, package.json and the packages; no content/, no src/, and
 * plain Node without tsx.
 */
import { cpSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { startProcess } from '../helpers/processes.ts';
import { openStorage } from '../../src/server/storage/index.ts';
import { applicationUrl, fixtureRoutes, tempDir, validApplication, writeClientBuild } from './helpers.ts';

describe('a deployment without content/', () => {
  it(
    'runs the compiled server with plain Node, serves the site and takes applications for the roles of its build only',
    async () => {
      const deployment = tempDir('deployment');
      const root = deployment.dir;
      const noticeVersion = '2026-11-25+abcdef0123';
      writeClientBuild(path.join(root, 'dist/client'), {
        facts: { routes: fixtureRoutes, roles: ['Data Engineer'], noticeVersion },
      });
      cpSync(path.resolve('schemas/api'), path.join(root, 'schemas/api'), { recursive: true });
      cpSync(path.resolve('package.json'), path.join(root, 'package.json'));
      symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
      try {
        const compile = startProcess(
          process.execPath,
          ['scripts/build-server.mjs', '--out-dir', path.join(root, 'dist/server')],
          {
            name: 'scripts/build-server.mjs',
          },
        );
        expect(await compile.exited, compile.output()).toBe(0);

        // Nothing from this process's environment: no CLIENT_DIR (the server finds dist/client beside itself),
        // no NODE_OPTIONS that could load tsx, no database or Redis of the test run.
        const server = startProcess(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.mjs')], {
          name: 'the compiled server',
          cwd: root,
          env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data') },
        });
        const port = await server.listening(/Serving the site on http:\/\/localhost:(\d+)/);
        const url = (route: string) => `http://127.0.0.1:${port}${route}`;

        expect((await fetch(url('/healthz'))).status).toBe(200);
        const page = await fetch(url('/react'));
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('React developers');

        const apply = (domain: string) =>
          fetch(url(applicationUrl), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...validApplication, domain }),
          });
        expect((await apply('Data Engineer')).status).toBe(201);
        const refused = await apply('React Developer');
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({
          error: 'ValidationFailed',
          fields: [expect.objectContaining({ field: 'domain' })],
        });

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        const storage = await openStorage({ kind: 'sqlite', file: path.join(root, 'data/submissions.db') });
        try {
          expect((await storage.listApplications()).map((a) => [a.domain, a.noticeVersion])).toEqual([
            ['Data Engineer', noticeVersion],
          ]);
        } finally {
          await storage.close();
        }
      } finally {
        deployment.remove();
      }
    },
    spawningTestTimeoutMs,
  );
});
