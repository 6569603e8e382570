/**
 * The inbox of the shared service: the enquiries for `sales`, the applications for `hr`, both for an
 * admin; a person's data found, exported and erased from the browser (admin); and, for writers, how many
 * enquiries each page brought this month. One table, like routes.ts: each address, its method, the role
 * it needs (for `:type` addresses, the role of that type), and what it does. The site's API writes the
 * submissions; this reads and annotates the same storage (DATABASE_URL, or DATA_DIR's SQLite file).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EditorError } from '../shared/errors.ts';
import { parseJson } from '../api/routes.ts';
import {
  criterionOf,
  identityOf,
  isInboxStatus,
  readPhone,
  type InboxChange,
  type InboxItem,
  type PersonQuery,
  type Storage,
  type Submission,
  type SubmissionType,
} from '../../server/storage/index.ts';
import { toCsv } from '../../server/submissions-format.ts';
import { withFileContents } from '../../server/submissions-cli.ts';
import type { Role, Session } from './accounts/index.ts';
import type { ServiceHttp } from './http.ts';

/** The inbox's two lists, as their addresses name them, and the role that answers each. */
export const inboxTypes = {
  enquiries: { type: 'contact', role: 'sales' },
  applications: { type: 'application', role: 'hr' },
} as const satisfies Record<string, { type: SubmissionType; role: Role }>;
export type InboxList = keyof typeof inboxTypes;

const isInboxList = (value: unknown): value is InboxList => typeof value === 'string' && Object.hasOwn(inboxTypes, value);

interface InboxCall {
  readonly storage: Storage;
  readonly session: Session;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: Record<string, unknown>;
  readonly reply: FastifyReply;
  /** Records what was done in the editor's audit log, with who did it; never the value a person was found by. */
  readonly audit: (action: string, subject: string, detail?: string) => Promise<void>;
}

export interface InboxRoute {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** The role the address needs; for a `:type` address, that of its list. */
  readonly role: Role | 'of-list';
  readonly handle: (call: InboxCall) => Promise<unknown>;
}

const listOf = (params: Readonly<Record<string, string>>): InboxList => {
  if (!isInboxList(params.type))
    throw new EditorError(
      'EditorFileMissing',
      `There is no list "${params.type}" in the inbox; it has enquiries and applications.`,
    );
  return params.type;
};

/** The list's filters from the address's query: unknown values are refused, not ignored. */
function filtersOf(list: InboxList, query: URLSearchParams) {
  const text = (name: string) => query.get(name)?.trim() || undefined;
  const status = text('status');
  if (status !== undefined && !isInboxStatus(status))
    throw new EditorError('EditorBadRequest', '`status` must be new, in-progress or closed.');
  for (const name of ['from', 'to'])
    if (text(name) !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(text(name)!))
      throw new EditorError('EditorBadRequest', `\`${name}\` must be a day written 2026-11-03.`);
  return {
    type: inboxTypes[list].type,
    status,
    role: text('role'),
    page: text('page'),
    from: text('from'),
    to: text('to'),
    search: text('q'),
    assignee: text('assignee'),
  };
}

/** The item as a stored submission, for the CSV export shared with `npm run submissions`. */
const asSubmission = (item: InboxItem): Submission =>
  ({
    type: item.type,
    id: item.id,
    createdAt: item.createdAt,
    spam: false,
    noticeVersion: item.noticeVersion,
    page: item.page,
    ...item.fields,
    ...(item.type === 'application' ? { files: [] } : {}),
  }) as unknown as Submission;

/** The person a rights request names: an e-mail address, or a phone number (optionally with an address). */
function personOf(source: { get(name: string): string | null | undefined }): PersonQuery {
  const email = source.get('email')?.trim() || undefined;
  const phone = source.get('phone')?.trim() || undefined;
  if (phone !== undefined) {
    if (readPhone(phone) === undefined)
      throw new EditorError(
        'EditorBadRequest',
        `"${phone}" is not a phone number that can be looked up; write it with its country code, +91 98765 43210.`,
      );
    return email === undefined ? { phone } : { phone, email };
  }
  if (email === undefined || !email.includes('@'))
    throw new EditorError('EditorBadRequest', 'Give the e-mail address or the phone number the person wrote to us with.');
  return { email };
}

