/**
 * Renamed schema properties. When a property gets a new name, its old name stays in the schema's
 * `properties` as a marker instead of a definition:
 *
 *   "heading": {
 *     "x-renamed-to": "title",
 *     "x-renamed-in": "2026-05",
 *     "deprecationMessage": "`heading` was renamed to `title` in 2026-05; rename the key."
 *   }
 *
 * Content that still uses the old key fails the check with that sentence at the old key's line and
 * column (not a bare "unknown property"), and the editor's YAML extension shows the same sentence as
 * a warning on the key and stops proposing the old name (`deprecationMessage` is the editors' keyword
 * for this). The generated types leave the old name out.
 */

import type { _ as Code, Ajv, ErrorObject } from 'ajv';
import { explain } from './catalog.ts';
import { splitPointer } from './yaml/locate.ts';
import type { RawProblem } from './rules/validate.ts';

/** The marker keywords, registered with ajv (strict mode refuses unknown keywords). */
export const RENAMED_TO = 'x-renamed-to';
export const RENAMED_IN = 'x-renamed-in';
export const DEPRECATION_MESSAGE = 'deprecationMessage';

/** Where a renamed property went and when. */
export interface Rename {
  readonly to: string;
  /** A date (`2026-05`) or a release (`v0.2`), as written in the schema. */
  readonly in: string;
}

/** The sentence content authors read, in the check and in their editor. */
export const renameMessage = (from: string, rename: Rename): string => explain.RenamedProperty(from, rename.to, rename.in, false).message;

type SchemaNode = Record<string, unknown>;
const isRecord = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rename marker of a property schema, or undefined for an ordinary property. */
export function renameOf(propertySchema: unknown): Rename | undefined {
  if (!isRecord(propertySchema) || typeof propertySchema[RENAMED_TO] !== 'string') return undefined;
  return { to: propertySchema[RENAMED_TO], in: String(propertySchema[RENAMED_IN] ?? '') };
}

/** Old name → rename, for the properties of one object schema. */
export function renamesIn(objectSchema: unknown): Map<string, Rename> {
  const found = new Map<string, Rename>();
  const properties = isRecord(objectSchema) && isRecord(objectSchema.properties) ? objectSchema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    const rename = renameOf(property);
    if (rename) found.set(name, rename);
  }
  return found;
}

const markerKeys = new Set([RENAMED_TO, RENAMED_IN, DEPRECATION_MESSAGE, 'description']);

/**
 * Mistakes in the rename markers of one schema file, each a sentence naming the place and the fix
 * (empty when there are none). A marker that breaks these rules would give content authors a wrong
 * instruction, so the content check and the type generator refuse to start.
 */
export function renameMistakes(schema: unknown, file: string): string[] {
  const mistakes: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (!isRecord(node)) return;
    if (isRecord(node.properties)) {
      const properties = node.properties;
      const required = Array.isArray(node.required) ? node.required : [];
      for (const [name, property] of Object.entries(properties)) {
        if (!isRecord(property)) continue;
        const where = `${file} ${pointer}/properties/${name}`;
        const hasTo = RENAMED_TO in property;
        if (!hasTo) {
          if (RENAMED_IN in property) mistakes.push(`${where}: has \`${RENAMED_IN}\` without \`${RENAMED_TO}\`; add the new name.`);
          continue;
        }
        const rename = renameOf(property);
        if (!rename || !rename.to) {
          mistakes.push(`${where}: \`${RENAMED_TO}\` must be the new name of the property, as text.`);
          continue;
        }
        const dated = typeof property[RENAMED_IN] === 'string' && property[RENAMED_IN] !== '';
        if (!dated) mistakes.push(`${where}: add \`"${RENAMED_IN}": "<date or release>"\`, which the error message quotes.`);
        const target = properties[rename.to];
        const targetRename = renameOf(target);
        if (!isRecord(target)) {
          mistakes.push(`${where}: \`${RENAMED_TO}\` is \`${rename.to}\`, which is not a property of this object; name an existing property.`);
        } else if (targetRename) {
          mistakes.push(`${where}: \`${rename.to}\` was itself renamed to \`${targetRename.to}\`; point \`${RENAMED_TO}\` at \`${targetRename.to}\` directly.`);
        }
        if (required.includes(name)) mistakes.push(`${where}: remove \`${name}\` from \`required\`; require \`${rename.to}\` instead.`);
        const extra = Object.keys(property).filter((k) => !markerKeys.has(k));
        if (extra.length > 0) {
          mistakes.push(
            `${where}: a renamed property keeps only its marker; remove ${extra.map((k) => `\`${k}\``).join(', ')} (the definition belongs to \`${rename.to}\`).`,
          );
        }
        // Only a marker that points somewhere real has a sentence worth showing in editors.
        const message = renameMessage(name, rename);
        if (dated && isRecord(target) && !targetRename && property[DEPRECATION_MESSAGE] !== message) {
          mistakes.push(`${where}: set \`"${DEPRECATION_MESSAGE}": ${JSON.stringify(message)}\`, so editors show what the content check says.`);
        }
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
      walk(value, `${pointer}/${key}`);
    }
  };
  walk(schema, '#');
  return mistakes;
}

/**
 * Registers the marker keywords with ajv: the `x-renamed-to` check, and the two annotations. The
 * check is generated code rather than a function, so the compiled validators can be saved and loaded
 * again as plain JavaScript (validate.ts keeps them between runs).
 */
export function addRenameKeywords(ajv: Ajv, _: typeof Code): void {
  ajv.addKeyword({ keyword: RENAMED_IN, schemaType: 'string' });
  ajv.addKeyword({ keyword: DEPRECATION_MESSAGE, schemaType: 'string' });
  ajv.addKeyword({
    keyword: RENAMED_TO,
    schemaType: 'string',
    error: {
      message: '',
      params: ({ schema, parentSchema, it }) =>
        _`{to: ${schema as string}, in: ${String((parentSchema as SchemaNode)[RENAMED_IN] ?? '')}, both: ${it.parentData}[${schema as string}] !== undefined}`,
    },
    // Runs only when content has the old key: any value under an old name is a mistake.
    code: (cxt) => cxt.fail(),
  });
}

/**
 * Drops the errors a rename explains already: content that still says `heading` lacks the required
 * `title`, and renaming the key fixes both, so the author reads one problem, not two.
 */
export function withoutRenameEchoes(errors: readonly ErrorObject[]): ErrorObject[] {
  const renamedTo = new Set(
    errors
      .filter((e) => e.keyword === RENAMED_TO)
      .map((e) => `${e.instancePath.slice(0, e.instancePath.lastIndexOf('/'))}|${String(e.params.to)}`),
  );
  return errors.filter((e) => !(e.keyword === 'required' && renamedTo.has(`${e.instancePath}|${String(e.params.missingProperty)}`)));
}

/** The problem for content that uses a property's old name, pointing at the old key. */
export function explainRename(error: ErrorObject): RawProblem {
  const path = splitPointer(error.instancePath);
  const from = String(path[path.length - 1]);
  const params = error.params as { to: string; in: string; both: boolean };
  return { code: 'RenamedProperty', path: path.slice(0, -1), key: from, ...explain.RenamedProperty(from, params.to, params.in, params.both) };
}
