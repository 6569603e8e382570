/**
 * A kill at any step of publishing loses nothing and never leaves work that would be published twice.
 * For each step (after the fetch, the merge, the check, the push, the record, the carrying on of work
 * saved after review), a real process publishing a change set is killed there by SIGKILL; the service
 * then starts again over the same folders (recoverPublish, then recoverLiveEdits, as main.ts does) and:
 * the reviewed commit is on the live branch exactly once, or not at all and the change set waits in
 * review and publishes once when asked again; nothing is taken for edits to recover; the work saved
 * after review was asked is in exactly one draft; and no journal is left.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishStep } from '../../src/editor/service/change-sets.ts';
import { startProcess } from '../helpers/processes.ts';
import { spawningTestTimeoutMs } from '../helpers/deadlines.ts';
import { codeRoot, git, startEditorFixture, type EditorFixture } from './editor-fixture.ts';

let fixture: EditorFixture;
beforeAll(async () => {
  fixture = await startEditorFixture('editor-publish-kill', { logLevel: 'silent' });
});
afterAll(async () => fixture?.close());

const file = 'content/pages/react.yaml';
const steps: PublishStep[] = ['fetched', 'merged', 'checked', 'pushed', 'recorded', 'carried'];
/** The steps after which the change is on the live branch. */
const landed = new Set<PublishStep>(['pushed', 'recorded', 'carried']);

async function saveTitle(changeSet: string, title: string) {
  const opened = (await fixture.call('POST', '/api/open', 'writer', { body: { file }, changeSet })).json();
  const saved = await fixture.call('POST', '/api/save', 'writer', {
    changeSet,
    body: { file, version: opened.version, data: { ...opened.data, title } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** How many merges on the live branch bring in `commit`. */
const mergesOf = (commit: string) =>
  git(fixture.remote, 'rev-list', '--merges', '--parents', 'main')
    .split('\n')
    .filter((line) => line.split(' ').slice(2).includes(commit)).length;

describe('a kill while publishing', () => {
  it.each(steps)(
    'after the step "%s" loses nothing and publishes nothing twice',
    async (step) => {
      const created = await fixture.call('POST', '/api/change-sets', 'writer', { body: { title: `Killed after ${step}` } });
      const id = (created.json() as { id: string }).id;
      await saveTitle(id, `React developers, published through a kill after ${step}`);
      const asked = await fixture.call('POST', `/api/change-sets/${id}/ask-review`, 'writer', { changeSet: id, body: {} });
      const reviewed = (asked.json() as { reviewed: string }).reviewed;
      // Saved after review was asked: not published, carried on into a draft.
      await saveTitle(id, `React developers, still being written after ${step}`);

      const child = startProcess(
        process.execPath,
        [
          '--import',
          'tsx',
          resolve(import.meta.dirname, 'publish-kill-child.ts'),
          fixture.copy,
          join(fixture.temp.dir, 'data/change-sets'),
          id,
          step,
        ],
        { name: `publish killed after ${step}`, cwd: codeRoot },
      );
      await child.exited;
      expect(child.child.signalCode, child.output()).toBe('SIGKILL');

      // The service starts again over the same folders.
      const recovered = await fixture.changeSets.recoverPublish();
      // Killed before its merge, a publish has nothing to finish or undo.
      expect(recovered?.published ?? false).toBe(landed.has(step));
      expect(await fixture.changeSets.recoverLiveEdits()).toBeUndefined();
      expect(existsSync(join(fixture.temp.dir, 'data/change-sets/publishing.json'))).toBe(false);

      if (!landed.has(step)) {
        expect(mergesOf(reviewed)).toBe(0);
        expect(fixture.changeSets.get(id).state).toBe('in-review');
        const again = await fixture.call('POST', `/api/change-sets/${id}/publish`, 'publisher', {
          changeSet: id,
          body: { reviewed },
        });
        expect(again.statusCode, again.body).toBe(200);
      }
      expect(mergesOf(reviewed)).toBe(1);
      expect(fixture.changeSets.get(id).state).toBe('published');
      // The work saved after review is in exactly one draft, as it was written.
      const drafts = fixture.changeSets
        .list()
        .filter((c) => c.title === `Killed after ${step} (continued)` && c.state === 'draft');
      expect(drafts).toHaveLength(1);
      expect(readFileSync(join(fixture.changeSets.root(drafts[0]!.id), file), 'utf8')).toContain(
        `React developers, still being written after ${step}`,
      );
      // Nothing else is waiting to be published: no change set but that draft holds these commits.
      const holding = fixture.changeSets
        .list()
        .filter((c) => c.state !== 'published' && c.state !== 'withdrawn' && c.id !== drafts[0]!.id)
        .filter((c) => git(fixture.copy, 'branch', '--contains', reviewed, '--list', `edit/${c.id}`).trim() !== '');
      expect(holding.map((c) => c.title)).toEqual([]);
    },
    spawningTestTimeoutMs,
  );
});
