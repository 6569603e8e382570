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
 *
 * At the start, when no input of the check changed since the last session, the modules that session
 * served answer at once (last-modules.ts), marked provisional; the server has the content checked
 * as soon as the page is served, and sends what the check changed (src/content/plugin.ts).
 */
import type { MessagePort } from 'node:worker_threads';
import { checkContent, saveCheckedReads, type ContentOptions, type ContentResult } from './check.ts';
import type { Problem } from './catalog.ts';
import { inputsNow, lastModules, saveLastModules, type Modules } from './last-modules.ts';
import { contentModules, LogoFiles } from './modules.ts';
import { plannedRecipes, type Recipe } from './pictures.ts';

/**
 * A request of the dev server, then the modules to give: `check` checks the content again; `modules`
 * uses the last check (checking first if there is none); `start` takes the last session's modules
 * when nothing has changed since, and checks otherwise.
 */
export interface CheckRequest {
  readonly id: number;
  readonly mode: 'check' | 'modules' | 'start';
  /** Module names, such as `pages` or `page/react`. */
  readonly names: readonly string[];
}

export interface CheckAnswer {
  readonly id: number;
  /** What stopped the check itself (a schema that cannot be read), to show as it is. */
  readonly failure?: string;
  /** The modules are the last session's, not yet checked again: the server has them checked soon. */
  readonly provisional?: boolean;
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
  const saved = options.savedReads;
  const modulesFile = saved && saved.file.replace(/(\.json)?$/, '.modules.json');
  let result: ContentResult | undefined;
  /** The inputs the last check read (last-modules.ts), for its modules to be saved under. */
  let checkedInputs: string | undefined;
  /** The last session's modules, while no check has run in this one. */
  let provisional: Modules | undefined;
  /** Every module the server asked for, to save for the next start. */
  const asked = new Set<string>(['pages', 'site']);
  /** Whether a check ran, or the server asked for a module it had not asked for, since the last save. */
  let unsaved = false;
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

  /** Checks the content; `inputs`, when given, are the check's inputs as just read from the disk. */
  const check = async (inputs = saved && inputsNow(options, saved.codeKey)) => {
    checkedInputs = inputs;
    provisional = undefined;
    result = await checkContent(options);
    unsaved = true;
  };

  const answer = async ({ id, mode, names }: CheckRequest): Promise<CheckAnswer> => {
    for (const name of names) {
      if (asked.has(name)) continue;
      asked.add(name);
      unsaved = true;
    }
    const inputs = mode === 'start' && saved ? inputsNow(options, saved.codeKey) : undefined;
    if (inputs && modulesFile) provisional = lastModules(modulesFile, inputs);
    const fromLastSession = provisional && mode !== 'check' && names.every((name) => name in provisional!.codes);
    if (fromLastSession) {
      const { codes } = provisional!;
      return {
        id,
        provisional: true,
        problems: [],
        errors: 0,
        warnings: 0,
        codes: Object.fromEntries(names.map((name) => [name, codes[name]!])),
        logos: unsent(provisional!.logos),
        pictures: unsent(provisional!.pictures),
      };
    }
    if (mode !== 'modules' || !result) await check(inputs);
    const { problems, errors, warnings } = result!;
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
      unsaved = false;
      reply = failed(request.id, error);
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // Data that cannot cross to the server's thread fails this request, not the ones after it.
      port.postMessage(failed(request.id, error));
    }
  };

  /** Saves what the last check read, and the modules it gave for everything the server asked for. */
  const save = () => {
    if (!unsaved || !result) return;
    unsaved = false;
    try {
      saveCheckedReads(options);
    } catch {
      // What is not saved is read again at the next start: a slower start, nothing lost.
    }
    if (!modulesFile || !checkedInputs || result.errors > 0) return;
    const codes: Record<string, string> = {};
    for (const name of asked) {
      const code = moduleCode(name, result);
      if (code !== undefined) codes[name] = code;
    }
    saveLastModules(modulesFile, checkedInputs, { codes, logos: [...logos.files], pictures: plannedRecipes() });
  };

  /**
   * What the checks read is saved once the server has asked nothing for a while: saving a thousand
   * files takes a few hundred milliseconds, which must not hold up the page the browser is loading,
   * nor follow each of a marketer's saves.
   */
  let saving: ReturnType<typeof setTimeout> | undefined;
  const saveWhenIdle = () => {
    clearTimeout(saving);
    saving = setTimeout(() => (queue = queue.then(save)), SAVE_AFTER_IDLE_MS);
  };

  port.on('message', (request: CheckRequest) => {
    saveWhenIdle();
    // Checks are asynchronous in places (pictures' sizes): one at a time, so answers keep their order.
    queue = queue.then(() => serve(request));
  });
}
