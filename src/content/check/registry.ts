/**
 * Every section type has its component. A schema in schemas/sections/ makes a type
 * valid content; without its line in src/sections/registry.ts (or with a line whose file is not
 * there) a page using it would pass every check and then break the build at prerender. The
 * typecheck finds this too, but marketers and the dev server run the content check, not tsc.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { explain } from '../catalog.ts';
import { codeFrame } from '../yaml/locate.ts';
import type { CheckRun } from './run.ts';

/** The registry's entries, `'type': () => import('./folder/index.tsx')`, as written. */
const ENTRY = /^\s*'?([a-z][a-z0-9-]*)'?\s*:\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/;
const START = 'export const registry = {';

export function checkRegistry(run: CheckRun, sectionTypes: readonly string[]): void {
  const project = join(run.schemaDir, '..');
  const file = join(project, 'src/sections/registry.ts');
  // A content project without the app's code (as in a test of content alone) has nothing to compare.
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(START));
  const end = start < 0 ? -1 : lines.findIndex((line, i) => i > start && line.startsWith('}'));
  const entries = new Map<string, { module: string; line: number }>();
  for (let i = start + 1; start >= 0 && i < end; i++) {
    const match = ENTRY.exec(lines[i]!);
    if (match) entries.set(match[1]!, { module: match[2]!, line: i + 1 });
  }
  const shown = relative(project, file).split('\\').join('/');
  const at = (line: number, column = 1) => ({ file: shown, line, column, frame: codeFrame(text, { line, column }) });
  for (const type of sectionTypes) {
    const entry = entries.get(type);
    if (!entry) {
      run.problems.push({
        code: 'UnregisteredSection',
        severity: 'error',
        ...at(end >= 0 ? end + 1 : 1),
        path: '',
        ...explain.UnregisteredSection(type, shown),
      });
    } else if (!['', '.tsx', '.ts'].some((ext) => existsSync(join(dirname(file), entry.module + ext)))) {
      run.problems.push({
        code: 'UnregisteredSection',
        severity: 'error',
        ...at(entry.line, lines[entry.line - 1]!.indexOf('import(') + 1),
        path: '',
        ...explain.SectionComponentMissing(type, entry.module),
      });
    }
  }
}
