/**
 * Change sets: each writer's edits go into a change set of their own, never straight to the live
 * branch. A change set is a git branch `edit/<id>` checked out in a worktree of its own under
 * EDITOR_DATA_DIR/change-sets/<id>/, started from the live branch, so several people edit at once
 * without touching each other's files; its title, owner, state and conversation are kept beside it in
 * `<id>.json` (backed up with the worktrees: docs/deploy.md).
 *
 * The flow: a writer edits and saves in the worktree, then asks for review, which commits the saved
 * files with the writer as author; a publisher reads the change in words, comments, sends it back or
 * publishes. Publishing merges the reviewed commit into the live branch as it is now (fetched first),
 * checks the merged content with the build's checker, and pushes; the merge commit's author is the
 * writer and its committer the publisher. What was not reviewed is not published: edits saved after
 * the request for review wait for the next one.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkAsPublished } from '../../content/rendered/as-published.ts';
import type { DrawSite } from '../../app/entry-draw.tsx';
import { yamlData } from '../../content/yaml/yaml-limits.ts';
import { writeWhole } from '../../content/files.ts';
import { EditorError } from '../shared/errors.ts';
import { ContentInvalid } from '../api/api.ts';
import { unusedUploads } from '../api/library.ts';
import { describeFileChange, type FileChange } from '../shared/word-diff.ts';
import { merge3, withValue } from '../shared/merge.ts';
import { same } from '../ui/same.ts';
import { valueAt } from '../../content/paths.ts';
import { words } from '../ui/words.ts';
import { rewriteYaml } from '../shared/yaml-edit.ts';
import { linksIn, linksRefused } from './working-copy.ts';

const run = promisify(execFile);
/** What a change set may change: the content and the pictures; nothing else of the site. */
const AREAS = ['content', 'public/media'];

export type ChangeSetState = 'draft' | 'in-review' | 'published' | 'withdrawn';

export interface Person {
  readonly email: string;
  readonly name: string;
}

/** One line of a change set's conversation: a comment, or a step of its review with what was said. */
export interface ChangeSetEvent {
  readonly at: string;
  readonly by: Person;
  readonly kind: 'created' | 'comment' | 'asked-review' | 'sent-back' | 'published' | 'publish-failed' | 'withdrawn';
  readonly text?: string;
  /** The commit the step concerns (the one reviewed, the merge published). */
  readonly commit?: string;
}

export interface ChangeSet {
  readonly id: string;
  readonly title: string;
  readonly owner: Person;
  readonly state: ChangeSetState;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The live commit it started from. */
  readonly base: string;
  /** The commit a publisher is asked to review (set when review is asked). */
  readonly reviewed?: string;
  readonly published?: string;
  readonly events: readonly ChangeSetEvent[];
  /**
   * Values both this change set and the live site changed, found when it was brought up to date: this change
   * set's value is kept until its writer chooses (Keep theirs / Keep yours); review waits for every choice.
   */
  readonly overlaps?: readonly Overlap[];
}

/** A value this change set and the live site both changed: where, and each version in words. */
export interface Overlap {
  readonly file: string;
  /** Where the value is in the file's data; empty for a whole file (a picture, a file deleted on one side). */
  readonly path: readonly (string | number)[];
  readonly place: string;
  readonly live: string;
  readonly kept: string;
}

/** A change set as a publisher reviews it: each changed file, in words, and the pictures. */
export interface Review {
  readonly changeSet: ChangeSet;
  readonly files: readonly FileChange[];
  readonly pictures: readonly { readonly file: string; readonly state: 'new' | 'changed' | 'deleted' }[];
  /** Saved in the worktree since review was asked: not part of this review. */
  readonly unreviewed: readonly string[];
  /** The address of each changed page, to compare it before and after. */
  readonly routes: Readonly<Record<string, string>>;
}

/** What bringing a change set up to date did: each file taken from the live site, merged, or kept with overlaps. */
export interface Update {
  readonly changeSet: ChangeSet;
  /** How many published commits were brought in (0: it was up to date). */
  readonly behind: number;
  readonly taken: readonly string[];
  readonly merged: readonly string[];
  /** Values both sides changed differently: the change set's value was kept; the writer decides. */
  readonly overlaps: readonly Overlap[];
}

/** One published version of a content file: who made it, when, why, and what it changed. */
export interface Version {
  readonly commit: string;
  readonly author: Person;
  readonly at: string;
  /** The commit's message: the change set's title, or a developer's own words. */
  readonly subject: string;
  /** What a marketer reads: the change set's title, or that it was changed outside the editor. */
  readonly title: string;
  /** Who asked for it (the change set's writer) and who published it; a change outside the editor has only its author. */
  readonly askedBy: string;
  readonly publishedBy?: string;
  readonly change: FileChange;
}

/** The first line of what git said, for a message: the rest is for the log. */
const firstLine = (error: unknown) =>
  ((error as GitStepFailed).said ?? (error as Error).message ?? '').split('\n')[0]!.slice(0, 300);

export class GitStepFailed extends Error {
  constructor(
    readonly step: string,
    readonly said: string,
  ) {
    super(`git ${step} failed: ${said}`);
    this.name = 'GitFailed';
  }
}

async function git(cwd: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run('git', [...args], {
      cwd,
      maxBuffer: 32 * 1024 * 1024,
      ...(env ? { env: { ...process.env, ...env } } : {}),
    });
    return stdout;
  } catch (error) {
    // A merge names its conflicts on stdout, other failures on stderr.
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new GitStepFailed(args[0] ?? 'git', [e.stdout, e.stderr].filter(Boolean).join('\n').trim() || e.message);
  }
}

const idPattern = /^[a-z0-9]{10}$/;

/**
 * A title is one line of up to 120 characters of text: no control characters (a NUL would make every
 * later git commit fail, and the work could never be reviewed) and no bidirectional overrides, which
 * make a title read differently from what it says.
 */
