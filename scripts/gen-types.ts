/**
 * Generates TypeScript types from the JSON Schemas in `schemas/` into `src/generated/schema-types.ts`.
 *
 * Why our own generator: json-schema-to-typescript turns every described `$ref` into a new alias
 * (`Text1`, `Text2` …). Our subset of JSON Schema is small, so a direct translation gives one named
 * type per `title`, read-only properties, and the rule we rely on everywhere: a property with a
 * schema `default` (or `filledByBuild`) is always present in built content, because the content
 * plugin fills it in. Run with `--check` to fail when the committed file is stale.
 */
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  definitions?: Record<string, Schema>;
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = join(root, 'schemas');
const outFile = join(root, 'src/generated/schema-types.ts');

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
for (const file of files) {
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
  if (!schema.$id) throw new Error(`${relative(root, file)} has no $id; every schema needs one.`);
  byId.set(schema.$id, schema);
}

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
  return `${doc(schema.description)}export type ${name} = ${inline(schema, base)};\n`;
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
      const props = Object.entries(schema.properties ?? {})
        .filter(([key]) => key !== '$schema')
        .map(([key, prop]) => {
          const always = required.has(key) || prop.default !== undefined || prop.filledByBuild === true;
          const description = [prop.description, prop.default !== undefined ? `@default ${JSON.stringify(prop.default)}` : '']
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
  const base = schema.$id!;
  // A file of shared definitions only (common.schema.json) has no type of its own.
  if (!schema.type) continue;
  typeOf(byId.get(base)!, base);
}

const sectionSchemas = files.filter((f) => f.includes(`${join('schemas', 'sections')}`));
const sectionTypes = sectionSchemas.map((f) => f.split('/').pop()!.replace('.schema.json', ''));

// Every section schema must be one of the page's section variants, or no page could use it; and
// the list of types editors complete must name the same ones.
const pageSchema = byId.get('https://schemas.local/page.schema.json')!;
const sectionItems = pageSchema.properties?.sections?.items as Schema | undefined;
const listed = new Set(
  (variantsOf(sectionItems ?? {}) ?? []).map((s) => s.$ref?.replace(/^sections\//, '').replace(/\.schema\.json$/, '')),
);
const completed = new Set((sectionItems?.properties?.type?.enum ?? []).map(String));
const unlisted = sectionTypes.filter((t) => !listed.has(t) || !completed.has(t));
if (unlisted.length > 0) {
  console.error(
    `SectionNotInPage: ${unlisted.map((t) => `schemas/sections/${t}.schema.json`).join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} not listed in schemas/page.schema.json.\n` +
      `In properties.sections.items there, add ${unlisted.map((t) => `"${t}"`).join(', ')} to properties.type.enum, and to allOf ` +
      unlisted
        .map(
          (t) =>
            `{ "if": { "properties": { "type": { "const": "${t}" } }, "required": ["type"] }, "then": { "$ref": "sections/${t}.schema.json" } }`,
        )
        .join(', ') +
      '.',
  );
  process.exit(1);
}

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
const output = header + '\n' + body + extra;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(outFile, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== output) {
    console.error(
      'GeneratedTypesStale: src/generated/schema-types.ts does not match schemas/.\n' +
        'A schema changed without regenerating its types. Run `npm run gen:types` and commit the result.',
    );
    process.exit(1);
  }
  console.log('Generated types are up to date.');
} else {
  writeFileSync(outFile, output);
  console.log(`Wrote ${relative(root, outFile)} (${order.length} types).`);
}
