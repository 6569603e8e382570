import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, isSeq, parseDocument, type Node, type Scalar } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/**
 * Every range the schemas declare (`"ascending": [low, high]`), wherever the real content has one:
 * written the wrong way round or with equal ends, at random values within the schema's bounds (fixed
 * seed), the check stops at the upper end's line; written the right way round, it says nothing about it.
 */

interface Declared {
  readonly names: readonly string[];
  /** The bounds the schema gives each end, so that a generated value fails on its order alone. */
  readonly bounds: ReadonlyMap<string, { readonly min: number; readonly max: number }>;
}

type Schema = {
  ascending?: string[];
  properties?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
  [k: string]: unknown;
};

function declarationsIn(node: unknown, out: Declared[]): Declared[] {
  if (Array.isArray(node)) for (const item of node) declarationsIn(item, out);
  else if (node && typeof node === 'object') {
    const schema = node as Schema;
    if (Array.isArray(schema.ascending)) {
      const bounds = new Map(
        schema.ascending.map((name) => {
          const property = schema.properties?.[name] ?? {};
          return [name, { min: property.minimum ?? 0, max: property.maximum ?? 1_000_000 }] as const;
        }),
      );
      out.push({ names: schema.ascending, bounds });
    }
    for (const value of Object.values(schema)) declarationsIn(value, out);
  }
  return out;
}

const declarations = listFiles(join(projectRoot, 'schemas'), '.schema.json').flatMap((file) =>
  declarationsIn(JSON.parse(readFileSync(file, 'utf8')), []),
);

/** A map of a content file holding every end of a declared range as a number, with the ends' scalars. */
interface RangePlace {
  readonly file: string;
  readonly text: string;
  readonly declared: Declared;
  readonly ends: ReadonlyMap<string, Scalar>;
}

function rangesIn(file: string): RangePlace[] {
  const text = readFileSync(file, 'utf8');
  const out: RangePlace[] = [];
  const walk = (node: Node | null | undefined) => {
    if (isSeq(node)) for (const item of node.items) walk(item as Node);
    if (!isMap(node)) return;
    const scalars = new Map<string, Scalar>();
    for (const pair of node.items) {
      const key = String((pair.key as Scalar).value);
      if (isScalar(pair.value) && typeof pair.value.value === 'number') scalars.set(key, pair.value);
      walk(pair.value as Node);
    }
    for (const declared of declarations) {
      if (declared.names.every((name) => scalars.has(name)))
        out.push({ file, text, declared, ends: new Map(declared.names.map((name) => [name, scalars.get(name)!])) });
    }
  };
  walk(parseDocument(text).contents as Node);
  return out;
}

const places = [...listFiles(join(projectRoot, 'content'), '.yaml')].sort().flatMap(rangesIn);

/** The text with the range's lower end written as `low` and the upper as `high`, and the upper end's line. */
function written(place: RangePlace, low: number, high: number): { text: string; line: number } {
  const [lowName, highName] = place.declared.names as [string, string];
  const edits = [
    { node: place.ends.get(lowName)!, value: low },
    { node: place.ends.get(highName)!, value: high },
  ].sort((a, b) => b.node.range![0] - a.node.range![0]);
  let text = place.text;
  for (const { node, value } of edits) text = text.slice(0, node.range![0]) + String(value) + text.slice(node.range![1]);
  // Numbers hold no line breaks: the upper end stays on its line.
  return { text, line: place.text.slice(0, place.ends.get(highName)!.range![0]).split('\n').length };
}

const checkWith = (file: string, text: string) =>
  checkContent({ root: projectRoot, unfinished: 'fail', drafts: new Map([[file, text]]) });
const rel = (file: string) => file.slice(projectRoot.length + 1);

describe('a range in the content', () => {
  it('is declared by the schemas and found in the content (or this proves nothing)', () => {
    expect(declarations.length).toBeGreaterThanOrEqual(2);
    expect(new Set(places.map((p) => p.declared.names.join('<'))).size).toBeGreaterThanOrEqual(1);
    expect(places.length).toBeGreaterThanOrEqual(10);
  });

  it('written the wrong way round or with equal ends is stopped at its upper end, whatever the values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat().map((i) => places[i % places.length]!),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (place, a, b) => {
          const [lowName, highName] = place.declared.names as [string, string];
          const lowBounds = place.declared.bounds.get(lowName)!;
          const highBounds = place.declared.bounds.get(highName)!;
          // Both within both ends' bounds, so the order is the only thing wrong.
          const floor = Math.max(lowBounds.min, highBounds.min);
          const ceiling = Math.min(lowBounds.max, highBounds.max);
          const high = Math.round(floor + a * (ceiling - floor));
          const low = Math.round(high + b * (ceiling - high));
          const { text, line } = written(place, low, high);
          const { problems } = await checkWith(place.file, text);
          const found = problems.filter((p) => p.code === 'RangeOutOfOrder' && p.file === rel(place.file));
          expect(found, `${rel(place.file)}: ${lowName} ${low}, ${highName} ${high}`).toHaveLength(1);
          expect(found[0]!.line).toBe(line);
          expect(found[0]!.severity).toBe('error');
        },
      ),
      { seed: 20261128, numRuns: runs(12, 60) },
    );
  });

  it('written the right way round passes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat().map((i) => places[i % places.length]!),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (place, a) => {
          const [lowName, highName] = place.declared.names as [string, string];
          const floor = Math.max(place.declared.bounds.get(lowName)!.min, place.declared.bounds.get(highName)!.min);
          const ceiling = Math.min(place.declared.bounds.get(lowName)!.max, place.declared.bounds.get(highName)!.max);
          const low = Math.round(floor + a * (ceiling - floor - 1));
          const { text } = written(place, low, low + 1);
          const { problems } = await checkWith(place.file, text);
          expect(problems.filter((p) => p.code === 'RangeOutOfOrder')).toEqual([]);
        },
      ),
      { seed: 20261128, numRuns: runs(6, 30) },
    );
  });
});
