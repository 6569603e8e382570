import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

/**
 * JSON travels as UTF-8 (RFC 8259). Decoding strictly refuses bytes that are not, where a lenient decoder would
 * store U+FFFD in their place and so keep something other than what was sent. A leading byte-order mark is
 * kept, and refused by JSON.parse, as before.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Makes JSON the only body type of the API (anything else is 415 UnsupportedMediaType) and parses it with a
 * message that names the problem, where Fastify's own parser only says "not valid JSON".
 */
export function acceptOnlyJson(api: FastifyInstance): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // A body that says it is in another encoding would be read as UTF-8 and stored as something else.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(
        new HttpError('UnsupportedMediaType', {
          message: `The request body is declared as ${charset}, so it was refused: JSON is read as UTF-8 only. Send it encoded as UTF-8, as browsers do.`,
        }),
        undefined,
      );
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(
        new HttpError('InvalidJson', {
          message: 'The request body is not valid UTF-8, so nothing was saved. Send the JSON encoded as UTF-8, as browsers do.',
        }),
        undefined,
      );
      return;
    }
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
