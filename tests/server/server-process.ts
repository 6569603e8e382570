/**
 * `npm start`'s server as its own process, for the tests that kill, restart or signal it: node with tsx's
 * loader (one process, not the tsx wrapper and its child), on a free port of 127.0.0.1.
 */
import path from 'node:path';
import { startProcess, type TestProcess } from '../helpers/processes.ts';

/** The line the server prints once it listens, with its port. */
export const serving = /Serving the site on http:\/\/localhost:(\d+)/;

/** Starts the server with `env` over the test process's own; it is stopped when the test ends. */
export function startServerProcess(env: Record<string, string>): TestProcess {
  return startProcess(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    name: 'the server (src/server/main.ts)',
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
  });
}

/** Starts the server and waits until it listens; gives its base address. */
export async function startListeningServer(env: Record<string, string>): Promise<{ process: TestProcess; base: string }> {
  const server = startServerProcess(env);
  const port = await server.listening(serving);
  return { process: server, base: `http://127.0.0.1:${port}` };
}
