import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import { HttpError } from '../errors.ts';
import { createOriginCheck } from '../security.ts';
import type { Storage } from '../storage/index.ts';
import { registerApplicationRoute } from './application.ts';
import { declarations } from '../../forms/declared.ts';
import { registerContactRoute } from './contact.ts';
import { acceptOnlyJson } from './json-body.ts';
import { acceptFormEncoded, acceptMultipart, type FormPostContext } from './form-post.ts';

export interface ApiOptions {
  readonly storage: Storage;
  readonly roles: readonly string[];
  /** Recorded with each submission (src/server/notice.ts). */
  readonly noticeVersion: string | null;
  /** Other sites whose pages may call the API (CORS); the site's own origin is always allowed. */
  readonly allowedOrigins: readonly string[];
  readonly rateLimit: RateLimitConfig;
  /** How to answer a browser that posts a form as plain HTML (./form-post.ts). */
  readonly formPosts: FormPostContext;
  /** Whether the sender of each form gets a confirmation e-mail. */
  readonly confirm: { readonly contact: boolean; readonly application: boolean };
}

/**
 * The form API, as an encapsulated plugin: its body parsing (JSON, and a browser's own form posts), Origin check and CORS apply to its
 * routes and not to the static site. Register it with `prefix: '/api/v1'` after @fastify/rate-limit.
 */
export async function api(instance: FastifyInstance, options: ApiOptions): Promise<void> {
  acceptOnlyJson(instance);
  // A browser's own form post: the forms work before their page's script, and without it.
  acceptFormEncoded(instance);
  // The largest file a form takes (the CV).
  const maxFileBytes = Math.max(
    1,
    ...Object.values(declarations).flatMap((form) => Object.values(form.files ?? {}).map((file) => file.maxBytes)),
  );
  await acceptMultipart(instance, maxFileBytes);
  // Fastify parses no body when a POST has neither a body nor a Content-Type: that is not JSON either.
  instance.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) throw new HttpError('UnsupportedMediaType');
  });
  // Added before CORS so that a preflight from a foreign origin is refused like the request it announces.
  instance.addHook('onRequest', createOriginCheck(options.allowedOrigins));
  if (options.allowedOrigins.length > 0) {
    await instance.register(cors, {
      origin: [...options.allowedOrigins],
      methods: ['POST'],
      allowedHeaders: ['Content-Type'],
      maxAge: 600,
    });
  }
  registerContactRoute(instance, options);
  registerApplicationRoute(instance, options);
}
