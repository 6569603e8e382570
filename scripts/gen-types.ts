/**
 * Generates TypeScript types from the JSON Schemas in `schemas/` into `src/generated/schema-types.ts`.
 *
 * Why our own generator: json-schema-to-typescript turns every described `$ref` into a new alias
 * (`Text1`, `Text2` …). Our subset of JSON Schema is small, so a direct translation gives one named
 * type per `title`, read-only properties, and the rule we rely on everywhere: a property with a
 * schema `default` (or `filledByBuild`) is always present in built content, because the content
 * plugin fills it in. Run with `--check` to fail when the committed file is stale.
 *
 * It also writes the list of section types into `schemas/page.schema.json` (for editors; the content
 * check derives the same list itself), from the files in `schemas/sections/`, so adding a section
 * type never means editing the page schema. Renamed properties (src/content/renames.ts) are left out
 * of the types, and the new name's comment says what it was called before.
 *
 * `--schemas DIR` and `--out FILE` run it on another copy of the schemas (the tests do).
 */
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { renameMistakes, renamesIn, renameOf } from '../src/content/renames.ts';
import { listedSectionTypes, sectionTypesOf, withSectionList } from '../src/content/section-list.ts';
import { idMistake, schemaIdOf } from '../src/content/schema-id.ts';

type Schema = {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  items?: Schema;
  oneOf?: Schema[];
  allOf?: Schema[];
  if?: Schema;
  then?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  filledByBuild?: boolean;
  enumLabels?: Record<string, string>;
  definitions?: Record<string, Schema>;
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]!) : undefined;
};
const schemaDir = option('--schemas') ?? join(root, 'schemas');
const outFile = option('--out') ?? join(root, 'src/generated/schema-types.ts');
const checkOnly = process.argv.includes('--check');
const shown = (file: string) => relative(root, file) || file;

function listSchemas(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? listSchemas(full) : name.endsWith('.schema.json') ? [full] : [];
    })
    .sort();
}

const files = listSchemas(schemaDir);
const byId = new Map<string, Schema>();
const mistakes: string[] = [];
for (const file of files) {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  const idMistaken = idMistake(schemaDir, file, schema);
  if (idMistaken) {
    console.error(idMistaken);
    process.exit(1);
  }
  byId.set(schema.$id ?? schemaIdOf(schemaDir, file), schema);
  mistakes.push(...renameMistakes(schema, relative(dirname(schemaDir), file)));
}
if (mistakes.length > 0) {
  console.error(`SchemaRenameInvalid: a renamed property is marked wrongly.\n${mistakes.join('\n')}`);
  process.exit(1);
}

// The page's list of section types: what schemas/sections/ holds. Types are generated from the
// derived list, and the page schema file gets it too (or, with --check, is reported stale).
const sectionTypes = sectionTypesOf(schemaDir, files);
const pageFile = join(schemaDir, 'page.schema.json');
const pageOnDisk = JSON.parse(readFileSync(pageFile, 'utf8')) as Schema;
const pageDerived = withSectionList(pageOnDisk, sectionTypes);
byId.set(schemaIdOf(schemaDir, pageFile), structuredClone(pageDerived));
const listedNow = listedSectionTypes(pageOnDisk);
const sectionListStale = JSON.stringify(pageDerived) !== JSON.stringify(pageOnDisk);

function resolveRef(ref: string, base: string): Schema {
  const [path, pointer = ''] = ref.split('#');
  const id = path ? new URL(path, base).href : base;
  let target = byId.get(id);
  if (!target) throw new Error(`Unresolvable $ref ${ref} from ${base}`);
  for (const part of pointer.split('/').filter(Boolean)) target = (target as Record<string, Schema>)[part];
  if (!target) throw new Error(`Unresolvable $ref ${ref} from ${base}`);
  return Object.assign(target, { $id: target.$id ?? id });
}

const declared = new Map<string, string>();
const order: string[] = [];

