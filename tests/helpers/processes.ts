/**
 * The processes and ports that tests start, and their end. A process started here is killed, with every
 * process it started, when the test that started it finishes, also when that test timed out (vitest runs
 * `onTestFinished` then too), and the test fails if a port it listened on still accepts connections
 * afterwards: something the test started has outlived it and would answer the next test in its place.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';
import { onTestFinished } from 'vitest';
import { eventDeadlineMs, listenDeadlineMs } from './deadlines.ts';

export interface TestProcess {
  readonly child: ChildProcess;
  /** What it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The first match of `pattern` in its output; fails when it exits first or after `deadlineMs`. */
  waitForOutput(pattern: RegExp, deadlineMs?: number): Promise<RegExpMatchArray>;
  /**
   * Waits (at most `listenDeadlineMs`) for the line that says where it listens, `pattern` with the port as its
   * first group, and returns the port, which is checked to be closed once the process is stopped.
   */
  listening(pattern: RegExp): Promise<number>;
  /** Its exit code (null when a signal ended it), once it has exited. */
  readonly exited: Promise<number | null>;
  /**
   * Kills it and every process it started, unless it has exited, and waits for its exit; then fails if a port
   * it listened on still accepts connections. Runs by itself when the test finishes.
   */
  stop(): Promise<void>;
}

export interface StartOptions extends SpawnOptions {
  /** Names the process in failure messages. */
  readonly name: string;
  /**
   * `test` (the default): stopped when the test that started it finishes, however it finishes. `caller`: for a
   * process shared by a file's tests and started in `beforeAll`, where no test is running; the caller stops it
   * in `afterAll`, and it is killed when the test worker exits at the latest.
   */
  readonly lifetime?: 'test' | 'caller';
}

/**
 * Every process started here and not stopped yet, in this test worker: one set, however many test files load
 * this module in the worker.
 */
const running: Set<ChildProcess> = ((globalThis as Record<symbol, Set<ChildProcess> | undefined>)[
  Symbol.for('tests/helpers/processes')
] ??= processRegistry());

function processRegistry(): Set<ChildProcess> {
  const set = new Set<ChildProcess>();
  // The last resort, for processes whose test never got to stop them (a beforeAll that timed out, a worker
  // torn down mid-test): signals can still be sent while the worker exits.
  process.once('exit', () => {
    for (const child of set) killTree(child);
  });
  return set;
}

/** Spawns a process for the current test (see `lifetime`), collecting its output. */
export function startProcess(command: string, args: readonly string[], options: StartOptions): TestProcess {
  const { name, lifetime = 'test', ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
  running.add(child);
  let output = '';
  const waiters = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    const done = (code: number | null) => {
      running.delete(child);
      exitCode = code;
      for (const waiter of waiters) waiter();
      resolve(code);
    };
    child.once('exit', done);
    child.once('error', (error) => {
      output += `\n${name} could not be started: ${error.message}\n`;
      done(null);
    });
  });
  const ports = new Set<number>();

  const waitForOutput = (pattern: RegExp, deadlineMs = eventDeadlineMs) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          failure(
            'OutputMissing',
            `${name} printed nothing that matches ${pattern} within ${deadlineMs / 1000} s. It printed:\n${output}`,
          ),
        );
      }, deadlineMs);
      function check() {
        const match = output.match(pattern);
        if (match === null && exitCode === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        if (match !== null) resolve(match);
        else reject(failure('ExitedEarly', `${name} exited with ${exitCode} before printing ${pattern}. It printed:\n${output}`));
      }
      waiters.add(check);
      check();
    });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (exitCode === undefined) {
        killTree(child);
        let timer: NodeJS.Timeout | undefined;
        const gaveUp = new Promise<'gave up'>((resolve) => (timer = setTimeout(() => resolve('gave up'), eventDeadlineMs)));
        const outcome = await Promise.race([exited, gaveUp]);
        clearTimeout(timer);
        if (outcome === 'gave up') {
          throw failure(
            'ProcessSurvived',
            `${name} (pid ${child.pid}) was still running ${eventDeadlineMs / 1000} s after SIGKILL.`,
          );
        }
      }
      for (const port of ports) await expectPortClosed(port, name);
    })());

  if (lifetime === 'test') onTestFinished(stop);
  return {
    child,
    output: () => output,
    waitForOutput,
    async listening(pattern) {
      const port = Number((await waitForOutput(pattern, listenDeadlineMs))[1]);
      ports.add(port);
      return port;
    },
    exited,
    stop,
  };
}

/**
 * Fails when something still accepts connections on `port` of 127.0.0.1, which `what` listened on and which the
 * test has closed or killed by now.
 */
export async function expectPortClosed(port: number, what: string): Promise<void> {
  const open = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (open) {
    throw failure(
      'PortStillOpen',
      `Port ${port}, where ${what} listened, still accepts connections after its test: a server or process the test started has outlived it and would answer the next test. Close it, or start it with tests/helpers/processes.ts, which stops it when the test ends.`,
    );
  }
}

/**
 * For a server the test runs in its own process: `close` runs when the test finishes, also after a timeout,
 * and the test fails if `port` still accepts connections then.
 */
export function closeAfterTest(port: number, what: string, close: () => Promise<unknown>): void {
  onTestFinished(async () => {
    await close();
    await expectPortClosed(port, what);
  });
}

/** SIGKILL to the process and to every process under it (a toolchain's workers, esbuild's service). */
function killTree(child: ChildProcess): void {
  if (child.pid === undefined) return;
  for (const pid of [...descendants(child.pid), child.pid]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  }
}

/** The processes under `root`, read from `ps` (procps on Linux, the BSD one on macOS take the same options). */
function descendants(root: number): number[] {
  let table: string;
  try {
    table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  } catch {
    return []; // No ps: the process itself is still killed; its children notice their parent is gone.
  }
  const childrenOf = new Map<number, number[]>();
  for (const line of table.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || Number.isNaN(pid) || Number.isNaN(ppid)) continue;
    childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const next of childrenOf.get(pid) ?? []) {
      found.push(next);
      queue.push(next);
    }
  }
  return found;
}

function failure(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}
