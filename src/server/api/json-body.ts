import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

/**
 * Makes JSON the only body type of the API (anything else is 415 UnsupportedMediaType) and parses it with a
 * message that names the problem, where Fastify's own parser only says "not valid JSON".
 */
export function acceptOnlyJson(api: FastifyInstance): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(
        new HttpError('InvalidJson', {
          message: 'The request body is empty, so nothing was saved. Send a JSON object with the form fields.',
        }),
        undefined,
      );
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(
        new HttpError('InvalidJson', {
          message: `The request body is not valid JSON (${(error as Error).message}), so nothing was saved. Send a JSON object with the form fields.`,
        }),
        undefined,
      );
    }
  });
}
