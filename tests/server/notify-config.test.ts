import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../src/server/config.ts';

const smtp = {
  SMTP_URL: 'smtps://mailer:s3cret-pass@smtp.example.com:465',
  NOTIFY_FROM: 'website@sutralabs.in',
  NOTIFY_TO: 'sales@sutralabs.in',
};
const hook = { WEBHOOK_URL: 'https://hooks.example.com/sutra?token=t0ken', WEBHOOK_SECRET: 'f'.repeat(64) };

/** The message of the SetupError that readServerConfig throws for `env`. */
function problems(env: Record<string, string>): string {
  try {
    readServerConfig(env);
  } catch (error) {
    expect(error).toMatchObject({ name: 'InvalidConfig' });
    return (error as Error).message;
  }
  throw new Error('readServerConfig accepted the environment');
}

describe('notification settings', () => {
  it('configures no channel when none is set', () => {
    expect(readServerConfig({}).notify).toEqual({ email: undefined, webhook: undefined, maxAttempts: 12 });
  });

  it('sends enquiries and applications to NOTIFY_TO unless a per-form address overrides it', () => {
    expect(readServerConfig(smtp).notify.email?.to).toEqual({
      contact: ['sales@sutralabs.in'],
      application: ['sales@sutralabs.in'],
    });
    expect(
      readServerConfig({
        ...smtp,
        NOTIFY_TO: '',
        NOTIFY_TO_CONTACT: 'a@sutralabs.in,b@sutralabs.in',
        NOTIFY_TO_APPLICATION: 'hr@sutralabs.in',
      }).notify.email?.to,
    ).toEqual({ contact: ['a@sutralabs.in', 'b@sutralabs.in'], application: ['hr@sutralabs.in'] });
  });

  it('accepts a webhook with its secret, alone or with e-mail', () => {
    expect(readServerConfig(hook).notify).toMatchObject({
      email: undefined,
      webhook: { url: hook.WEBHOOK_URL, secret: hook.WEBHOOK_SECRET },
    });
    expect(readServerConfig({ ...smtp, ...hook }).notify.email).toBeDefined();
  });

  it.each([
    [{ ...smtp, SMTP_URL: 'smtp.example.com' }, 'SMTP_URL is not the address of a mail server'],
    [{ ...smtp, SMTP_URL: 'https://mailer:s3cret-pass@smtp.example.com' }, 'SMTP_URL is not the address of a mail server'],
    [{ ...smtp, NOTIFY_TO: '' }, 'SMTP_URL is set but no address receives enquiries and job applications; set NOTIFY_TO'],
    [{ ...smtp, NOTIFY_TO: '', NOTIFY_TO_CONTACT: 'sales@sutralabs.in' }, 'no address receives job applications'],
    [{ ...smtp, NOTIFY_TO: 'sales at sutralabs' }, "NOTIFY_TO is 'sales at sutralabs', which is not a list of e-mail addresses"],
    [{ ...smtp, NOTIFY_FROM: '' }, 'SMTP_URL is set but NOTIFY_FROM is not'],
    [{ ...smtp, NOTIFY_FROM: 'Website' }, "NOTIFY_FROM is 'Website', which is not an e-mail address"],
    [{ NOTIFY_TO: 'sales@sutralabs.in' }, 'NOTIFY_TO is set but SMTP_URL is not, so no e-mail would be sent'],
    [{ WEBHOOK_URL: hook.WEBHOOK_URL }, 'WEBHOOK_URL is set but WEBHOOK_SECRET is not'],
    [{ ...hook, WEBHOOK_SECRET: 'short' }, 'WEBHOOK_SECRET is 5 characters long; use at least 32 random characters'],
    [{ ...hook, WEBHOOK_URL: 'ftp://hooks.example.com/t0ken' }, 'WEBHOOK_URL is not an http(s) address'],
    [{ WEBHOOK_SECRET: hook.WEBHOOK_SECRET }, 'WEBHOOK_SECRET is set but WEBHOOK_URL is not'],
    [{ NOTIFY_MAX_ATTEMPTS: '0' }, "NOTIFY_MAX_ATTEMPTS is '0'; use a whole number from 1 to 100"],
  ])('refuses %j at start with a message that says what to fix', (env, message) => {
    expect(problems(env)).toContain(message);
  });

  it('never repeats the mail server password, the webhook token or the secret in its messages', () => {
    const message = problems({
      SMTP_URL: 'smtp//mailer:s3cret-pass@smtp.example.com',
      NOTIFY_FROM: 'website@sutralabs.in',
      WEBHOOK_URL: 'ftp://hooks.example.com/t0ken',
      WEBHOOK_SECRET: 'sh0rt-secret',
    });

    expect(message).toContain('SMTP_URL');
    expect(message).toContain('WEBHOOK_URL');
    expect(message).not.toMatch(/s3cret-pass|t0ken|sh0rt-secret/);
  });

  it('reports every notification problem at once, with the other settings', () => {
    const message = problems({ PORT: 'eighty', SMTP_URL: smtp.SMTP_URL, WEBHOOK_URL: hook.WEBHOOK_URL });

    expect(message.split('\n  - ')).toHaveLength(5);
  });
});
