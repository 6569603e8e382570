/**
 * The page schema's list of section types is derived, not written by hand: the section types are
 * the files in `schemas/sections/`. The content check validates with a page schema whose list is
 * rebuilt from those files, so a new section schema is valid content at once; `npm run gen:types`
 * writes the same list into `schemas/page.schema.json` for editors, and `gen:types --check` fails
 * while the file is stale.
 *
 * The list has one of two shapes, and keeps whichever the page schema uses:
 * - `items.oneOf` of `{ "$ref": "sections/<type>.schema.json" }` (ajv's discriminator), or
 * - `items.properties.type.enum` of the types plus `items.allOf` of one `if`/`then` per type
 *   (which VS Code's YAML extension understands, and so reports a section's own mistakes).
 */
import { basename, dirname, resolve } from 'node:path';

type Node = Record<string, unknown>;
const isRecord = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Section types: the base names of the schema files directly in `<schemaDir>/sections/`. */
export function sectionTypesOf(schemaDir: string, schemaFiles: readonly string[]): string[] {
  return schemaFiles
    .filter((file) => resolve(dirname(file)) === resolve(schemaDir, 'sections'))
    .map((file) => basename(file, '.schema.json'))
    .sort();
}

const refOf = (type: string) => `sections/${type}.schema.json`;
const typeOfEntry = (entry: unknown): string | undefined => {
  const condition = isRecord(entry) && isRecord(entry.if) && isRecord(entry.if.properties) ? entry.if.properties.type : undefined;
  return isRecord(condition) && typeof condition.const === 'string' ? condition.const : undefined;
};

/**
 * A copy of the page schema whose section list names exactly `types`, in that order. Throws
 * `SectionListShape` when the page schema has neither shape of list, since nothing could validate
 * a section then.
 */
export function withSectionList<T>(pageSchema: T, types: readonly string[]): T {
  const copy = structuredClone(pageSchema) as Node;
  const sections = isRecord(copy.properties) ? copy.properties.sections : undefined;
  const items = isRecord(sections) ? sections.items : undefined;
  if (!isRecord(items)) throw shapeError();
  if (Array.isArray(items.oneOf)) {
    items.oneOf = types.map((type) => ({ $ref: refOf(type) }));
    return copy as T;
  }
  const typeProperty = isRecord(items.properties) ? items.properties.type : undefined;
  if (Array.isArray(items.allOf) && isRecord(typeProperty)) {
    typeProperty.enum = [...types];
    const template = items.allOf.find((entry) => typeOfEntry(entry) !== undefined) as Node | undefined;
    const others = items.allOf.filter((entry) => typeOfEntry(entry) === undefined);
    items.allOf = [
      ...types.map((type) => {
        const entry = structuredClone(template ?? { if: { properties: { type: { const: type } }, required: ['type'] }, then: {} }) as {
          if: { properties: { type: { const: string } } };
          then: Node;
        };
        entry.if.properties.type.const = type;
        entry.then.$ref = refOf(type);
        return entry;
      }),
      ...others,
    ];
    return copy as T;
  }
  throw shapeError();
}

/** The section types the page schema lists now (either shape), for telling what is stale. */
export function listedSectionTypes(pageSchema: unknown): string[] {
  const items = (pageSchema as { properties?: { sections?: { items?: Node } } }).properties?.sections?.items;
  if (Array.isArray(items?.oneOf)) {
    return items.oneOf.map((entry) => String((entry as { $ref?: string }).$ref ?? '').replace(/^sections\/|\.schema\.json$/g, ''));
  }
  if (Array.isArray(items?.allOf)) return items.allOf.map(typeOfEntry).filter((t) => t !== undefined);
  return [];
}

function shapeError() {
  return new Error(
    'SectionListShape: schemas/page.schema.json has no list of section types at properties.sections.items ' +
      '(a `oneOf` of section schema references, or `properties.type.enum` with an `allOf` of `if`/`then`). ' +
      'Restore one of them; the list itself is filled in from schemas/sections/.',
  );
}
