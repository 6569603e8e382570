import type { FastifyInstance } from 'fastify';
import type { ContactRequest } from '../../generated/schema-types.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Storage } from '../storage/index.ts';
import { contactDeclaration } from '../../forms/declared.ts';
import { createBodyValidator, patternMessagesOf, readApiSchema } from '../validation.ts';
import { isSpam, validationFailed } from './submission.ts';

export interface ContactRouteOptions {
  readonly storage: Storage;
  readonly rateLimit: RateLimitConfig;
  /** The privacy notice the form links to, recorded with each enquiry. */
  readonly noticeVersion: string | null;
}

/** Registers the enquiry endpoint of the contact form. */
export function registerContactRoute(api: FastifyInstance, options: ContactRouteOptions): void {
  const validate = createBodyValidator<ContactRequest>(readApiSchema('contact.schema.json'), {
    patternMessages: patternMessagesOf(contactDeclaration),
  });

  api.post(
    contactDeclaration.endpoint,
    { config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const check = validate(request.body);
      if (!check.ok) throw validationFailed(check);
      const { website, ...fields } = check.value;
      const saved = await options.storage.saveContact({ ...fields, spam: isSpam(website), noticeVersion: options.noticeVersion });
      return reply.code(201).send({ id: saved.id });
    },
  );
}
