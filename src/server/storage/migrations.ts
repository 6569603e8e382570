import type { Kysely, Migration } from 'kysely';

/**
 * Schema changes, applied in name order and recorded in `kysely_migration`. They are kept in code (not in a
 * folder scanned at run time) so that they ship with the server and run the same on SQLite and PostgreSQL:
 * only portable column types (text, integer, boolean) are used. Never edit a migration that has shipped; add one.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_create_submissions': {
    // Kysely<unknown>, not Kysely<Database>: a migration must keep compiling when the `Database` type changes.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_submissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('username', 'text', (col) => col.notNull())
        .addColumn('mobile', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('company', 'text')
        .addColumn('project_details', 'text', (col) => col.notNull())
        .addColumn('spam', 'boolean', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('contact_submissions_created_at').on('contact_submissions').column('created_at').execute();

      await db.schema
        .createTable('applications')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('phone', 'text', (col) => col.notNull())
        .addColumn('domain', 'text', (col) => col.notNull())
        .addColumn('spam', 'boolean', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('applications_created_at').on('applications').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('applications').execute();
      await db.schema.dropTable('contact_submissions').execute();
    },
  },
  '0002_create_notification_outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_outbox')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('submission_type', 'text', (col) => col.notNull())
        .addColumn('submission_id', 'text', (col) => col.notNull())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('next_attempt_at', 'text', (col) => col.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('lock_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      // One notification per submission and channel, whatever happens: the rule "exactly once" starts here.
      await db.schema
        .createIndex('notification_outbox_submission_channel')
        .on('notification_outbox')
        .columns(['submission_id', 'channel'])
        .unique()
        .execute();
      // What the worker asks every few seconds: the pending rows that are due.
      await db.schema
        .createIndex('notification_outbox_due')
        .on('notification_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notification_outbox').execute();
    },
  },
  '0003_create_audit_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('criterion', 'text', (col) => col.notNull())
        .addColumn('contacts', 'integer', (col) => col.notNull())
        .addColumn('applications', 'integer', (col) => col.notNull())
        .addColumn('notifications', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
    },
  },
  // Which privacy notice a person was shown when they sent a form (DPDP Act 2023: notice at collection).
  '0004_add_notice_version': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact_submissions').addColumn('notice_version', 'text').execute();
      await db.schema.alterTable('applications').addColumn('notice_version', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('applications').dropColumn('notice_version').execute();
      await db.schema.alterTable('contact_submissions').dropColumn('notice_version').execute();
    },
  },
  // An application's portfolio link, and the files sent with it (the CV). The files live in the database,
  // written in the transaction of their application: a 201 means the row and its files are both stored,
  // and erasing or purging an application takes its files with it in the same transaction.
  '0005_application_portfolio_and_files': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('applications').addColumn('portfolio', 'text').execute();
      await db.schema
        .createTable('application_files')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('application_id', 'text', (col) => col.notNull())
        .addColumn('field', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('media_type', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('sha256', 'text', (col) => col.notNull())
        // PostgreSQL's binary type; SQLite stores a blob in a column of any declared type.
        .addColumn('content', 'bytea', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('application_files_application').on('application_files').column('application_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('application_files').execute();
      await db.schema.alterTable('applications').dropColumn('portfolio').execute();
    },
  },
  // The inbox of the shared editor: each submission's page, its state (new, in progress, closed) and who
  // answers it, and what was done with it (inbox_events: state changes, assignments, notes), so that the
  // people who answer leads work in one place. Notes are about a person, so they go with the person's data.
  '0006_inbox': {
    async up(db: Kysely<unknown>) {
      for (const table of ['contact_submissions', 'applications']) {
        await db.schema.alterTable(table).addColumn('page', 'text').execute();
        await db.schema
          .alterTable(table)
          .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
          .execute();
        await db.schema.alterTable(table).addColumn('assignee', 'text').execute();
        await db.schema.createIndex(`${table}_status_created_at`).on(table).columns(['status', 'created_at']).execute();
      }
      await db.schema
        .createTable('inbox_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('submission_type', 'text', (col) => col.notNull())
        .addColumn('submission_id', 'text', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('inbox_events_submission').on('inbox_events').column('submission_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('inbox_events').execute();
      for (const table of ['applications', 'contact_submissions']) {
        await db.schema.dropIndex(`${table}_status_created_at`).execute();
        for (const column of ['assignee', 'status', 'page']) await db.schema.alterTable(table).dropColumn(column).execute();
      }
    },
  },
};
