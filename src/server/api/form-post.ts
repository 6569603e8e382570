/**
 * The API's answer to a browser that posts a form as plain HTML (no JavaScript, or before the page's script
 * has started): the body comes form-encoded, and the answer is a page, not JSON. An accepted form is a `303`
 * to its confirmation page; one that needs correcting is its page again, each problem at its field and
 * every value kept (src/server/form-pages.ts). The same post with `Accept: application/json` gets the JSON
 * API's answers, unchanged.
 */
import multipart from '@fastify/multipart';
import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormPage } from '../../content/build/server-facts.ts';
import { checkBody, fromServer, summarise, trimAll } from '../../forms/messages.ts';
import type { PostedForm } from '../../forms/posted.ts';
import type { FormSpec } from '../../forms/spec.ts';
import { HttpError, type FieldError } from '../errors.ts';
import type { FormPageRenderer } from '../form-pages.ts';
import { setUploads, type Upload } from './files.ts';

export const FORM_URLENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';

/** What the routes need to answer a plain HTML post. */
export interface FormPostContext {
  readonly renderer: FormPageRenderer;
  /** The pages with a form in their HTML (server-facts.json). */
  readonly forms: readonly FormPage[];
}

/** A browser's own form post, which expects a page back: a form body (either encoding), and JSON not asked for. */
export function isFormPost(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return (type === FORM_URLENCODED || type === MULTIPART) && !/application\/json/i.test(request.headers.accept ?? '');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses form-encoded bodies for the API. Browsers send them as UTF-8 percent-escapes; anything that does
 * not decode is refused rather than stored as something else, and a field sent twice is refused by name,
 * since a form has each field once. `Object.fromEntries` makes every key an own property: a field named
 * `__proto__` stays a field (unknown to the schema) and never reaches a prototype.
 */
export function acceptFormEncoded(api: FastifyInstance): void {
  api.addContentTypeParser(FORM_URLENCODED, { parseAs: 'buffer' }, (_request, body, done) => {
    const notEncoded = () =>
      new HttpError('BadRequest', {
        message:
          'The form body is not valid form encoding (a broken %-escape, or bytes that are not UTF-8), so nothing was saved. Send the form again from the website.',
      });
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(notEncoded(), undefined);
      return;
    }
    const entries: [string, string][] = [];
    try {
      for (const pair of text.split('&')) {
        if (pair === '') continue;
        const equals = pair.indexOf('=');
        const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
        entries.push(equals === -1 ? [decode(pair), ''] : [decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))]);
      }
    } catch {
      done(notEncoded(), undefined);
      return;
    }
    const twice = sentTwice(entries);
    if (twice) {
      done(twice, undefined);
      return;
    }
    done(null, Object.fromEntries(entries));
  });
}

/** A form has each field once: a name sent twice is refused by name rather than one value picked. */
function sentTwice(entries: readonly (readonly [string, unknown])[]): HttpError | undefined {
  const names = entries.map(([name]) => name);
  const twice = [...new Set(names.filter((name, at) => names.indexOf(name) !== at))];
  if (twice.length === 0) return undefined;
  return new HttpError('ValidationFailed', {
    fields: twice.map((field) => ({ field, message: `${field} was sent more than once; a form has each field once` })),
  });
}

const tooLarge = () => new HttpError('PayloadTooLarge');

/**
 * Parses `multipart/form-data` bodies, the other encoding a browser may post a form in, into the same
 * object as a form-encoded one, under the same rules: the fields together at most `bodyLimit` bytes (the
 * body is streamed, so Fastify's own limit does not apply), UTF-8 or refused, each field once.
 * @fastify/multipart (over busboy) reads the parts and refuses a field named after anything an object
 * inherits, `__proto__` included, before it reaches an object. File parts are read whole, up to
 * `maxFileBytes` each, and left to the route, which judges them against its form's files (./files.ts) and
 * refuses any its form does not take, at its field.
 */
