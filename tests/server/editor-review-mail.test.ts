/**
 * "Ask for review" tells the publishers by e-mail through the mail server the site's notifications use
 * (src/editor/service/notify.ts): one message to every publisher but the asker, saying who asks, what,
 * their note, and the link that opens the review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewNotifier, writerNotifier } from '../../src/editor/service/notify.ts';
import type { Account } from '../../src/editor/service/accounts/index.ts';
import type { ChangeSet } from '../../src/editor/service/change-sets.ts';
import { startSmtpReceiver, type SmtpReceiver } from './notify-receivers.ts';

let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp?.stop();
});

const publicUrl = new URL('https://edit.example.com');
const publisher = (email: string): Account => ({
  id: email,
  email,
  name: '',
  role: 'publisher',
  createdAt: '',
  hasPassword: true,
});
const changeSet: ChangeSet = {
  id: 'abcde12345',
  title: 'Careers: two new openings',
  owner: { email: 'meera@example.com', name: 'Meera Writer' },
  state: 'in-review',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T11:00:00.000Z',
  base: '0'.repeat(40),
  reviewed: '1'.repeat(40),
  events: [
    { at: '2026-11-27T10:00:00.000Z', by: { email: 'meera@example.com', name: 'Meera Writer' }, kind: 'created' },
    {
      at: '2026-11-27T11:00:00.000Z',
      by: { email: 'meera@example.com', name: 'Meera Writer' },
      kind: 'asked-review',
      text: 'The salary ranges are from HR.',
    },
  ],
};

describe('the e-mail asking for review', () => {
  it('reaches every publisher with who asks, what, their note and the link to the review', async () => {
    const notify = reviewNotifier({ SMTP_URL: smtp.url, NOTIFY_FROM: 'Editor <editor@example.com>' }, publicUrl)!;
    await notify(changeSet, [publisher('ravi@example.com'), publisher('asha@example.com')]);
    expect(smtp.accepted).toHaveLength(1);
    const [mail] = smtp.accepted;
    expect([...mail!.envelope.to].sort()).toEqual(['asha@example.com', 'ravi@example.com']);
    expect(mail!.headers.subject).toBe('Review asked: Careers: two new openings');
    expect(mail!.text).toContain('Meera Writer asks you to review "Careers: two new openings"');
    expect(mail!.text).toContain('The salary ranges are from HR.');
    expect(mail!.text).toContain('https://edit.example.com/?cs=abcde12345&review=1');
  });

  it('is not set up without a mail server, and sends nothing when there is no publisher to tell', async () => {
    expect(reviewNotifier({}, publicUrl)).toBeUndefined();
    expect(reviewNotifier({ SMTP_URL: smtp.url }, publicUrl)).toBeUndefined();
    const before = smtp.received.length;
    await reviewNotifier({ SMTP_URL: smtp.url, NOTIFY_FROM: 'editor@example.com' }, publicUrl)!(changeSet, []);
    expect(smtp.received).toHaveLength(before);
  });
});

describe("the e-mail to a change set's writer", () => {
  const publisherPerson = { email: 'ravi@example.com', name: 'Ravi Publisher' };
  it('sent back: reaches the writer alone, with who sent it back, the comment and the link', async () => {
    const before = smtp.accepted.length;
    const notify = writerNotifier({ SMTP_URL: smtp.url, NOTIFY_FROM: 'Editor <editor@example.com>' }, publicUrl)!;
    await notify(changeSet, 'sent-back', publisherPerson, 'Please check the salary of the second role.');
    const mail = smtp.accepted[before]!;
    expect([...mail.envelope.to]).toEqual(['meera@example.com']);
    expect(mail.headers.subject).toBe('Sent back to you: Careers: two new openings');
    expect(mail.text).toContain('Ravi Publisher read "Careers: two new openings" and sent it back to you');
    expect(mail.text).toContain('Please check the salary of the second role.');
    expect(mail.text).toContain('https://edit.example.com/?cs=abcde12345');
  });

  it('not published: says who tried, why, and that nothing is lost', async () => {
    const before = smtp.accepted.length;
    const notify = writerNotifier({ SMTP_URL: smtp.url, NOTIFY_FROM: 'editor@example.com' }, publicUrl)!;
    await notify(changeSet, 'not-published', publisherPerson, 'The live site changed since the review. Bring it up to date.');
    const mail = smtp.accepted[before]!;
    expect(mail.headers.subject).toBe('Not published: Careers: two new openings');
    expect(mail.text).toContain('Ravi Publisher tried to publish "Careers: two new openings", and it did not go live:');
    expect(mail.text).toContain('The live site changed since the review. Bring it up to date.');
    expect(mail.text).toContain('Nothing of it is lost.');
    expect(writerNotifier({}, publicUrl)).toBeUndefined();
  });
});
