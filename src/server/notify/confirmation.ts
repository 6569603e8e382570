/**
 * The e-mail a sender receives once their enquiry or application is stored: that it arrived, what happens
 * next (the form's promise, from the site settings), what they sent, and which privacy notice covered it.
 * It goes through the outbox like the company's notifications (the `confirmation` channel), so it has the
 * same guarantees: queued in the submission's transaction, retried, sent once per submission.
 */
import { declarations } from '../../forms/declared.ts';
import type { SenderReplies } from '../../content/build/server-facts.ts';
import type { Delivery, Submission } from '../storage/index.ts';
import { domainOf, oneLine, smtpTransport, type EmailMessage, type EmailSettings } from './email.ts';
import type { DeliveryChannel, Notification } from './worker.ts';

/**
 * Writes the confirmation of `submission` to its sender. From the server's sender address, answered to the
 * form's reply address, so that a reply reaches the team. The subject names no one: only the site and, for an
 * application, the role.
 */
export function composeConfirmation(
  settings: Pick<EmailSettings, 'from'>,
  replies: SenderReplies,
  delivery: Delivery,
  submission: Submission,
): EmailMessage {
  const form = declarations[submission.type];
  const reply = replies[submission.type];
  const value = (name: string) => (submission as unknown as Record<string, string | null>)[name];
  const received = `${submission.createdAt.slice(0, 16).replace('T', ' ')} UTC`;
  const width =
    Math.max(...form.fields.map((f) => f.label.length), ...Object.values(form.files ?? {}).map((f) => f.label.length)) + 2;
  const sent = [
    ...form.fields.filter((f) => !f.multiline).map((f) => `${`${f.label}:`.padEnd(width)}${value(f.name) || '(not given)'}`),
    ...Object.entries(form.files ?? {}).flatMap(([name, declared]) => {
      const file = submission.type === 'application' ? submission.files.find((f) => f.field === name) : undefined;
      return file ? [`${`${declared.label}:`.padEnd(width)}${file.fileName}`] : [];
    }),
    ...form.fields.filter((f) => f.multiline).flatMap((f) => ['', `${f.label}:`, value(f.name) ?? '']),
  ];
  const what = submission.type === 'contact' ? 'enquiry' : `application for ${oneLine(submission.domain)}`;
  const text = [
    `Hello ${oneLine(value(form.fields[0]!.name) ?? '')},`,
    '',
    `Thank you for writing to ${replies.siteName}. Your ${what} arrived on ${received}, and it is stored safely with us.`,
    '',
    'What happens next:',
    reply.promise,
    '',
    'What you sent:',
    ...sent,
    '',
    `We keep these details only for this ${submission.type === 'contact' ? 'enquiry' : 'application'}, as our privacy notice explains:`,
    `${replies.siteUrl}/privacy${submission.noticeVersion ? ` (the version of ${submission.noticeVersion.slice(0, 10)}, which you were shown)` : ''}.`,
    '',
    '-- ',
    `To add something, reply to this e-mail: it reaches ${reply.replyTo}.`,
    `If you did not send this, you can ignore it; write to ${reply.replyTo} and we will delete the details.`,
    `Reference: ${submission.id.slice(0, 8)}.`,
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: [submission.email],
    replyTo: reply.replyTo,
    subject:
      submission.type === 'contact'
        ? `We have your enquiry: ${replies.siteName}`
        : `We have your application for ${oneLine(submission.domain)}: ${replies.siteName}`,
    text,
    messageId: `<${delivery.id}@${domainOf(settings.from)}>`,
    headers: { 'X-Sutra-Delivery': delivery.id, 'X-Sutra-Submission': submission.id, 'Auto-Submitted': 'auto-replied' },
  };
}

/** Sends the confirmations through the SMTP server of SMTP_URL. */
export function createConfirmationChannel(settings: EmailSettings, replies: SenderReplies): DeliveryChannel {
  const transport = smtpTransport(settings);
  return {
    name: 'confirmation',
    async send({ delivery, submission }: Notification): Promise<void> {
      const message = composeConfirmation(settings, replies, delivery, submission);
      const info = await transport.sendMail({ ...message, to: [...message.to] });
      if (info.accepted.length === 0) throw new Error('the mail server refused the sender’s address');
    },
    close: () => transport.close(),
  };
}
