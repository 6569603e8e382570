/** Each form's wording joined with the validators generated at build time from its request schema. */
import { applicationFields, contactFields, validateApplication, validateContact } from 'virtual:form-validators';
import { applicationSpec, contactSpec } from './spec.ts';

export const contactForm = { spec: contactSpec, validate: validateContact, limits: contactFields } as const;
export const applicationForm = { spec: applicationSpec, validate: validateApplication, limits: applicationFields } as const;
