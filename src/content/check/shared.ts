/**
 * Shared content. A section whose schema names shared content (`usesShared`) draws on
 * content/shared/<name>.yaml, such as the slides, steps and reasons of every `hire` section; a page
 * with such a section needs that file.
 */
import { fileMissing, sectionsOf, sharedPath, type CheckRun, type SourceFile } from './run.ts';

/** The shared content a page draws on, by name, in the order its sections first need it. */
export function sharedUsedBy(page: SourceFile, uses: ReadonlyMap<string, readonly string[]>): string[] {
  return [...new Set(sectionsOf(page).flatMap((section) => uses.get(String(section.type)) ?? []))];
}

export function checkShared(run: CheckRun, pages: readonly SourceFile[], uses: ReadonlyMap<string, readonly string[]>): void {
  const reported = new Set<string>();
  for (const page of pages) {
    for (const name of sharedUsedBy(page, uses)) {
      if (reported.has(name) || run.exists(sharedPath(run, name))) continue;
      reported.add(name);
      const types = [...uses].filter(([, names]) => names.includes(name)).map(([type]) => `\`${type}\``);
      const type = sectionsOf(page).find((section) => uses.get(String(section.type))?.includes(name))?.type;
      run.problems.push(
        fileMissing(
          run.rel(sharedPath(run, name)),
          `${page.file} has a \`${String(type)}\` section, which draws on this file (as every ${types.join(' and ')} section does).`,
        ),
      );
    }
  }
}
