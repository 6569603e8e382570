/**
 * The dev server's content check, on a thread of its own (started by check-service.ts through
 * scripts/check-worker.mjs). At a thousand pages a check takes about a second of CPU: on the server's
 * thread it held up Vite's listening and every module the browser asked for meanwhile, while the
 * second core was idle. Here the server listens and serves the app's code while the content is
 * checked, and only a content module waits for the check.
 *
 * The worker keeps the last check, with the check's caches (files read, verdicts), so an edit checks
 * again what changed. It answers with the code of the modules the server asks for, never the whole
 * check: copying a thousand pages' data between threads at each edit would cost more than it saves.
 */
import type { MessagePort } from 'node:worker_threads';
import { checkContent, saveCheckedReads, type ContentOptions, type ContentResult } from './check.ts';
import type { Problem } from './catalog.ts';
import { contentModules, LogoFiles } from './modules.ts';
import { plannedRecipes, type Recipe } from './pictures.ts';

/** A request of the dev server: check the content again (or use the last check), then give these modules. */
export interface CheckRequest {
  readonly id: number;
  readonly check: boolean;
  /** Module names, such as `pages` or `page/react`. */
  readonly names: readonly string[];
}

export interface CheckAnswer {
  readonly id: number;
  /** What stopped the check itself (a schema that cannot be read), to show as it is. */
  readonly failure?: string;
  readonly problems: readonly Problem[];
  readonly errors: number;
  readonly warnings: number;
  /** Each module asked for, by name: its code, or null when no content defines it. Empty after errors. */
  readonly codes: Readonly<Record<string, string | null>>;
  /** The logo files (address and SVG) that the modules of this answer name and no answer sent before. */
  readonly logos: readonly (readonly [string, string])[];
  /** The copies of pictures (address and recipe) that the check planned and no answer sent before. */
  readonly pictures: readonly (readonly [string, Recipe])[];
}

const SAVE_AFTER_IDLE_MS = 2000;

/** Answers the dev server's requests on `port`, one at a time, in the order they came. */
export function serveChecks(port: MessagePort, options: ContentOptions): void {
  const logos = new LogoFiles();
  const { moduleCode } = contentModules(logos);
  /** The logo files and picture copies sent so far: each goes to the server once. */
  const sent = new Set<string>();
  const unsent = <T,>(entries: Iterable<readonly [string, T]>) => {
    const fresh = [...entries].filter(([address]) => !sent.has(address));
    for (const [address] of fresh) sent.add(address);
    return fresh;
  };
  let result: ContentResult | undefined;
  let queue = Promise.resolve();

  const failed = (id: number, error: unknown): CheckAnswer => ({
    id,
    failure: error instanceof Error ? error.message : String(error),
    problems: [],
    errors: 1,
    warnings: 0,
    codes: {},
    logos: [],
    pictures: [],
  });

  const answer = async ({ id, check, names }: CheckRequest): Promise<CheckAnswer> => {
    if (check || !result) result = await checkContent(options);
    const { problems, errors, warnings } = result;
    const codes = errors > 0 ? {} : Object.fromEntries(names.map((name) => [name, moduleCode(name, result!) ?? null]));
    return { id, problems, errors, warnings, codes, logos: unsent(logos.files), pictures: unsent(plannedRecipes()) };
  };

  const serve = async (request: CheckRequest) => {
    let reply: CheckAnswer;
    try {
      reply = await answer(request);
    } catch (error) {
      // The next request checks afresh rather than answer from a check that went wrong.
      result = undefined;
      reply = failed(request.id, error);
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // Data that cannot cross to the server's thread fails this request, not the ones after it.
      port.postMessage(failed(request.id, error));
    }
    if (request.check && !reply.failure) unsaved = true;
  };

  /**
   * What the checks read is saved once the server has asked nothing for a while: saving a thousand
   * files takes a few hundred milliseconds, which must not hold up the page the browser is loading,
   * nor follow each of a marketer's saves.
   */
  let unsaved = false;
  let saving: ReturnType<typeof setTimeout> | undefined;
  const saveWhenIdle = () => {
    clearTimeout(saving);
    saving = setTimeout(() => {
      queue = queue.then(() => {
        if (!unsaved) return;
        unsaved = false;
        try {
          saveCheckedReads(options);
        } catch {
          // What is not saved is read again at the next start: a slower start, nothing lost.
        }
      });
    }, SAVE_AFTER_IDLE_MS);
  };

  port.on('message', (request: CheckRequest) => {
    saveWhenIdle();
    // Checks are asynchronous in places (pictures' sizes): one at a time, so answers keep their order.
    queue = queue.then(() => serve(request));
  });
}
