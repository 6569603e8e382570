import type { FieldError } from '../errors.ts';
import { HttpError } from '../errors.ts';

/**
 * A filled-in honeypot marks the submission as spam. It is still stored (a person whose browser autofilled
 * the hidden field is not lost) and answered like any other, so that bots learn nothing.
 */
export function isSpam(website: string | undefined): boolean {
  return website !== undefined && website !== '';
}

/** The 400 answer that names every bad field. */
export function validationFailed(check: { readonly fields: readonly FieldError[]; readonly message?: string }): HttpError {
  return new HttpError('ValidationFailed', {
    fields: check.fields,
    ...(check.message === undefined ? {} : { message: check.message }),
  });
}
