import nodemailer from 'nodemailer';
import { declarations } from '../../forms/declared.ts';
import type { Delivery, Submission } from '../storage/index.ts';
import type { DeliveryChannel, Notification } from './worker.ts';

/** E-mail notifications: where to send them and through which SMTP server. */
export interface EmailSettings {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. */
  readonly smtpUrl: string;
  /** The sender, `address@example.com` or `Name <address@example.com>`. */
  readonly from: string;
  /** Who hears of each kind of submission. */
  readonly to: { readonly contact: readonly string[]; readonly application: readonly string[] };
}

/** The parts of an e-mail notification; what nodemailer sends. */
export interface EmailMessage {
  readonly from: string;
  readonly to: readonly string[];
  readonly replyTo: string;
  readonly subject: string;
  readonly text: string;
  readonly messageId: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Writes the e-mail that announces a submission. The subject carries no personal data (mail subjects end up
 * in notification previews, logs and search indexes): only the kind of submission, the role applied for and
 * a short reference. The body has every field. Reply-To is the visitor, so that answering is one click. The
 * Message-ID is derived from the delivery id: if a crash makes the worker send the same delivery twice, mail
 * clients that drop duplicate Message-IDs show it once.
 */
export function composeEmail(settings: EmailSettings, delivery: Delivery, submission: Submission): EmailMessage {
  const ref = submission.id.slice(0, 8);
  const received = `${submission.createdAt.slice(0, 16).replace('T', ' ')} UTC`;
  const form = declarations[submission.type];
  const value = (name: string) => (submission as unknown as Record<string, string | null>)[name];
  const width = Math.max(...form.fields.filter((f) => !f.multiline).map((f) => f.label.length)) + 2;
  // Every field of the form's declaration, in its order: one line each, and long texts as a block below.
  const lines = [
    submission.type === 'contact'
      ? `New enquiry from the contact form, received ${received}.`
      : `New job application from the careers page, received ${received}.`,
    '',
    ...form.fields.filter((f) => !f.multiline).map((f) => `${`${f.label}:`.padEnd(width)}${value(f.name) || '(not given)'}`),
    // The files are named, not attached: they stay in the database, for the people allowed to read them.
    ...Object.entries(form.files ?? {}).map(([name, declared]) => {
      const file = submission.type === 'application' ? submission.files.find((f) => f.field === name) : undefined;
      const said = file
        ? `${file.fileName} (${Math.max(1, Math.round(file.size / 1024))} KB), kept with the application`
        : '(none sent)';
      return `${`${declared.label}:`.padEnd(width)}${said}`;
    }),
    ...form.fields.filter((f) => f.multiline).flatMap((f) => ['', `${f.label}:`, value(f.name) ?? '']),
  ];
  const text = [
    ...lines,
    '',
    '-- ',
    'Reply to this e-mail to answer the sender directly.',
    `Reference: ${submission.id} (npm run submissions -- list shows it as ${ref}).`,
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: settings.to[submission.type],
    replyTo: submission.email,
    subject:
      submission.type === 'contact'
        ? `New enquiry from the website (ref ${ref})`
        : `New job application: ${oneLine(submission.domain)} (ref ${ref})`,
    text,
    messageId: `<${delivery.id}@${domainOf(settings.from)}>`,
    headers: { 'X-Sutra-Delivery': delivery.id, 'X-Sutra-Submission': submission.id },
  };
}

/** The SMTP server of SMTP_URL, one connection per message. */
export function smtpTransport(settings: Pick<EmailSettings, 'smtpUrl'>) {
  return nodemailer.createTransport({
    url: settings.smtpUrl,
    // nodemailer waits minutes by default; a mail server that hangs must not hold a delivery that long.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Sends notifications through the SMTP server of SMTP_URL. */
export function createEmailChannel(settings: EmailSettings): DeliveryChannel {
  const transport = smtpTransport(settings);
  return {
    name: 'email',
    async send({ delivery, submission }: Notification): Promise<void> {
      const message = composeEmail(settings, delivery, submission);
      // Resolves once the server answered 250 to the message: it has taken responsibility for it.
      const info = await transport.sendMail({ ...message, to: [...message.to] });
      if (info.accepted.length === 0) {
        throw new Error(`the mail server accepted none of the recipients (${info.rejected.join(', ')})`);
      }
    },
    close: () => transport.close(),
  };
}

export function domainOf(from: string): string {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