export async function acceptMultipart(api: FastifyInstance, maxFileBytes: number): Promise<void> {
  // Fastify's default (1 MiB) when the server sets none.
  const bodyLimit = api.initialConfig.bodyLimit ?? 1024 * 1024;
  await api.register(multipart, {
    // Field values are read as Latin-1, which maps every byte to one character, and then decoded strictly
    // below: busboy's own UTF-8 decoding would store U+FFFD in place of bytes that are not UTF-8.
    defCharset: 'latin1',
    // A file past the limit is cut off and marked, so that the route says so at its field (../files.ts)
    // rather than refusing the whole post.
    throwFileSizeLimit: false,
    // One byte over the largest file a form takes, so that a file past it is known to be too large.
    limits: { fieldNameSize: 200, fieldSize: bodyLimit, fields: 50, files: 5, fileSize: maxFileBytes + 1, parts: 60 },
  });
  api.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const entries: [string, string][] = [];
    const uploads: Upload[] = [];
    let bytes = 0;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          let size = 0;
          // Read to the end (bounded by `fileSize`), so that the parts after it arrive.
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size <= maxFileBytes) chunks.push(chunk);
          }
          uploads.push({
            field: part.fieldname,
            fileName: fromLatin1(part.filename ?? ''),
            content: Buffer.concat(chunks),
            tooLarge: part.file.truncated || size > maxFileBytes,
          });
          continue;
        }
        if (part.valueTruncated) throw tooLarge();
        const raw = Buffer.from(String(part.value), 'latin1');
        bytes += raw.length;
        if (bytes > bodyLimit) throw tooLarge();
        let value: string;
        try {
          value = utf8.decode(raw);
        } catch {
          throw new HttpError('ValidationFailed', {
            fields: [
              { field: part.fieldname, message: `${part.fieldname} is not UTF-8 text; send the form again from the website` },
            ],
          });
        }
        entries.push([part.fieldname, value]);
      }
    } catch (error) {
      throw multipartError(error);
    }
    const twice = sentTwice(entries);
    if (twice) throw twice;
    request.body = Object.fromEntries(entries);
    setUploads(request, uploads);
  });
}

/** A file's name as the browser sent it (UTF-8, read as Latin-1 like the fields); kept as read when it is not UTF-8. */
function fromLatin1(name: string): string {
  try {
    return utf8.decode(Buffer.from(name, 'latin1'));
  } catch {
    return name;
  }
}

/** The multipart reader's refusals, in the API's catalogue and words. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_PROTO_VIOLATION':
      return new HttpError('BadRequest', {
        message:
          'The form has a field named after a built-in property (such as __proto__ or constructor), which no form of this site has, so nothing was saved. Send the form again from the website.',
        cause: error,
      });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError('PayloadTooLarge', { cause: error });
    default:
      return new HttpError('BadRequest', {
        message:
          'The form body is not valid multipart/form-data (it ended early, or a part is malformed), so nothing was saved. Send the form again from the website.',
        cause: error,
      });
  }
}

/** What a route knows of the post it could not accept. */
export interface RefusedPost {
  readonly spec: FormSpec<string>;
  /** The request schema, compiled: the form's own messages come from it, as in the browser. */
  readonly validator: ValidateFunction;
  readonly body: unknown;
  /** The API's messages, for what the schema alone does not say (a closed role, say). */
  readonly fields: readonly FieldError[];
  /** What is wrong with the files, in the form's words, by field. */
  readonly fileErrors?: Readonly<Record<string, string>>;
}

/**
 * Answers a plain HTML post that needs correcting: 400 with the form's page again, showing each problem at
 * its field in the form's own words and the values as typed. A post whose page the build does not have (a
 * role that has closed since) gets a short page that lists the problems and leads back.
 */
