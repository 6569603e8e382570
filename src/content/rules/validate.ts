/**
 * Schema validation of content: compiles the JSON Schemas in `schemas/` with ajv (build time only),
 * collects the links, icons, logos and media each file refers to, and turns ajv's errors into
 * located, plain-language problems.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv, ErrorObject, KeywordCxt, ValidateFunction } from 'ajv';
import { closest } from '../suggest.ts';
import { keepsCharacters, quoted, repairFor } from '../fixes.ts';
import { formatPath, splitPointer } from '../yaml/locate.ts';
import { markdownLinks } from '../markdown.ts';
import { explain as explainText, type ProblemCode, type Statement, type WrongTypeFix } from '../catalog.ts';
import { addRenameKeywords, explainRename, RENAMED_TO, renameMistakes, renamesIn, withoutRenameEchoes } from '../renames.ts';
import { sectionTypesOf, withSectionList } from '../section-list.ts';
import { idMistake, schemaId, schemaIdOf } from '../schema-id.ts';
import { cacheFolder, listFiles, writeWhole } from '../files.ts';


/** What a `contentKind` keyword marks a value as: checked and enriched after validation. */
export type ReferenceKind = 'link' | 'icon' | 'logo' | 'image' | 'video' | 'markdown';

/** A value of a content file that points at something outside it. */
export interface Reference {
  readonly kind: ReferenceKind;
  readonly path: (string | number)[];
  /** The value itself; for images and videos, the object (read only: prepare-images.ts fills a copy). */
  readonly value: unknown;
}

/** A schema problem before it is located in its file. */
export interface RawProblem {
  readonly code: ProblemCode;
  readonly path: (string | number)[];
  /** Point at this key of the object at `path` rather than at the object. */
  readonly key?: string;
  readonly message: string;
  readonly hint?: string;
  /**
   * The one right repair of the value at `path`, worked out from its characters as written (the data
   * has lost them: `020130` reads as 20130): `quote` puts them in quotes as they are, `replace` writes
   * new text. The run turns it into a Fix at the value's place in the file.
   */
  readonly edit?: ValueEdit;
}

export type ValueEdit =
  | {
      readonly quote: true;
      /** The field's pattern and choices: quoting is a fix only when the text as typed meets them. */
      readonly pattern?: string;
      readonly allowed?: readonly string[];
      readonly format?: string;
    }
  | { readonly replace: string };

type Schema = Record<string, unknown> & {
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  pattern?: string;
  patternErrorMessage?: string;
};

/** The compiled validators of the content files. */
export interface Validators {
  readonly site: ValidateFunction;
  readonly page: ValidateFunction;
  /** Shared content by name: `content/shared/<name>.yaml` is checked by `schemas/shared/<name>.schema.json`. */
  readonly shared: ReadonlyMap<string, ValidateFunction>;
  /** A collection's definition file, `content/collections/<name>.yaml`; undefined without schemas/collection.schema.json. */
  readonly collection: ValidateFunction | undefined;
  /** Collections by name: the entries `content/<name>/*.yaml` are checked by `schemas/collections/<name>.schema.json`. */
  readonly collections: ReadonlyMap<string, { readonly validate: ValidateFunction; readonly fields: readonly string[] }>;
  readonly sectionTypes: readonly string[];
  /** The shared content each section type draws on, by its schema's `usesShared`. */
  readonly sharedUses: ReadonlyMap<string, readonly string[]>;
  readonly schemaFiles: readonly string[];
  /** Runs a validator and returns its located problems and the references it saw. */
  run(validate: ValidateFunction, data: unknown): { problems: RawProblem[]; references: Reference[] };
}


/** What the validators are called with (ajv's `passContext`): the references a run collects. */
interface RunContext {
  readonly collect: (kind: ReferenceKind, instancePath: string, value: unknown) => void;
}

