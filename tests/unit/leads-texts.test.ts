/**
 * What issue 53's new texts are made of, under any input: the confirmation e-mail a sender receives, the name
 * a CV is stored and downloaded under, and a site setting that names settings. Generated values (fast-check,
 * fixed seeds), hostile ones included: line breaks and NULs in every field, folders and control characters in
 * a file's name, a setting that names itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declarations } from '../../src/forms/declared.ts';
import type { SenderReplies } from '../../src/content/build/server-facts.ts';
import { fillSiteText } from '../../src/content/site-placeholders.ts';
import { composeConfirmation } from '../../src/server/notify/confirmation.ts';
import { downloadName } from '../../src/server/api/files.ts';
import type { Delivery, Submission } from '../../src/server/storage/index.ts';

const replies: SenderReplies = {
  siteName: 'Sutra Labs',
  siteUrl: 'https://www.sutralabs.in',
  contact: { promise: 'We reply within 24 hours.', replyTo: 'hello@sutralabs.in', confirmationEmail: true },
  application: { promise: 'We answer within five working days.', replyTo: 'hr@sutralabs.in', confirmationEmail: true },
};
const delivery = { id: 'd1e2f3a4-0000-4000-8000-000000000000' } as Delivery;
/** Any text a field could hold once stored, the shapes nobody lists among them. */
const anyText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom('a\r\nBcc: victim@example.com', '\u0000', 'x'.repeat(20_000), '__proto__'),
);

describe('the confirmation e-mail', () => {
  it.each(Object.keys(declarations) as (keyof typeof declarations)[])(
    'of the %s form goes to its sender alone, with a one-line subject that names no one, and every field it was sent',
    (type) =>
      fc.assert(
        fc.property(fc.array(anyText, { minLength: 10, maxLength: 10 }), fc.emailAddress(), (values, email) => {
          const form = declarations[type];
          const fields = Object.fromEntries(form.fields.map((field, i) => [field.name, values[i % values.length]!]));
          const submission = {
            type,
            id: '0123abcd-0000-4000-8000-000000000000',
            createdAt: '2026-11-29T10:00:00.000Z',
            spam: false,
            noticeVersion: '2026-11-25+0123456789',
            ...fields,
            email,
            ...(type === 'application'
              ? { files: [{ id: 'f', field: 'cv', fileName: 'cv.pdf', mediaType: 'application/pdf', size: 1000, sha256: '' }] }
              : {}),
          } as unknown as Submission;
          const mail = composeConfirmation({ from: 'Sutra Labs <website@sutralabs.in>' }, replies, delivery, submission);
          expect(mail.to).toEqual([email]);
          expect(mail.replyTo).toBe(replies[type].replyTo);
          // eslint-disable-next-line no-control-regex -- a header must hold no line break or NUL
          expect(mail.subject).not.toMatch(/[\r\n\u0000]/);
          // Fixed words and, for an application, the role on one line: no name, number or address of the sender.
          expect(mail.subject).toBe(
            type === 'contact'
              ? 'We have your enquiry: Sutra Labs'
              : // eslint-disable-next-line no-control-regex -- as the e-mail puts the role on one line
                `We have your application for ${fields.domain!.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()}: Sutra Labs`,
          );
          expect(mail.text).toContain(replies[type].promise);
          for (const field of form.fields) expect(mail.text).toContain(`${field.label}:`);
          if (type === 'application') expect(mail.text).toMatch(/CV:\s+cv\.pdf/);
        }),
        { seed: 5303, numRuns: 200 },
      ),
  );
});

describe('the name a CV is stored under', () => {
  it('is one plain file name of at most 120 characters with the extension of what it is, whatever was sent', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 400 }),
          fc.constantFrom('../../etc/passwd', 'C:\\\\x\\\\cv.pdf', '\u202Egpj.exe', '...', ''),
        ),
        fc.constantFrom('pdf', 'docx'),
        (sent, ext) => {
          const name = downloadName(sent, ext);
          expect(name.endsWith(`.${ext}`)).toBe(true);
          const base = name.slice(0, -(ext.length + 1));
          expect(base.length).toBeGreaterThan(0);
          expect(base.length).toBeLessThanOrEqual(120);
          expect(base).not.toMatch(/[\\/<>:"|?*\p{Cc}\p{Cf}]/u);
          expect(base.startsWith('.')).toBe(false);
        },
      ),
      { seed: 5304, numRuns: 1000 },
    ));
});

describe('a site setting that names settings', () => {
  it('is filled in a few levels deep, and one that names itself ends', () => {
    const site = { a: 'see {site.b}', b: 'at {site.c}', c: 'hr@sutralabs.in', loop: 'again {site.loop}' };
    expect(fillSiteText('{site.a}', site)).toBe('see at hr@sutralabs.in');
    expect(fillSiteText('{site.loop}', site)).toMatch(/^(again )+\{site\.loop\}$/);
  });
});
