/**
 * What the schemas cannot say (src/content/rules/lint.ts): alt texts, the heading outline,
 * anchors, template text, repeated titles, unused media. Files whose shape is wrong are left out,
 * since the rules rely on it, and so is anything that is not a file of the content folder.
 */
import { basename } from 'node:path';
import { buildOnlyCodes, type Problem } from '../catalog.ts';
import { lintContent, type LintFile } from '../rules/lint.ts';
import { codeFrame, formatPath } from '../yaml/locate.ts';
import type { Reference } from '../rules/validate.ts';
import type { Entry } from './collections.ts';
import type { CheckRun } from './run.ts';
import type { ShapedFile } from './shape.ts';

export function judgeContent(
  run: CheckRun,
  references: ReadonlyMap<ShapedFile, readonly Reference[]>,
  routes: ReadonlyMap<string, string>,
  /** What the phases before this one found: a file with an error of shape is not judged. */
  earlier: readonly Problem[],
  /** The collection entries whose shape is right, judged by the rules of one text (lint.ts). */
  entries: readonly Entry[],
): void {
  const misshapen = new Set(earlier.filter((p) => p.severity === 'error' && !buildOnlyCodes.has(p.code)).map((p) => p.file));
  const contentPrefix = `${run.rel(run.contentDir)}/`;
  const judged = [...references].filter(([source]) => source.file.startsWith(contentPrefix) && !misshapen.has(source.file));
  const sharedPrefix = `${run.rel(run.sharedDir)}/`;
  const kindOf = (file: string): LintFile['kind'] => (file === run.rel(run.sitePath) ? 'site' : file.startsWith(sharedPrefix) ? 'shared' : 'page');
  const findings = lintContent({
    files: [
      ...judged.map(([source, refs]) => ({
      file: source.file,
      kind: kindOf(source.file),
      name: basename(source.file).replace(/\.ya?ml$/, ''),
      data: source.data,
      references: refs,
      text: source.text,
    })),
      ...entries.map(({ source, references: refs }) => ({
        file: source.file,
        kind: 'entry' as const,
        data: source.data,
        references: refs,
        text: source.text,
      })),
    ],
    routes,
    root: run.root,
    publicDir: run.publicDir,
    complete: misshapen.size === 0 && !earlier.some((p) => p.code === 'FileUnreadable'),
  });
  for (const { file, path, at, code, severity, message, hint } of findings) {
    const source = judged.find(([s]) => s.file === file)?.[0] ?? entries.find((e) => e.source.file === file)?.source;
    if (source && at) run.problems.push({ code, severity, file, ...at, path: formatPath(path), message, hint, frame: codeFrame(source.text, at) });
    else if (source) run.report(source, { code, path, message, hint }, severity);
    else run.problems.push({ code, severity, file, line: 1, column: 1, path: formatPath(path), message, hint, frame: '' });
  }
}
