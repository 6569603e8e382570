/** The building blocks of our forms: labelled fields with their messages, the honeypot, the summary and the submit button. */
import { CircleAlert, LoaderCircle } from '../components/Icon/ui.ts';
import type { FormEvent, FormHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { SmartLink } from '../components/SmartLink/index.tsx';
import { PRIVACY_ROUTE, type FormSpec } from './spec.ts';
import { API_BASE } from './submit.ts';
import type { FieldBinding, FileBinding, FormController } from './useForm.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import styles from './fields.module.css';

type InputExtras = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'placeholder'>;

interface TextFieldProps extends InputExtras {
  readonly field: FieldBinding;
  /** A textarea of this many rows instead of a one-line input. */
  readonly rows?: number;
  readonly hint?: ReactNode;
  readonly autoFocus?: boolean;
}

/**
 * A labelled input or textarea. Its message sits right under it and is tied to it with aria-describedby;
 * optional fields say so in the label, required ones are `required`, which the browser checks before a
 * plain HTML post (once the app has started, the form checks against the request schema instead).
 */
export function TextField({ field, rows, hint, autoFocus, type = 'text', ...extras }: TextFieldProps) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field.error ? field.errorId : undefined].filter(Boolean).join(' ') || undefined;
  const common = {
    id: field.id,
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    maxLength: field.maxLength,
    required: field.required || undefined,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy,
    className: styles.control,
    ...(autoFocus ? { 'data-autofocus': true } : {}),
  };
  return (
    <div className={styles.field} data-slot="field" data-field={field.name} data-invalid={field.error ? true : undefined}>
      <label className={styles.label} htmlFor={field.id}>
        {field.label}
        {!field.required && <span className={styles.optional}> (optional)</span>}
      </label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type={type} {...extras} {...common} pattern={field.pattern} title={field.patternTitle} />
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldMessage id={field.errorId} error={field.error} />
    </div>
  );
}

/** A field's message, under it, tied to it by `id` (its aria-describedby); nothing while it has none. */
function FieldMessage({ id, error }: { readonly id: string; readonly error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error} data-slot="field-error">
      <CircleAlert size={16} aria-hidden="true" className={styles.errorIcon} />
      {error}
    </p>
  );
}

/**
 * A file the form sends with its fields (the application's CV): a native file input, which works before the
 * app and without it, and says under it what may be attached. The browser keeps the chosen file; the form
 * checks its size and kind on submit, and the server its content.
 */
export function FileField({ file }: { readonly file: FileBinding }) {
  const hintId = `${file.id}-hint`;
  return (
    <div className={styles.field} data-slot="field" data-field={file.name} data-invalid={file.error ? true : undefined}>
      <label className={styles.label} htmlFor={file.id}>
        {file.label}
      </label>
      <input
        type="file"
        id={file.id}
        name={file.name}
        accept={file.accept}
        required
        onChange={file.onChange}
        aria-invalid={file.error ? true : undefined}
        aria-describedby={[hintId, file.error ? file.errorId : undefined].filter(Boolean).join(' ')}
        className={[styles.control, styles.file].join(' ')}
      />
      <p id={hintId} className={styles.hint}>
        {file.hint}
      </p>
      <FieldMessage id={file.errorId} error={file.error} />
    </div>
  );
}

/**
 * A field people never see and robots fill in. It is out of the tab order, hidden from assistive
 * technology and from password managers (inert), and sent with the form; the server flags submissions
 * that have it filled.
 */
export function Honeypot({ binding, id }: { readonly binding: FormController<string>['honeypot']; readonly id: string }) {
  return (
    <div className={styles.honeypot} aria-hidden="true" inert>
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={binding.value}
        onChange={binding.onChange}
      />
    </div>
  );
}

/** The polite announcement of a failed check; shown above the buttons as well. */
export function FormSummary({ summary }: { readonly summary: FormController<string>['summary'] }) {
  return (
    <div role="status" className={styles.summaryRegion}>
      {summary.text && (
        <p key={summary.attempt} className={styles.summary} data-slot="form-summary">
          <CircleAlert size={18} aria-hidden="true" />
          {summary.text}
        </p>
      )}
    </div>
  );
}

/**
 * The submit button: shows progress while sending and ignores further presses (the form guards too).
 * It works from the first paint: until the app has started, a press posts the form as plain HTML
 * (see {@link PostForm}).
 */
export function SubmitButton({
  sending,
  label,
  className,
}: {
  readonly sending: boolean;
  readonly label: string;
  readonly className?: string;
}) {
  // Tests wait for the app's form with this.
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={[styles.submit, className].filter(Boolean).join(' ')}
      aria-busy={sending || undefined}
      aria-disabled={sending || undefined}
      data-slot="submit"
      data-hydrated={hydrated}
    >
      {sending ? (
        <>
          <LoaderCircle size={18} aria-hidden="true" className={styles.spinner} />
          Sending…
        </>
      ) : (
        label
      )}
    </button>
  );
}

type FormAttributes = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'noValidate' | 'onSubmit'>;

/**
 * A form that works before its JavaScript, and without it: as HTML it posts to the API, which answers a
 * browser's post with a confirmation page or with this page again, showing each problem at its field
 * (src/server/api/form-post.ts), and the browser's own checks (`required`, `type="email"`, `maxlength`)
 * stop what they can first. Once the app has started, it checks the form against the request schema
 * with our own messages and sends it as JSON.
 */
export function PostForm({
  spec,
  onSubmit,
  children,
  ...attributes
}: FormAttributes & {
  readonly spec: Pick<FormSpec<string>, 'endpoint' | 'files'>;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly children: ReactNode;
}) {
  const hydrated = useHydrated();
  // A form that sends a file posts it the one way HTML can.
  const encType = Object.keys(spec.files).length > 0 ? 'multipart/form-data' : undefined;
  return (
    <form
      {...attributes}
      method="post"
      action={`${API_BASE}${spec.endpoint}`}
      encType={encType}
      noValidate={hydrated}
      onSubmit={onSubmit}
    >
      {children}
    </form>
  );
}

/**
 * The notice at collection: what the form's data is for, and a link to the privacy notice. The
 * notice opens in a new tab, so reading it never takes a visitor away from a half-filled form.
 */
export function NoticeLine({ spec }: { readonly spec: Pick<FormSpec<string>, 'notice'> }) {
  return (
    <p className={styles.notice} data-slot="privacy-notice">
      {spec.notice}{' '}
      <SmartLink to={PRIVACY_ROUTE} newTab>
        How we handle your data
      </SmartLink>
    </p>
  );
}
