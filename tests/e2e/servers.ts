import { spawn } from 'node:child_process';
import { expect } from '@playwright/test';

/** A server a test started itself (Vite's dev server, the editor), with everything it printed so far. */
export interface StartedServer {
  /** stdout and stderr together, as they arrived. */
  readonly log: () => string;
  /** The exit code once it has stopped; null while it runs. */
  readonly exitCode: () => number | null;
  /** Stops it; settles once it has exited, so what it wrote can be removed. */
  readonly stop: () => Promise<void>;
}

/**
 * Starts `node <args>` in `cwd` and waits until `readyUrl` answers 2xx. Node itself runs the script
 * (not npx), so stopping it stops the server and frees the port. A server that does not come up
 * fails the test with what it printed.
 */
export async function startServer(options: {
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly readyUrl: string;
  /** Headers of the readiness request (a token the server asks for). */
  readonly readyHeaders?: Record<string, string>;
  readonly timeout?: number;
}): Promise<StartedServer> {
  let log = '';
  const child = spawn(process.execPath, [...options.args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  await expect
    .poll(
      () =>
        fetch(options.readyUrl, { headers: options.readyHeaders ?? {} }).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: options.timeout ?? 60_000, message: `the server did not start:\n${log}` },
    )
    .toBe(true);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    log: () => log,
    exitCode: () => child.exitCode,
    stop: () => {
      child.kill();
      return exited;
    },
  };
}
