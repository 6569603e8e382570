/**
 * The editor's API inside a change set (the route table of src/editor/api/routes.ts, which `npm run
 * edit` mounts too) and the service's own (routes.ts: change sets, review, history, people), each
 * request authorised by the role its table names, never by what the page shows; and the live site's
 * pages for the preview.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { editorRoutes, parseJson } from '../api/routes.ts';
import { sitePreview } from '../api/site-preview.ts';
import { allows } from './accounts/index.ts';
import { serviceRoutes } from './routes.ts';
import { inboxRouteHandlers } from './inbox-routes.ts';
import { shareToken } from './share.ts';
import type { ChangeSet } from './change-sets.ts';
import type { WriterNews } from './notify.ts';
import type { ServiceHttp } from './http.ts';

export async function apiRoutes(app: FastifyInstance, http: ServiceHttp): Promise<void> {
  const { options, ipOf, signedOut, admit, mayEnter, bodyOf, answerFailure, person } = http;
  const { accounts, project } = options;
  /**
   * Uploads per account and minute: each is decoded and re-encoded, seconds of CPU for a large photo,
   * so one account cannot keep the service busy for everyone. Counted before the body is read.
   */
  const uploadLimit = {
    max: options.uploadLimit?.max ?? 30,
    timeWindow: options.uploadLimit?.windowMs ?? 60_000,
    keyGenerator: (request: FastifyRequest) => request.editorSession?.account.email ?? `address ${ipOf(request)}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string; max: number }) => ({
      statusCode: 429,
      error: 'EditorUploadLimited',
      message: `You have uploaded ${context.max} pictures in the last minute, as many as the editor takes. Wait ${context.after}, then upload the rest; nothing you uploaded is lost.`,
    }),
  };

  // --- the editor's API, inside a change set ----------------------------------------------------------
  // Publishing the working copy directly is what `npm run edit` does; here a change set is published
  // after review instead (below), so that address is not mounted at all.
  for (const [path, route] of Object.entries(editorRoutes).filter(([path]) => path !== '/api/publish')) {
    app.route({
      method: route.method,
      url: path,
      ...(route.raw ? { bodyLimit: route.raw, config: { rateLimit: uploadLimit } } : {}),
      handler: async (request, reply) => {
        const session = admit(request, reply, route.role);
        if (!session) return reply;
        const url = new URL(request.url, options.publicUrl);
        try {
          const changeSet = options.changeSets.get(String(request.headers['x-change-set'] ?? ''));
          if (!mayEnter(session, changeSet))
            return reply.code(403).send({
              error: 'EditorForbidden',
              message: `"${changeSet.title}" is ${changeSet.owner.name || changeSet.owner.email}'s change set; only they and the publishers work in it. Start a change set of your own.`,
            });
          if (changeSet.state === 'published' || changeSet.state === 'withdrawn')
            return reply.code(409).send({
              error: 'EditorConflict',
              message: `"${changeSet.title}" is ${changeSet.state}; nothing more can be saved in it. Start a new change set.`,
            });
          const raw = bodyOf(request);
          const body = route.raw ? {} : parseJson(raw);
          const run = () =>
            route.handle(
              { root: options.changeSets.root(changeSet.id) },
              {
                body,
                raw,
                query: url.searchParams,
                author: { name: session.account.name || session.account.email, email: session.account.email },
              },
            );
          const answer = await (route.writes ? options.changeSets.guard(changeSet.id, run) : run());
          if (route.audit)
            await accounts.audit({
              action: route.audit.action,
              actor: session.account.email,
              subject: `${changeSet.id} ${changeSet.title}`,
              detail: route.audit.detail({ body, raw, query: url.searchParams }, answer).slice(0, 500),
              ip: ipOf(request),
            });
          return answer;
        } catch (error) {
          return answerFailure(request, reply, error);
        }
      },
    });
  }

  // --- change sets: start, ask for review, comment, send back, publish ------------------------------
  for (const route of serviceRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const session = admit(request, reply, route.role);
        if (!session) return reply;
        try {
          const id = (request.params as { id?: string }).id;
          const changeSet = id === undefined ? undefined : options.changeSets.get(id);
          if (changeSet && !mayEnter(session, changeSet))
            return reply.code(403).send({
              error: 'EditorForbidden',
              message: `"${changeSet.title}" is ${changeSet.owner.name || changeSet.owner.email}'s change set; only they and the publishers may see it.`,
            });
          const body = route.method === 'POST' ? parseJson(bodyOf(request)) : {};
          const audit = (action: string, subject: ChangeSet, detail?: string) =>
            accounts.audit({
              action,
              actor: session.account.email,
              subject: `${subject.id} ${subject.title}`,
              ...(detail ? { detail } : {}),
              ip: ipOf(request),
            });
          const notifyPublishers = async (subject: ChangeSet) => {
            if (!options.notifyReview) return;
            const publishers = (await accounts.list()).filter(
              (a) => allows(a.role, 'publisher') && a.email !== session.account.email,
            );
            await options
              .notifyReview(subject, publishers)
              .catch((error: unknown) =>
                request.log.warn({ err: error, event: 'editor.notify-failed' }, 'The publishers could not be told of a review.'),
              );
          };
          // The writer hears of their change set sent back or not published; not of what they did themselves.
          const notifyWriter = async (subject: ChangeSet, news: WriterNews, said: string) => {
            if (!options.notifyWriter || subject.owner.email === session.account.email) return;
            await options
              .notifyWriter(subject, news, person(session), said)
              .catch((error: unknown) =>
                request.log.warn({ err: error, event: 'editor.notify-failed' }, 'The writer could not be told by e-mail.'),
              );
          };
          return await route.handle({
            changeSets: options.changeSets,
            session,
            by: person(session),
            changeSet,
            body,
            query: new URL(request.url, options.publicUrl).searchParams,
            params: request.params as Record<string, string>,
            share: (subject, expires) =>
              new URL(`/shared/${shareToken(options.shareSecret, subject.id, expires, session.account.id)}`, options.publicUrl)
                .href,
            audit,
            notifyPublishers,
            notifyWriter,
            requestBuild: async (reason) => {
              if (!options.buildHook) return;
              const outcome = await options.buildHook.request(reason);
              await accounts.audit({
                action: outcome.ok ? 'build.requested' : 'build.request-failed',
                actor: session.account.email,
                subject: reason.slice(0, 200),
                detail: outcome.said.slice(0, 500),
                ip: ipOf(request),
              });
            },
            accounts,
            review: options.review ?? 'one-person',
            invitationLink: (token) => new URL(`/invite#${token}`, options.publicUrl).href,
          });
        } catch (error) {
          return answerFailure(request, reply, error);
        }
      },
    });
  }
  // --- the inbox: enquiries and applications, and people's data ----------------------------------------
  await inboxRouteHandlers(app, http, options.submissions);

  // --- the site as it would be published: a change set's, the live branch's, and shared links ----------
  app.get('/api/live/page', async (request, reply) => {
    if (!request.editorSession) return signedOut(reply);
    try {
      return await sitePreview(project, new URL(request.url, options.publicUrl).searchParams.get('route'));
    } catch (error) {
      return answerFailure(request, reply, error);
    }
  });
}
