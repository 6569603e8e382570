/**
 * An application and its CV are kept together or not at all (issue 53): the real server is killed with
 * SIGKILL while applications with CVs stream in, and afterwards every application it answered 201 is
 * stored with its file, byte for byte, and no application is stored without its file. Both databases.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/server/storage/index.ts';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { startListeningServer } from './server-process.ts';
import { pdfFile } from './cv-files.ts';
import { applicationUrl, envDatabases, tempDir, validApplication, writeClientBuild, type EnvDatabase } from './helpers.ts';

const client = tempDir('client');
beforeAll(() => void writeClientBuild(client.dir));
afterAll(() => client.remove());

function startServer(database: EnvDatabase) {
  return startListeningServer({
    CLIENT_DIR: client.dir,
    LOG_LEVEL: 'info',
    REDIS_URL: '',
    API_RATE_LIMIT_MAX: '100000',
    ...database.env,
  });
}

/** Sends applications with a CV each, `streams` at a time, until the server stops answering; gives what it accepted. */
async function applyUntilGone(base: string, streams: number, onAccepted: (count: number) => void) {
  const accepted = new Map<string, string>();
  let n = 0;
  const stream = async () => {
    for (;;) {
      const name = `Applicant ${n++}`;
      const cv = pdfFile(`${name} ${Math.random()}`);
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...validApplication, name })) form.append(key, value);
      form.append('cv', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), `${name}.pdf`);
      try {
        const response = await fetch(`${base}${applicationUrl}`, {
          method: 'POST',
          headers: { accept: 'application/json', origin: base },
          body: form,
        });
        if (response.status !== 201) throw new Error(`The server answered ${response.status}: ${await response.text()}`);
        const { id } = (await response.json()) as { id: string };
        accepted.set(id, createHash('sha256').update(cv).digest('hex'));
        onAccepted(accepted.size);
      } catch (error) {
        // The kill: a connection refused or cut off. Anything else is a failure of the test.
        if (error instanceof TypeError) return;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: streams }, stream));
  return accepted;
}

describe.each(envDatabases)('applications with a CV across a SIGKILL, $name', (databaseCase) => {
  it(
    'are stored with their file whenever they were accepted, and never without it',
    async () => {
      const database = await databaseCase.open();
      try {
        const accepted = new Map<string, string>();
        for (let round = 0; round < 3; round++) {
          const server = await startServer(database);
          // Killed once a few more applications than before have been accepted: while others are under way.
          const killAt = accepted.size + 6 + round * 3;
          const sent = await applyUntilGone(server.base, 6, (count) => {
            if (accepted.size + count >= killAt) server.process.child.kill('SIGKILL');
          });
          await server.process.exited;
          for (const [id, sha] of sent) accepted.set(id, sha);
        }

        const storage = await openStorage(database.config);
        try {
          const stored = await storage.listApplications();
          const byId = new Map(stored.map((application) => [application.id, application]));
          for (const [id, sha] of accepted) {
            expect(
              byId.get(id)?.files.map((file) => file.sha256),
              `application ${id}`,
            ).toEqual([sha]);
          }
          // Stored but never answered (the kill came between commit and answer) is allowed; a row without its file is not.
          expect(stored.filter((application) => application.files.length !== 1)).toEqual([]);
          expect(accepted.size).toBeGreaterThanOrEqual(6 + 9 + 12 - 2);
        } finally {
          await storage.close();
        }
      } finally {
        await database.cleanup();
      }
    },
    spawningTestTimeoutMs * 3,
  );
});
