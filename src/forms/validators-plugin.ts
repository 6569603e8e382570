/**
 * Vite plugin serving `virtual:form-validators`: the request schemas in `schemas/api/` (the ones the API
 * server validates with) compiled at build time into plain validation functions by ajv's standalone code
 * generation. The browser gets ordinary code: no ajv compiler, no `new Function`, so the site's
 * Content-Security-Policy (no 'unsafe-eval') holds.
 *
 *   validateContact / validateApplication   ajv validate functions (`.errors` after a failed call)
 *   contactFields / applicationFields       per field: required, maxLength, and for a field with a shape of its
 *                                           own (a phone number) its pattern and the message that explains it
 */
import { addDeclarationKeywords, type FieldLimits } from './declared.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Ajv, type SchemaObject } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import type { Plugin, ViteDevServer } from 'vite';

export const VIRTUAL_ID = 'virtual:form-validators';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

/** The forms and the request schema each one is checked against, in `schemas/api/`. */
export const formSchemas = {
  contact: 'contact.schema.json',
  application: 'application.schema.json',
} as const;

export type FormName = keyof typeof formSchemas;

/** The generated module and what it was made from. */
export interface GeneratedValidators {
  readonly code: string;
  /** Schema files read, to watch. */
  readonly files: readonly string[];
  /** Packages the generated code imports (ajv's small runtime helpers). */
  readonly runtimeImports: readonly string[];
}

const requireFromHere = createRequire(import.meta.url);

/**
 * Generates the source of `virtual:form-validators` from the schemas in `schemaDir`. The ajv options are the
 * server's (src/server/validation.ts), so a body that passes here passes there.
 */
export function generateValidators(schemaDir: string): GeneratedValidators {
  const ajv = new Ajv({ allErrors: true, strict: true, code: { source: true, esm: true, lines: false } });
  addFormats(ajv, ['email']);
  addDeclarationKeywords(ajv);

  const files: string[] = [];
  const exportsToIds: Record<string, string> = {};
  const fieldTables: string[] = [];
  for (const [form, fileName] of Object.entries(formSchemas)) {
    const file = resolve(schemaDir, fileName);
    files.push(file);
    const schema = readSchema(file);
    const id = typeof schema.$id === 'string' ? schema.$id : file;
    try {
      ajv.addSchema(schema, id);
      ajv.getSchema(id);
    } catch (error) {
      throw formError(
        `${file} is not a valid JSON Schema for ajv (${(error as Error).message}). Fix the schema; the API server compiles the same file.`,
      );
    }
    exportsToIds[`validate${form[0]!.toUpperCase()}${form.slice(1)}`] = id;
    fieldTables.push(`export const ${form}Fields = ${JSON.stringify(fieldTable(schema, file))};`);
  }

  const { code, runtimeImports } = toBrowserModule(standaloneCode(ajv, exportsToIds));
  return { code: `${code}\n${fieldTables.join('\n')}\n`, files, runtimeImports };
}

interface PropertyShape {
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly 'x-field'?: { readonly invalid?: string };
}

function fieldTable(schema: SchemaObject, file: string): Record<string, FieldLimits> {
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = (schema.properties ?? {}) as Record<string, PropertyShape>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const limits: { -readonly [K in keyof FieldLimits]: FieldLimits[K] } = { required: required.has(name) };
      if (typeof property.maxLength === 'number') limits.maxLength = property.maxLength;
      // Only a field with a shape of its own (it declares an `invalid` message) gets a pattern: the
      // clean-text pattern of a name cannot be broken by typing, and the browser's bubble for it would say
      // nothing a person could act on.
      const invalid = property['x-field']?.invalid;
      if (typeof property.pattern === 'string' && invalid) {
        assertHtmlPattern(property.pattern, name, file);
        limits.pattern = property.pattern;
        limits.patternTitle = invalid;
      }
      return [name, limits];
    }),
  );
}

/**
 * Browsers compile `pattern` as `^(?:…)$` with the `v` flag, which refuses some classes the `u` flag
 * (ajv's) accepts, such as an unescaped `(` inside `[…]`. A pattern the browser cannot compile is ignored
 * silently, so the build refuses it instead.
 */
function assertHtmlPattern(pattern: string, name: string, file: string): void {
  try {
    new RegExp(`^(?:${pattern})$`, 'v');
  } catch (error) {
    throw formError(
      `PatternNotHtml: the pattern of \`${name}\` in ${file} is not valid as an HTML pattern attribute (${(error as Error).message}). Browsers read it with the \`v\` flag: escape ( ) [ ] { } / - | inside a character class, which means the same to ajv.`,
    );
  }
}

