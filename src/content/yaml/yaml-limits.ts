/**
 * How much a YAML file may expand into. An alias (`*name`) repeats its anchor's whole value, so a
 * few lines can stand for millions of values (an anchor of 100,000 items used 99 times held the
 * editor for 5.5 s; aliases of aliases grow exponentially). `yaml`'s own `maxAliasCount` counts
 * aliases, not what they repeat, so the values a document would become are counted here first,
 * without building them, and a file over the bound is refused where it is read.
 */
import { isAlias, isCollection, isPair, parseDocument, type Document, type Node } from 'yaml';

/** Values (groups, lists, texts) a document may hold once its aliases are expanded: the largest page has under 1,500. */
export const MAX_EXPANDED_VALUES = 50_000;

export interface Overgrown {
  /** How many values the document would expand into (at least the bound). */
  readonly values: number;
  /** Where the alias that repeats the most is, as an offset into the text (undefined when there is none). */
  readonly offset: number | undefined;
}

/** Undefined when `doc` expands into at most `limit` values; otherwise how much and where. */
export function overgrown(doc: Document, limit = MAX_EXPANDED_VALUES): Overgrown | undefined {
  const sizes = new Map<unknown, number>();
  let largest: { size: number; offset: number | undefined } | undefined;
  const size = (node: unknown): number => {
    const known = sizes.get(node);
    if (known !== undefined) return known;
    // A value being counted that is reached again (an alias inside its own anchor) would be endless.
    sizes.set(node, limit + 1);
    let total = 1;
    if (isAlias(node)) {
      const source = node.resolve(doc);
      total = source ? size(source) : 1;
      if (!largest || total > largest.size) largest = { size: total, offset: node.range?.[0] };
    } else if (isCollection(node)) {
      for (const item of node.items as unknown[]) {
        total += isPair(item) ? size(item.key) + size(item.value) : size(item);
        if (total > limit) break;
      }
    }
    total = Math.min(total, limit + 1);
    sizes.set(node, total);
    return total;
  };
  const values = doc.contents ? size(doc.contents as Node) : 0;
  return values > limit ? { values, offset: largest?.offset } : undefined;
}

/** Says what an overgrown document is, in words for the content check and the editor. */
export function overgrownReason(): string {
  return `its aliases (\`*name\`) repeat so much that it would hold over ${MAX_EXPANDED_VALUES.toLocaleString('en')} values, far more than any page`;
}

/**
 * The data of a YAML text, as `yaml`'s `parse` reads it (its first error thrown), refusing one that
 * expands beyond the bound (a ReferenceError, as `yaml` refuses too many aliases).
 */
export function yamlData(text: string): unknown {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw doc.errors[0]!;
  const found = overgrown(doc);
  if (found) throw new ReferenceError(`The YAML could not be read: ${overgrownReason()}.`);
  return doc.toJS();
}