export async function sendFormAgain(
  request: FastifyRequest,
  reply: FastifyReply,
  context: FormPostContext,
  refused: RefusedPost,
): Promise<FastifyReply> {
  const { spec } = refused;
  const sent = typeof refused.body === 'object' && refused.body !== null ? (refused.body as Record<string, unknown>) : {};
  const text = (name: string) => (Object.hasOwn(sent, name) && typeof sent[name] === 'string' ? (sent[name] as string) : '');
  const values = Object.fromEntries(spec.order.map((name) => [name, text(name)]));
  const found = { ...fromServer(spec, refused.fields), ...checkBody(spec, refused.validator, trimAll(values)) };
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(found).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // A chosen file cannot be put back into a page: each is asked for again, with what was wrong with it if anything.
  for (const [field, file] of Object.entries(spec.files)) {
    errors[field] =
      refused.fileErrors?.[field] ?? `${file.required} again: the page was sent back, and a browser cannot keep a chosen file`;
  }
  const role = spec.submission === 'application' ? text('domain').trim() : undefined;
  // A refusal the form has no field for (a field it does not send) is said above the button.
  const other = refused.fields.filter(({ field }) => !Object.hasOwn(errors, field)).map(({ message }) => message);
  const route = formRoute(request, context.forms, spec.submission, role);
  const posted: PostedForm = {
    submission: spec.submission,
    route: route ?? '/',
    ...(role === undefined ? {} : { role }),
    values,
    errors,
    ...(Object.keys(errors).length === 0 ? { message: `The form could not be sent: ${other.join('; ')}.` } : {}),
  };
  let html: string | undefined;
  if (route) {
    try {
      html = await context.renderer(posted);
    } catch (error) {
      // The visitor still gets every message; the operator learns that pages and bundle disagree.
      const { name, message } = error as Error;
      request.log.error({ err: { type: name, message } }, 'Could not draw the form page again; sent the short problem page.');
    }
  }
  reply.code(400).type('text/html; charset=utf-8').header('cache-control', 'no-store');
  if (html !== undefined) return reply.send(html);
  const problems = [...spec.order, ...Object.keys(spec.files)].filter((name) => errors[name]).map((name) => errors[name]!);
  return reply.send(
    problemPage({
      title: 'Please check the form',
      lines: problems.length > 0 ? problems : [posted.message ?? summarise(spec, errors, errors)],
      back: route ?? refererRoute(request),
    }),
  );
}

/** Which page to draw a refused post on: the role's own page, or the enquiry page it was sent from. */
function formRoute(
  request: FastifyRequest,
  forms: readonly FormPage[],
  submission: PostedForm['submission'],
  role: string | undefined,
): string | undefined {
  const candidates = forms.filter((form) => form.submission === submission && (role === undefined || form.role === role));
  const from = refererRoute(request);
  return (candidates.find((form) => form.route === from) ?? candidates[0])?.route;
}

/** The path of the page a post came from, when the browser said and it is this site. */
function refererRoute(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === request.host ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A short page of its own, for a plain HTML post the server cannot answer with the form's page: it says what
 * went wrong and leads back, where the browser's Back button keeps what was typed.
 */
export function problemPage({
  title,
  lines,
  back,
}: {
  title: string;
  lines: readonly string[];
  back: string | undefined;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:1.0625rem/1.6 system-ui,sans-serif;color:#14163a;max-width:36rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.75rem;line-height:1.2}li{margin:.5rem 0}a{color:#5b2fd1;font-weight:600}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>Nothing was saved. Your browser's Back button returns to the form with what you typed; correct it there and send it again.</p>
<p>${back === undefined ? '<a href="/">Go to the home page</a>' : `<a href="${escapeHtml(back)}">Back to the form</a>`}</p>
</main>
</body>
</html>
`;
}

/** Answers a plain HTML post with an error of the request as a whole (too large, too many, refused). */
export function sendProblemPage(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      problemPage({
        title: 'The form was not sent',
        lines: error.fields?.length ? error.fields.map(({ message }) => message) : [error.message],
        back: refererRoute(request),
      }),
    );
}
