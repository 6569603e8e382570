import type { FastifyInstance } from 'fastify';
import type { ContactRequest } from '../../generated/schema-types.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Storage } from '../storage/index.ts';
import { contactDeclaration } from '../../forms/declared.ts';
import { createBodyValidator, patternMessagesOf, readApiSchema, schemaValidator } from '../validation.ts';
import { contactSpec } from '../../forms/spec.ts';
import { isFormPost, sendFormAgain, type FormPostContext } from './form-post.ts';
import { isSpam, validationFailed } from './submission.ts';

export interface ContactRouteOptions {
  readonly storage: Storage;
  readonly rateLimit: RateLimitConfig;
  /** The privacy notice the form links to, recorded with each enquiry. */
  readonly noticeVersion: string | null;
  /** How to answer a browser that posted the form as plain HTML. */
  readonly formPosts: FormPostContext;
}

/** Registers the enquiry endpoint of the contact form. */
export function registerContactRoute(api: FastifyInstance, options: ContactRouteOptions): void {
  const schema = readApiSchema('contact.schema.json');
  const validator = schemaValidator(schema);
  const validate = createBodyValidator<ContactRequest>(schema, {
    patternMessages: patternMessagesOf(contactDeclaration),
  });

  api.post(
    contactDeclaration.endpoint,
    { config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const check = validate(request.body);
      if (!check.ok) {
        if (isFormPost(request)) {
          return sendFormAgain(request, reply, options.formPosts, {
            spec: contactSpec,
            validator,
            body: request.body,
            fields: check.fields,
          });
        }
        throw validationFailed(check);
      }
      const { website, ...fields } = check.value;
      const saved = await options.storage.saveContact({ ...fields, spam: isSpam(website), noticeVersion: options.noticeVersion });
      // A browser's own post goes on to the page that says it arrived; a reload there sends nothing again.
      if (isFormPost(request)) return reply.redirect(contactDeclaration.confirmation, 303);
      return reply.code(201).send({ id: saved.id });
    },
  );
}
