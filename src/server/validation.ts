import { readFileSync } from 'node:fs';
import { addDeclarationKeywords, type DeclaredForm } from '../forms/declared.ts';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv';
import type { FormatsPlugin } from 'ajv-formats';
import { SetupError, type FieldError } from './errors.ts';
import { apiSchemasDir } from './paths.ts';

// ajv-formats is CommonJS and types only a default export, which TypeScript resolves differently under
// NodeNext and Bundler; require() gives the plugin function the same way under both.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

/**
 * What the server says about a value that breaks the clean-text pattern of the request schemas: control
 * characters (CR, LF, ESC…), bidirectional overrides and other invisible format characters. In a
 * single-line field they would forge header-like lines in notification e-mails and raw escape bytes in
 * exports; a multi-line field keeps line breaks and tabs and refuses the rest.
 */
export const cleanTextMessage = {
  singleLine: (field: string) =>
    `${field} must be one line of text without control characters (such as line breaks or ESC) or invisible formatting characters (such as bidirectional overrides)`,
  multiLine: (field: string) =>
    `${field} may hold line breaks and tabs, but no other control characters (such as ESC) or invisible formatting characters (such as bidirectional overrides)`,
};

/**
 * What the API says about a value that breaks a field's `pattern`, from the field's declaration: its
 * own message (a phone number's form), or the clean-text rule of a single- or multi-line field.
 */
export function patternMessagesOf(form: DeclaredForm): Record<string, string> {
  return Object.fromEntries(
    form.fields.map((field) => [
      field.name,
      field.patternMessage ??
        (field.multiline ? cleanTextMessage.multiLine(field.name) : cleanTextMessage.singleLine(field.name)),
    ]),
  );
}

/** The result of checking a request body: the trimmed body, or every bad field. */
export type BodyCheck<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fields: readonly FieldError[]; readonly message?: string };

export type BodyValidator<T> = (body: unknown) => BodyCheck<T>;

export interface ValidatorOptions {
  /**
   * What to tell a person whose value does not match a field's `pattern`, by field; a regular expression
   * means nothing to the person filling in the form.
   */
  readonly patternMessages?: Readonly<Record<string, string>>;
  /**
   * Rules that a JSON Schema cannot state because they depend on data, such as "one of the roles on the
   * careers page". A rule is checked only when its field is present and passed the schema.
   */
  readonly rules?: readonly FieldRule[];
}

/** A check of one field beyond the schema. */
export interface FieldRule {
  readonly field: string;
  readonly test: (value: unknown) => boolean;
  readonly message: string;
}

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv, ['email']);
addDeclarationKeywords(ajv);

/** Reads one of the JSON Schemas in schemas/api/, the single source of truth for request bodies. */
export function readApiSchema(fileName: string, dir: string = apiSchemasDir): SchemaObject {
  const file = path.join(dir, fileName);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SchemaObject;
  } catch (error) {
    throw new SetupError(
      'SchemaUnreadable',
      `The request schema ${file} could not be read (${(error as Error).message}). Restore it from version control.`,
      { cause: error },
    );
  }
}

/** The request schema compiled as the browser's generated validators are: for the form's own messages (src/forms/messages.ts). */
export function schemaValidator(schema: SchemaObject): ValidateFunction {
  const id = typeof schema.$id === 'string' ? schema.$id : undefined;
  return (id === undefined ? undefined : ajv.getSchema(id)) ?? ajv.compile(schema);
}

/**
 * Compiles a validator for a JSON request body. Top-level strings are trimmed before they are checked, so a
 * field holding only spaces counts as missing, and the trimmed values are what gets stored.
 */
