/**
 * The service's git working copy of the site: cloned from EDITOR_REPO at the first start, kept as it
 * is at every later start (it may hold work not yet published), and pushed to on publish.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class WorkingCopyFailed extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'EditorWorkingCopyFailed';
  }
}

export interface WorkingCopy {
  readonly root: string;
  /** True when this start cloned it. */
  readonly cloned: boolean;
  readonly head: string;
}

async function git(cwd: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('git', [...args], { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

/**
 * The paths of the symbolic links in the tree of `rev` (mode 120000). The service serves and reads the
 * site's files by path; a link committed to the repository (public/logo.png → ../../editor.db) would
 * make it read and serve a file outside the site, so a tree holding one is never checked out.
 */
export async function linksIn(root: string, rev: string): Promise<string[]> {
  const tree = await git(root, ['ls-tree', '-r', '-z', '--full-tree', rev]);
  return tree
    .split('\0')
    .filter((entry) => entry.startsWith('120000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
}

/** What to tell when the site's repository holds symbolic links: the files, and what to do. */
export function linksRefused(links: readonly string[], where: string): string {
  const named = links.slice(0, 5).join(', ') + (links.length > 5 ? ` and ${links.length - 5} more` : '');
  return `${where} holds ${links.length === 1 ? 'a symbolic link' : 'symbolic links'} (${named}), which the editor refuses: a link can point outside the site, and the editor would then read and show that file. Replace each link with the file itself (git rm the link, add the file) and push.`;
}

/** The working copy at `root`, cloned from `repo` (branch `branch`, or its default) when there is none yet. */
export async function prepareWorkingCopy(repo: string, root: string, branch?: string): Promise<WorkingCopy> {
  let cloned = false;
  if (!existsSync(join(root, '.git'))) {
    mkdirSync(dirname(root), { recursive: true });
    try {
      await git(dirname(root), ['clone', '--quiet', ...(branch ? ['--branch', branch] : []), repo, root]);
    } catch (error) {
      const said = ((error as { stderr?: string }).stderr ?? (error as Error).message).trim().split('\n')[0];
      throw new WorkingCopyFailed(
        `The editor could not clone the site's repository (EDITOR_REPO=${repo}): ${said}. Check the address, and that this machine may read it (a deploy key or a token with push rights for publishing).`,
        { cause: error },
      );
    }
    cloned = true;
  }
  const links = await linksIn(root, 'HEAD');
  if (links.length > 0) {
    // A fresh clone is removed again, so that the next start clones the repaired repository.
    if (cloned) rmSync(root, { recursive: true, force: true });
    throw new WorkingCopyFailed(linksRefused(links, `The site's repository (EDITOR_REPO=${repo})`));
  }
  if (!existsSync(join(root, 'content')) || !existsSync(join(root, 'schemas')))
    throw new WorkingCopyFailed(
      `${root} is a git working copy without content/ and schemas/: EDITOR_REPO must be the site's repository.`,
    );
  return { root, cloned, head: await git(root, ['rev-parse', '--short', 'HEAD']) };
}