/**
 * Compiled validators are kept as generated JavaScript in node_modules/.cache/content-validators/,
 * one file per set of schemas: compiling them is most of a content check's time (0.3 s of 0.6 s
 * here), and they change far less often than content. The name of a file is a hash of everything
 * the code is made from: the schemas as compiled, ajv's version, and the keyword definitions in
 * this file and renames.ts.
 */
const validatorCache = cacheFolder('content-validators');
/** How many sets of compiled validators are kept (the tests compile a few fixture sets of their own). */
const KEEP_COMPILED = 40;
const requireHere = createRequire(import.meta.url);
// Paths, not URLs: a test that draws the editor's forms runs under happy-dom, whose URL is not Node's.
const here = dirname(fileURLToPath(import.meta.url));
/**
 * What the compiled validators depend on besides ajv and the schemas: the code of this file and of
 * renames.ts, which define the keywords. A build of the editor service gives it as a constant made
 * when it was built (scripts/build-editor.ts), so the deployed service never reads source files;
 * run from source, it is that source.
 */
declare const __VALIDATOR_CODE__: string | undefined;
const validatorCode = () =>
  typeof __VALIDATOR_CODE__ === 'string'
    ? __VALIDATOR_CODE__
    : createHash('sha256')
        .update(['validate.ts', '../renames.ts'].map((file) => readFileSync(join(here, file), 'utf8')).join('\0'))
        .digest('hex');

/**
 * ajv itself, loaded only when schemas must be compiled: a check that finds them compiled already
 * runs the saved code, and loading ajv would cost it a tenth of its time. The packages are
 * CommonJS, so they are required rather than imported.
 */
function loadAjv() {
  const unwrap = <T>(module: T): T => (module as { default?: T }).default ?? module;
  return {
    ...(requireHere('ajv') as typeof import('ajv')),
    strConcat: (requireHere('ajv/dist/compile/codegen/index.js') as typeof import('ajv/dist/compile/codegen/index.js')).strConcat,
    N: (requireHere('ajv/dist/compile/names.js') as typeof import('ajv/dist/compile/names.js')).default,
    standaloneCode: (requireHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default,
    addFormats: unwrap(requireHere('ajv-formats') as (ajv: Ajv) => Ajv),
  };
}

/** The ajv that compiles the content schemas, with the build's own keywords. */
function contentAjv(lib: ReturnType<typeof loadAjv>): Ajv {
  const { Ajv, _, strConcat, N, addFormats } = lib;
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    passContext: true,
    code: { source: true },
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'filledByBuild', schemaType: 'boolean' });
  // What a marketer calls a section type or a collection's entry in the editor ("Cards", "Job opening").
  ajv.addKeyword({ keyword: 'editorName', schemaType: 'string' });
  // The words a form shows for each value of an `enum` ("Full time" for FULL_TIME); the value stays what is stored.
  ajv.addKeyword({ keyword: 'enumLabels', schemaType: 'object' });
  // The help a form shows where the description speaks of files, keys or search engines' terms to developers.
  ajv.addKeyword({ keyword: 'editorHelp', schemaType: 'string' });
  // What VS Code's YAML extension says instead of "does not match the pattern"; the build explains
  // the same mistake in its own words, so here it is only an annotation.
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  // A value the build checks and enriches after validation: the validator hands it to the run.
  ajv.addKeyword({
    keyword: 'contentKind',
    schemaType: 'string',
    code(cxt: KeywordCxt) {
      const { gen, data, schema, it } = cxt;
      gen.code(_`this.collect(${schema as string}, ${strConcat(N.instancePath, it.errorPath)}, ${data})`);
    },
  });
  // A section schema names the shared content its section draws on (`"usesShared": ["hire"]`):
  // a page with that section needs the file, and the build attaches it to the page.
  ajv.addKeyword({ keyword: 'usesShared', schemaType: 'array' });
  // The ends of a range, in rising order (`"ascending": ["min", "max"]`): each property given must be
  // larger than the one before it. A salary typed upside down would otherwise publish
  // "₹18,00,000 to ₹9,00,000", and job boards would read the range as the schema-valid nonsense it is.
  ajv.addKeyword({
    keyword: 'ascending',
    type: 'object',
    schemaType: 'array',
    code(cxt: KeywordCxt) {
      const { data, schema } = cxt;
      const names = schema as string[];
      for (let i = 1; i < names.length; i++) {
        const low = _`${data}[${names[i - 1]!}]`;
        const high = _`${data}[${names[i]!}]`;
        cxt.fail(_`typeof ${low} == "number" && typeof ${high} == "number" && !(${high} > ${low})`);
      }
    },
  });
  addRenameKeywords(ajv, _);
  return ajv;
}

