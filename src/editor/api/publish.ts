/**
 * Publishing from the editor: what changed in content/ and public/media/ since the last commit,
 * and a commit of exactly those files with the marketer's one-line description, pushed to the
 * configured remote when there is one. Nothing else in the working tree is ever committed, and
 * nothing is committed while the content would fail the build's check.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkContent } from '../../content/check.ts';
import { checkAsPublished } from '../../content/rendered/as-published.ts';
import type { DrawSite } from '../../app/entry-draw.tsx';
import { YamlSource } from '../shared/yaml-source.ts';
import { linksTo } from './pages.ts';
import { EditorError } from '../shared/errors.ts';
import { ContentInvalid } from './api.ts';
import { unusedUploads } from './library.ts';

const run = promisify(execFile);
const AREAS = ['content', 'public/media'];

/** The areas, less the uploads nothing uses: a picture tried and replaced is never published. */
const published = (root: string) => [...AREAS, ...unusedUploads(root).map((file) => `:(exclude,literal)${file}`)];

async function git(root: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run('git', [...args], { cwd: root, maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new GitFailed(args[0] ?? 'git', (e.stderr || e.message).trim());
  }
}

/** A git command failed; its own words say why. */
export class GitFailed extends Error {
  constructor(
    readonly step: string,
    readonly said: string,
  ) {
    super(`git ${step} failed: ${said}`);
    this.name = 'GitFailed';
  }
}

export interface Changes {
  /** False when the project is not a git repository: publishing then needs a developer. */
  readonly git: boolean;
  readonly files: readonly { readonly file: string; readonly state: 'changed' | 'new' | 'deleted' }[];
  /** `git diff` of the changed text files (new files are listed, not shown). */
  readonly diff: string;
  readonly remote?: string;
  /** What the published site will show of the changes, and what the build will leave out, and why. */
  readonly report: readonly PublishNote[];
}

/** One thing publishing does, in words: a page that goes live, stays a draft, or is left out. */
export interface PublishNote {
  readonly kind: 'live' | 'draft' | 'left-out' | 'removed';
  readonly what: string;
  readonly why?: string;
}

/**
 * What the changed files will do on the site once published, read from the build's own check:
 * a page or entry goes live at its address, stays out as a draft, waits for its date or is past
 * it; a link to a draft page is left out of the navigation until that page is live.
 */
async function reportOn(root: string, files: Changes['files']): Promise<PublishNote[]> {
  const result = await checkContent({ root, unfinished: 'warn' });
  const today = new Date().toISOString().slice(0, 10);
  const notes: PublishNote[] = [];
  for (const { file, state } of files) {
    if (!file.startsWith('content/')) continue;
    if (state === 'deleted') {
      notes.push({ kind: 'removed', what: file.replace(/^content\/|\.ya?ml$/g, ''), why: 'It is taken off the site.' });
      continue;
    }
    const made = result.pages.find((p) => p.file === file);
    if (!made) continue;
    const title = `${made.page.title} (${made.page.route})`;
    const entry = made.page as { draft?: boolean };
    const data = (YamlSource.parse(readFileSync(join(root, file), 'utf8'), file).toJS() ?? {}) as Record<string, unknown>;
    if (!entry.draft) notes.push({ kind: 'live', what: title });
    else if (data.draft === true)
      notes.push({ kind: 'draft', what: title, why: 'It is a draft: untick Draft in its settings to publish it.' });
    else if (typeof data.publishedAt === 'string' && data.publishedAt > today)
      notes.push({
        kind: 'left-out',
        what: title,
        why: `Its publication date is ${data.publishedAt}: it appears with the first build on or after that day.`,
      });
    else if (typeof data.validThrough === 'string' && data.validThrough < today)
      notes.push({ kind: 'left-out', what: title, why: `It ran until ${data.validThrough}, so the site leaves it out.` });
    else notes.push({ kind: 'draft', what: title, why: 'It is left out of the published site.' });
  }
  // The navigation and footer leave out an entry that goes to a draft page (the build's DraftLeftOut).
  const changed = new Set(files.map((f) => f.file));
  for (const draft of result.pages.filter((p) => (p.page as { draft?: boolean }).draft)) {
    if (!changed.has(draft.file) && !changed.has('content/site.yaml')) continue;
    for (const _link of linksTo(root, draft.page.route, draft.file).filter((l) => l.file === 'content/site.yaml')) {
      notes.push({
        kind: 'left-out',
        what: `The link to ${draft.page.route} in the site settings`,
        why: `${draft.page.title} is still a draft, so the published site leaves the link out until that page goes live.`,
      });
    }
  }
  return notes;
}

export async function changes(root: string): Promise<Changes> {
  try {
    await git(root, ['rev-parse', '--is-inside-work-tree']);
  } catch {
    return { git: false, files: [], diff: '', report: [] };
  }
  const paths = published(root);
  const status = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...paths]);
  const files = status
    .split('\0')
    .filter(Boolean)
    .map((entry) => {
      const code = entry.slice(0, 2);
      const file = entry.slice(3);
      const state = code.includes('?') || code.includes('A') ? 'new' : code.includes('D') ? 'deleted' : 'changed';
      return { file, state } as const;
    });
  const diff = await git(root, ['diff', 'HEAD', '--no-color', '--', ...paths]).catch(() => '');
  const remote = (await git(root, ['remote'])).split('\n').find(Boolean);
  return { git: true, files, diff, report: await reportOn(root, files), ...(remote ? { remote } : {}) };
}

