/**
 * How the dev server follows edits to content and schemas: Vite's watcher tells of a change, the
 * content is checked again (in this process, one check at a time), and the browser gets what changed.
 * Only pages changed: their new data, which the app swaps in without a reload (`content:page`,
 * src/app/startup/loader.ts). Anything else (the route table, the site settings, the gallery, a page
 * that is gone): a full reload. A content error: Vite's overlay, until a save fixes it.
 */
import { relative } from 'node:path';
import type { ViteDevServer } from 'vite';
import type { ContentResult } from '../check.ts';
import { readDataModule } from './page-data.ts';

export interface DevUpdates {
  readonly root: string;
  /** Whether a changed file is one the check reads. */
  readonly watched: (file: string) => boolean;
  /** Checks the content again, from the files as they are now. */
  readonly check: () => Promise<ContentResult>;
  /** The code of a content module from a check, or undefined when the check has no such module. */
  readonly codeOf: (name: string, result: ContentResult) => string | undefined;
  /** The id Vite gives content modules, to invalidate them. */
  readonly resolvedPrefix: string;
  readonly report: (result: ContentResult) => void;
  readonly overlay: (result: ContentResult) => { message: string; id?: string; frame?: string; loc?: { file: string; line: number; column: number } };
}

/**
 * Follows content edits on `server`. Returns `served`, which the plugin fills with the code of each
 * content module the browser was given, so that a check can tell what an edit changed.
 */
export function followContentEdits(server: ViteDevServer, updates: DevUpdates): Map<string, string> {
  const served = new Map<string, string>();
  /** Whether the browser shows the overlay of a content error: only a reload takes it down. */
  let showingError = false;
  /** The check under way, and whether a file changed since it started. */
  let running: Promise<void> | undefined;
  let changedMeanwhile: string | undefined;

  const send = async (file: string) => {
    let result: ContentResult;
    try {
      result = await updates.check();
    } catch (error) {
      // A schema that cannot be read (half-typed JSON, a wrong rename marker) is a developer's
      // mistake to show, not a reason to stop the server: saving the fixed file recovers.
      const message = error instanceof Error ? error.message : String(error);
      server.config.logger.error(`\n${message}\n`);
      server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'content' } });
      showingError = true;
      return;
    }
    for (const env of Object.values(server.environments)) {
      for (const mod of [...env.moduleGraph.idToModuleMap.values()]) {
        if (mod.id?.startsWith(updates.resolvedPrefix)) env.moduleGraph.invalidateModule(mod);
      }
    }
    if (result.errors > 0) {
      updates.report(result);
      showingError = true;
      server.ws.send({ type: 'error', err: { stack: '', plugin: 'content', ...updates.overlay(result) } });
      return;
    }
    const now = new Map([...served.keys()].map((name) => [name, updates.codeOf(name, result)] as const));
    const changed = [...now].filter(([name, code]) => code !== served.get(name)).map(([name]) => name);
    const onlyPages = !showingError && changed.every((name) => name.startsWith('page/') && now.get(name) !== undefined);
    showingError = false;
    const shown = relative(updates.root, file);
    if (onlyPages) {
      for (const name of changed) {
        served.set(name, now.get(name)!);
        server.ws.send({ type: 'custom', event: 'content:page', data: readDataModule(now.get(name)!, name) });
      }
      server.config.logger.info(`content: ${shown} is valid; ${changed.length > 0 ? 'page updated.' : 'nothing on screen changed.'}`);
    } else {
      served.clear();
      server.config.logger.info(`content: ${shown} is valid; reloading.`);
      server.ws.send({ type: 'full-reload', path: '*' });
    }
  };

  /** One check at a time: saves that come while one runs are checked together once it ends. */
  const onChange = (file: string) => {
    if (!updates.watched(file)) return;
    if (running) {
      changedMeanwhile = file;
      return;
    }
    running = (async () => {
      let next: string | undefined = file;
      while (next) {
        changedMeanwhile = undefined;
        await send(next);
        next = changedMeanwhile;
      }
    })().finally(() => (running = undefined));
  };
  server.watcher.on('change', onChange);
  server.watcher.on('add', onChange);
  server.watcher.on('unlink', onChange);
  return served;
}
