/**
 * The dev server's side of the content check worker (check-worker.ts): it starts the thread at the
 * first request, and turns each request into a promise of its answer. A thread that stops (a crash, a bug)
 * fails what was waiting with `ContentCheckStopped`; the next request starts a new one.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { ContentOptions } from './check.ts';
import type { CheckAnswer, CheckRequest } from './check-worker.ts';
import { adoptPlans } from './pictures.ts';

export type { CheckAnswer };

const workerScript = fileURLToPath(new URL('../../scripts/check-worker.mjs', import.meta.url));

export class CheckService {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(answer: CheckAnswer): void; reject(error: Error): void }>();

  /**
   * `logos` receives the logo files the answers name, for the dev server to serve; the copies of
   * pictures they plan go to pictures.ts, which makes them.
   */
  constructor(
    private readonly options: ContentOptions,
    private readonly logos: Map<string, string>,
    /** Where the check keeps what it read between runs of the server (check/saved-reads.ts); nowhere if unset. */
    private readonly savedReads?: string,
  ) {}

  /**
   * The server's first request: the last session's modules when no input of the check has changed
   * since (answered as `provisional`, to be checked with `check` once the page is served), or a check.
   */
  start(names: readonly string[]): Promise<CheckAnswer> {
    return this.ask({ mode: 'start', names });
  }

  /** Checks the content again, then answers with the code of these modules. */
  check(names: readonly string[]): Promise<CheckAnswer> {
    return this.ask({ mode: 'check', names });
  }

  /** The code of these modules from the last check (after the one under way, if any), or the last session's. */
  modules(names: readonly string[]): Promise<CheckAnswer> {
    return this.ask({ mode: 'modules', names });
  }

  /** Stops the thread; what was waiting fails. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ask(request: Omit<CheckRequest, 'id'>): Promise<CheckAnswer> {
    const id = this.nextId++;
    const answer = new Promise<CheckAnswer>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.thread().postMessage({ id, ...request } satisfies CheckRequest);
    return answer;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerScript, { workerData: { options: this.options, savedReads: this.savedReads } });
    // The dev server's own sockets keep the process running; this thread must not hold it open after them.
    worker.unref();
    worker.on('message', (answer: CheckAnswer) => {
      for (const [file, svg] of answer.logos) this.logos.set(file, svg);
      // The pictures' copies are made here, when a page asks for one (the content plugin's middleware).
      adoptPlans(answer.pictures);
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      waiter?.resolve(answer);
    });
    const stopped = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      const error = new Error(
        `ContentCheckStopped: the dev server's content check stopped (${why}). Save a content file to check again, or restart \`npm run dev\`.`,
      );
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', (error) => stopped(error.message));
    worker.on('exit', (code) => stopped(`its thread exited with code ${code}`));
    this.worker = worker;
    return worker;
  }
}