async function personsSubmissions(storage: Storage, person: PersonQuery): Promise<Submission[]> {
  const [contacts, applications] = await Promise.all([
    storage.listContacts({ person, order: 'oldest' }),
    storage.listApplications({ person, order: 'oldest' }),
  ]);
  return [...contacts, ...applications].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const counts = (submissions: readonly Submission[]) => ({
  contacts: submissions.filter((s) => s.type === 'contact').length,
  applications: submissions.filter((s) => s.type === 'application').length,
  notifications: 0,
});

/** A file name for Content-Disposition: ASCII in `filename`, the name as sent in `filename*` (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

export const inboxRoutes: readonly InboxRoute[] = [
  {
    method: 'GET',
    url: '/api/inbox/:type',
    role: 'of-list',
    handle: async ({ storage, params, query }) => {
      const list = listOf(params);
      const filters = filtersOf(list, query);
      const offset = Number(query.get('offset') ?? 0);
      const [page, choices] = await Promise.all([
        storage.listInbox({ ...filters, offset: Number.isFinite(offset) ? offset : 0 }),
        storage.inboxChoices(filters.type),
      ]);
      return { ...page, choices };
    },
  },
  {
    method: 'GET',
    url: '/api/inbox/:type/export',
    role: 'of-list',
    handle: async ({ storage, params, query, reply, audit }) => {
      const list = listOf(params);
      const filters = filtersOf(list, query);
      const items: InboxItem[] = [];
      for (let offset = 0; ; offset += 200) {
        const page = await storage.listInbox({ ...filters, offset, limit: 200 });
        items.push(...page.items);
        if (page.items.length < 200) break;
      }
      await audit('inbox.exported', list, `${items.length} rows`);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${list}-${day}.csv`))
        .send(toCsv(items.map(asSubmission), inboxTypes[list].type));
    },
  },
  {
    method: 'GET',
    url: '/api/inbox/:type/:id',
    role: 'of-list',
    handle: async ({ storage, params }) => {
      const item = await storage.readInboxItem(inboxTypes[listOf(params)].type, params.id!);
      if (!item) throw new EditorError('EditorFileMissing', 'This submission is no longer stored: it was erased or purged.');
      return item;
    },
  },
  {
    method: 'POST',
    url: '/api/inbox/:type/:id',
    role: 'of-list',
    handle: async ({ storage, params, body, session }) => {
      const type = inboxTypes[listOf(params)].type;
      const change: InboxChange = {};
      if (body.status !== undefined) {
        if (!isInboxStatus(body.status))
          throw new EditorError('EditorBadRequest', '`status` must be new, in-progress or closed.');
        Object.assign(change, { status: body.status });
      }
      if (body.assignee !== undefined) {
        if (body.assignee !== null && (typeof body.assignee !== 'string' || !body.assignee.includes('@')))
          throw new EditorError('EditorBadRequest', '`assignee` must be a colleague’s e-mail address, or null for nobody.');
        Object.assign(change, { assignee: body.assignee });
      }
      if (body.note !== undefined) {
        if (typeof body.note !== 'string' || body.note.length > 5000)
          throw new EditorError('EditorBadRequest', '`note` must be a text of at most 5,000 characters.');
        Object.assign(change, { note: body.note });
      }
      if (!(await storage.changeInboxItem(type, params.id!, change, session.account.email)))
        throw new EditorError('EditorFileMissing', 'This submission is no longer stored: it was erased or purged.');
      return storage.readInboxItem(type, params.id!);
    },
  },
  {
    method: 'GET',
    url: '/api/inbox/applications/:id/files/:file',
    role: 'hr',
    handle: async ({ storage, params, reply, audit }) => {
      const file = await storage.readApplicationFile(params.id!, params.file!);
      if (!file)
        throw new EditorError('EditorFileMissing', 'This file is no longer stored: its application was erased or purged.');
      await audit('inbox.file-downloaded', `application ${params.id}`, file.mediaType);
      // Never shown inline: a CV is the applicant's file, opened by the reader's own program.
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', attachment(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  },
  // A person's rights (DPDP Act 2023, GDPR): to see what is kept, to get a copy, to have it erased.
  {
    method: 'GET',
    url: '/api/people-data',
    role: 'admin',
    handle: async ({ storage, query, audit }) => {
      const person = personOf(query);
      const found = await personsSubmissions(storage, person);
      await storage.recordAudit('find', criterionOf(person), counts(found));
      await audit('person.found', criterionOf(person), `${found.length} submissions`);
      return {
        submissions: found,
        addresses: [...new Set(found.map((s) => identityOf(s).email.toLowerCase()))].length,
      };
    },
  },
  {
    method: 'GET',
    url: '/api/people-data/export',
    role: 'admin',
    handle: async ({ storage, query, reply, audit }) => {
      const person = personOf(query);
      const found = await personsSubmissions(storage, person);
      const withEvents = await Promise.all(
        (await withFileContents(storage, found)).map(async (submission) => ({
          ...submission,
          history: (await storage.readInboxItem(submission.type, submission.id))?.events ?? [],
        })),
      );
      await storage.recordAudit('export', criterionOf(person), counts(found));
      await audit('person.exported', criterionOf(person), `${found.length} submissions`);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachment(`personal-data-${new Date().toISOString().slice(0, 10)}.json`))
        .send(`${JSON.stringify(withEvents, null, 2)}\n`);
    },
  },
  {
    method: 'POST',
    url: '/api/people-data/erase',
    role: 'admin',
    handle: async ({ storage, body, audit }) => {
      const person = personOf({ get: (name) => (typeof body[name] === 'string' ? body[name] : undefined) });
      const found = await personsSubmissions(storage, person);
      const addresses = new Set(found.map((s) => identityOf(s).email.toLowerCase()));
      if (addresses.size > 1)
        throw new EditorError(
          'EditorConflict',
          `Nothing was erased: these submissions carry ${addresses.size} different e-mail addresses, so they may be more than one person's. Find the person by their e-mail address as well, once for each of their addresses.`,
        );
      // The count the person confirmed: if more arrived since they looked, they look again.
      if (body.confirm !== found.length)
        throw new EditorError(
          'EditorConflict',
          `Nothing was erased: ${found.length} submissions match now, not the ${String(body.confirm)} you confirmed. Look again, then erase.`,
        );
      const result = await storage.erasePerson(person);
      await audit('person.erased', criterionOf(person), `${result.contacts} enquiries, ${result.applications} applications`);
      return result;
    },
  },
  {
    method: 'GET',
    url: '/api/page-enquiries',
    role: 'writer',
    handle: async ({ storage }) => {
      const since = startOfMonth(new Date());
      return { since, counts: await storage.enquiriesByPage(since) };
    },
  },
];

/** The role an address of the table needs, for the request's parameters. */
export function roleFor(route: InboxRoute, params: Readonly<Record<string, string>>): Role {
  if (route.role !== 'of-list') return route.role;
  return isInboxList(params.type) ? inboxTypes[params.type].role : 'admin';
}

/** Mounts the table: the session, the CSRF token and origin of a write, and the role, for every address. */
export async function inboxRouteHandlers(app: FastifyInstance, http: ServiceHttp, storage: Storage | undefined): Promise<void> {
  const { options, ipOf, admit, bodyOf, answerFailure } = http;
  for (const route of inboxRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const params = request.params as Record<string, string>;
        const session = admit(request, reply, roleFor(route, params));
        if (!session) return reply;
        try {
          if (!storage)
            throw new EditorError(
              'EditorInboxOffline',
              'The inbox is not connected to the site’s submissions on this editor. Whoever runs it sets DATABASE_URL (or DATA_DIR) as the site’s server has it; see docs/deploy.md.',
            );
          return await route.handle({
            storage,
            session,
            params,
            query: new URL(request.url, options.publicUrl).searchParams,
            body: route.method === 'POST' ? parseJson(bodyOf(request)) : {},
            reply,
            audit: (action, subject, detail) =>
              options.accounts.audit({
                action,
                actor: session.account.email,
                subject,
                ...(detail ? { detail } : {}),
                ip: ipOf(request),
              }),
          });
        } catch (error) {
          return answerFailure(request, reply, error);
        }
      },
    });
  }
}
