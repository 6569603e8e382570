/**
 * The shared service's own addresses (change sets, review, previews, history, people) as one table:
 * each address, its method, the least role that may call it, and what it does. app.ts mounts the table
 * and checks, for every address, the session, the CSRF token and origin of a write, the role, and that
 * the person may enter the change set an `:id` names; the tests walk the same table.
 */
import { EditorError } from '../shared/errors.ts';
import { formSchemas } from '../api/form-schemas.ts';
import { sitePreview } from '../api/site-preview.ts';
import { openFile } from '../api/api.ts';
import { describePlaceAt, schemaOfFile } from '../shared/word-diff.ts';
import { allows, isRole, roles, type Accounts, type Role, type Session } from './accounts/index.ts';
import type { ChangeSet, ChangeSets, Person } from './change-sets.ts';
import type { WriterNews } from './notify.ts';
import { MAX_SHARE_DAYS } from './share.ts';

/** What one call of a service address gets. */
export interface ServiceCall {
  readonly changeSets: ChangeSets;
  readonly session: Session;
  readonly by: Person;
  /** The change set the address names, which the person may enter; undefined for the list. */
  readonly changeSet: ChangeSet | undefined;
  readonly body: Record<string, unknown>;
  readonly query: URLSearchParams;
  readonly params: Readonly<Record<string, string>>;
  /** Signs a preview link for people outside; see share.ts. */
  readonly share: (changeSet: ChangeSet, expires: Date) => string;
  /** Records a step of the review in the audit log. */
  readonly audit: (action: string, changeSet: ChangeSet, detail?: string) => Promise<void>;
  readonly accounts: Accounts;
  /** The link an invitation token opens. */
  readonly invitationLink: (token: string) => string;
  /** `two-person`: nobody publishes a change set they own or wrote in (EDITOR_REVIEW). */
  readonly review: 'one-person' | 'two-person';
  /** Tells the publishers a change set waits for them; a failure to tell is logged, never the writer's problem. */
  readonly notifyPublishers: (changeSet: ChangeSet) => Promise<void>;
  /** Tells the change set's writer by e-mail, when a mail server is set up and they are not the one acting. */
  readonly notifyWriter: (changeSet: ChangeSet, news: WriterNews, said: string) => Promise<void>;
  /** Asks the host for a build (EDITOR_BUILD_HOOK_URL), recorded in the audit; nothing when there is no hook. */
  readonly requestBuild: (reason: string) => Promise<void>;
}

/** A role named in a request, or a refusal that lists the roles. */
function roleOf(value: unknown): Role {
  if (!isRole(value)) throw new EditorError('EditorBadRequest', `\`role\` must be one of ${roles.join(', ')}.`);
  return value;
}

/**
 * The service's own addresses (change sets, review, history, people) and the least role each needs;
 * the owner of a change set and the publishers may enter it (checked for every address with an `:id`).
 */
