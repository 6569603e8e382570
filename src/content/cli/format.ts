/** How content problems read in a terminal and in the browser overlay. */
import type { Problem } from '../catalog.ts';

const paint = (code: number, text: string, color: boolean) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

/** One problem: `file:line:column  Code  path`, the message, the hint, then the code frame. */
export function formatProblem(problem: Problem, color = false): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`;
  const label = paint(problem.severity === 'error' ? 31 : problem.severity === 'warning' ? 33 : 36, problem.code, color);
  const lines = [`${paint(1, where, color)}  ${label}${problem.path ? `  ${paint(36, problem.path, color)}` : ''}`];
  lines.push(`  ${problem.message}`);
  if (problem.hint) lines.push(`  ${paint(2, problem.hint, color)}`);
  if (problem.frame) lines.push('', problem.frame.replace(/^/gm, '  '));
  return lines.join('\n');
}

/** All problems and a summary line, for `content:check`, the build and the dev server. */
export function formatProblems(problems: readonly Problem[], color = false): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const notes = problems.length - errors - warnings;
  const files = new Set(problems.map((p) => p.file)).size;
  const summary = [
    errors ? `${errors} content error${errors === 1 ? '' : 's'}` : '',
    warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '',
    notes ? `${notes} note${notes === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
  const ordered = errorsFirst(problems);
  return `${ordered.map((p) => formatProblem(p, color)).join('\n\n')}\n\n${summary} in ${files} file${files === 1 ? '' : 's'}.`;
}

/**
 * Errors before warnings before notes, each file by file and line by line: with a thousand pages,
 * two errors among a thousand warnings must not be lost in the middle of the output.
 */
export function errorsFirst(problems: readonly Problem[]): Problem[] {
  const rank = (p: Problem) => (p.severity === 'error' ? 0 : p.severity === 'warning' ? 1 : 2);
  return [...problems].sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
