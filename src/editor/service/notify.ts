/**
 * "Ask for review" tells the publishers by e-mail, and a change set sent back or not published tells its
 * writer, through the mail server the site's notifications already use (SMTP_URL, NOTIFY_FROM;
 * docs/deploy.md). Without one, the change set waits in the lists of change sets, where each says the same.
 */
import nodemailer from 'nodemailer';
import type { Account } from './accounts/index.ts';
import type { ChangeSet, Person } from './change-sets.ts';

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

/** What a writer is told of their change set: sent back with a comment, or a publish that did not go through. */
export type WriterNews = 'sent-back' | 'not-published';

/** The e-mail that tells a change set's writer it was sent back (with the comment) or not published (with why). */
export function writerMail(
  from: string,
  changeSet: ChangeSet,
  news: WriterNews,
  by: Person,
  said: string,
  publicUrl: URL,
): ReviewMail {
  const who = by.name || by.email;
  const link = new URL(`/?cs=${changeSet.id}`, publicUrl).href;
  return {
    from,
    to: [changeSet.owner.email],
    subject: news === 'sent-back' ? `Sent back to you: ${changeSet.title}` : `Not published: ${changeSet.title}`,
    text: [
      news === 'sent-back'
        ? `${who} read "${changeSet.title}" and sent it back to you with this comment:`
        : `${who} tried to publish "${changeSet.title}", and it did not go live:`,
      '',
      said,
      '',
      `Open it: ${link}`,
      '',
      news === 'sent-back'
        ? 'Make the changes, then ask for review again. Your work is kept as it is.'
        : 'Nothing of it is lost. The change set says the same, with what to do next.',
      '',
    ].join('\n'),
  };
}

function mailer(env: NodeJS.ProcessEnv) {
  const smtpUrl = env.SMTP_URL?.trim();
  const from = env.NOTIFY_FROM?.trim();
  if (!smtpUrl || !from) return undefined;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return { from, send: (mail: ReviewMail) => transport.sendMail({ ...mail, to: [...mail.to] }) };
}

/** What the service calls on "Ask for review"; undefined when no mail server is set up. */
export function reviewNotifier(env: NodeJS.ProcessEnv, publicUrl: URL) {
  const mail = mailer(env);
  if (!mail) return undefined;
  return async (changeSet: ChangeSet, publishers: readonly Account[]): Promise<void> => {
    if (publishers.length === 0) return;
    await mail.send(reviewMail(mail.from, changeSet, publishers, publicUrl));
  };
}

/** What the service calls when a change set is sent back or not published; undefined when no mail server is set up. */
export function writerNotifier(env: NodeJS.ProcessEnv, publicUrl: URL) {
  const mail = mailer(env);
  if (!mail) return undefined;
  return async (changeSet: ChangeSet, news: WriterNews, by: Person, said: string): Promise<void> => {
    await mail.send(writerMail(mail.from, changeSet, news, by, said, publicUrl));
  };
}
