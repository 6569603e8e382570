/**
 * The company's single sign-on (OpenID Connect, oidc.ts) beside the local accounts: where it starts,
 * and the provider's way back, which signs the person in to the account with their address.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hkdfSync } from 'node:crypto';
import { AccountError } from './accounts/index.ts';
import { createOidc, OidcFailed, openPending, sealPending } from './oidc.ts';
import type { ServiceHttp } from './http.ts';

export async function singleSignOnRoutes(app: FastifyInstance, http: ServiceHttp): Promise<void> {
  const { options, names, ipOf, startSession } = http;
  const { accounts } = options;
  // The single sign-on's return address: a request per sign-in, limited per address like any page.
  const limited = {
    config: {
      rateLimit: {
        max: 10,
        timeWindow: 15 * 60_000,
        keyGenerator: ipOf,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) => ({
          statusCode: 429,
          error: 'EditorSignInLimited',
          message: `Too many sign-in attempts from this address. Try again in ${context.after}.`,
        }),
      },
    },
  };
  // --- single sign-on -------------------------------------------------------------------------------
  const oidc = options.oidc && createOidc(options.oidc);
  // Derived from the client secret, so that every instance behind a load balancer opens the others' cookies.
  const pendingSecret = options.oidc
    ? Buffer.from(hkdfSync('sha256', options.oidc.clientSecret, '', 'editor oidc pending sign-in', 32))
    : Buffer.alloc(0);
  // Lax, unlike the session: the provider's redirect back is a navigation from its site, which a Strict cookie does not follow.
  const pendingCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.setCookie(names.oidc, value, { path: '/', sameSite: 'lax', httpOnly: true, secure: options.secureCookies, maxAge });
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  app.get('/auth/options', async () => ({ oidc: oidc ? { label: oidc.label } : null }));
  app.get('/auth/oidc/start', async (request, reply) => {
    if (!oidc) return reply.code(404).send({ error: 'EditorNotFound', message: 'Single sign-on is not set up for this editor.' });
    try {
      const next = new URL(request.url, options.publicUrl).searchParams.get('next') ?? undefined;
      const { url, pending } = await oidc.start(next);
      pendingCookie(reply, sealPending(pending, pendingSecret), 600);
      return reply.redirect(url.href, 303);
    } catch (error) {
      if (!(error instanceof OidcFailed)) throw error;
      request.log.warn(
        { event: 'editor.oidc-failed', reason: error.reason, detail: error.detail },
        'Single sign-on could not start.',
      );
      return reply.code(503).send({ error: error.code, message: error.message });
    }
  });
  app.get('/auth/oidc/callback', limited, async (request, reply) => {
    if (!oidc) return reply.code(404).send({ error: 'EditorNotFound', message: 'Single sign-on is not set up for this editor.' });
    const pending = openPending(request.cookies[names.oidc] ?? '', pendingSecret);
    // Used once, whatever happens next.
    pendingCookie(reply, '', 0);
    const failed = (status: number, message: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign-in failed · Content editor</title><main style="font-family:system-ui;max-width:32rem;margin:10vh auto"><h1>Sign-in failed</h1><p>${escapeHtml(message)}</p><p><a href="/sign-in">Back to sign in</a></p></main></html>`,
        );
    try {
      const person = await oidc.finish(new URL(request.url, options.publicUrl), pending);
      const signedIn = await accounts.signInExternal(person, { ip: ipOf(request) });
      startSession(reply, signedIn);
      request.log.info({ event: 'editor.signed-in', method: 'openid-connect', role: signedIn.account.role }, 'Signed in.');
      // A page that moves on, not a redirect: a redirect chain that began on the provider's site counts
      // as cross-site, and the new SameSite=Strict session cookie would not be sent with it.
      const next = escapeHtml(pending?.next ?? '/');
      return reply
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><meta http-equiv="refresh" content="0;url=${next}"><a href="${next}">Continue to the editor</a>`);
    } catch (error) {
      if (error instanceof OidcFailed) {
        request.log.warn(
          { event: 'editor.oidc-failed', reason: error.reason, detail: error.detail },
          'A single sign-on was refused.',
        );
        return failed(error.reason === 'unavailable' ? 503 : 400, error.message);
      }
      if (error instanceof AccountError) {
        request.log.warn({ event: 'editor.oidc-no-account' }, 'Single sign-on for an address without an editor account.');
        return failed(403, error.message);
      }
      throw error;
    }
  });
}
