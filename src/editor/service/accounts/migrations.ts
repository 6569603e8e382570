import type { Kysely, Migration } from 'kysely';

/**
 * The tables of the editor's accounts, applied in name order. Like the site's own (src/server/storage/
 * migrations.ts) they are kept in code and use only portable column types (text, integer, boolean), so they run
 * the same on SQLite and PostgreSQL. Every table starts with `editor_` and the bookkeeping tables are
 * `editor_migration*`, so that the editor and the site can share one PostgreSQL database without either
 * migrator seeing the other's migrations. Never edit a migration that has shipped; add one.
 */
export const accountMigrations: Readonly<Record<string, Migration>> = {
  '0001_create_accounts': {
    // Kysely<unknown>: a migration must keep compiling when the tables' types change later.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('editor_accounts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        // Lower-cased and trimmed before it is stored, so that the unique index is case-insensitive.
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull())
        // An scrypt hash in PHC form (passwords.ts); null until the account's first invitation is accepted.
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('editor_accounts_role').on('editor_accounts').column('role').execute();

      await db.schema
        .createTable('editor_invitations')
        // SHA-256 of the token: a copy of the database does not hand out sign-up links.
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('editor_invitations_account').on('editor_invitations').column('account_id').execute();

      await db.schema
        .createTable('editor_sessions')
        // A name for the session that is no secret (for logs and the service), unlike its token.
        .addColumn('id', 'text', (col) => col.primaryKey())
        // SHA-256 of the token: a copy of the database does not let anyone sign in.
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('account_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('editor_sessions_account').on('editor_sessions').column('account_id').execute();

      await db.schema
        .createTable('editor_audit')
        // Sorts in the order the events were written (see auditId in index.ts).
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('actor', 'text')
        .addColumn('subject', 'text')
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('editor_audit_at').on('editor_audit').columns(['at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('editor_audit').execute();
      await db.schema.dropTable('editor_sessions').execute();
      await db.schema.dropTable('editor_invitations').execute();
      await db.schema.dropTable('editor_accounts').execute();
    },
  },
  '0002_bind_single_sign_on': {
    // Which person at which provider an account belongs to, bound at the first single sign-on: an e-mail
    // address alone can be claimed by someone else at a provider that lets people edit their profile.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('editor_accounts').addColumn('oidc_issuer', 'text').execute();
      await db.schema.alterTable('editor_accounts').addColumn('oidc_subject', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('editor_accounts').dropColumn('oidc_subject').execute();
      await db.schema.alterTable('editor_accounts').dropColumn('oidc_issuer').execute();
    },
  },
};
