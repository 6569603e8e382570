/**
 * Phase 4: shared content. A page with a `hire` section takes its slides, steps and reasons from
 * content/shared/hire.yaml, which must then exist.
 */
import { existsSync } from 'node:fs';
import { fileMissing, sectionsOf, type CheckRun } from './run.ts';
import type { ShapedFile } from './shape.ts';

/** Whether a page shows the shared hiring template. */
export const usesHire = (page: ShapedFile) => sectionsOf(page).some((section) => section.type === 'hire');

export function checkShared(run: CheckRun, pages: readonly ShapedFile[]): void {
  const first = pages.find(usesHire);
  if (first && !existsSync(run.hirePath)) {
    run.problems.push(
      fileMissing(run.rel(run.hirePath), `${first.file} has a \`hire\` section, whose slides, steps and reasons come from this file.`),
    );
  }
}
