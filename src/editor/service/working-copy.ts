/**
 * The service's git working copy of the site: cloned from EDITOR_REPO at the first start, kept as it
 * is at every later start (it may hold work not yet published), and pushed to on publish.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
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
  if (!existsSync(join(root, 'content')) || !existsSync(join(root, 'schemas')))
    throw new WorkingCopyFailed(
      `${root} is a git working copy without content/ and schemas/: EDITOR_REPO must be the site's repository.`,
    );
  return { root, cloned, head: await git(root, ['rev-parse', '--short', 'HEAD']) };
}
