// Types of the module served by the form validators plugin (src/forms/validators-plugin.ts).
declare module 'virtual:form-validators' {
  /** A validator generated from a schema in schemas/api/; after a failed call `errors` lists every problem. */
  export interface GeneratedValidator {
    (data: unknown): boolean;
    errors?: readonly import('ajv').ErrorObject[] | null;
  }
  /** Per field of a request body: the input attributes its schema implies. */
  export type FieldTable = Readonly<Record<string, import('./declared.ts').FieldLimits>>;

  export const validateContact: GeneratedValidator;
  export const validateApplication: GeneratedValidator;
  export const contactFields: FieldTable;
  export const applicationFields: FieldTable;
}

interface ImportMetaEnv {
  /** Base address of the form API, fixed at build time; `/api/v1` on the site's own server when unset. */
  readonly VITE_API_BASE?: string;
}
