import type { FastifyInstance } from 'fastify';
import type { ApplicationRequest } from '../../generated/schema-types.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Storage } from '../storage/index.ts';
import { applicationDeclaration } from '../../forms/declared.ts';
import { createBodyValidator, patternMessagesOf, readApiSchema } from '../validation.ts';
import { isSpam, validationFailed } from './submission.ts';

export interface ApplicationRouteOptions {
  readonly storage: Storage;
  readonly rateLimit: RateLimitConfig;
  /** The roles on the careers page; `domain` must be one of them. */
  readonly roles: readonly string[];
  /** The privacy notice the form links to, recorded with each application. */
  readonly noticeVersion: string | null;
}

/** Registers the job application endpoint of the careers page. */
export function registerApplicationRoute(api: FastifyInstance, options: ApplicationRouteOptions): void {
  const roles = new Set(options.roles);
  const validate = createBodyValidator<ApplicationRequest>(readApiSchema('application.schema.json'), {
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
      if (!check.ok) throw validationFailed(check);
      const { website, ...fields } = check.value;
      const saved = await options.storage.saveApplication({
        ...fields,
        spam: isSpam(website),
        noticeVersion: options.noticeVersion,
      });
      return reply.code(201).send({ id: saved.id });
    },
  );
}