/** Compiles every schema under `schemaDir`, or loads them as compiled before. */
export function compileSchemas(schemaDir: string): Validators {
  const schemaFiles = listFiles(schemaDir, '.schema.json');
  const sectionTypes = sectionTypesOf(schemaDir, schemaFiles);
  const mistakes: string[] = [];
  const sharedUses = new Map<string, readonly string[]>();
  const shared = new Map<string, string>();
  const collections = new Map<string, { place: string; fields: string[] }>();
  const compiled: { schema: object; id: string | undefined }[] = [];
  for (const file of schemaFiles) {
    const shown = relative(join(schemaDir, '..'), file);
    let schema: object;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8')) as object;
    } catch (error) {
      throw new Error(`SchemaUnreadable: ${shown} is not valid JSON (${(error as Error).message}). Fix the file; every schema is read.`);
    }
    mistakes.push(...renameMistakes(schema, shown));
    const place = relative(schemaDir, file).split('\\').join('/');
    if (place.startsWith('shared/')) shared.set(place.slice('shared/'.length).replace(/\.schema\.json$/, ''), place);
    if (place.startsWith('collections/')) {
      const fields = Object.keys((schema as Schema).properties ?? {}).filter((f) => f !== '$schema');
      // Listings show every entry by its title and summary, whatever the collection.
      const lacking = ['title', 'summary'].filter((f) => !fields.includes(f));
      if (lacking.length > 0)
        throw new Error(
          `CollectionSchemaInvalid: ${shown} has no ${lacking.map((f) => `\`${f}\``).join(' or ')} property. Every entry needs a title and a summary, which listings show; add them to its \`properties\` (and \`required\`).`,
        );
      collections.set(place.slice('collections/'.length).replace(/\.schema\.json$/, ''), { place, fields });
    }
    const uses = (schema as { usesShared?: unknown }).usesShared;
    if (place.startsWith('sections/') && Array.isArray(uses))
      sharedUses.set(place.slice('sections/'.length).replace(/\.schema\.json$/, ''), uses.map(String));
    const idMistaken = idMistake(schemaDir, file, schema);
    if (idMistaken) throw new Error(idMistaken);
    // The section list is what schemas/sections/ holds, whether or not gen:types has written it yet.
    const prepared = file === join(schemaDir, 'page.schema.json') ? withSectionList(schema, sectionTypes) : schema;
    // The request schemas keep the `$id` their forms and server compile them by.
    compiled.push({ schema: prepared, id: '$id' in prepared ? undefined : schemaIdOf(schemaDir, file) });
  }
  for (const [type, uses] of sharedUses) {
    for (const name of uses.filter((n) => !shared.has(n))) {
      throw new Error(
        `SharedContentUnknown: schemas/sections/${type}.schema.json draws on the shared content \`${name}\` (\`usesShared\`), which has no schema. ` +
          `Add schemas/shared/${name}.schema.json, or remove \`${name}\` from \`usesShared\`.`,
      );
    }
  }
  if (mistakes.length > 0) throw new Error(`SchemaRenameInvalid: a renamed property is marked wrongly.\n${mistakes.join('\n')}`);
  const wanted: Record<string, string> = { site: 'site.schema.json', page: 'page.schema.json' };
  for (const [name, place] of shared) wanted[`shared:${name}`] = place;
  const defined = schemaFiles.includes(join(schemaDir, 'collection.schema.json'));
  if (defined) wanted.collection = 'collection.schema.json';
  for (const [name, { place }] of collections) wanted[`collection:${name}`] = place;
  const validate = compiledValidators(compiled, wanted);
  return {
    site: validate.site!,
    page: validate.page!,
    shared: new Map([...shared.keys()].map((name) => [name, validate[`shared:${name}`]!])),
    collection: validate.collection,
    collections: new Map([...collections].map(([name, { fields }]) => [name, { validate: validate[`collection:${name}`]!, fields }])),
    sectionTypes,
    sharedUses,
    schemaFiles,
    run(validator, data) {
      const references: Reference[] = [];
      const context: RunContext = {
        collect: (kind, at, value) => {
          const path = splitPointer(at);
          references.push({ kind, path, value });
          // The links of a Markdown text are checked like link fields (routes, anchors), at the text.
          if (kind === 'markdown' && typeof value === 'string') {
            for (const url of markdownLinks(value)) references.push({ kind: 'link', path, value: url });
          }
        },
      };
      validator.call(context, data);
      const problems = dedupe(withoutRenameEchoes(validator.errors ?? []).flatMap((e) => explain(e, sectionTypes) ?? []));
      // A value that broke its own schema (a malformed link, say) is reported once, not checked again.
      const broken = new Set(problems.map((p) => JSON.stringify(p.path)));
      return { problems, references: references.filter((r) => !broken.has(JSON.stringify(r.path))) };
    },
  };
}

