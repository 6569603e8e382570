import type { FastifyInstance } from 'fastify';
import type { ApplicationRequest } from '../../generated/schema-types.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Storage } from '../storage/index.ts';
import { applicationDeclaration } from '../../forms/declared.ts';
import { createBodyValidator, patternMessagesOf, readApiSchema, schemaValidator } from '../validation.ts';
import { applicationSpec } from '../../forms/spec.ts';
import { isFormPost, sendFormAgain, type FormPostContext } from './form-post.ts';
import { isSpam, validationFailed } from './submission.ts';

export interface ApplicationRouteOptions {
  readonly storage: Storage;
  readonly rateLimit: RateLimitConfig;
  /** The roles on the careers page; `domain` must be one of them. */
  readonly roles: readonly string[];
  /** The privacy notice the form links to, recorded with each application. */
  readonly noticeVersion: string | null;
  /** How to answer a browser that posted the form as plain HTML. */
  readonly formPosts: FormPostContext;
}

/** Registers the job application endpoint of the careers page. */
export function registerApplicationRoute(api: FastifyInstance, options: ApplicationRouteOptions): void {
  const roles = new Set(options.roles);
  const schema = readApiSchema('application.schema.json');
  const validator = schemaValidator(schema);
  const validate = createBodyValidator<ApplicationRequest>(schema, {
    patternMessages: patternMessagesOf(applicationDeclaration),
    rules: [
      {
        field: 'domain',
        test: (value) => typeof value === 'string' && roles.has(value),
        message:
          roles.size === 0
            ? 'domain must be one of the open roles on the careers page, and there are none at the moment'
            : 'domain must be one of the open roles on the careers page',
      },
    ],
  });

  api.post(
    applicationDeclaration.endpoint,
    { config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } } },
    async (request, reply) => {
      const check = validate(request.body);
      if (!check.ok) {
        if (isFormPost(request)) {
          return sendFormAgain(request, reply, options.formPosts, {
            spec: applicationSpec,
            validator,
            body: request.body,
            fields: check.fields,
          });
        }
        throw validationFailed(check);
      }
      const { website, ...fields } = check.value;
      const saved = await options.storage.saveApplication({
        ...fields,
        spam: isSpam(website),
        noticeVersion: options.noticeVersion,
      });
      // A browser's own post goes on to the page that says it arrived; a reload there sends nothing again.
      if (isFormPost(request)) return reply.redirect(applicationDeclaration.confirmation, 303);
      return reply.code(201).send({ id: saved.id });
    },
  );
}
