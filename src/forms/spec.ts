/**
 * What the visitor sees of each form field: its label and the messages for each way a value can fail the
 * request schema. The rules and the wording both live in schemas/api/ (the rules compiled by
 * validators-plugin.ts, the wording in each property's `x-field`, read by declared.ts); this file
 * shapes them for the forms.
 */
import {
  applicationDeclaration,
  contactDeclaration,
  type ApplicationField,
  type ContactField,
  type DeclaredFile,
  type DeclaredForm,
} from './declared.ts';

export { HONEYPOT, type ApplicationField, type ContactField } from './declared.ts';

/** One field of a form, as people see it. */
export interface FieldSpec {
  readonly label: string;
  /** Shown when the field is empty (after trimming). */
  readonly required: string;
  /** Shown when the value has the wrong shape: an e-mail format or a phone pattern. */
  readonly invalid?: string;
  /** The field inside a sentence ("your name"), for the too-long message. */
  readonly noun: string;
  /** A text area: line breaks and tabs are part of the value (the request schema allows them). */
  readonly multiline?: boolean;
}

/**
 * The privacy notice's route. Each form links to it under its submit button, and the server records
 * the version of that page with each submission (src/server/notice.ts).
 */
export const PRIVACY_ROUTE = '/privacy';

/** A form: where it is sent and its fields, in the order they appear on the page. */
export interface FormSpec<F extends string> {
  /** What it sends: an enquiry (`contact`) or a job application. */
  readonly submission: DeclaredForm<F>['submission'];
  /** Path under the API base. */
  readonly endpoint: string;
  /** The page that says the form arrived and what happens next; the form leads there once it is sent. */
  readonly confirmation: string;
  /**
   * The notice at collection under the submit button: what the data is used for, in one short
   * sentence, before the link to the privacy notice.
   */
  readonly notice: string;
  readonly fields: { readonly [K in F]: FieldSpec };
  /** Field order: the order of the request body, of focus and of the error summary. */
  readonly order: readonly F[];
  /** The files it takes (the application's CV), by field, after the fields; none for the enquiry. */
  readonly files: Readonly<Record<string, DeclaredFile>>;
}

function specOf<F extends string>(form: DeclaredForm<F>): FormSpec<F> {
  return {
    submission: form.submission,
    endpoint: form.endpoint,
    confirmation: form.confirmation,
    notice: form.notice,
    order: form.fields.map((field) => field.name),
    files: form.files ?? {},
    fields: Object.fromEntries(
      form.fields.map(({ name, label, required, invalid, noun, multiline }) => [
        name,
        { label, required, noun, ...(invalid === undefined ? {} : { invalid }), ...(multiline ? { multiline } : {}) },
      ]),
    ) as { readonly [K in F]: FieldSpec },
  };
}

/** The enquiry form of the contact page (POST /contact/create-contact). */
export const contactSpec: FormSpec<ContactField> = specOf(contactDeclaration);

/** The application form of the careers page (POST /services/create-service). */
export const applicationSpec: FormSpec<ApplicationField> = specOf(applicationDeclaration);
