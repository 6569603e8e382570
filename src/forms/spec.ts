/**
 * What the visitor sees of each form field: its label and the messages for each way a value can fail the
 * request schema. The rules themselves live only in schemas/api/ (compiled by validators-plugin.ts);
 * this file only words them for people.
 */

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
  /** Path under the API base. */
  readonly endpoint: string;
  /**
   * The notice at collection under the submit button: what the data is used for, in one short
   * sentence, before the link to the privacy notice.
   */
  readonly notice: string;
  readonly fields: { readonly [K in F]: FieldSpec };
  /** Field order: the order of the request body, of focus and of the error summary. */
  readonly order: readonly F[];
}

/** The hidden field that only robots fill in; the server marks such submissions as spam. */
export const HONEYPOT = 'website';

export type ContactField = 'username' | 'mobile' | 'email' | 'company' | 'projectDetails';
export type ApplicationField = 'name' | 'email' | 'phone' | 'domain';

const emailField: FieldSpec = {
  label: 'E-mail',
  required: 'Please enter your e-mail address',
  invalid: 'Please enter a valid e-mail address, such as name@company.com',
  noun: 'your e-mail address',
};

/** The enquiry form of the contact page (POST /contact/create-contact). */
export const contactSpec: FormSpec<ContactField> = {
  endpoint: '/contact/create-contact',
  notice: 'We use these details only to answer your enquiry, and delete them after a year.',
  order: ['username', 'mobile', 'email', 'company', 'projectDetails'],
  fields: {
    username: { label: 'Name', required: 'Please enter your name', noun: 'your name' },
    mobile: {
      label: 'Mobile number',
      required: 'Please enter your mobile number',
      invalid: 'Please enter a mobile number of 7 to 15 digits',
      noun: 'your mobile number',
    },
    email: emailField,
    company: { label: 'Company', required: 'Please enter your company', noun: 'the company name' },
    projectDetails: {
      label: 'Project details',
      required: 'Please tell us a little about your project',
      noun: 'the project details',
      multiline: true,
    },
  },
};

/** The application form of the careers page (POST /services/create-service). */
export const applicationSpec: FormSpec<ApplicationField> = {
  endpoint: '/services/create-service',
  notice: 'We use these details only to consider your application, and delete them after a year.',
  order: ['name', 'email', 'phone', 'domain'],
  fields: {
    name: { label: 'Name', required: 'Please enter your name', noun: 'your name' },
    email: emailField,
    phone: {
      label: 'Phone',
      required: 'Please enter your phone number',
      invalid: 'Please enter a phone number of 7 to 15 digits',
      noun: 'your phone number',
    },
    domain: {
      label: 'Role',
      required: 'Please close this window and choose a role from the open positions',
      invalid: 'This role is no longer open; please choose one from the open positions',
      noun: 'the role',
    },
  },
};
