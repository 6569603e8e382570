/** The building blocks of our forms: labelled fields with their messages, the honeypot, the summary and the submit button. */
import { CircleAlert, LoaderCircle } from '../components/Icon/ui.ts';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { SmartLink } from '../components/SmartLink/index.tsx';
import { PRIVACY_ROUTE, type FormSpec } from './spec.ts';
import type { FieldBinding, FormController } from './useForm.ts';
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
 * optional fields say so in the label, required ones carry aria-required (the browser's own bubbles are
 * off: the form has noValidate and checks against the request schema instead).
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
    'aria-required': field.required || undefined,
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
      {rows ? <textarea rows={rows} {...common} /> : <input type={type} {...extras} {...common} />}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {field.error && (
        <p id={field.errorId} className={styles.error} data-slot="field-error">
          <CircleAlert size={16} aria-hidden="true" className={styles.errorIcon} />
          {field.error}
        </p>
      )}
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
 * In the HTML it is disabled, so that without JavaScript a press cannot post the form to the page address,
 * where nothing receives it (a note says how else to reach us). The boot script enables it at once: from
 * then on a press before hydration is held and replayed when the form can answer (src/app/startup/boot.ts).
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
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={!hydrated}
      data-enable-on-boot
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

/** Shown only when JavaScript is off: the forms need it to check and send. */
export function NoScriptNote({ children }: { readonly children: ReactNode }) {
  return (
    <noscript>
      <p className={styles.noscript}>{children}</p>
    </noscript>
  );
}