function doc(text: string | undefined, indent = ''): string {
  if (!text) return '';
  const lines = text.split('\n');
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** Returns the TypeScript type expression for a schema, declaring named types as a side effect. */
function typeOf(schema: Schema, base: string): string {
  if (schema.$ref) {
    const target = resolveRef(schema.$ref, base);
    // References inside the target resolve against the file the target lives in.
    const file = schema.$ref.split('#')[0] ?? '';
    return typeOf(target, file ? new URL(file, base).href : base);
  }
  if (schema.title && !declared.has(schema.title)) {
    declared.set(schema.title, ''); // reserve before recursing, for cycles
    declared.set(schema.title, declaration(schema, base));
    order.push(schema.title);
  }
  return schema.title ?? inline(schema, base);
}

/**
 * The variants of a tagged union written for editors (the page's sections): `allOf` of
 * `if: { type: X } then: { $ref }`, one per variant. Plain JSON Schema validators, such as VS Code's
 * YAML extension, check only the variant whose `if` matches, so a mistake gets one precise error.
 */
function variantsOf(schema: Schema): Schema[] | undefined {
  const thens = schema.allOf?.map((s) => (s.if && s.then ? s.then : undefined));
  return thens?.length && thens.every((s) => s !== undefined) ? (thens as Schema[]) : undefined;
}

/** A `oneOf` whose alternatives only require one key each ("give `icon` or `image`") adds no type. */
const isChoice = (schema: Schema) =>
  schema.oneOf?.every((s) => Object.keys(s).length === 1 && Array.isArray(s.required) && s.required.length === 1) ?? false;

function declaration(schema: Schema, base: string): string {
  const name = schema.title!;
  if (variantsOf(schema)) return `${doc(schema.description)}export type ${name} = ${inline(schema, base)};\n`;
  if (schema.type === 'object' && schema.properties) {
    return `${doc(schema.description)}export interface ${name} ${inline(schema, base)}\n`;
  }
  const labels = schema.enum && schema.enumLabels ? labelsOf(name, schema.enumLabels) : '';
  return `${doc(schema.description)}export type ${name} = ${inline(schema, base)};\n${labels}`;
}

/** A named choice's words (`enumLabels`) as a constant, so the site shows the same words as the editor's form. */
function labelsOf(name: string, labels: Record<string, string>): string {
  const constant = `${name.charAt(0).toLowerCase()}${name.slice(1)}Labels`;
  return `\n/** The words shown for each ${name}. */\nexport const ${constant}: Readonly<Record<${name}, string>> = ${JSON.stringify(labels)};\n`;
}

function inline(schema: Schema, base: string): string {
  const variants = variantsOf(schema);
  if (variants) return variants.map((s) => typeOf(s, base)).join(' | ');
  if (schema.oneOf && !isChoice(schema)) return schema.oneOf.map((s) => typeOf(s, base)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `readonly (${typeOf(schema.items ?? {}, base)})[]`;
    case 'object': {
      const required = new Set(schema.required ?? []);
      const renamed = [...renamesIn(schema)];
      const props = Object.entries(schema.properties ?? {})
        // An old name is only a marker for error messages; content never has it once valid.
        .filter(([key, prop]) => key !== '$schema' && !renameOf(prop))
        .map(([key, prop]) => {
          const always = required.has(key) || prop.default !== undefined || prop.filledByBuild === true;
          const formerly = renamed.filter(([, r]) => r.to === key).map(([from, r]) => `Called \`${from}\` before ${r.in}.`);
          const description = [
            prop.description,
            ...formerly,
            prop.default !== undefined ? `@default ${JSON.stringify(prop.default)}` : '',
          ]
            .filter(Boolean)
            .join('\n');
          return `${doc(description, '  ')}  readonly ${key}${always ? '' : '?'}: ${typeOf(prop, base)};`;
        });
      return `{\n${props.join('\n')}\n}`;
    }
    default:
      return 'unknown';
  }
}

for (const file of files) {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  const base = schema.$id ?? schemaIdOf(schemaDir, file);
  // A file of shared definitions only (common.schema.json) has no type of its own.
  if (!schema.type) continue;
  typeOf(byId.get(base)!, base);
}

const added = sectionTypes.filter((t) => !listedNow.includes(t));
const removed = listedNow.filter((t) => !sectionTypes.includes(t));
const names = (types: string[]) => types.map((t) => `\`${t}\``).join(', ');

const header = `// Generated by scripts/gen-types.ts from schemas/*.schema.json; do not edit. Run \`npm run gen:types\`.\n/* eslint-disable */\n`;
const body = order.map((name) => declared.get(name)).join('\n');
const extra = `
/** Every section \`type\`, in alphabetical order. */
export const sectionTypes = ${JSON.stringify(sectionTypes)} as const;

/** The \`type\` key of a section. */
export type SectionType = Section['type'];

/** The section whose \`type\` is \`T\`. */
export type SectionOf<T extends SectionType> = Extract<Section, { readonly type: T }>;
`;
// Shared content: one file content/shared/<name>.yaml per schema schemas/shared/<name>.schema.json.
const shared = files
  .filter((file) => relative(schemaDir, file).split('\\').join('/').startsWith('shared/'))
  .map((file) => {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
    const name = relative(join(schemaDir, 'shared'), file).replace(/\.schema\.json$/, '');
    return `${doc(schema.description ?? '', '  ')}  readonly ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${schema.title};`;
  });
const sharedTypes = `
/** Shared content by name: content/shared/<name>.yaml, checked against schemas/shared/<name>.schema.json. */
export interface SharedContent {
${shared.join('\n')}
}

/** The name of a piece of shared content. */
export type SharedName = keyof SharedContent;
`;
const output = header + '\n' + body + extra + sharedTypes;

if (checkOnly) {
  let current = '';
  try {
    current = readFileSync(outFile, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  let stale = false;
  if (sectionListStale) {
    stale = true;
    console.error(
      `SectionListStale: the section list of ${shown(pageFile)} does not match ${shown(join(schemaDir, 'sections'))}/` +
        [
          added.length ? `; it lacks ${names(added)}` : '',
          removed.length ? `; it still names ${names(removed)}, whose schema is gone` : '',
        ]
          .filter(Boolean)
          .join('') +
        '.\n' +
        'The list is generated from the section schema files. Run `npm run gen:types` and commit the result.',
    );
  }
  if (current !== output) {
    stale = true;
    console.error(
      `GeneratedTypesStale: ${shown(outFile)} does not match schemas/.\n` +
        'A schema changed without regenerating its types. Run `npm run gen:types` and commit the result.',
    );
  }
  if (stale) process.exit(1);
  console.log("Generated types and the page schema's section list are up to date.");
} else {
  if (sectionListStale) {
    const text = JSON.stringify(pageDerived, null, 2);
    writeFileSync(pageFile, await format(text, { ...(await resolveConfig(pageFile)), filepath: pageFile }));
    const change = [added.length ? `added ${names(added)}` : '', removed.length ? `removed ${names(removed)}` : ''].filter(
      Boolean,
    );
    console.log(`Wrote the section list of ${shown(pageFile)}${change.length ? `: ${change.join('; ')}` : ''}.`);
  }
  writeFileSync(outFile, output);
  console.log(`Wrote ${shown(outFile)} (${order.length} types).`);
}
