import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerConfig, readStorageConfig } from '../../src/server/config.ts';

describe('readServerConfig', () => {
  it('starts on port 3000 on every interface with SQLite in ./data when nothing is set', () => {
    const config = readServerConfig({});

    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      storage: { kind: 'sqlite', file: path.resolve('data', 'submissions.db') },
      allowedOrigins: [],
      trustProxy: false,
      rateLimit: { max: 5, timeWindowMs: 60_000 },
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = readServerConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/site',
      API_ALLOWED_ORIGINS: 'https://Partner.example.com/, http://localhost:5173',
      TRUST_PROXY: 'true',
      API_RATE_LIMIT_MAX: '10',
      API_RATE_LIMIT_WINDOW_MS: '30000',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: 'build/client',
      REDIS_URL: 'redis://:secret@cache.internal:6379/0',
      SHUTDOWN_DRAIN_MS: '5000',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      NOTIFY_FROM: 'Sutra Labs website <website@sutralabs.in>',
      NOTIFY_TO: 'sales@sutralabs.in',
      NOTIFY_TO_APPLICATION: 'hr@sutralabs.in, careers@sutralabs.in',
      WEBHOOK_URL: 'https://hooks.example.com/sutra?token=abc',
      WEBHOOK_SECRET: '0123456789abcdef0123456789abcdef',
      NOTIFY_MAX_ATTEMPTS: '8',
    });

    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      storage: { kind: 'postgres', connectionString: 'postgres://app:secret@db.internal:5432/site' },
      clientDir: path.resolve('build/client'),
      allowedOrigins: ['https://partner.example.com', 'http://localhost:5173'],
      trustProxy: true,
      rateLimit: { max: 10, timeWindowMs: 30_000 },
      logLevel: 'warn',
      redisUrl: 'redis://:secret@cache.internal:6379/0',
      shutdownDrainMs: 5000,
      notify: {
        email: {
          smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
          from: 'Sutra Labs website <website@sutralabs.in>',
          to: { contact: ['sales@sutralabs.in'], application: ['hr@sutralabs.in', 'careers@sutralabs.in'] },
        },
        webhook: { url: 'https://hooks.example.com/sutra?token=abc', secret: '0123456789abcdef0123456789abcdef' },
        maxAttempts: 8,
      },
    });
  });

  it('refuses a REDIS_URL that is not a Redis address without repeating it', () => {
    expect(() => readServerConfig({ REDIS_URL: 'http://:secret@cache.internal:6379' })).toThrow(
      expect.objectContaining({ name: 'InvalidConfig', message: expect.not.stringContaining('secret') }),
    );
    expect(() => readServerConfig({ REDIS_URL: 'cache.internal:6379' })).toThrow(/REDIS_URL is not a Redis address/);
  });

  it('passes a list of trusted proxy addresses on to Fastify', () => {
    expect(readServerConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
    expect(readServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('reports every bad variable at once with InvalidConfig', () => {
    let caught: unknown;
    try {
      readServerConfig({ PORT: 'eighty', API_ALLOWED_ORIGINS: '*', TRUST_PROXY: 'yes', DATABASE_URL: 'mysql://db/site' });
    } catch (error) {
      caught = error;
    }

    expect(caught).toMatchObject({ name: 'InvalidConfig' });
    const message = (caught as Error).message;
    for (const variable of ['PORT', 'API_ALLOWED_ORIGINS', 'TRUST_PROXY', 'DATABASE_URL']) expect(message).toContain(variable);
  });
});

describe('readStorageConfig', () => {
  it('puts the SQLite file in DATA_DIR', () => {
    expect(readStorageConfig({ DATA_DIR: '/var/lib/site' })).toEqual({ kind: 'sqlite', file: '/var/lib/site/submissions.db' });
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(readStorageConfig({ DATABASE_URL: 'postgresql://db/site' })).toMatchObject({ kind: 'postgres' });
  });
});
