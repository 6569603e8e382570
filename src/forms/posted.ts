/**
 * A form that a browser posted as plain HTML (no JavaScript, or before the app had started) and that the
 * server sends back because it could not be accepted: the values as typed and a message at each field. The
 * server renders the form's page with it (src/server/form-pages.ts) and writes it into the page as JSON, so
 * that the app, when it starts, hydrates the same form, with the same values and messages. Data only:
 * the server reads it without loading React (./posted-context.ts is the React side).
 */
export interface PostedForm {
  readonly submission: 'contact' | 'application';
  /**
   * The page it is drawn on. The browser shows it at the API's address it posted to; the app, when it
   * starts, puts this route in the address bar, so that the router draws this page and a reload asks for
   * the page rather than posting again.
   */
  readonly route: string;
  /** The role of an application: only the form for that role shows it. */
  readonly role?: string;
  /** The typed fields, as sent. */
  readonly values: Readonly<Record<string, string>>;
  /** One message per field, in the form's words. */
  readonly errors: Readonly<Record<string, string>>;
  /** A problem of the whole post rather than of a field (sent too often, say); the field summary when left out. */
  readonly message?: string;
}

/** The id of the `<script type="application/json">` element that carries a posted form in its page. */
export const POSTED_FORM_ELEMENT = 'posted-form';

/**
 * The JSON of a posted form for a `<script>` element: `<` is escaped so that no value can close the element
 * or open a comment, whatever a visitor typed.
 */
export function postedFormJson(posted: PostedForm): string {
  return JSON.stringify(posted).replace(/</g, '\\u003c');
}

/** The posted form a page carries, or null; anything but a well-formed one is ignored. */
export function readPostedForm(document: Document): PostedForm | null {
  const text = document.getElementById(POSTED_FORM_ELEMENT)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<PostedForm>;
    const isStrings = (value: unknown) =>
      typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');
    if (
      (data.submission !== 'contact' && data.submission !== 'application') ||
      !isStrings(data.values) ||
      !isStrings(data.errors)
    ) {
      return null;
    }
    return data as PostedForm;
  } catch {
    return null;
  }
}