export interface Published {
  readonly commit: string;
  readonly files: number;
  /** The remote it was pushed to; absent when the project has none. */
  readonly pushed?: string;
}

/**
 * Commits the changed content with `message` and pushes it. `author` is who published, as the
 * shared service knows them; without one (the single-user editor), git's own settings say who.
 */
export async function publish(
  root: string,
  message: unknown,
  draw: DrawSite,
  author?: { readonly name: string; readonly email: string },
): Promise<Published> {
  if (typeof message !== 'string' || message.trim() === '') {
    throw new EditorError(
      'EditorBadRequest',
      '`message` is required: one line that says what changed and why, such as "Contact page: new opening hours".',
    );
  }
  if (/[\r\n]/.test(message.trim()) || message.length > 200) {
    throw new EditorError('EditorBadRequest', '`message` must be one line of at most 200 characters.');
  }
  const before = await changes(root);
  if (!before.git) {
    throw new EditorError(
      'EditorBadRequest',
      'This project is not a git repository, so the editor cannot publish from it. Ask a developer to set one up (docs/content-guide.md, "Publish a change").',
    );
  }
  if (before.files.length === 0)
    throw new EditorError(
      'EditorBadRequest',
      'There is nothing to publish: no file under content/ or public/media/ has changed.',
    );
  // The build's verdict, on the files and on the pages drawn from them: a page with TODO in it is not published.
  const result = await checkAsPublished({ root, unfinished: 'fail' }, draw);
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new ContentInvalid(errors);

  const paths = published(root);
  await git(root, ['add', '-A', '--', ...paths]);
  const identity = author ? '' : await git(root, ['config', 'user.email']).catch(() => '');
  // A machine with no git identity still gets a commit that says where it came from.
  const who = author
    ? ['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`]
    : identity.trim()
      ? []
      : ['-c', 'user.name=Content editor', '-c', 'user.email=content-editor@localhost'];
  await git(root, [...who, 'commit', '--quiet', '-m', message.trim(), '--', ...paths]);
  const commit = (await git(root, ['rev-parse', '--short', 'HEAD'])).trim();
  if (!before.remote) return { commit, files: before.files.length };
  try {
    await git(root, ['push', '--quiet', before.remote, 'HEAD']);
  } catch (error) {
    throw new EditorError(
      'EditorPushFailed',
      `Committed as ${commit}, but sending it to ${before.remote} failed (${(error as GitFailed).said.split('\n')[0]}). The commit is kept on this computer; ask a developer to pull and push, or publish again once the remote is reachable.`,
    );
  }
  return { commit, files: before.files.length, pushed: before.remote };
}
