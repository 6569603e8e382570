/**
 * The last step: one message per mistake, the verdict the run asked for, and the problems in the
 * order of the files and lines they are on.
 */
import { explain, type Problem } from '../catalog.ts';
import type { CheckContext } from './run.ts';

/** The problems every phase found, settled: a new list, sorted. */
export function settleProblems(run: CheckContext, found: readonly Problem[], drafts: ReadonlySet<string> = new Set()): Problem[] {
  const problems = [...found];
  // A text cut short by ` #` explains whatever else is said of it (a title too short, say).
  const cut = new Set(problems.filter((p) => p.code === 'CommentInText').map((p) => `${p.file}:${p.line}`));
  for (let i = problems.length - 1; i >= 0; i--) {
    const p = problems[i]!;
    if (p.code !== 'CommentInText' && cut.has(`${p.file}:${p.line}`)) problems.splice(i, 1);
  }
  // A file read as another encoding offers only the Fix that saves it as UTF-8 (text-hazards.ts): the
  // others' offsets are in the text as read, not in the file's bytes. They are offered once it is UTF-8.
  problems.forEach((p, i) => {
    if (!p.fix || p.code === 'FileEncoding' || !run.encodingOf(p.file)) return;
    const { fix: _offsetsOfAnotherText, ...rest } = p;
    problems[i] = rest;
  });
  if (run.options.unfinished === 'fail') {
    problems.forEach((p, i) => {
      // A draft is not published, so its template text stops nothing.
      if (p.code !== 'PlaceholderText' || drafts.has(p.file)) return;
      const hint = `${p.hint ?? ''} ${explain.PlaceholderBlocksPublishing}`.trim();
      problems[i] = { ...p, severity: 'error', hint };
    });
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
