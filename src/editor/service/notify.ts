/**
 * "Ask for review" tells the publishers by e-mail, through the mail server the site's notifications
 * already use (SMTP_URL, NOTIFY_FROM; docs/deploy.md). Without one, the change set waits in the
 * publishers' list of change sets, and the log says so once per request.
 */
import nodemailer from 'nodemailer';
import type { Account } from './accounts/index.ts';
import type { ChangeSet } from './change-sets.ts';

export interface ReviewMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

/** The e-mail that asks the publishers to review `changeSet`, with the link that opens it. */
export function reviewMail(from: string, changeSet: ChangeSet, publishers: readonly Account[], publicUrl: URL): ReviewMail {
  const writer = changeSet.owner.name || changeSet.owner.email;
  const asked = [...changeSet.events].reverse().find((event) => event.kind === 'asked-review');
  const link = new URL(`/?cs=${changeSet.id}&review=1`, publicUrl).href;
  return {
    from,
    to: publishers.map((p) => p.email),
    subject: `Review asked: ${changeSet.title}`,
    text: [
      `${writer} asks you to review "${changeSet.title}" before it goes live.`,
      ...(asked?.text ? ['', `${writer} wrote: ${asked.text}`] : []),
      '',
      `Open it: ${link}`,
      '',
      'You can read the change in words, compare the pages before and after, comment, send it back or publish it.',
      '',
    ].join('\n'),
  };
}

/** What the service calls on "Ask for review"; undefined when no mail server is set up. */
export function reviewNotifier(env: NodeJS.ProcessEnv, publicUrl: URL) {
  const smtpUrl = env.SMTP_URL?.trim();
  const from = env.NOTIFY_FROM?.trim();
  if (!smtpUrl || !from) return undefined;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (changeSet: ChangeSet, publishers: readonly Account[]): Promise<void> => {
    if (publishers.length === 0) return;
    const mail = reviewMail(from, changeSet, publishers, publicUrl);
    await transport.sendMail({ ...mail, to: [...mail.to] });
  };
}
