import { CircleAlert } from '../components/Icon/ui.ts';
import { useId } from 'react';
import { Dialog } from '../components/Dialog/index.tsx';
import { FormSummary, Honeypot, NoticeLine, SubmitButton, TextField } from './Fields.tsx';
import { applicationSpec } from './spec.ts';
import { applicationForm } from './forms.ts';
import { useForm } from './useForm.ts';
import styles from './apply-dialog.module.css';

/** The role an application is for: its name (sent as `domain`) and where the work is done. */
export interface AppliedRole {
  readonly role: string;
  readonly location: string;
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
 * The application form in a modal dialog, opened from the careers section and from a role's own page. The role is its heading and is sent as `domain`. What was typed
 * survives closing and failures (the form state lives outside the dialog); success closes and resets it.
 */
export function ApplyDialog({ role, returnFocus, success, failure, onClose }: ApplyDialogProps) {
  const titleId = useId();
  const domainId = useId();
  const honeypotId = useId();
  const form = useForm({ ...applicationForm, fixed: { domain: role?.role ?? '' }, success, failure, onSuccess: onClose });

  return (
    <Dialog open={role !== null} onClose={onClose} labelledBy={titleId} describedBy={domainId} returnFocus={returnFocus}>
      {role && (
        <form className={styles.dialogForm} method="post" noValidate onSubmit={form.onSubmit} data-slot="apply-form">
          <div className={styles.dialogHead}>
            <p className={styles.eyebrow}>Job application</p>
            <h2 id={titleId} className={styles.dialogTitle} data-slot="dialog-title">
              {role.role}
            </h2>
            <p id={domainId} className={styles.domain} data-slot="domain">
              Applying for: <strong>{role.role}</strong> · {role.location}
            </p>
            {form.errors.domain && (
              <p className={styles.domainError} data-slot="field-error">
                <CircleAlert size={16} aria-hidden="true" />
                {form.errors.domain}
              </p>
            )}
          </div>
          <div className={styles.dialogFields}>
            <TextField field={form.field('name')} autoComplete="name" autoFocus />
            <TextField field={form.field('email')} type="email" autoComplete="email" />
            <TextField field={form.field('phone')} type="tel" autoComplete="tel" />
          </div>
          <Honeypot binding={form.honeypot} id={honeypotId} />
          <div className={styles.dialogFooter}>
            <FormSummary summary={form.summary} />
            <div className={styles.dialogActions}>
              <button type="button" className={styles.close} onClick={onClose} data-slot="dialog-close">
                Close
              </button>
              <SubmitButton sending={form.sending} label="Submit" />
            </div>
            <NoticeLine spec={applicationSpec} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
