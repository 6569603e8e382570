/**
 * The files a form takes with its fields (the application's CV, `x-form.files` of its request schema),
 * judged by what they contain: the name and the type the browser declares are the applicant's computer's
 * say, and a renamed web page must not pass for a CV. file-type reads the content's signature (for a
 * Word file, the parts inside its ZIP container).
 */
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import type { DeclaredFile } from '../../forms/declared.ts';
import type { FieldError } from '../errors.ts';
import type { NewFile } from '../storage/index.ts';

/** A file part of a multipart post, read whole (up to the limit: `tooLarge` past it). */
export interface Upload {
  readonly field: string;
  /** As the browser sent it; cleaned before it is stored (`downloadName`). */
  readonly fileName: string;
  readonly content: Buffer;
  readonly tooLarge: boolean;
}

/** The file parts a multipart post carried (acceptMultipart in ./form-post.ts); none for any other body. */
export function uploadsOf(request: FastifyRequest): readonly Upload[] {
  return (request as { uploads?: readonly Upload[] }).uploads ?? [];
}

export function setUploads(request: FastifyRequest, uploads: readonly Upload[]): void {
  (request as { uploads?: readonly Upload[] }).uploads = uploads;
}

/** What the checked files are, and what is wrong with them: per field, for the API and for the form. */
export interface FileCheck {
  readonly files: NewFile[];
  /** In the API's words (`cv must be …`). */
  readonly errors: FieldError[];
  /** The same problems in the form's words, by field. */
  readonly formErrors: Record<string, string>;
}

/**
 * Checks `uploads` against the files a form declares. `required` holds for a post in the form's own
 * encoding (multipart): a JSON body cannot carry a file, so an API client's application has none.
 */
export async function checkFiles(
  declared: Readonly<Record<string, DeclaredFile>>,
  uploads: readonly Upload[],
  required: boolean,
): Promise<FileCheck> {
  const check: FileCheck = { files: [], errors: [], formErrors: {} };
  const refuse = (field: string, api: string, form: string) => {
    check.errors.push({ field, message: api });
    check.formErrors[field] = form;
  };
  // A browser sends an empty part, with no name, for a file input left empty.
  const sent = uploads.filter((upload) => upload.fileName !== '' || upload.content.length > 0);
  for (const upload of sent) {
    if (!Object.hasOwn(declared, upload.field))
      refuse(
        upload.field,
        `${upload.field} is a file, and this form takes no file by that name`,
        'This form takes no file here.',
      );
  }
  for (const [field, file] of Object.entries(declared)) {
    const mine = sent.filter((upload) => upload.field === field);
    if (mine.length > 1) {
      refuse(field, `${field} was sent more than once; a form has each field once`, file.required);
      continue;
    }
    const [upload] = mine;
    if (!upload) {
      if (required) refuse(field, `${field} is required: ${file.hint}`, file.required);
      continue;
    }
    if (upload.tooLarge || upload.content.length > file.maxBytes) {
      refuse(field, `${field} must be at most ${file.maxBytes} bytes`, file.tooLarge);
      continue;
    }
    const found = await fileTypeFromBuffer(upload.content);
    const mediaType = found && Object.hasOwn(file.types, found.ext) ? file.types[found.ext] : undefined;
    if (!found || mediaType === undefined) {
      const kinds = Object.keys(file.types).join(' or ');
      refuse(
        field,
        `${field} must be a ${kinds} file, judged by its content; the file sent is neither, whatever its name`,
        file.invalid,
      );
      continue;
    }
    check.files.push({ field, fileName: downloadName(upload.fileName, found.ext), mediaType, content: upload.content });
  }
  return check;
}

/**
 * The name a file is stored and offered for download under: the applicant's own name for it, without a
 * folder, control or formatting characters, or characters a file system refuses, at most 120 characters,
 * and with the extension of what it really is.
 */
export function downloadName(sent: string, ext: string): string {
  const base = (sent.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"|?*]/gu, '')
    .replace(/\.[^.]*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120)
    .trim();
  return `${base || 'file'}.${ext}`;
}
