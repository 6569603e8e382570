/**
 * A YAML file cannot stand for more values than any page holds: aliases that repeat a large anchor,
 * or aliases of aliases (the "billion laughs"), are counted before anything is built, refused by the
 * content check at the alias's line, and refused by the editor with a 422-kind error, quickly; while
 * every real content file, and ordinary reuse of an anchor, reads as before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { MAX_EXPANDED_VALUES, overgrown, yamlData } from '../../src/content/yaml/yaml-limits.ts';
import { YamlSource } from '../../src/editor/shared/yaml-source.ts';
import { EditorError } from '../../src/editor/shared/errors.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/** An anchor of `items` values used by `aliases` aliases, `levels` times over (each level's list repeats the one before). */
function bomb(items: number, aliases: number, levels: number): string {
  const lines = [`a0: &a0 [${Array.from({ length: items }, (_, i) => i).join(', ')}]`];
  for (let level = 1; level <= levels; level++)
    lines.push(`a${level}: &a${level} [${Array.from({ length: aliases }, () => `*a${level - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}
/** The values `bomb` expands into: the top group, and for each level its key and its list. */
function expandedSize(items: number, aliases: number, levels: number): number {
  let list = items + 1;
  let total = 1 + 1 + list;
  for (let level = 1; level <= levels; level++) {
    list = 1 + aliases * list;
    total += 1 + list;
  }
  return total;
}

describe('expansion bound', () => {
  it('refuses every generated document that would expand beyond the bound, before building it (fast-check)', () => {
    fc.assert(
      fc.property(
        // Up to 5,000 written values, so that what goes over the bound is what the aliases repeat.
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 2, max: 99 }),
        fc.integer({ min: 1, max: 9 }),
        (items, aliases, levels) => {
          const text = bomb(items, aliases, levels);
          const big = expandedSize(items, aliases, levels) > MAX_EXPANDED_VALUES;
          const found = overgrown(parseDocument(text));
          expect(found !== undefined, `${items} items, ${aliases} aliases, ${levels} levels`).toBe(big);
          if (found) {
            // Placed at an alias of the file, where the check reports it.
            expect(text[found.offset!]).toBe('*');
            expect(() => YamlSource.parse(text, 'content/pages/bomb.yaml')).toThrow(EditorError);
            expect(() => yamlData(text)).toThrow(ReferenceError);
          }
        },
      ),
      { seed: 4951, numRuns: runs(40, 300) },
    );
  });

  it('answers the report’s two cases in well under a second', () => {
    for (const text of [bomb(100_000, 99, 1), bomb(9, 9, 9)]) {
      const started = performance.now();
      expect(overgrown(parseDocument(text))).toBeDefined();
      // A deadline, not a budget: unbounded expansion took 5.5 s for the first and never ends for the second.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('an alias inside its own anchor is refused, not counted for ever', () => {
    const doc = parseDocument('a: &a [1, *a]\n');
    expect(() => overgrown(doc)).not.toThrow();
  });

  it('passes every real content file and ordinary reuse of an anchor', () => {
    const dir = join(projectRoot, 'content');
    for (const file of readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(overgrown(parseDocument(text)), file).toBeUndefined();
    }
    expect(yamlData('base: &b {x: 1}\none: *b\ntwo: *b\n')).toEqual({ base: { x: 1 }, one: { x: 1 }, two: { x: 1 } });
  });
});