function readTitle(title: unknown): string {
  const name = typeof title === 'string' ? title.trim() : '';
  if (!name || name.length > 120 || /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u.test(name))
    throw new EditorError(
      'EditorBadRequest',
      '`title` is required: one line of plain text, up to 120 characters, that says what the change is for, such as "Careers: two new openings".',
    );
  return name;
}
const stamp = () => new Date().toISOString();

/** A committed file's data; one YAML cannot read, or that expands beyond any page, is refused by name. */
function readYaml(text: string, file: string): unknown {
  try {
    return yamlData(text);
  } catch (error) {
    throw new EditorError(
      'EditorYamlUnreadable',
      `${file} cannot be read here (${(error as Error).message.replace(/^The YAML could not be read: /, '').replace(/\.$/, '')}). A developer sees the line in the content check; once it is repaired, try again.`,
    );
  }
}

export interface ChangeSetsOptions {
  /** The service's working copy of the live branch: never edited, only merged into and pushed. */
  readonly live: string;
  /** Where the worktrees and their records are kept. */
  readonly dir: string;
  /** The live branch's name (the working copy's branch when unset). */
  readonly branch?: string;
  /**
   * Told as each step of a publish is done, for the tests that stop the process there (a kill at
   * any step must lose nothing and publish nothing twice: recoverPublish).
   */
  readonly onPublishStep?: (step: PublishStep) => void;
  /**
   * Draws the pages a publish would put live, with the site's own code (src/app/entry-draw.tsx), so that
   * what they show is checked as the build checks it. Tests that are not about the pages' contents may
   * pass one that draws nothing.
   */
  readonly draw: DrawSite;
}

export type PublishStep = 'fetched' | 'merged' | 'checked' | 'pushed' | 'recorded' | 'carried';

/**
 * What a publish under way has done, written beside the change sets before its merge and removed once
 * it is over, so that a start after a kill knows whether the change reached the live branch.
 */
interface PublishJournal {
  readonly id: string;
  readonly reviewed: string;
  /** The live copy's commit before the merge. */
  readonly before: string;
  readonly by: Person;
  /** Set once the merge is on the remote (or, without a remote, once it is checked). */
  readonly landed?: string;
}

export class ChangeSets {
  private readonly live: string;
  private readonly dir: string;
  private branchName: string | undefined;
  private readonly onPublishStep: (step: PublishStep) => void;
  private readonly draw: DrawSite;
  /** One git operation on the shared repository at a time: worktrees share its index locks and refs. */
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * Per change set, one at a time: its writes (saves, uploads, new pages) and the steps that commit,
   * merge or remove its worktree. A slow save in one change set never holds anyone else's; the git
   * steps take the shared queue first, then their change set's, and a write never takes the shared one.
   */
  private readonly setQueues = new Map<string, Promise<unknown>>();

  constructor(options: ChangeSetsOptions) {
    this.live = options.live;
    this.dir = options.dir;
    this.branchName = options.branch;
    this.onPublishStep = options.onPublishStep ?? (() => undefined);
    this.draw = options.draw;
    mkdirSync(this.dir, { recursive: true });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private inSet<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (this.setQueues.get(id) ?? Promise.resolve()).then(work, work);
    const settled = next.catch(() => undefined);
    this.setQueues.set(id, settled);
    // Forgotten once idle, so the map holds only the change sets being written now.
    void settled.then(() => {
      if (this.setQueues.get(id) === settled) this.setQueues.delete(id);
    });
    return next;
  }

