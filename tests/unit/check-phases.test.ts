/**
 * The content check is a pipeline (src/content/check.ts): each phase reads the data of the phases
 * before it. A phase that imports a later one ties the two into a knot a newcomer cannot follow, so
 * the order is written here once and every import under src/content/check/ is held to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './content-fixtures.ts';

/** The phases' files in pipeline order; run.ts is what they all share. */
const order = [
  'run.ts',
  'read.ts',
  'collections.ts',
  'listings.ts',
  'shape.ts',
  'unpublished.ts',
  'routes.ts',
  'references.ts',
  'shared.ts',
  'search-texts.ts',
  'judge.ts',
  'registry.ts',
  'rendered.ts',
  'settle.ts',
];

describe('the phases of the content check', () => {
  const dir = join(projectRoot, 'src/content/check');
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));

  it('are all in the written order, and none is missing from it', () => {
    expect([...files].sort()).toEqual([...order].sort());
  });

  it.each(files)('%s imports no phase that comes after it', (file) => {
    const imported = [...readFileSync(join(dir, file), 'utf8').matchAll(/from '\.\/([\w-]+\.ts)'/g)].map((m) => m[1]!);
    const later = imported.filter((name) => order.indexOf(name) > order.indexOf(file));
    expect(later).toEqual([]);
  });
});
