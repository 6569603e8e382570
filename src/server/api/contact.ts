import type { FastifyInstance } from 'fastify';
import type { ContactRequest } from '../../generated/schema-types.ts';
import type { RateLimitConfig } from '../config.ts';
import type { Storage } from '../storage/index.ts';
import { contactDeclaration } from '../../forms/declared.ts';
import { contactSpec } from '../../forms/spec.ts';
import type { FormPostContext } from './form-post.ts';
import { registerSubmissionRoute } from './submission.ts';

export interface ContactRouteOptions {
  readonly storage: Storage;
  readonly rateLimit: RateLimitConfig;
  /** The privacy notice the form links to, recorded with each enquiry. */
  readonly noticeVersion: string | null;
  /** How to answer a browser that posted the form as plain HTML. */
  readonly formPosts: FormPostContext;
  /** Whether the sender of each form gets a confirmation e-mail. */
  readonly confirm: { readonly contact: boolean; readonly application: boolean };
}

/** Registers the enquiry endpoint of the contact form. */
export function registerContactRoute(api: FastifyInstance, options: ContactRouteOptions): void {
  registerSubmissionRoute<ContactRequest>(api, {
    declaration: contactDeclaration,
    spec: contactSpec,
    schemaFile: 'contact.schema.json',
    rateLimit: options.rateLimit,
    formPosts: options.formPosts,
    save: (fields, spam, _files, page) =>
      options.storage.saveContact({
        ...fields,
        spam,
        noticeVersion: options.noticeVersion,
        page,
        confirm: options.confirm.contact,
      }),
  });
}
