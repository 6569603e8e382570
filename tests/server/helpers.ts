import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestSchema, postgresAnswers, testDatabaseUrl } from './postgres-schemas.ts';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { openStorage, type OpenStorageOptions, type Storage, type StorageConfig } from '../../src/server/storage/index.ts';

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Long enough (over @fastify/compress's 1 KB threshold) that on-the-fly compression applies. */
export function htmlPage(title: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><main>${`<p>${title}</p>`.repeat(120)}</main></body></html>`;
}

export const fixtureRoutes = ['/', '/start', '/react', '/careers', '/services'];
export const hashedAsset = '/assets/index-4f2a9c1b.js';
export const assetSource = 'export const greeting = "hello";\n'.repeat(100);

/**
 * Writes a small client build the way `npm run build` lays it out: the app shell, routes.json, what the
 * build writes for the server (server-facts.json: these routes, `fixtureRoles`, `fixtureNoticeVersion`,
 * or `facts` as given), a hashed asset with precompressed siblings, the page of /react and the 404 page stored as their brotli copy only
 * (as the build stores pages), /services as a file with a brotli sibling and /careers as a file alone (as
 * a deploy step may write them), and a media file.
 */
export function writeClientBuild(
  dir: string,
  options: { notFoundPage?: boolean; routes?: unknown; facts?: unknown } = {},
): string {
  const file = (relative: string, content: string | Buffer) => {
    const target = path.join(dir, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  };
  file('index.html', htmlPage('App shell'));
  const routes = options.routes ?? fixtureRoutes;
  file('routes.json', JSON.stringify(routes));
  file(
    'server-facts.json',
    JSON.stringify(options.facts ?? { routes, roles: fixtureRoles, noticeVersion: fixtureNoticeVersion }),
  );
  file('react/index.html.br', brotliCompressSync(htmlPage('React developers')));
  file('careers/index.html', htmlPage('Careers'));
  file('services/index.html', htmlPage('Our services'));
  file('services/index.html.br', brotliCompressSync(htmlPage('Our services')));
  file(hashedAsset.slice(1), assetSource);
  file(`${hashedAsset.slice(1)}.br`, brotliCompressSync(assetSource));
  file(`${hashedAsset.slice(1)}.gz`, gzipSync(assetSource));
  file('media/brand/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  file('.env', 'SECRET=1');
  if (options.notFoundPage !== false) file('404.html.br', brotliCompressSync(htmlPage('Page not found')));
  return dir;
}

export const fixtureRoles = ['React Developer', 'UI/UX Designer'];
export const fixtureNoticeVersion = '2026-11-25+0123456789';

/** Builds the server on a fixture build, with a rate limit high enough not to get in the way. */
export async function createTestApp(storage: Storage, clientDir: string, options: Partial<AppOptions> = {}) {
  return buildApp({
    storage,
    clientDir,
    roles: fixtureRoles,
    rateLimit: { max: 1000, timeWindowMs: 60_000 },
    ...options,
  });
}

export { testDatabaseUrl };

/** A storage under test, with a way to open a second connection to the same data and to clean up. */
export interface StorageUnderTest {
  readonly storage: Storage;
  /** Opens another connection to the same database: what it reads was committed. */
  reopen(options?: OpenStorageOptions): Promise<Storage>;
  cleanup(): Promise<void>;
}

export interface StorageCase {
  readonly name: string;
  open(options?: OpenStorageOptions): Promise<StorageUnderTest>;
}

/** SQLite in a temporary folder. */
const sqliteCase: StorageCase = {
  name: 'SQLite',
  async open(options) {
    const { dir, remove } = tempDir('submissions-sqlite');
    const config: StorageConfig = { kind: 'sqlite', file: path.join(dir, 'nested', 'submissions.db') };
    const storage = await openStorage(config, options);
    return {
      storage,
      reopen: (reopenOptions) => openStorage(config, reopenOptions),
      cleanup: async () => {
        await storage.close();
        remove();
      },
    };
  },
};

/**
 * PostgreSQL at TEST_DATABASE_URL, in a schema of its own that is dropped afterwards, so that test files
 * running in parallel never see each other's rows. An unreachable server fails the tests, it does not skip
 * them.
 */
const postgresCase: StorageCase = {
  name: 'PostgreSQL',
  async open(options) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    let schema: string;
    try {
      await admin.connect();
      schema = await createTestSchema(admin);
    } catch (error) {
      await admin.end().catch(() => {});
      throw new Error(
        `The PostgreSQL tests need a server at ${testDatabaseUrl} (set TEST_DATABASE_URL to another one): ${(error as Error).message}`,
        { cause: error },
      );
    }
    const config: StorageConfig = { kind: 'postgres', connectionString: testDatabaseUrl, schema };
    const storage = await openStorage(config, options);
    return {
      storage,
      reopen: (reopenOptions) => openStorage(config, reopenOptions),
      cleanup: async () => {
        await storage.close();
        await admin.end();
      },
    };
  },
};

/** A database a process reaches through its environment, as the server and the submissions command do. */
export interface EnvDatabase {
  /** DATA_DIR for SQLite, DATABASE_URL (with a schema of its own) for PostgreSQL. */
  readonly env: Record<string, string>;
  /** The same database for openStorage in the test itself. */
  readonly config: StorageConfig;
  cleanup(): Promise<void>;
}

/** Both storages (SQLite only where PostgreSQL does not answer), reached through the environment; use with describe.each. */
const allEnvDatabases: ReadonlyArray<{ readonly name: string; open(): Promise<EnvDatabase> }> = [
  {
    name: 'SQLite',
    async open() {
      const data = tempDir('data');
      return {
        env: { DATA_DIR: data.dir, DATABASE_URL: '' },
        config: { kind: 'sqlite', file: path.join(data.dir, 'submissions.db') },
        cleanup: async () => data.remove(),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      const schema = await createTestSchema(admin);
      await admin.end();
      // A process reads only DATABASE_URL; libpq's `options` parameter points it at the throw-away schema.
      const url = new URL(testDatabaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        env: { DATABASE_URL: url.href },
        config: { kind: 'postgres', connectionString: testDatabaseUrl, schema },
        // The schema is dropped after the run (postgres-schemas.ts).
        cleanup: async () => {},
      };
    },
  },
];

export const envDatabases = allEnvDatabases.filter((database) => postgresAnswers || database.name !== 'PostgreSQL');

/** Every storage the server supports (SQLite only where PostgreSQL does not answer); use with describe.each. */
export const storageCases: readonly StorageCase[] = postgresAnswers ? [sqliteCase, postgresCase] : [sqliteCase];

/** SQLite only, for behaviour that does not depend on the database. */
export const anyStorage = sqliteCase;

export const validContact = {
  username: 'Asha Verma',
  mobile: '+91 98765 43210',
  email: 'asha@example.in',
  company: 'Verma Textiles',
  projectDetails: 'An online shop for our fabrics, with payments and delivery tracking.',
} as const;

export const validApplication = {
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.in',
  phone: '(+91) 98765-43210',
  domain: 'React Developer',
} as const;

export const contactUrl = '/api/v1/contact/create-contact';
export const applicationUrl = '/api/v1/services/create-service';

/**
 * The app most test files need, built on the embedded storage and a fixture client build before
 * the file's tests and closed (database and folder removed) after them. Read its fields inside tests.
 */
export function withTestApp(options: Partial<AppOptions> = {}): {
  readonly app: FastifyInstance;
  readonly underTest: StorageUnderTest;
  readonly clientDir: string;
} {
  const client = tempDir('client');
  const state: { app?: FastifyInstance; underTest?: StorageUnderTest } = {};
  beforeAll(async () => {
    state.underTest = await anyStorage.open();
    state.app = await createTestApp(state.underTest.storage, writeClientBuild(client.dir), options);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.underTest?.cleanup();
    client.remove();
  });
  return {
    get app() {
      return state.app!;
    },
    get underTest() {
      return state.underTest!;
    },
    clientDir: client.dir,
  };
}
