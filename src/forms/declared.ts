/**
 * The forms as schemas/api/ declares them: each request schema's `x-form` (the submission type, its
 * endpoint, its table and its notice at collection) and each property's `x-field` (how people see
 * the field, and what it says about the person). Everything else about a field is derived from
 * here: the form's labels and messages (spec.ts), the storage columns (src/server/storage/), the
 * exports, the notification e-mail and the `find`/`erase` commands. Used by the browser and the
 * server alike, so it holds data only.
 */
import type { Ajv } from 'ajv';
import type { ApplicationRequest, ContactRequest } from '../generated/schema-types.ts';
import applicationSchema from '../../schemas/api/application.schema.json';
import contactSchema from '../../schemas/api/contact.schema.json';

/** The hidden field that only robots fill in; the server marks such submissions as spam. */
export const HONEYPOT = 'website';

/** The form-level declaration, `x-form`. */
interface FormDeclaration {
  readonly submission: 'contact' | 'application';
  /** The form in a sentence, as the content checks name it ("a page has an enquiry form"). */
  readonly noun: string;
  /** Path under the API base. */
  readonly endpoint: string;
  /** The database table of its submissions. */
  readonly table: 'contact_submissions' | 'applications';
  /** The notice at collection under the submit button: what the data is for, in one sentence. */
  readonly notice: string;
  /**
   * The route of the page that says a submission arrived and what happens next: where the server sends a
   * browser after a plain HTML post it accepted. A page of the content must have it (FormConfirmationMissing).
   */
  readonly confirmation: string;
  /**
   * The files the form takes with its fields (the application's CV), by field name. Sent only in a
   * multipart post, which the form's own page makes: a JSON body carries none.
   */
  readonly files?: Readonly<Record<string, DeclaredFile>>;
}

/** A file the form takes, `x-form.files`: what it may be, and how people are told when it is not. */
export interface DeclaredFile {
  readonly label: string;
  /** The field inside a sentence ("your CV"). */
  readonly noun: string;
  /** Under the field: what may be attached. */
  readonly hint: string;
  /** Shown when the form is sent without it. */
  readonly required: string;
  /** Shown when the file is none of `types`, judged by its content, not its name. */
  readonly invalid: string;
  /** Shown when it is larger than `maxBytes`. */
  readonly tooLarge: string;
  /** The kinds it may be: file extension (as file-type names the content) → media type. */
  readonly types: Readonly<Record<string, string>>;
  readonly maxBytes: number;
}

/** One field, `x-field`, with its name and what its schema says of it. */
export interface DeclaredField<F extends string = string> {
  readonly name: F;
  /** Its column: the name in snake_case (`projectDetails` → `project_details`). */
  readonly column: string;
  readonly label: string;
  /** The field inside a sentence ("your name"), for the too-long message. */
  readonly noun: string;
  /** Shown when the field is empty (after trimming). */
  readonly required: string;
  /** Shown when the value has the wrong shape: an e-mail format or a phone pattern. */
  readonly invalid?: string;
  /** What the API says when the value does not match the field's `pattern`. */
  readonly patternMessage?: string;
  /** A text area: line breaks and tabs are part of the value. */
  readonly multiline?: boolean;
  /** The person can be found by it (`find --email`, `erase --phone`). */
  readonly identifies?: 'email' | 'phone';
  /** Not in the schema's `required`: stored as null when left out. */
  readonly optional: boolean;
}

/** What an input needs to know about its field, as input attributes. */
export interface FieldLimits {
  readonly required: boolean;
  readonly maxLength?: number;
  /** The value's shape, as the HTML `pattern` attribute reads it (anchored, with the `v` flag). */
  readonly pattern?: string;
  /** The message that explains the shape, for the browser's own bubble (`title`). */
  readonly patternTitle?: string;
}

export interface DeclaredForm<F extends string = string> extends FormDeclaration {
  /** In the schema's order, which is the form's order; the honeypot is not a field. */
  readonly fields: readonly DeclaredField<F>[];
}

/** The form fields of a request type: every property but the honeypot. */
export type FieldsOf<R> = Exclude<keyof R, typeof HONEYPOT> & string;
export type ContactField = FieldsOf<ContactRequest>;
export type ApplicationField = FieldsOf<ApplicationRequest>;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

interface SchemaShape {
  readonly 'x-form': FormDeclaration;
  readonly required?: readonly string[];
  readonly properties: Readonly<Record<string, { readonly 'x-field'?: Omit<DeclaredField, 'name' | 'column' | 'optional'> }>>;
}

function declare<F extends string>(schema: SchemaShape): DeclaredForm<F> {
  const required = new Set(schema.required ?? []);
  return {
    ...schema['x-form'],
    fields: Object.entries(schema.properties).flatMap(([name, property]) => {
      if (name === HONEYPOT) return [];
      const field = property['x-field'];
      if (!field) {
        throw new Error(
          `FieldUndeclared: the property \`${name}\` of the ${schema['x-form'].submission} request schema has no \`x-field\`, so the form, the storage and the exports would not know it. Give it one (see schemas/api/contact.schema.json).`,
        );
      }
      return [{ ...field, name: name as F, column: snakeCase(name), optional: !required.has(name) }];
    }),
  };
}

export const contactDeclaration: DeclaredForm<ContactField> = declare(contactSchema as unknown as SchemaShape);
export const applicationDeclaration: DeclaredForm<ApplicationField> = declare(applicationSchema as unknown as SchemaShape);

/** Both forms, by submission type. */
export const declarations = { contact: contactDeclaration, application: applicationDeclaration } as const;

/** The declaration keywords are annotations: ajv, strict, must know them to compile the schemas. */
export function addDeclarationKeywords(ajv: Ajv): void {
  for (const keyword of ['x-form', 'x-field']) ajv.addKeyword({ keyword, schemaType: 'object' });
}
