/**
 * The texts search engines show, a page's title and description, within the lengths they
 * show in full. Warnings, not errors: a matter of judgement.
 */
import { explain, type ProblemCode } from '../catalog.ts';
import type { CheckRun } from './run.ts';
import type { ShapedFile } from './shape.ts';

const lengths = [
  { key: 'title', min: 30, max: 60, code: 'TitleLength' },
  { key: 'description', min: 70, max: 160, code: 'DescriptionLength' },
] as const satisfies readonly { key: string; min: number; max: number; code: ProblemCode }[];

export function checkSearchTexts(run: CheckRun, pages: readonly ShapedFile[]): void {
  for (const source of pages) {
    for (const { key, min, max, code } of lengths) {
      const value = (source.data as Record<string, unknown> | null)?.[key];
      if (typeof value !== 'string' || (value.length >= min && value.length <= max)) continue;
      run.report(
        source,
        { code, path: [key], ...explain.SearchTextLength(key, value.length, min, max) },
        'warning',
      );
    }
  }
}
