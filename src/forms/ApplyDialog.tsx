import { CircleAlert } from '../components/Icon/ui.ts';
import { useId, type ReactNode } from 'react';
import { Dialog } from '../components/Dialog/index.tsx';
import { FileField, FormSummary, Honeypot, NoticeLine, PostForm, SubmitButton, TextField } from './Fields.tsx';
import { applicationSpec, type ApplicationField } from './spec.ts';
import { applicationForm } from './forms.ts';
import { useForm, type FormController } from './useForm.ts';
import styles from './apply-dialog.module.css';

/** The role an application is for: its name (sent as `domain`) and where the work is done. */
export interface AppliedRole {
  readonly role: string;
  readonly location: string;
}

/** The application's state for `role`: kept by whoever draws the form, so that it outlives a closed dialog. */
export function useApplication(
  role: AppliedRole | null,
  texts: { readonly success: string; readonly failure: string; readonly onSuccess?: () => void },
): FormController<ApplicationField> {
  return useForm({ ...applicationForm, fixed: { domain: role?.role ?? '' }, ...texts });
}

interface ApplicationFormProps {
  readonly form: FormController<ApplicationField>;
  readonly role: AppliedRole;
  /** The form's heading, with `titleId` on its heading element. */
  readonly titleId: string;
  /** The id of the line that names the role, which describes the form (and the dialog around it). */
  readonly domainId: string;
  readonly title: ReactNode;
  readonly eyebrow: string;
  /** Buttons beside Submit (the dialog's Close). */
  readonly actions?: ReactNode;
  /** Focus the name field when drawn (in the dialog, which opens on a press). */
  readonly autoFocus?: boolean;
  readonly className?: string;
  readonly id?: string;
}

/**
 * The application form for one role: in the dialog of the careers section, and on the role's own page.
 * Before the app has started it posts as plain HTML, the role in a hidden field (src/forms/Fields.tsx).
 */
export function ApplicationForm({
  form,
  role,
  titleId,
  domainId,
  title,
  eyebrow,
  actions,
  autoFocus,
  className,
  id,
}: ApplicationFormProps) {
  const honeypotId = useId();
  return (
    <PostForm
      spec={applicationSpec}
      id={id}
      className={[styles.form, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={domainId}
      onSubmit={form.onSubmit}
      data-slot="apply-form"
    >
      <div className={styles.head}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        {title}
        <p id={domainId} className={styles.domain} data-slot="domain">
          Applying for: <strong>{role.role}</strong> · {role.location}
        </p>
        <input type="hidden" name="domain" value={role.role} />
        {form.errors.domain && (
          <p className={styles.domainError} data-slot="field-error">
            <CircleAlert size={16} aria-hidden="true" />
            {form.errors.domain}
          </p>
        )}
      </div>
      <div className={styles.fields}>
        <TextField field={form.field('name')} autoComplete="name" autoFocus={autoFocus} />
        <TextField field={form.field('email')} type="email" autoComplete="email" />
        <TextField field={form.field('phone')} type="tel" autoComplete="tel" />
        <FileField file={form.file('cv')} />
        <TextField field={form.field('portfolio')} type="url" autoComplete="url" placeholder="https://" />
      </div>
      <Honeypot binding={form.honeypot} id={honeypotId} />
      <div className={styles.footer}>
        <FormSummary summary={form.summary} />
        <div className={styles.actions}>
          {actions}
          <SubmitButton sending={form.sending} label="Submit" />
        </div>
        <NoticeLine spec={applicationSpec} />
      </div>
    </PostForm>
  );
}

interface ApplyDialogProps {
  /** The role applied for; null while the dialog is closed. */
  readonly role: AppliedRole | null;
  readonly returnFocus: HTMLElement | null;
  readonly success: string;
  readonly failure: string;
  readonly onClose: () => void;
}

/**
 * The application form in a modal dialog, opened from the careers section (where, without the app, *Apply
 * Now* is a link to the role's own page and its form). The role is its heading and is sent as `domain`.
 * What was typed survives closing and failures (the form state lives outside the dialog); success closes
 * and resets it.
 */
export function ApplyDialog({ role, returnFocus, success, failure, onClose }: ApplyDialogProps) {
  const titleId = useId();
  const domainId = useId();
  const form = useApplication(role, { success, failure, onSuccess: onClose });

  return (
    <Dialog open={role !== null} onClose={onClose} labelledBy={titleId} describedBy={domainId} returnFocus={returnFocus}>
      {role && (
        <ApplicationForm
          form={form}
          role={role}
          titleId={titleId}
          domainId={domainId}
          eyebrow="Job application"
          title={
            <h2 id={titleId} className={styles.title} data-slot="dialog-title">
              {role.role}
            </h2>
          }
          autoFocus
          className={styles.inDialog}
          actions={
            <button type="button" className={styles.close} onClick={onClose} data-slot="dialog-close">
              Close
            </button>
          }
        />
      )}
    </Dialog>
  );
}
