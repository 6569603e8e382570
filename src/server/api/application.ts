import type { FastifyInstance } from 'fastify';
import type { ApplicationRequest } from '../../generated/schema-types.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Storage } from '../storage/index.ts';
import { applicationDeclaration } from '../../forms/declared.ts';
import { applicationSpec } from '../../forms/spec.ts';
import type { FormPostContext } from './form-post.ts';
import { registerSubmissionRoute } from './submission.ts';

export interface ApplicationRouteOptions {
  readonly storage: Storage;
  readonly rateLimit: RateLimitConfig;
  /** The roles on the careers page; `domain` must be one of them. */
  readonly roles: readonly string[];
  /** The privacy notice the form links to, recorded with each application. */
  readonly noticeVersion: string | null;
  /** How to answer a browser that posted the form as plain HTML. */
  readonly formPosts: FormPostContext;
  /** Whether the sender of each form gets a confirmation e-mail. */
  readonly confirm: { readonly contact: boolean; readonly application: boolean };
}

/** Registers the job application endpoint of the careers page. */
export function registerApplicationRoute(api: FastifyInstance, options: ApplicationRouteOptions): void {
  const roles = new Set(options.roles);
  registerSubmissionRoute<ApplicationRequest>(api, {
    declaration: applicationDeclaration,
    spec: applicationSpec,
    schemaFile: 'application.schema.json',
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
    rateLimit: options.rateLimit,
    formPosts: options.formPosts,
    save: (fields, spam, files, page) =>
      options.storage.saveApplication({
        ...fields,
        spam,
        noticeVersion: options.noticeVersion,
        page,
        files,
        confirm: options.confirm.application,
      }),
  });
}