/**
 * ajv's ESM output still reaches its runtime helpers (for example `ucs2length`, which counts characters
 * the way `maxLength` means) with `require("ajv/dist/runtime/…")`, which does not exist in a browser
 * module. Each such require becomes a hoisted namespace import of the same file.
 *
 * Those helpers are CommonJS compiled from TypeScript (flagged `__esModule`). Bundlers honour the flag and
 * give a namespace that mirrors `exports`; Node (vitest, the unit tests) gives `{ default: exports }`.
 * `__cjs` returns `exports` under both rules, so the code behaves the same in the browser and in tests.
 */
function toBrowserModule(source: string): { code: string; runtimeImports: string[] } {
  const specifiers: string[] = [];
  const body = source.replace(/^"use strict";/, '').replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    const resolved = browserSpecifier(specifier);
    let index = specifiers.indexOf(resolved);
    if (index === -1) index = specifiers.push(resolved) - 1;
    return `__cjs(__ajvRuntime${index})`;
  });
  if (/\bnew Function\b|\beval\s*\(/.test(body)) {
    throw formError(
      'ajv generated code that compiles code at run time, which the Content-Security-Policy forbids. Check the ajv options in src/forms/validators-plugin.ts.',
    );
  }
  const imports = specifiers.map((specifier, i) => `import * as __ajvRuntime${i} from ${JSON.stringify(specifier)};`);
  const helper = specifiers.length > 0 ? 'const __cjs = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);' : '';
  return { code: [...imports, helper, body].filter(Boolean).join('\n'), runtimeImports: specifiers };
}

/** The file a generated `require` names, spelled so that both Vite and Node's ESM loader resolve it. */
function browserSpecifier(specifier: string): string {
  const withExtension = /\.[cm]?js$/.test(specifier) ? specifier : `${specifier}.js`;
  let loaded: unknown;
  try {
    loaded = requireFromHere(withExtension);
  } catch (error) {
    throw formError(
      `The generated validators need ${specifier}, which cannot be loaded (${(error as Error).message}). Reinstall dependencies (npm ci).`,
    );
  }
  if (!(loaded as { __esModule?: boolean } | null)?.__esModule) {
    throw formError(
      `The generated validators need ${specifier}, which is not an ES-module-flagged CommonJS file; teach src/forms/validators-plugin.ts how to import it.`,
    );
  }
  return withExtension;
}

function readSchema(file: string): SchemaObject {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SchemaObject;
  } catch (error) {
    throw formError(
      `The request schema ${file} could not be read (${(error as Error).message}). Restore it from version control.`,
    );
  }
}

function formError(message: string): Error {
  const error = new Error(message);
  error.name = 'FormValidatorsError';
  return error;
}

/** The plugin; register it once in vite.config.ts. */
export function formValidatorsPlugin(options: { readonly schemaDir?: string } = {}): Plugin {
  let schemaDir = resolve(options.schemaDir ?? 'schemas/api');
  let files: readonly string[] = [];

  return {
    name: 'form-validators',

    config(config) {
      schemaDir = resolve(config.root ?? process.cwd(), options.schemaDir ?? 'schemas/api');
      // The dev server discovers imports of virtual modules only when they load, which would make it
      // re-optimise dependencies and reload the page on the first visit; naming them up front avoids that.
      const { runtimeImports } = generateValidators(schemaDir);
      return { optimizeDeps: { include: [...runtimeImports] } };
    },

    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },

    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const generated = generateValidators(schemaDir);
      files = generated.files;
      for (const file of files) this.addWatchFile(file);
      return generated.code;
    },

    configureServer(server: ViteDevServer) {
      // A schema edit must reach the open page: drop the cached module and reload.
      server.watcher.on('change', (file) => {
        if (!files.includes(resolve(file))) return;
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}

/** What the browser does not need of a request schema: words for people reading the schema. */
const documentationKeys = new Set(['$schema', '$comment', 'title', 'description', 'examples']);

function withoutDocumentation(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDocumentation);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) => (documentationKeys.has(key) ? [] : [[key, withoutDocumentation(inner)]])),
  );
}

/**
 * The forms read their fields' declarations from the request schemas (src/forms/declared.ts). In the
 * browser's build the schemas lose their descriptions and comments first, which are a quarter of
 * the forms' code otherwise; the server and its build keep them.
 */
export function apiSchemasForBrowserPlugin(): Plugin {
  return {
    name: 'devstaff:api-schemas-for-browser',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]schemas[\\/]api[\\/][^\\/]+\.schema\.json$/.test(id)) return undefined;
      return { code: JSON.stringify(withoutDocumentation(JSON.parse(code) as unknown)), map: null };
    },
  };
}
