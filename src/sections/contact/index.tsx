import { Clock } from '../../components/Icon/ui.ts';
import { useId } from 'react';
import type { SectionProps } from '../registry.ts';
import { Picture } from '../../components/Picture/index.tsx';
import { RichText } from '../../components/RichText/index.tsx';
import { FormSummary, Honeypot, NoticeLine, PostForm, SubmitButton, TextField } from '../../forms/Fields.tsx';
import { contactSpec } from '../../forms/spec.ts';
import { contactForm } from '../../forms/forms.ts';
import { useForm } from '../../forms/useForm.ts';
import styles from './styles.module.css';

const DRAFT_KEY = 'sutra:contact-draft';

/**
 * The enquiry form with its promise of an answer. It is checked against the request schema before
 * sending, keeps a draft through reloads, clears after success and keeps everything after a failure.
 */
export default function Contact({ section, index }: SectionProps<'contact'>) {
  const headingId = useId();
  const honeypotId = useId();
  const first = index === 0;
  const Heading = first ? 'h1' : 'h2';
  const form = useForm({ ...contactForm, success: section.success, failure: section.failure, draftKey: DRAFT_KEY });

  return (
    <section id={section.id} className={styles.root} data-section="contact" data-first={first} aria-labelledby={headingId}>
      <div className={`container ${styles.layout}`}>
        <div className={styles.intro} data-slot="intro">
          <Heading id={headingId} className={styles.heading} data-slot="heading">
            <RichText text={section.heading} />
          </Heading>
          <p className={styles.note} data-slot="note">
            <Clock size={20} aria-hidden="true" className={styles.noteIcon} />
            <span>{section.note}</span>
          </p>
          {section.image && <Picture image={section.image} priority={first} className={styles.image} data-slot="image" />}
        </div>

        <PostForm
          spec={contactSpec}
          className={styles.form}
          data-slot="form"
          aria-labelledby={headingId}
          onSubmit={form.onSubmit}
        >
          <div className={styles.grid}>
            <TextField field={form.field('username')} autoComplete="name" />
            <TextField field={form.field('mobile')} type="tel" inputMode="numeric" autoComplete="tel" />
            <TextField field={form.field('email')} type="email" autoComplete="email" />
            <TextField field={form.field('company')} autoComplete="organization" />
            <div className={styles.wide}>
              <TextField field={form.field('projectDetails')} rows={6} />
            </div>
          </div>
          <Honeypot binding={form.honeypot} id={honeypotId} />
          <div className={styles.footer}>
            <FormSummary summary={form.summary} />
            <div className={styles.actions}>
              <SubmitButton sending={form.sending} label={section.submitLabel} />
            </div>
            <NoticeLine spec={contactSpec} />
          </div>
        </PostForm>
      </div>
    </section>
  );
}