/** The validators named in `wanted` (name → schema path), from the cache or compiled now and saved. */
function compiledValidators(
  schemas: readonly { schema: object; id: string | undefined }[],
  wanted: Record<string, string>,
): Record<string, ValidateFunction> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ ajv: versionOfAjv(), wanted, schemas }));
  hash.update(validatorCode());
  const key = hash.digest('hex').slice(0, 24);
  const file = join(validatorCache, `${key}.cjs`);
  if (existsSync(file)) {
    try {
      return requireHere(file) as Record<string, ValidateFunction>;
    } catch {
      // A file a crash left unreadable is made again below.
    }
  }
  const lib = loadAjv();
  const ajv = contentAjv(lib);
  for (const { schema, id } of schemas) ajv.addSchema(schema, id);
  const refs: Record<string, string> = {};
  const functions: Record<string, ValidateFunction> = {};
  for (const [name, place] of Object.entries(wanted)) {
    const validate = ajv.getSchema(schemaId(place));
    if (!validate) throw new Error(`SchemaMissing: schemas/${place} could not be compiled.`);
    refs[name] = schemaId(place);
    functions[name] = validate;
  }
  try {
    writeWhole(file, lib.standaloneCode(ajv, refs));
    pruneCache();
  } catch {
    // A read-only or full disk costs the next run its head start, not this one its result.
  }
  return functions;
}

const versionOfAjv = () => (JSON.parse(readFileSync(requireHere.resolve('ajv/package.json'), 'utf8')) as { version: string }).version;

