/**
 * Turns validation problems into one friendly message per field: ajv's errors from the generated
 * validators before sending, and the server's `fields` after a 400 answer.
 */
import type { ErrorObject } from 'ajv';
import type { FieldSpec, FormSpec } from './spec.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** A validator generated from a request schema (see virtual:form-validators). */
export interface Validator {
  (data: unknown): boolean;
  errors?: readonly ErrorObject[] | null;
}

/** Rank of an ajv keyword: when a field breaks several rules, the person hears about the most basic one. */
const keywordRank: Readonly<Record<string, number>> = { required: 0, type: 0, minLength: 1, maxLength: 2 };

/**
 * Control and invisible characters mostly arrive with pasted text, unseen; the visitor can only be told
 * what to do about them.
 */
function cleanTextMessage(spec: FieldSpec): string {
  return spec.multiline
    ? `Please remove the invisible characters that came with pasted text from ${spec.noun} (line breaks are fine)`
    : `Please keep ${spec.noun} on one line, and type it again if it was pasted: it holds an invisible character`;
}

/** The message for one ajv error of a field. */
function describe(error: ErrorObject, spec: FieldSpec): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
    case 'type':
    case 'minLength':
      return spec.required;
    case 'pattern':
      // A field without a shape of its own (a name, a company) has only the schema's clean-text pattern.
      return spec.invalid ?? cleanTextMessage(spec);
    case 'maxLength':
      return spec.invalid ?? `Please shorten ${spec.noun} to ${Number(params.limit).toLocaleString('en-IN')} characters or fewer`;
    default:
      return spec.invalid ?? `Please check ${spec.noun}`;
  }
}

/** The field an ajv error is about; bodies are flat objects. */
function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return String((error.params as Record<string, unknown>).missingProperty);
  return error.instancePath.split('/')[1] ?? '';
}

/**
 * Checks a request body with a generated validator and returns one message per field of the form, in form
 * order. Problems of fields the form does not show (the honeypot) are left to the server: they never stop a
 * person from sending.
 */
export function checkBody<F extends string>(
  spec: FormSpec<F>,
  validate: Validator,
  body: Readonly<Record<string, string>>,
): FieldErrors<F> {
  if (validate(body)) return {};
  const best = new Map<F, { rank: number; message: string }>();
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error) as F;
    // Own fields only: a body's field named `constructor` or `__proto__` is not one of the form's.
    if (!Object.hasOwn(spec.fields, field)) continue;
    const fieldSpec = spec.fields[field] as FieldSpec;
    const rank = keywordRank[error.keyword] ?? 3;
    const current = best.get(field);
    if (current === undefined || rank < current.rank) best.set(field, { rank, message: describe(error, fieldSpec) });
  }
  const errors: FieldErrors<F> = {};
  for (const field of spec.order) {
    const found = best.get(field);
    if (found) errors[field] = found.message;
  }
  return errors;
}

/** Trims every value, as the server does before it checks them. */
export function trimAll<K extends string>(values: Readonly<Record<K, string>>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(values).map(([key, value]) => [key, value.trim()])) as Record<K, string>;
}

/**
 * The server's messages name fields as the API does (`username is required`); people know them by their
 * labels. Messages for fields the form does not know are dropped: the toast already says it failed.
 */
export function fromServer<F extends string>(
  spec: FormSpec<F>,
  fields: readonly { field: string; message: string }[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { field, message } of fields) {
    // Own fields only: the server names any field it was sent, `constructor` and `__proto__` included.
    if (!Object.hasOwn(spec.fields, field) || Object.hasOwn(errors, field)) continue;
    const fieldSpec = spec.fields[field as F] as FieldSpec;
    const worded = message.startsWith(`${field} `) ? `${fieldSpec.label}${message.slice(field.length)}` : message;
    errors[field as F] = worded.charAt(0).toUpperCase() + worded.slice(1);
  }
  return errors;
}

/** The short summary announced after a failed check, such as "2 fields need your attention: Name, E-mail." */
export function summarise<F extends string>(
  spec: FormSpec<F>,
  errors: FieldErrors<F>,
  /** The form's files with a message (`x-form.files`), after its fields. */
  files: Readonly<Record<string, string>> = {},
): string {
  const labels = [
    ...spec.order.filter((field) => errors[field]).map((field) => spec.fields[field].label),
    ...Object.keys(spec.files)
      .filter((name) => files[name])
      .map((name) => spec.files[name]!.label),
  ];
  if (labels.length === 0) return '';
  const count = labels.length === 1 ? '1 field needs' : `${labels.length} fields need`;
  return `${count} your attention: ${labels.join(', ')}.`;
}
