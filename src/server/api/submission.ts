import type { FastifyInstance } from 'fastify';
import type { DeclaredForm } from '../../forms/declared.ts';
import type { FormSpec } from '../../forms/spec.ts';
import type { RateLimitConfig } from '../config.ts';
import type { FieldError } from '../errors.ts';
import { HttpError } from '../errors.ts';
import { createBodyValidator, patternMessagesOf, readApiSchema, schemaValidator, type FieldRule } from '../validation.ts';
import { isFormPost, sendFormAgain, type FormPostContext } from './form-post.ts';
import { checkFiles, uploadsOf } from './files.ts';
import type { NewFile } from '../storage/index.ts';

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

/** One form's endpoint: what differs between the enquiry and the application. */
export interface SubmissionRoute<R extends { readonly website?: string }> {
  readonly declaration: DeclaredForm;
  readonly spec: FormSpec<string>;
  /** Its request schema in schemas/api/. */
  readonly schemaFile: string;
  /** Checks the schema cannot state (the role must be open). */
  readonly rules?: readonly FieldRule[];
  readonly rateLimit: RateLimitConfig;
  readonly formPosts: FormPostContext;
  /** Stores the checked fields and files; gives the new row's id. */
  readonly save: (
    fields: Omit<R, 'website'>,
    spam: boolean,
    files: readonly NewFile[],
    page: string | null,
  ) => Promise<{ readonly id: string }>;
}

/**
 * The site's page a form was sent from, for the inbox's "which pages bring enquiries": the path of the
 * request's Referer, which browsers send in full to the same site (our Referrer-Policy is
 * strict-origin-when-cross-origin). Null when there is none or it is no address; the query and fragment
 * are dropped, as they may carry what a person typed elsewhere.
 */
export function pageOf(referer: string | undefined): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return path.length > 200 ? null : path;
}

/**
 * Registers a form's endpoint: checks the body against its request schema, stores it, and answers JSON
 * (201, or 400 naming every bad field) or, to a browser's own form post, its confirmation page (303) or
 * its page drawn again with each problem at its field (./form-post.ts).
 */
export function registerSubmissionRoute<R extends { readonly website?: string }>(
  api: FastifyInstance,
  route: SubmissionRoute<R>,
): void {
  const schema = readApiSchema(route.schemaFile);
  const validator = schemaValidator(schema);
  const validate = createBodyValidator<R>(schema, {
    patternMessages: patternMessagesOf(route.declaration),
    ...(route.rules ? { rules: route.rules } : {}),
  });

  api.post(
    route.declaration.endpoint,
    { config: { rateLimit: { max: route.rateLimit.max, timeWindow: route.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const check = validate(request.body);
      // A post in the form's own encoding brings the form's files; a JSON body cannot carry one.
      const files = await checkFiles(route.declaration.files ?? {}, uploadsOf(request), request.isMultipart());
      if (!check.ok || files.errors.length > 0) {
        const fields = [...(check.ok ? [] : check.fields), ...files.errors];
        if (isFormPost(request)) {
          return sendFormAgain(request, reply, route.formPosts, {
            spec: route.spec,
            validator,
            body: request.body,
            fields,
            fileErrors: files.formErrors,
          });
        }
        throw validationFailed({ fields, ...(check.ok || check.message === undefined ? {} : { message: check.message }) });
      }
      const { website, ...fields } = check.value;
      const saved = await route.save(fields, isSpam(website), files.files, pageOf(request.headers.referer));
      // A browser's own post goes on to the page that says it arrived; a reload there sends nothing again.
      if (isFormPost(request)) return reply.redirect(route.declaration.confirmation, 303);
      return reply.code(201).send({ id: saved.id });
    },
  );
}