function pruneCache() {
  const files = listFiles(validatorCache, '.cjs')
    .map((f) => ({ f, at: statSync(f).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of files.slice(KEEP_COMPILED)) rmSync(f, { force: true });
}

function dedupe(problems: RawProblem[]): RawProblem[] {
  const seen = new Set<string>();
  // A value of the wrong kind also fails its enum or pattern; the kind is the one thing to fix.
  const wrongKind = new Set(problems.filter((p) => p.code === 'WrongType').map((p) => JSON.stringify(p.path)));
  return problems.filter((p) => {
    if (p.code !== 'WrongType' && !p.key && wrongKind.has(JSON.stringify(p.path))) return false;
    const id = `${JSON.stringify(p.path)}|${p.key ?? ''}|${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const kindOf = (value: unknown): string =>
  value === null
    ? 'empty'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a group of properties'
        : typeof value === 'string'
          ? `the text "${value.length > 40 ? value.slice(0, 40) + '…' : value}"`
          : typeof value === 'number'
            ? `the number ${value}`
            : `the value ${String(value)}`;

const expected: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: '`true` or `false`',
  array: 'a list (lines starting with `- `)',
  object: 'a group of properties (indented `name: value` lines)',
};

/** What the thing at the end of a path is called in a message: `title` or `cards[0]`. */
function nameOf(path: (string | number)[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return 'the file';
  if (typeof last === 'number') return `item ${last + 1} of \`${formatPath(path.slice(0, -1)) || 'the list'}\``;
  return `\`${last}\``;
}

/** ` in a card`, ` in an image`: where a property belongs, from the schema's title. */
function describeOwner(schema: Schema | undefined): string {
  if (!schema?.title) return '';
  const noun = schema.title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return ` in ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The keys of a "give exactly one of" choice: a `oneOf` whose alternatives each require one key. */
function choiceKeys(schema: Schema | undefined): string[] | undefined {
  const alternatives = schema?.oneOf as Schema[] | undefined;
  const keys = alternatives?.map((a) => (Object.keys(a).length === 1 && Array.isArray(a.required) && a.required.length === 1 ? a.required[0] : undefined));
  return keys && keys.every((k) => typeof k === 'string') ? (keys as string[]) : undefined;
}

const SECTION_TYPE = /^#\/properties\/sections\/items\/properties\/type\/enum$/;
const CHOICE_ALTERNATIVE = /\/oneOf\/\d+\/required$/;

/**
 * Turns one ajv error into a plain-language problem, or into nothing when another error of the
 * same mistake says it better (the `if` of a section whose fields are wrong, the alternatives of
 * a choice).
 */
function explain(error: ErrorObject, sectionTypes: readonly string[]): RawProblem | undefined {
  const path = splitPointer(error.instancePath);
  const parent = error.parentSchema as Schema | undefined;
  const value = error.data;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'if') return undefined;
  if (error.keyword === RENAMED_TO) return explainRename(error);
  if (error.keyword === 'required' && CHOICE_ALTERNATIVE.test(error.schemaPath)) return undefined;
  const name = capital(nameOf(path));
  const at = (code: ProblemCode, said: Statement, key?: string, edit?: ValueEdit): RawProblem => ({
    code,
    path,
    ...(key === undefined ? {} : { key }),
    message: said.message,
    hint: said.hint,
    ...(edit === undefined ? {} : { edit }),
  });
  if (error.keyword === 'enum' && SECTION_TYPE.test(error.schemaPath)) {
    const tag = typeof value === 'string' ? value : JSON.stringify(value);
    return at('UnknownSectionType', explainText.UnknownSectionType(tag, closest(tag, sectionTypes), sectionTypes));
  }
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      if (missing === 'type' && path[0] === 'sections' && path.length === 2) {
        return at('MissingSectionType', explainText.MissingSectionType(sectionTypes));
      }
      const description = parent?.properties?.[missing]?.description;
      return at('MissingProperty', explainText.MissingProperty(missing, describeOwner(parent), description && lowerFirst(description)));
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const renamed = renamesIn(parent);
      const allowed = Object.keys(parent?.properties ?? {}).filter((k) => k !== '$schema' && !renamed.has(k));
      // A misspelt old name (`heding` for a `heading` now called `title`) leads to the new name.
      const near = closest(extra, [...allowed, ...renamed.keys()]);
      const guess = near && (renamed.get(near)?.to ?? near);
      return at('UnknownProperty', explainText.UnknownProperty(extra, describeOwner(parent), guess, allowed), extra);
    }
    case 'type': {
      const textWanted = String(params.type) === 'string';
      const fix: WrongTypeFix =
        textWanted && (typeof value === 'number' || typeof value === 'boolean')
          ? { quote: written(path, quoted(value)) }
          : value === null
            ? { fill: writtenKey(path), text: textWanted, description: parent?.description }
            : { description: parent?.description };
      return at(
        'WrongType',
        explainText.WrongType(name, expected[String(params.type)] ?? String(params.type), kindOf(value), fix),
        undefined,
        // Text wanted and YAML read a number, a truth value or null: the characters as typed are the text.
        'quote' in fix || (textWanted && (value === null || typeof value === 'object'))
          ? {
              quote: true,
              ...(typeof parent?.pattern === 'string' ? { pattern: parent.pattern } : {}),
              ...(Array.isArray(parent?.enum) ? { allowed: parent.enum.map(String) } : {}),
              ...(typeof parent?.format === 'string' ? { format: parent.format } : {}),
            }
          : undefined,
      );
    }
    case 'enum':
    case 'const': {
      const allowed = (error.keyword === 'const' ? [params.allowedValue] : (params.allowedValues as unknown[])).map(String);
      const guess = typeof value === 'string' ? closest(value, allowed) : undefined;
      return at('NotAllowedValue', explainText.NotAllowedValue(name, kindOf(value), guess, allowed));
    }
    case 'pattern':
    case 'format': {
      if (typeof value === 'string' && /^http:\/\//i.test(value) && /https:/.test(String(parent?.pattern))) {
        // Not a fix: only opening the link tells whether the other site answers on https.
        return at('InsecureLink', explainText.InsecureLink(name, value.replace(/^http:/i, 'https:')));
      }
      // The schema's own words for its pattern (what the editor shows too), after a repaired value.
      const rule = parent?.patternErrorMessage ?? parent?.description;
      const repair = typeof value === 'string' && error.keyword === 'pattern' ? repairFor(value, parent?.pattern) : undefined;
      const format = error.keyword === 'format' ? String(params.format) : undefined;
      return at(
        'BadFormat',
        explainText.BadFormat(name, kindOf(value), format, repair && written(path, repair), rule),
        undefined,
        repair !== undefined && typeof value === 'string' && keepsCharacters(value, repair) ? { replace: repair } : undefined,
      );
    }
    case 'minItems':
      return at('TooFew', explainText.TooFewItems(name, params.limit, (value as unknown[]).length, parent?.description));
    case 'minLength':
      return at('TooFew', explainText.TooShort(name, params.limit, value === '' ? writtenKey(path) : undefined, parent?.description));
    case 'maxItems':
      return at('TooMany', explainText.TooManyItems(name, (value as unknown[]).length, params.limit, parent?.description));
    case 'maxLength': {
      const heading = path[path.length - 1] === 'heading';
      return at('TooMany', explainText.TooLong(name, String(value).length, Number(params.limit), heading, parent?.description));
    }
    case 'minimum':
    case 'maximum':
      return at('OutOfRange', explainText.OutOfRange(name, value, error.keyword, params.limit, parent?.description));
    case 'ascending': {
      const names = (parent?.ascending ?? []) as string[];
      const object = isObject(value) ? value : {};
      const i = names.findIndex((key, k) => {
        const low = k > 0 ? object[names[k - 1]!] : undefined;
        const high = object[key];
        return typeof low === 'number' && typeof high === 'number' && !(high > low);
      });
      if (i < 1) break;
      const low = names[i - 1]!;
      const high = names[i]!;
      return at('RangeOutOfOrder', explainText.RangeOutOfOrder(name, low, object[low], high, object[high]), high);
    }
    case 'oneOf': {
      const keys = choiceKeys(parent);
      if (!keys) break;
      const object = isObject(value) ? value : {};
      const present = keys.filter((k) => object[k] !== undefined);
      return at('MissingChoice', explainText.MissingChoice(name, keys, present), present[1]);
    }
  }
  return at('BadFormat', explainText.OtherRule(name, error.message));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How the value's line starts in YAML: `title:`, or `-` for an item of a list. */
const writtenKey = (path: (string | number)[]) => {
  const last = path[path.length - 1];
  return typeof last === 'string' ? `${last}:` : '-';
};
/** The line to write, such as `title: "2024"`. */
const written = (path: (string | number)[], value: string) => `${writtenKey(path)} ${value}`;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');
