import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, saveCheckedReads } from '../../src/content/check.ts';
import type { ContentOptions } from '../../src/content/check/run.ts';
import { forgetReads } from '../../src/content/check/read.ts';
import { fixture } from './content-fixtures.ts';

type Saved = {
  key: string;
  files: {
    abs: string;
    text: string;
    data: { title?: string };
    verdict?: { problems: { message: string }[] };
    lint?: Record<string, { message: string }[]>;
  }[];
};

/** A fixture checked once with its reads saved, as a dev server's first start leaves it. */
async function savedOnce(name: string, codeKey = 'code-1') {
  const dirs = fixture(name);
  const file = join(dirs.root, 'saved-reads.json');
  const options: ContentOptions = { ...dirs, unfinished: 'warn', savedReads: { file, codeKey } };
  const first = await checkContent(options);
  saveCheckedReads(options);
  // What a new process has: nothing read yet.
  forgetReads();
  const saved = () => JSON.parse(readFileSync(file, 'utf8')) as Saved;
  const edit = (change: (s: Saved) => void) => {
    const s = saved();
    change(s);
    writeFileSync(file, JSON.stringify(s));
  };
  return { dirs, file, options, first, saved, edit };
}

const about = (s: Saved) => s.files.find((f) => f.abs.endsWith('pages/about.yaml'))!;
const aboutTitle = (r: Awaited<ReturnType<typeof checkContent>>) => r.pages.find((p) => p.name === 'about')?.page.title;

describe('what the dev server keeps between starts (check/saved-reads.ts)', () => {
  it('takes a file whose text did not change from what was saved, instead of reading it again', async () => {
    const { options, edit, saved } = await savedOnce('_base');
    expect(about(saved()).data.title).toBe('About the fixture company and team');
    // Only the saved copy says this: the check that shows it did not read the file.
    edit((s) => (about(s).data.title = 'Taken from the saved reads'));
    expect(aboutTitle(await checkContent(options))).toBe('Taken from the saved reads');
  });

  it('reads a file again when its text changed since it was saved', async () => {
    const { options, edit, dirs } = await savedOnce('_base');
    edit((s) => (about(s).data.title = 'Taken from the saved reads'));
    const page = join(dirs.contentDir, 'pages/about.yaml');
    writeFileSync(
      page,
      readFileSync(page, 'utf8').replace('title: About the fixture company and team', 'title: About us, edited since'),
    );
    expect(aboutTitle(await checkContent(options))).toBe('About us, edited since');
  });

  it('ignores what was saved by other code or for other schemas', async () => {
    const { dirs, file, edit } = await savedOnce('_base', 'code-1');
    edit((s) => (about(s).data.title = 'Taken from the saved reads'));
    const otherCode: ContentOptions = { ...dirs, unfinished: 'warn', savedReads: { file, codeKey: 'code-2' } };
    expect(aboutTitle(await checkContent(otherCode))).toBe('About the fixture company and team');
  });

  it("takes a file's schema verdict from what was saved, instead of judging it again", async () => {
    const { options, edit, saved } = await savedOnce('many-problems');
    const judged = saved().files.find((f) => (f.verdict?.problems.length ?? 0) > 0);
    expect(judged, 'a file with schema problems is saved with them').toBeDefined();
    edit(
      (s) => (s.files.find((f) => f.abs === judged!.abs)!.verdict!.problems[0]!.message = 'Only the saved verdict says this.'),
    );
    const again = await checkContent(options);
    expect(again.problems.map((p) => p.message)).toContain('Only the saved verdict says this.');
  });

  it('takes what the lint rules found in a file whose text did not change from what was saved', async () => {
    const { options, edit, saved, first } = await savedOnce('placeholder-text');
    expect(first.problems.map((p) => p.code)).toContain('PlaceholderText');
    const linted = saved().files.find((f) => (f.lint?.placeholderText?.length ?? 0) > 0);
    expect(linted, 'the template text found in a file is saved with it').toBeDefined();
    edit(
      (s) => (s.files.find((f) => f.abs === linted!.abs)!.lint!.placeholderText![0]!.message = 'Only the saved lint says this.'),
    );
    const again = await checkContent(options);
    expect(again.problems.map((p) => p.message)).toContain('Only the saved lint says this.');
  });

  it('finds the same problems, at the same lines, from saved reads as from the files', async () => {
    const { options, first, saved } = await savedOnce('many-problems');
    expect(first.errors).toBeGreaterThan(0);
    expect(saved().files.length).toBeGreaterThan(0);
    const again = await checkContent(options);
    expect(again.problems).toEqual(first.problems);
    forgetReads();
    const fresh = await checkContent({ ...options, savedReads: undefined });
    expect(again.problems).toEqual(fresh.problems);
  });

  it('gives the same pages from saved reads as from the files, pictures and logos included', async () => {
    const { options, first } = await savedOnce('_base');
    const again = await checkContent(options);
    expect(again.problems).toEqual([]);
    expect(again.pages).toEqual(first.pages);
    expect(again.site).toEqual(first.site);
  });

  it('does not save a file whose data JSON cannot hold exactly, so it is read afresh', async () => {
    const dirs = fixture('_base');
    const page = join(dirs.contentDir, 'pages/about.yaml');
    writeFileSync(page, readFileSync(page, 'utf8') + 'weight: .inf\n');
    const file = join(dirs.root, 'saved-reads.json');
    const options: ContentOptions = { ...dirs, unfinished: 'warn', savedReads: { file, codeKey: 'code-1' } };
    const first = await checkContent(options);
    expect(first.problems.map((p) => p.path)).toContain('weight');
    saveCheckedReads(options);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    expect(saved.files.map((f) => f.abs)).not.toContain(page);
    expect(saved.files.some((f) => f.abs.endsWith('pages/home.yaml'))).toBe(true);
  });
});
