/**
 * What the editor keeps of a form's change. react-jsonschema-form hands back the whole data of a
 * form at every keystroke, and on the way it fills in what the marketer never typed: an empty
 * group for an optional group it drew (`image: {narrow: {}}`, `structuredData: {}`), a schema's
 * default, `undefined` where a field was cleared. Kept as they are, those became lines of the file
 * and errors of the check, and a page's settings could not be saved at all. `settle` compares the
 * form's data with the data before the change and keeps only what a person would have written:
 *
 * - a value nobody changed stays exactly as it was, whatever the form made of it;
 * - a cleared field loses its key (`undefined` is never data);
 * - a group or list that is empty after that, and was not written empty in the file, is removed
 *   (a new list item is the exception: it starts empty for the marketer to fill);
 * - a value the form set to the schema's default, where the file did not hold that value, is
 *   removed too, since leaving it out means the same (`draft: false`).
 *
 * Pure and without React, so the tests run it against every field of every content file.
 */
import { same } from './same.ts';

type Schema = {
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly items?: Schema | readonly Schema[];
  readonly required?: readonly string[];
  readonly default?: unknown;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0;

/** `next` as the editor keeps it, given `previous`, the data the form was drawn from. */
export function settle(next: unknown, previous: unknown, schema: Schema | undefined): unknown {
  if (next === undefined) return undefined;
  if (same(next, previous)) return previous;
  if (Array.isArray(next)) {
    const itemSchema = Array.isArray(schema?.items) ? undefined : (schema?.items as Schema | undefined);
    const before = Array.isArray(previous) ? previous : [];
    // Items keep their places: a new item starts empty for the marketer to fill, and a text
    // cleared to type it again stays in the list (the form gives it as `null`) until it is removed.
    return next.map((item, i) => settle(item, before[i], itemSchema) ?? null);
  }
  if (!isRecord(next)) return next;
  const before = isRecord(previous) ? previous : {};
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const propertySchema = schema?.properties?.[key];
    const settled = settle(value, before[key], propertySchema);
    if (settled === undefined) continue;
    const untouched = key in before && same(settled, before[key]);
    if (!untouched) {
      if (isEmpty(settled)) continue;
      const required = schema?.required?.includes(key) ?? false;
      if (!required && propertySchema && 'default' in propertySchema && same(settled, propertySchema.default)) continue;
    }
    kept[key] = settled;
  }
  return kept;
}