export function createBodyValidator<T>(schema: SchemaObject, options: ValidatorOptions = {}): BodyValidator<T> {
  const id = typeof schema.$id === 'string' ? schema.$id : undefined;
  const validate = (id === undefined ? undefined : ajv.getSchema<T>(id)) ?? ajv.compile<T>(schema);
  const patternMessages = options.patternMessages ?? {};
  const rules = options.rules ?? [];

  return (body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return {
        ok: false,
        fields: [],
        message: 'The request body must be a JSON object holding the form fields, so nothing was saved. Send the form again.',
      };
    }
    const trimmed = trimStrings(body as Record<string, unknown>);
    const schemaValid = validate(trimmed);
    const fields = schemaValid ? [] : describeErrors(validate.errors ?? [], patternMessages);
    for (const [field, value] of Object.entries(trimmed)) {
      if (typeof value === 'string' && unstorable.test(value) && !fields.some((error) => error.field === field)) {
        fields.push({
          field,
          message: `${field} contains a character that cannot be stored (a NUL character or half of an emoji); remove it and send the form again`,
        });
      }
    }
    for (const rule of rules) {
      const failedSchema = fields.some((error) => error.field === rule.field);
      if (!failedSchema && Object.hasOwn(trimmed, rule.field) && !rule.test(trimmed[rule.field])) {
        fields.push({ field: rule.field, message: rule.message });
      }
    }
    return schemaValid && fields.length === 0 ? { ok: true, value: trimmed as T } : { ok: false, fields };
  };
}

/**
 * Characters that text columns cannot hold as sent: PostgreSQL refuses U+0000 in text (the insert fails), and
 * a lone UTF-16 surrogate has no UTF-8 encoding, so both drivers would silently store U+FFFD instead. No person
 * types either; refusing them keeps every stored value equal to what was sent.
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point of this expression.
const unstorable = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Trims every top-level string. Object.fromEntries defines own properties, so a `__proto__` key in the JSON
 * stays an ordinary (and, for the schema, unknown) field instead of replacing the prototype.
 */
function trimStrings(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

/** Rank of an ajv keyword: when a field breaks several rules, the person hears about the most basic one. */
const keywordRank: Readonly<Record<string, number>> = {
  additionalProperties: 0,
  type: 0,
  required: 0,
  minLength: 1,
  maxLength: 2,
};

/** Turns ajv's errors into one message per field, in the order ajv reports the fields. */
function describeErrors(errors: readonly ErrorObject[], patternMessages: Readonly<Record<string, string>>): FieldError[] {
  const best = new Map<string, { rank: number; message: string }>();
  for (const error of errors) {
    const described = describeError(error, patternMessages);
    const rank = keywordRank[error.keyword] ?? 3;
    const current = best.get(described.field);
    if (current === undefined || rank < current.rank) best.set(described.field, { rank, message: described.message });
  }
  return [...best].map(([field, { message }]) => ({ field, message }));
}

function describeError(error: ErrorObject, patternMessages: Readonly<Record<string, string>>): FieldError {
  const params = error.params as Record<string, unknown>;
  // Bodies are flat objects, so the field is the first segment of the JSON pointer.
  const field = error.instancePath.split('/')[1] ?? '';
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return { field: missing, message: `${missing} is required` };
    }
    case 'additionalProperties': {
      const unknown = String(params.additionalProperty);
      return { field: unknown, message: `unknown field '${unknown}'` };
    }
    case 'type':
      return { field, message: `${field} must be ${params.type === 'string' ? 'text' : `of type ${String(params.type)}`}` };
    case 'minLength':
      return params.limit === 1
        ? { field, message: `${field} is required` }
        : { field, message: `${field} must be at least ${String(params.limit)} characters long` };
    case 'maxLength':
      return { field, message: `${field} must be at most ${String(params.limit)} characters long` };
    case 'format':
      return {
        field,
        message:
          params.format === 'email'
            ? `${field} must be a valid e-mail address`
            : `${field} must be a valid ${String(params.format)}`,
      };
    case 'pattern':
      return { field, message: patternMessages[field] ?? `${field} is not in the expected format` };
    default:
      return { field, message: `${field} ${error.message ?? 'is not valid'}` };
  }
}