  /** A git step on one change set's worktree: after the shared queue, then in that change set's own. */
  private serialIn<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.serial(() => this.inSet(id, work));
  }

  private async branch(): Promise<string> {
    this.branchName ??= (await git(this.live, ['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
    return this.branchName;
  }

  private async remote(): Promise<string | undefined> {
    return (await git(this.live, ['remote'])).split('\n').find(Boolean);
  }

  /** Brings the live copy to the remote's live branch, when there is a remote. */
  private async refreshLive(): Promise<void> {
    const remote = await this.remote();
    if (!remote) return;
    const branch = await this.branch();
    try {
      await git(this.live, ['fetch', '--quiet', remote, branch]);
    } catch (error) {
      throw new EditorError(
        'EditorRepoUnreachable',
        `The site's repository could not be reached, so nothing was changed: your work is kept as it is. Try again in a few minutes. If it keeps happening, whoever runs the editor checks that its repository (EDITOR_REPO) answers; git said: ${firstLine(error)}`,
      );
    }
    await this.refuseLinks(`${remote}/${branch}`, `The live branch (${branch} of ${remote})`);
    await git(this.live, ['reset', '--quiet', '--hard', `${remote}/${branch}`]);
  }

  /** Refuses a tree holding symbolic links before it is checked out anywhere (working-copy.ts). */
  private async refuseLinks(rev: string, where: string): Promise<void> {
    const links = await linksIn(this.live, rev);
    if (links.length > 0) throw new EditorError('EditorLinkRefused', `${linksRefused(links, where)} Nothing was changed.`);
  }

  private recordFile(id: string) {
    return join(this.dir, `${id}.json`);
  }

  /** The worktree a change set's edits are saved in. */
  root(id: string): string {
    return join(this.dir, this.get(id).id);
  }

  /** Where a change set's content is read: its worktree while it is open, the live branch (which has it) after. */
  contentRoot(id: string): string {
    const own = this.root(id);
    return existsSync(own) ? own : this.live;
  }

  /** The live branch's schemas, which name the fields of its history. */
  liveSchemaDir(): string {
    return join(this.live, 'schemas');
  }

  /** The live branch's files, to read a file as it is live; nothing may be written there. */
  liveRoot(): string {
    return this.live;
  }

  /** The schemas a change set's content is read with: its own while it is open, the live branch's after. */
  schemaDir(id: string): string {
    const own = join(this.root(id), 'schemas');
    return existsSync(own) ? own : join(this.live, 'schemas');
  }

  list(): ChangeSet[] {
    return readdirSync(this.dir)
      .filter((name) => /^[a-z0-9]{10}\.json$/.test(name))
      .map((name) => JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as ChangeSet)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  get(id: string): ChangeSet {
    if (!idPattern.test(id) || !existsSync(this.recordFile(id)))
      throw new EditorError(
        'EditorFileMissing',
        `There is no change set "${id.slice(0, 40)}". Pick one from the list of change sets.`,
      );
    return JSON.parse(readFileSync(this.recordFile(id), 'utf8')) as ChangeSet;
  }

  private save(changeSet: ChangeSet): ChangeSet {
    writeWhole(this.recordFile(changeSet.id), `${JSON.stringify(changeSet, null, 2)}\n`);
    return changeSet;
  }

  /** Records a step on the change set as stored now, so that a comment written meanwhile is kept. */
  private step(changeSet: ChangeSet, event: Omit<ChangeSetEvent, 'at'>, changes: Partial<ChangeSet> = {}): ChangeSet {
    const at = stamp();
    const current = this.get(changeSet.id);
    return this.save({ ...current, ...changes, updatedAt: at, events: [...current.events, { ...event, at }] });
  }

  /**
   * Runs a write into a change set's worktree (a save, an upload, a new page) one at a time with the
   * steps that commit, merge or remove that worktree, and only while the change set is open: a save
   * never lands in a worktree that a publish is removing.
   */
  guard<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.inSet(id, async () => {
      const changeSet = this.get(id);
      if (changeSet.state === 'published' || changeSet.state === 'withdrawn' || !existsSync(join(this.dir, id)))
        throw new EditorError(
          'EditorConflict',
          `"${changeSet.title}" is ${changeSet.state}; nothing more can be saved in it. Start a new change set.`,
        );
      return work();
    });
  }

  create(title: unknown, owner: Person): Promise<ChangeSet> {
    const name = readTitle(title);
    return this.serial(async () => {
      await this.refreshLive();
      return this.createHere(name, owner);
    });
  }

  /**
   * A new change set from the live copy's HEAD; the caller holds the queue. `id` is given for a change
   * set that must be made at most once (carryOn); one that exists already is returned as it is.
   */
  private async createHere(name: string, owner: Person, given?: string): Promise<ChangeSet> {
    if (given !== undefined && existsSync(this.recordFile(given)) && existsSync(join(this.dir, given))) return this.get(given);
    const id =
      given ??
      randomBytes(8)
        .toString('hex')
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 10)
        .padEnd(10, '0');
    const base = (await git(this.live, ['rev-parse', 'HEAD'])).trim();
    // A worktree or branch left by an interrupted attempt at the same change set is started again.
    if (given !== undefined && existsSync(join(this.dir, id)))
      await git(this.live, ['worktree', 'remove', '--force', join(this.dir, id)]).catch(() =>
        rmSync(join(this.dir, id), { recursive: true, force: true }),
      );
    await git(this.live, ['worktree', 'prune']);
    await git(this.live, ['worktree', 'add', '--quiet', '-B', `edit/${id}`, join(this.dir, id), base]);
    const at = stamp();
    return this.save({
      id,
      title: name,
      owner,
      state: 'draft',
      createdAt: at,
      updatedAt: at,
      base,
      events: [{ at, by: owner, kind: 'created' }],
    });
  }

  /** Files under content/ and public/media/ saved in the worktree and not yet committed. */
  private async uncommitted(id: string): Promise<string[]> {
    const root = join(this.dir, id);
    const excluded = unusedUploads(root).map((file) => `:(exclude,literal)${file}`);
    const status = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...AREAS, ...excluded]);
    return status
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.slice(3));
  }

  askReview(id: string, by: Person, note?: unknown): Promise<ChangeSet> {
    return this.serialIn(id, async () => {
      const changeSet = this.get(id);
      if (changeSet.state !== 'draft')
        throw new EditorError(
          'EditorConflict',
          `"${changeSet.title}" is ${changeSet.state.replace('-', ' ')}; only a draft can be sent for review.`,
        );
      // An overlap is settled by its writer, never by default: review waits for each choice.
      const open = changeSet.overlaps ?? [];
      if (open.length > 0)
        throw new EditorError(
          'EditorConflict',
          `You and the live site both changed ${open.length === 1 ? 'one value' : `${open.length} values`} (${open.map((o) => o.place).join('; ')}). Choose Keep theirs or Keep yours for each, then ask for review.`,
        );
      const root = join(this.dir, id);
      const pending = await this.uncommitted(id);
      if (pending.length > 0) {
        const excluded = unusedUploads(root).map((file) => `:(exclude,literal)${file}`);
        await git(root, ['add', '-A', '--', ...AREAS, ...excluded]);
        await git(root, ['commit', '--quiet', '-m', changeSet.title, '--', ...AREAS], {
          GIT_AUTHOR_NAME: by.name || by.email,
          GIT_AUTHOR_EMAIL: by.email,
          GIT_COMMITTER_NAME: by.name || by.email,
          GIT_COMMITTER_EMAIL: by.email,
        });
      }
      const head = (await git(root, ['rev-parse', 'HEAD'])).trim();
      if (head === changeSet.base)
        throw new EditorError('EditorBadRequest', 'There is nothing to review yet: save a change in this change set first.');
      const text = typeof note === 'string' && note.trim() ? note.trim().slice(0, 2000) : undefined;
      return this.step(
        changeSet,
        { by, kind: 'asked-review', commit: head, ...(text ? { text } : {}) },
        { state: 'in-review', reviewed: head },
      );
    });
  }

  comment(id: string, by: Person, text: unknown): Promise<ChangeSet> {
    const said = typeof text === 'string' ? text.trim() : '';
    if (!said) throw new EditorError('EditorBadRequest', '`text` is required: the comment to add.');
    return this.serial(async () => this.step(this.get(id), { by, kind: 'comment', text: said.slice(0, 4000) }));
  }

  /** In the queue with publish: a change set sent back while a publish waits is not published. */
  sendBack(id: string, by: Person, text: unknown): Promise<ChangeSet> {
    const said = typeof text === 'string' ? text.trim() : '';
    if (!said) throw new EditorError('EditorBadRequest', '`text` is required: say what should change before it can go live.');
    return this.serial(async () => {
      const changeSet = this.get(id);
      if (changeSet.state !== 'in-review')
        throw new EditorError('EditorConflict', `"${changeSet.title}" is not waiting for review, so it cannot be sent back.`);
      return this.step(changeSet, { by, kind: 'sent-back', text: said.slice(0, 4000) }, { state: 'draft' });
    });
  }

  /**
   * Records that a publish of the change set failed, and why, in its conversation: its owner sees it on
   * their list, not only the publisher who tried.
   */
  recordPublishFailure(id: string, by: Person, why: string): Promise<ChangeSet> {
    return this.serial(async () => this.step(this.get(id), { by, kind: 'publish-failed', text: why.slice(0, 4000) }));
  }

  /** Everyone who has work in a change set: its owner and the authors of its commits since it started. */
  writers(id: string): Promise<string[]> {
    return this.serial(async () => {
      const changeSet = this.get(id);
      const head = changeSet.reviewed ?? changeSet.base;
      const authors = (await git(this.live, ['log', '--first-parent', '--format=%ae', `${changeSet.base}..${head}`])).split('\n');
      return [...new Set([changeSet.owner.email, ...authors.filter(Boolean)])];
    });
  }

  /** What the reviewed commit changes against the live branch it will be merged into, in words. */
  review(id: string, schemaFor: (file: string) => object | undefined): Promise<Review> {
    return this.serial(async () => {
      const changeSet = this.get(id);
      const root = join(this.dir, id);
      const open = existsSync(root);
      // A published change set is read as its merge changed the live branch; another against where it would land.
      const head =
        changeSet.published ?? changeSet.reviewed ?? (open ? (await git(root, ['rev-parse', 'HEAD'])).trim() : changeSet.base);
      const since = changeSet.published
        ? `${changeSet.published}^1`
        : (await git(this.live, ['merge-base', 'HEAD', head])).trim();
      const names = await git(this.live, ['diff', '--name-status', '-z', '--no-renames', since, head, '--', ...AREAS]);
      const parts = names.split('\0').filter(Boolean);
      const files: FileChange[] = [];
      const routes: Record<string, string> = {};
      const pictures: { file: string; state: 'new' | 'changed' | 'deleted' }[] = [];
      const show = async (commit: string, file: string) => readYaml(await git(this.live, ['show', `${commit}:${file}`]), file);
      for (let i = 0; i + 1 < parts.length; i += 2) {
        const code = parts[i]!;
        const file = parts[i + 1]!;
        const state = code === 'A' ? 'new' : code === 'D' ? 'deleted' : 'changed';
        if (!/^content\/.*\.ya?ml$/.test(file)) {
          pictures.push({ file, state });
          continue;
        }
        const before = state === 'new' ? undefined : await show(since, file);
        const after = state === 'deleted' ? undefined : await show(head, file);
        files.push(describeFileChange(file, before, after, schemaFor(file)));
        const route = ((after ?? before) as { route?: unknown } | undefined)?.route;
        if (typeof route === 'string' && file.startsWith('content/pages/')) routes[file] = route;
      }
      return { changeSet, files, pictures, routes, unreviewed: open ? await this.uncommitted(id) : [] };
    });
  }

  /**
   * Merges the reviewed commit into the live branch as it is now, checks the merged content as the
   * build would, and pushes. Nothing reaches the remote while the check fails or the merge conflicts.
   */
  publish(
    id: string,
    by: Person,
    seen?: unknown,
  ): Promise<{ changeSet: ChangeSet; commit: string; pushed?: string; continued?: ChangeSet }> {
    return this.serialIn(id, async () => {
      const changeSet = this.get(id);
      if (changeSet.state !== 'in-review' || !changeSet.reviewed)
        throw new EditorError(
          'EditorConflict',
          `"${changeSet.title}" is not waiting for review; only a reviewed change set can be published.`,
        );
      // What the publisher read must be what goes live: not a version asked for again since.
      if (seen !== undefined && seen !== changeSet.reviewed)
        throw new EditorError(
          'EditorConflict',
          `"${changeSet.title}" changed since you opened it (it was sent back and asked for again). Nothing was published; read it again, then publish.`,
        );
      await this.refreshLive();
      this.onPublishStep('fetched');
      const before = (await git(this.live, ['rev-parse', 'HEAD'])).trim();
      this.writeJournal({ id, reviewed: changeSet.reviewed, before, by });
      const identity = {
        GIT_AUTHOR_NAME: changeSet.owner.name || changeSet.owner.email,
        GIT_AUTHOR_EMAIL: changeSet.owner.email,
        GIT_COMMITTER_NAME: by.name || by.email,
        GIT_COMMITTER_EMAIL: by.email,
      };
      const undo = async () => {
        await git(this.live, ['reset', '--quiet', '--hard', before]);
        this.removeJournal();
      };
      try {
        await git(this.live, ['merge', '--no-ff', '--quiet', '-m', changeSet.title, changeSet.reviewed], identity);
      } catch (error) {
        await git(this.live, ['merge', '--abort']).catch(() => undefined);
        await undo();
        const conflicted = /CONFLICT[^\n]*in ([^\n]+)/g;
        const files = [...(error as GitStepFailed).said.matchAll(conflicted)].map((m) => m[1]);
        throw new EditorError(
          'EditorConflict',
          `What went live since this change set started changes the same lines${files.length ? ` (${files.join(', ')})` : ''}. Nothing was published. Press “Bring up to date”: edits to different values are merged field by field, and any value both changed is shown to decide.`,
        );
      }
      this.onPublishStep('merged');
      // The build's verdict, on the files and on the pages drawn from them.
      const result = await checkAsPublished({ root: this.live, unfinished: 'fail' }, this.draw).catch(async (error: unknown) => {
        await undo();
        throw error;
      });
      const errors = result.problems.filter((p) => p.severity === 'error');
      if (errors.length > 0) {
        await undo();
        throw new ContentInvalid(errors);
      }
      this.onPublishStep('checked');
      const commit = (await git(this.live, ['rev-parse', 'HEAD'])).trim();
      const remote = await this.remote();
      if (remote) {
        try {
          await git(this.live, ['push', '--quiet', remote, `HEAD:${await this.branch()}`]);
        } catch (error) {
          await undo();
          const said = (error as GitStepFailed).said ?? '';
          // Someone published meanwhile, between our fetch and our push.
          if (/rejected|non-fast-forward|fetch first/i.test(said))
            throw new EditorError(
              'EditorConflict',
              `The live site changed while this was being published, so nothing was published. Press “Bring up to date”, check the result, and publish again.`,
            );
          throw new EditorError(
            'EditorRepoUnreachable',
            `The site's repository did not take the change, so nothing was published: the change set is kept, still in review. Try again in a few minutes. If it keeps happening, whoever runs the editor checks that its repository (EDITOR_REPO) answers and lets the editor push; git said: ${firstLine(error)}`,
          );
        }
      }
      this.writeJournal({ id, reviewed: changeSet.reviewed, before, by, landed: commit });
      this.onPublishStep('pushed');
      const published = this.step(changeSet, { by, kind: 'published', commit }, { state: 'published', published: commit });
      this.onPublishStep('recorded');
      const continued = await this.finishPublished(changeSet);
      this.removeJournal();
      return {
        changeSet: published,
        commit: commit.slice(0, 12),
        ...(remote ? { pushed: remote } : {}),
        ...(continued ? { continued } : {}),
      };
    });
  }

  /** After a publish: what was saved after review was asked goes on in a new draft, and the worktree goes. */
  private async finishPublished(changeSet: ChangeSet): Promise<ChangeSet | undefined> {
    // Saved after review was asked, so not published: it goes on in a new draft of the same writer's.
    const continued = await this.carryOn(changeSet, `${changeSet.title} (continued)`);
    this.onPublishStep('carried');
    // The worktree has done its work; the branch stays, as the record of what was reviewed.
    await git(this.live, ['worktree', 'remove', '--force', join(this.dir, changeSet.id)]).catch(() => undefined);
    return continued;
  }

  private journalFile(): string {
    return join(this.dir, 'publishing.json');
  }

  private writeJournal(journal: PublishJournal): void {
    writeWhole(this.journalFile(), `${JSON.stringify(journal, null, 2)}\n`);
  }

  private removeJournal(): void {
    rmSync(this.journalFile(), { force: true });
  }

  /**
   * Finishes or undoes a publish that a kill interrupted, from its journal: when the merge reached the
   * remote (or, without one, was checked), the change set is recorded as published and its left-over
   * work carried on; otherwise the live copy goes back to the remote's branch and the change set stays
   * in review, to be published again. Either way nothing is lost, and the merge that never left the
   * live copy is not mistaken for edits to recover (which would publish the same commits twice).
   */
  recoverPublish(): Promise<{ readonly changeSet: ChangeSet; readonly published: boolean } | undefined> {
    return this.serial(async () => {
      if (!existsSync(this.journalFile())) return undefined;
      const journal = JSON.parse(readFileSync(this.journalFile(), 'utf8')) as PublishJournal;
      const remote = await this.remote();
      const branch = await this.branch();
      let landed = journal.landed;
      if (remote) {
        await git(this.live, ['fetch', '--quiet', remote, branch]);
        const onRemote = await git(this.live, ['merge-base', '--is-ancestor', journal.reviewed, `${remote}/${branch}`]).then(
          () => true,
          () => false,
        );
        if (onRemote) {
          // The merge commit on the live branch whose second parent is the reviewed commit.
          const merges = await git(this.live, [
            'rev-list',
            '--first-parent',
            '--merges',
            '--parents',
            `${remote}/${branch}`,
            '-n',
            '200',
          ]);
          landed = merges
            .split('\n')
            .map((line) => line.split(' '))
            .find((commits) => commits.slice(2).includes(journal.reviewed))?.[0];
          landed ??= journal.reviewed;
        } else landed = undefined;
        await git(this.live, ['reset', '--quiet', '--hard', `${remote}/${branch}`]);
      } else if (!landed) {
        await git(this.live, ['reset', '--quiet', '--hard', journal.before]);
      }
      let changeSet = this.get(journal.id);
      if (landed) {
        if (changeSet.state !== 'published')
          changeSet = this.step(
            changeSet,
            { by: journal.by, kind: 'published', commit: landed },
            { state: 'published', published: landed },
          );
        if (existsSync(join(this.dir, journal.id))) await this.finishPublished(changeSet);
      }
      this.removeJournal();
      return { changeSet: this.get(journal.id), published: landed !== undefined };
    });
  }

  /** A content file named as the editor names them; anything else is refused before it reaches git. */
  private contentFile(file: unknown): string {
    if (typeof file !== 'string' || !/^content\/[a-z0-9][\w-]*(\/[a-z0-9][\w-]*)*\.ya?ml$/.test(file))
      throw new EditorError('EditorPathOutside', '`file` must be a content file, such as content/pages/contact.yaml.');
    return file;
  }

  /** A commit of the live branch's history (not an unpublished change set's), by its full name. */
  private async liveCommit(commit: unknown): Promise<string> {
    if (typeof commit !== 'string' || !/^[0-9a-f]{7,40}$/.test(commit))
      throw new EditorError('EditorBadRequest', '`commit` must name a version from the history list.');
    const full = (await git(this.live, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).catch(() => '')).trim();
    const published =
      full &&
      (await git(this.live, ['merge-base', '--is-ancestor', full, 'HEAD']).then(
        () => true,
        () => false,
      ));
    if (!published) throw new EditorError('EditorFileMissing', 'That version is not in the published history.');
    return full;
  }

  /** Every published version of a content file, latest first (up to 50), each with what it changed in words. */
  history(file: unknown, schemaFor: (file: string) => object | undefined): Promise<Version[]> {
    return this.serial(async () => {
      const name = this.contentFile(file);
      // The live copy as of the last create, publish or update: reading history never waits on the remote.
      // --first-parent: a published change set is one version (its merge), as it was reviewed.
      const log = await git(this.live, [
        'log',
        '--first-parent',
        '-n',
        '50',
        '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1f%cn%x1f%P',
        'HEAD',
        '--',
        name,
      ]);
      const versions: Version[] = [];
      const at = async (commit: string) => {
        const text = await git(this.live, ['show', `${commit}:${name}`]).catch(() => undefined);
        return text === undefined ? undefined : readYaml(text, name);
      };
      for (const line of log.split('\n').filter(Boolean)) {
        const [commit, authorName, email, date, subject, committer, parents] = line.split('\x1f') as string[] as [
          string,
          string,
          string,
          string,
          string,
          string,
          string,
        ];
        const change = describeFileChange(name, await at(`${commit}^1`), await at(commit), schemaFor(name));
        // A published change set is a merge: its message is the change set's title, its author the writer, its
        // committer the publisher. Any other commit was made outside the editor, in a developer's words.
        const published = parents.trim().split(' ').length > 1;
        versions.push({
          commit,
          author: { name: authorName, email },
          at: date,
          subject,
          title: published ? subject : 'Changed outside the editor',
          askedBy: authorName || email,
          ...(published ? { publishedBy: committer } : {}),
          change,
        });
      }
      return versions;
    });
  }

  /**
   * The content of the site as it was at a published commit, checked out once (detached) under
   * versions/, for drawing a page as it was; the ten most recently asked stay.
   */
  versionRoot(commit: unknown): Promise<string> {
    return this.serial(async () => {
      const full = await this.liveCommit(commit);
      const root = join(this.dir, 'versions', full);
      if (!existsSync(root)) {
        await this.refuseLinks(full, `That version of the site`);
        mkdirSync(join(this.dir, 'versions'), { recursive: true });
        await git(this.live, ['worktree', 'add', '--quiet', '--detach', root, full]);
        const kept = readdirSync(join(this.dir, 'versions'))
          .map((name) => ({ name, at: statSync(join(this.dir, 'versions', name)).mtimeMs }))
          .sort((a, b) => b.at - a.at);
        for (const old of kept.slice(10))
          await git(this.live, ['worktree', 'remove', '--force', join(this.dir, 'versions', old.name)]).catch(() => undefined);
      }
      return root;
    });
  }

  /**
   * "Restore this version": a new change set of `by`'s whose only change is the file as it was at
   * `commit`, saved and ready to ask for review, like any other change.
   */
  async restore(file: unknown, commit: unknown, by: Person): Promise<ChangeSet> {
    const name = this.contentFile(file);
    const full = await this.serial(() => this.liveCommit(commit));
    const text = await git(this.live, ['show', `${full}:${name}`]).catch(() => {
      throw new EditorError('EditorFileMissing', `${name} did not exist in that version.`);
    });
    const [at = '', subject = ''] = (await git(this.live, ['show', '-s', '--format=%aI%x1f%s', full])).trim().split('\x1f');
    const date = at.slice(0, 10);
    // Named as a marketer knows the file (its title) and the version (its change set's title), not by path or commit.
    const data = readYaml(text, name);
    const title =
      data && typeof data === 'object' && typeof (data as { title?: unknown }).title === 'string'
        ? (data as { title: string }).title
        : words(
            name
              .split('/')
              .pop()!
              .replace(/\.ya?ml$/, ''),
          );
    const changeSet = await this.create(`Put “${title}” back as of ${date}`, by);
    writeWhole(join(this.root(changeSet.id), name), text);
    return this.step(changeSet, { by, kind: 'comment', text: `Restored from the version published on ${date}: “${subject}”.` });
  }

  /**
   * Edits left in the live copy itself (saved by a version of the service before change sets, or
   * commits it could not push) become a change set for the publishers to review, and the live copy is
   * cleaned: it is never edited again, and the next fetch would otherwise throw them away.
   */
  recoverLiveEdits(): Promise<ChangeSet | undefined> {
    return this.serial(async () => {
      const dirty = (await git(this.live, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...AREAS]))
        .split('\0')
        .filter(Boolean)
        .map((entry) => entry.slice(3));
      const remote = await this.remote();
      const branch = await this.branch();
      let ahead = 0;
      if (remote) {
        await git(this.live, ['fetch', '--quiet', remote, branch]).catch(() => undefined);
        ahead = Number((await git(this.live, ['rev-list', '--count', `${remote}/${branch}..HEAD`]).catch(() => '0')).trim()) || 0;
      }
      if (dirty.length === 0 && ahead === 0) return undefined;
      // Started from the live copy's HEAD, so commits that never reached the remote are part of it.
      const recovered = await this.createHere('Edits saved before change sets', {
        email: 'editor@localhost',
        name: 'Recovered edits',
      });
      const to = join(this.dir, recovered.id);
      for (const file of dirty) {
        if (existsSync(join(this.live, file))) writeWhole(join(to, file), readFileSync(join(this.live, file)));
        else rmSync(join(to, file), { force: true });
      }
      // The live copy back to the remote's live branch; the commits it had live on in the change set's branch.
      await git(this.live, ['checkout', '--quiet', '--', ...AREAS]).catch(() => undefined);
      await git(this.live, ['clean', '-fdq', '--', ...AREAS]).catch(() => undefined);
      if (remote && ahead > 0) await git(this.live, ['reset', '--quiet', '--hard', `${remote}/${branch}`]);
      return this.step(recovered, {
        by: recovered.owner,
        kind: 'comment',
        text:
          `Found in the service's copy of the live site when it started` +
          (dirty.length ? `: files saved but not published (${dirty.join(', ')})` : '') +
          (ahead
            ? `${dirty.length ? ', and' : ':'} ${ahead} commit${ahead === 1 ? '' : 's'} that never reached the remote`
            : '') +
          '. A publisher reviews them here; nothing was thrown away.',
      });
    });
  }

  /** How many commits the live branch has that the change set has not. */
  async behind(id: string): Promise<number> {
    const root = join(this.dir, id);
    if (!existsSync(root)) return 0;
    return this.serial(async () => {
      const head = (await git(root, ['rev-parse', 'HEAD'])).trim();
      return Number((await git(this.live, ['rev-list', '--count', `${head}..HEAD`])).trim()) || 0;
    });
  }

  /**
   * Brings a change set up to date with the live branch, field by field, with the editor's three-way
   * merge: each file the live site changed since the change set started is taken as it is when the
   * change set left it alone, and merged with the change set's edits when both changed it (edits to
   * different values both kept). Where both changed the same value differently, the change set's
   * value is kept and the overlap reported, and a change set in review goes back to draft so that its
   * writer looks. The result is a merge commit on the change set's branch, so publishing it afterwards
   * merges cleanly.
   */
  update(
    id: string,
    by: Person,
    describePlace: (file: string, path: readonly (string | number)[], data: unknown) => string,
  ): Promise<Update> {
    return this.serialIn(id, async () => {
      const changeSet = this.get(id);
      const root = join(this.dir, id);
      if (!existsSync(root) || changeSet.state === 'published' || changeSet.state === 'withdrawn')
        throw new EditorError(
          'EditorConflict',
          `"${changeSet.title}" is ${changeSet.state}; there is nothing to bring up to date.`,
        );
      await this.refreshLive();
      const live = (await git(this.live, ['rev-parse', 'HEAD'])).trim();
      const head = (await git(root, ['rev-parse', 'HEAD'])).trim();
      const behind = Number((await git(this.live, ['rev-list', '--count', `${head}..${live}`])).trim()) || 0;
      if (behind === 0) return { changeSet, behind, taken: [], merged: [], overlaps: [] };
      const pending = await this.uncommitted(id);
      if (pending.length > 0 && changeSet.state === 'in-review')
        throw new EditorError(
          'EditorConflict',
          `Files were saved in "${changeSet.title}" after review was asked (${pending.join(', ')}). Ask for review again first, so that what is reviewed stays what is published.`,
        );
      const identity = {
        GIT_AUTHOR_NAME: by.name || by.email,
        GIT_AUTHOR_EMAIL: by.email,
        GIT_COMMITTER_NAME: by.name || by.email,
        GIT_COMMITTER_EMAIL: by.email,
      };
      // The writer's saved work first, as a commit of their own, so that the merge below starts clean.
      if (pending.length > 0) {
        await git(root, ['add', '-A', '--', ...AREAS]);
        await git(root, ['commit', '--quiet', '-m', `${changeSet.title} (saved before bringing it up to date)`], identity);
      }
      const mine = (await git(root, ['rev-parse', 'HEAD'])).trim();
      const since = (await git(this.live, ['merge-base', mine, live])).trim();
      const changed = (await git(this.live, ['diff', '--name-only', '-z', '--no-renames', since, live, '--', ...AREAS]))
        .split('\0')
        .filter(Boolean);
      const show = (commit: string, file: string) => git(this.live, ['show', `${commit}:${file}`]).catch(() => undefined);
      const taken: string[] = [];
      const merged: string[] = [];
      const overlaps: Overlap[] = [];
      const writes: { file: string; text: string | undefined }[] = [];
      const shown = (value: unknown) =>
        (typeof value === 'string' ? value : (JSON.stringify(value) ?? '(removed)')).slice(0, 120);
      for (const file of changed) {
        const [base, theirs, ours] = await Promise.all([show(since, file), show(live, file), show(mine, file)]);
        if (ours === base) {
          writes.push({ file, text: theirs });
          taken.push(file);
          continue;
        }
        if (ours === theirs) continue;
        if (!/\.ya?ml$/.test(file) || base === undefined || theirs === undefined || ours === undefined) {
          overlaps.push({
            file,
            path: [],
            place: 'the whole file',
            live: theirs === undefined ? '(deleted)' : '(changed)',
            kept: 'this change set’s',
          });
          continue;
        }
        const result = merge3(readYaml(base, file), readYaml(theirs, file), readYaml(ours, file));
        writes.push({ file, text: rewriteYaml(ours, result.merged, file) });
        merged.push(file);
        for (const conflict of result.conflicts)
          overlaps.push({
            file,
            path: conflict.path,
            place: describePlace(file, conflict.path, result.merged),
            live: shown(conflict.theirs),
            kept: shown(conflict.mine),
          });
      }
      // A merge that records the live branch as a parent and whose files are the ones worked out above.
      await git(root, ['merge', '--quiet', '--no-ff', '--no-commit', '-s', 'ours', live], identity);
      for (const { file, text } of writes) {
        if (text === undefined) rmSync(join(root, file), { force: true });
        else writeWhole(join(root, file), text);
      }
      await git(root, ['add', '-A', '--', ...AREAS]);
      await git(
        root,
        ['commit', '--quiet', '--no-edit', '-m', `${changeSet.title}: brought up to date with the live site`],
        identity,
      );
      const newHead = (await git(root, ['rev-parse', 'HEAD'])).trim();
      const text =
        `Brought up to date with ${behind} published change${behind === 1 ? '' : 's'}` +
        (overlaps.length > 0
          ? `. Both changed ${overlaps.length === 1 ? 'one value' : `${overlaps.length} values`}: ${overlaps.map((o) => o.place).join('; ')}. This change set's versions are kept until its writer chooses.`
          : '.');
      // Overlaps of an earlier update not chosen yet stay listed, unless this one found the same value again.
      const open = [
        ...(changeSet.overlaps ?? []).filter((o) => !overlaps.some((n) => n.file === o.file && same(n.path, o.path))),
        ...overlaps,
      ];
      const next = {
        ...(changeSet.state === 'in-review' && overlaps.length === 0
          ? { reviewed: newHead }
          : changeSet.state === 'in-review'
            ? { state: 'draft' as const }
            : {}),
        overlaps: open,
      };
      const updated = this.step(changeSet, { by, kind: 'comment', text, commit: newHead }, next);
      return { changeSet: updated, behind, taken, merged, overlaps };
    });
  }

  /**
   * The writer's choice for one overlap: "theirs" puts the live site's value (or file) in the change set,
   * saved like any edit; "mine" keeps the change set's. Either way the overlap is settled and said in the
   * change set's conversation.
   */
  chooseOverlap(id: string, by: Person, file: unknown, path: unknown, choice: unknown): Promise<ChangeSet> {
    return this.serialIn(id, async () => {
      const changeSet = this.get(id);
      const at = Array.isArray(path) && path.every((k) => typeof k === 'string' || typeof k === 'number') ? path : undefined;
      const overlap = (changeSet.overlaps ?? []).find((o) => o.file === file && at !== undefined && same(o.path, at));
      if (!overlap)
        throw new EditorError(
          'EditorBadRequest',
          'That overlap is not open in this change set: it was chosen already, or never found.',
        );
      if (choice !== 'theirs' && choice !== 'mine')
        throw new EditorError('EditorBadRequest', 'Choose "theirs" (the live site\'s version) or "mine" (this change set\'s).');
      if (choice === 'theirs') {
        const target = join(this.dir, id, overlap.file);
        const live = await git(this.live, ['show', `HEAD:${overlap.file}`]).catch(() => undefined);
        if (overlap.path.length === 0) {
          if (live === undefined) rmSync(target, { force: true });
          else writeWhole(target, live);
        } else {
          const ours = readFileSync(target, 'utf8');
          const value = live === undefined ? undefined : valueAt(readYaml(live, overlap.file), overlap.path);
          writeWhole(target, rewriteYaml(ours, withValue(readYaml(ours, overlap.file), overlap.path, value), overlap.file));
        }
      }
      const text =
        choice === 'theirs'
          ? `Took the live site's version of ${overlap.place}: “${overlap.live}”.`
          : `Kept this change set's version of ${overlap.place}: “${overlap.kept}”.`;
      return this.step(
        changeSet,
        { by, kind: 'comment', text },
        { overlaps: (changeSet.overlaps ?? []).filter((o) => o !== overlap) },
      );
    });
  }

  /**
   * Moves the files saved in a change set's worktree and not committed into a new draft of its owner's,
   * started from the live copy as it is now; undefined when there were none. The caller holds the queue.
   */
  private async carryOn(changeSet: ChangeSet, title: string): Promise<ChangeSet | undefined> {
    const from = join(this.dir, changeSet.id);
    const pending = existsSync(from) ? await this.uncommitted(changeSet.id) : [];
    if (pending.length === 0) return undefined;
    // Its id follows from the change set's, so a publish interrupted here and finished at the next
    // start carries the work into the same draft, never into a second one.
    const id = createHash('sha256').update(`continued:${changeSet.id}`).digest('hex').slice(0, 10);
    const next = await this.createHere(title.slice(0, 120), changeSet.owner, id);
    const to = join(this.dir, next.id);
    for (const file of pending) {
      if (existsSync(join(from, file))) writeWhole(join(to, file), readFileSync(join(from, file)));
      else rmSync(join(to, file), { force: true });
    }
    const text = `Saved in “${changeSet.title}” after its review was asked, and carried on here: ${pending.join(', ')}.`;
    if (next.events.some((event) => event.text === text)) return next;
    return this.step(next, { by: changeSet.owner, kind: 'comment', text });
  }

  withdraw(id: string, by: Person): Promise<ChangeSet> {
    return this.serialIn(id, async () => {
      const changeSet = this.get(id);
      if (changeSet.state === 'published') throw new EditorError('EditorConflict', `"${changeSet.title}" is already live.`);
      // Nothing saved is thrown away: it is committed on the change set's branch before its worktree goes.
      const root = join(this.dir, id);
      if (existsSync(root) && (await this.uncommitted(id)).length > 0) {
        await git(root, ['add', '-A', '--', ...AREAS]);
        await git(root, ['commit', '--quiet', '-m', `Withdrawn: ${changeSet.title}`, '--', ...AREAS], {
          GIT_AUTHOR_NAME: changeSet.owner.name || changeSet.owner.email,
          GIT_AUTHOR_EMAIL: changeSet.owner.email,
          GIT_COMMITTER_NAME: by.name || by.email,
          GIT_COMMITTER_EMAIL: by.email,
        });
      }
      await git(this.live, ['worktree', 'remove', '--force', join(this.dir, id)]).catch(() => undefined);
      return this.step(changeSet, { by, kind: 'withdrawn' }, { state: 'withdrawn' });
    });
  }
}