export const serviceRoutes: readonly {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly role: 'writer' | 'publisher' | 'admin';
  readonly handle: (call: ServiceCall) => Promise<unknown>;
}[] = [
  {
    method: 'GET',
    url: '/api/change-sets',
    role: 'writer',
    // A writer sees their own; a publisher sees everyone's, as they review them.
    handle: async ({ changeSets, session }) =>
      changeSets.list().filter((c) => allows(session.account.role, 'publisher') || c.owner.email === session.account.email),
  },
  {
    method: 'POST',
    url: '/api/change-sets',
    role: 'writer',
    handle: async ({ changeSets, body, by, audit }) => {
      const created = await changeSets.create(body.title, by);
      await audit('change-set.created', created);
      return created;
    },
  },
  {
    method: 'GET',
    url: '/api/change-sets/:id',
    role: 'writer',
    // With how far the live site has moved on since, so the page can offer to bring it up to date.
    handle: async ({ changeSets, changeSet }) => ({ ...changeSet!, behind: await changeSets.behind(changeSet!.id) }),
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/update',
    role: 'writer',
    handle: async ({ changeSets, changeSet, by, audit }) => {
      // Each overlap is named as the review names places (the form's names, items by what they say).
      const schemas = formSchemas(changeSets.schemaDir(changeSet!.id));
      const updated = await changeSets.update(changeSet!.id, by, (file, path, data) =>
        describePlaceAt(data, path, schemaOfFile(file, schemas)),
      );
      if (updated.behind > 0)
        await audit('change-set.updated', updated.changeSet, `${updated.behind} published changes brought in`);
      return updated;
    },
  },
  // Keep theirs / Keep yours for a value both this change set and the live site changed.
  {
    method: 'POST',
    url: '/api/change-sets/:id/overlap',
    role: 'writer',
    handle: async ({ changeSets, changeSet, by, body, audit }) => {
      const chosen = await changeSets.chooseOverlap(changeSet!.id, by, body.file, body.path, body.choice);
      await audit('change-set.overlap-chosen', chosen, `${String(body.choice)}: ${String(body.file)}`);
      return chosen;
    },
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/ask-review',
    role: 'writer',
    handle: async ({ changeSets, changeSet, by, body, audit, notifyPublishers }) => {
      const asked = await changeSets.askReview(changeSet!.id, by, body.note);
      await audit('change-set.asked-review', asked, asked.reviewed);
      await notifyPublishers(asked);
      return asked;
    },
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/comment',
    role: 'writer',
    handle: async ({ changeSets, changeSet, by, body, audit }) => {
      const commented = await changeSets.comment(changeSet!.id, by, body.text);
      // What was said stays in the change set; the audit records that something was.
      await audit('change-set.commented', commented);
      return commented;
    },
  },
  {
    method: 'GET',
    url: '/api/change-sets/:id/review',
    role: 'writer',
    handle: async ({ changeSets, changeSet }) => {
      // Fields are named as the editor's forms name them, from the schemas of the change set itself.
      const schemas = formSchemas(changeSets.schemaDir(changeSet!.id));
      return changeSets.review(changeSet!.id, (file) => schemaOfFile(file, schemas));
    },
  },
  {
    method: 'GET',
    url: '/api/change-sets/:id/page',
    role: 'writer',
    handle: async ({ changeSets, changeSet, query }) =>
      sitePreview({ root: changeSets.contentRoot(changeSet!.id) }, query.get('route')),
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/share',
    role: 'publisher',
    handle: async ({ changeSet, body, share, audit }) => {
      const days = body.days === undefined ? 7 : Number(body.days);
      if (!Number.isInteger(days) || days < 1 || days > MAX_SHARE_DAYS)
        throw new EditorError('EditorBadRequest', `\`days\` must be a whole number of days from 1 to ${MAX_SHARE_DAYS}.`);
      const expires = new Date(Date.now() + days * 24 * 60 * 60_000);
      const url = share(changeSet!, expires);
      await audit('change-set.shared', changeSet!, `until ${expires.toISOString()}`);
      return { url, expiresAt: expires.toISOString() };
    },
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/send-back',
    role: 'publisher',
    handle: async ({ changeSets, changeSet, by, body, audit, notifyWriter }) => {
      const sent = await changeSets.sendBack(changeSet!.id, by, body.text);
      await audit('change-set.sent-back', sent);
      await notifyWriter(sent, 'sent-back', [...sent.events].reverse().find((e) => e.kind === 'sent-back')?.text ?? '');
      return sent;
    },
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/publish',
    role: 'publisher',
    handle: async ({ changeSets, changeSet, by, body, audit, review, requestBuild, notifyWriter }) => {
      if (review === 'two-person' && (await changeSets.writers(changeSet!.id)).includes(by.email))
        throw new EditorError(
          'EditorForbidden',
          `"${changeSet!.title}" has your own work in it, and this editor publishes only what someone else has read (EDITOR_REVIEW=two-person). Ask another publisher to publish it.`,
        );
      // `reviewed`: the version the publisher read; a newer one is refused rather than published unseen.
      let published: Awaited<ReturnType<ChangeSets['publish']>>;
      try {
        published = await changeSets.publish(changeSet!.id, by, body.reviewed);
      } catch (error) {
        // A refused or failed publish is part of the change set's story too, with why: in the audit, and in
        // its conversation, where its owner reads it on their list.
        await audit('content.publish-failed', changeSet!, `${(error as Error).name}: ${(error as Error).message}`.slice(0, 500));
        if (!(error instanceof EditorError && error.code === 'EditorForbidden')) {
          await changeSets.recordPublishFailure(changeSet!.id, by, (error as Error).message).catch(() => undefined);
          await notifyWriter(changeSet!, 'not-published', (error as Error).message);
        }
        throw error;
      }
      await audit('content.published', published.changeSet, published.commit);
      await requestBuild(`published "${published.changeSet.title}"`);
      return published;
    },
  },
  {
    method: 'GET',
    url: '/api/history',
    role: 'writer',
    handle: async ({ changeSets, query }) => {
      const schemas = formSchemas(changeSets.liveSchemaDir());
      return changeSets.history(query.get('file'), (file) => schemaOfFile(file, schemas));
    },
  },
  // A file as it is on the live site, for "Put this page back as it is live" inside a change set: the
  // page takes it as an edit (with Undo) and saves it through the same checks as any other.
  {
    method: 'GET',
    url: '/api/live/file',
    role: 'writer',
    handle: async ({ changeSets, query }) => {
      try {
        return openFile({ root: changeSets.liveRoot() }, query.get('file') ?? '');
      } catch (error) {
        if (error instanceof EditorError && error.code === 'EditorFileMissing')
          throw new EditorError(
            'EditorFileMissing',
            'This page is not on the live site yet: it was made in this change set. To take it out, delete it instead.',
          );
        throw error;
      }
    },
  },
  {
    method: 'GET',
    url: '/api/versions/:commit/page',
    role: 'writer',
    handle: async ({ changeSets, query, params }) =>
      sitePreview({ root: await changeSets.versionRoot(params.commit) }, query.get('route')),
  },
  {
    method: 'POST',
    url: '/api/history/restore',
    role: 'writer',
    handle: async ({ changeSets, body, by, audit }) => {
      const restored = await changeSets.restore(body.file, body.commit, by);
      await audit('content.restored', restored, `${String(body.file)} at ${String(body.commit)}`);
      return restored;
    },
  },
  {
    method: 'POST',
    url: '/api/change-sets/:id/withdraw',
    role: 'writer',
    handle: async ({ changeSets, changeSet, by, audit }) => {
      const withdrawn = await changeSets.withdraw(changeSet!.id, by);
      await audit('change-set.withdrawn', withdrawn);
      return withdrawn;
    },
  },
  // People: what `npm run editor:users` does, for an administrator in the browser.
  { method: 'GET', url: '/api/people', role: 'admin', handle: async ({ accounts }) => accounts.list() },
  {
    method: 'POST',
    url: '/api/people',
    role: 'admin',
    handle: async ({ accounts, body, by, invitationLink }) => {
      const invitation = await accounts.add(
        {
          email: String(body.email ?? ''),
          role: roleOf(body.role),
          ...(typeof body.name === 'string' ? { name: body.name } : {}),
        },
        by.email,
      );
      return { account: invitation.account, link: invitationLink(invitation.token), expiresAt: invitation.expiresAt };
    },
  },
  {
    method: 'POST',
    url: '/api/people/invite',
    role: 'admin',
    handle: async ({ accounts, body, by, invitationLink }) => {
      const invitation = await accounts.invite(String(body.email ?? ''), by.email);
      return { account: invitation.account, link: invitationLink(invitation.token), expiresAt: invitation.expiresAt };
    },
  },
  {
    method: 'POST',
    url: '/api/people/role',
    role: 'admin',
    handle: async ({ accounts, body, by }) => accounts.setRole(String(body.email ?? ''), roleOf(body.role), by.email),
  },
  {
    method: 'POST',
    url: '/api/people/remove',
    role: 'admin',
    handle: async ({ accounts, body, by }) => {
      await accounts.remove(String(body.email ?? ''), by.email);
      return { removed: true };
    },
  },
  {
    method: 'POST',
    url: '/api/people/sign-out',
    role: 'admin',
    handle: async ({ accounts, body, by }) => ({
      sessions: await accounts.signOutEverywhere(String(body.email ?? ''), by.email),
    }),
  },
  {
    method: 'GET',
    url: '/api/audit',
    role: 'admin',
    handle: async ({ accounts, query }) => accounts.listAudit(Math.min(500, Math.max(1, Number(query.get('limit')) || 100))),
  },
];
