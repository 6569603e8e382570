/**
 * The error catalog of the web server: every error a client or an operator can see has a permanent name
 * (clients and log searches may rely on it), a status, and a message that says what happened, why, and what
 * to do about it.
 */

/** One field of a request body that failed validation, named as the client sent it. */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** JSON body of every error response of the server. */
export interface ErrorBody {
  readonly error: HttpErrorName;
  readonly message: string;
  readonly fields?: readonly FieldError[];
}

/** Errors that reach HTTP clients, with their status and default message. */
export const httpErrors = {
  ValidationFailed: {
    statusCode: 400,
    message:
      'Some fields are missing or invalid, so nothing was saved. Correct the fields listed in `fields` and send the form again.',
  },
  InvalidJson: {
    statusCode: 400,
    message: 'The request body is not valid JSON, so nothing was saved. Send a JSON object with the form fields.',
  },
  BadRequest: {
    statusCode: 400,
    message: 'The request could not be understood, so nothing was saved. Check the request and send it again.',
  },
  NotHttp: {
    statusCode: 400,
    message:
      'The request is not valid HTTP (a malformed header or chunked body), so it was refused. Send it again as well-formed HTTP/1.1.',
  },
  RequestTimeout: {
    statusCode: 408,
    message: 'The request took too long to arrive, so it was refused. Send it again.',
  },
  HeadersTooLarge: {
    statusCode: 431,
    message:
      'The request headers are too large, so the request was refused. Send it with fewer or shorter headers (cookies, say).',
  },
  OriginNotAllowed: {
    statusCode: 403,
    message:
      "This API accepts requests only from this website's own pages, so the request was refused. Send the form from the website.",
  },
  NotFound: {
    statusCode: 404,
    message: 'There is nothing at this address. Check the path and the method of the request.',
  },
  PayloadTooLarge: {
    statusCode: 413,
    message: 'The request body is larger than 32 KB, so it was refused. Shorten the longest fields and send the form again.',
  },
  RangeNotSatisfiable: {
    statusCode: 416,
    message:
      'The requested byte range lies outside the file, so nothing was sent. Ask for a range within its size, or for the whole file.',
  },
  UnsupportedMediaType: {
    statusCode: 415,
    message:
      'The request body must be JSON, or a form as a browser posts it (application/x-www-form-urlencoded or multipart/form-data), so it was refused. Send it with the header Content-Type: application/json.',
  },
  RateLimited: {
    statusCode: 429,
    message:
      'Too many submissions came from your network in a short time, so this one was refused. Wait a minute and send the form again.',
  },
  InternalError: {
    statusCode: 500,
    message: 'Something went wrong on our side. If you were sending a form, it was not saved: please try again in a few minutes.',
  },
} as const satisfies Record<string, { statusCode: number; message: string }>;

/** Permanent name of an error that reaches HTTP clients. */
export type HttpErrorName = keyof typeof httpErrors;

/** An error that the error handler turns into a JSON response with the catalog's status. */
export class HttpError extends Error {
  override readonly name: HttpErrorName;
  readonly statusCode: number;
  readonly fields: readonly FieldError[] | undefined;

  constructor(name: HttpErrorName, options: { message?: string; fields?: readonly FieldError[]; cause?: unknown } = {}) {
    super(options.message ?? httpErrors[name].message, { cause: options.cause });
    this.name = name;
    this.statusCode = httpErrors[name].statusCode;
    this.fields = options.fields;
  }

  toBody(): ErrorBody {
    return this.fields === undefined
      ? { error: this.name, message: this.message }
      : { error: this.name, message: this.message, fields: this.fields };
  }
}

/** Errors that stop the server or the submissions command from starting; they are read by operators. */
export type SetupErrorName =
  | 'InvalidConfig'
  | 'ClientBuildMissing'
  | 'ServerFactsMissing'
  | 'ServerFactsInvalid'
  | 'SchemaUnreadable'
  | 'StorageUnavailable'
  | 'EditorDatabaseMissing'
  | 'StorageMigrationFailed'
  | 'PortInUse';

/** An error found while starting up: bad configuration, a missing build, unreadable content or storage. */
export class SetupError extends Error {
  override readonly name: SetupErrorName;

  constructor(name: SetupErrorName, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = name;
  }
}

/**
 * Maps errors raised by Fastify and its plugins (identified by their stable `code`) to the catalog, so that
 * clients never see framework names such as FST_ERR_CTP_BODY_TOO_LARGE.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError('UnsupportedMediaType', { cause: error });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError('PayloadTooLarge', { cause: error });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError('InvalidJson', { cause: error });
    case 'FST_STATIC_FORBIDDEN_PATH':
      // A path such as /a/../b or //b: no file of the site lives there, and saying more helps no visitor.
      return new HttpError('NotFound', { cause: error });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError('BadRequest', {
        message:
          'The request body was shorter or longer than its Content-Length header said, so it was refused. Send the request again.',
        cause: error,
      });
    default:
      break;
  }
  if (typeof statusCode === 'number' && statusCode === 404) return new HttpError('NotFound', { cause: error });
  // A Range past the end of a file (RFC 9110 §15.5.17): the client's request, well-formed but not satisfiable.
  if (statusCode === 416) return new HttpError('RangeNotSatisfiable', { cause: error });
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new HttpError('BadRequest', { cause: error });
  }
  return new HttpError('InternalError', { cause: error });
}
