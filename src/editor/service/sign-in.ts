/**
 * Signing in with a password, accepting an invitation, signing out, and who is signed in. Failed
 * sign-ins and guesses at invitation links slow down per account and address (sign-in-throttle.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseJson } from '../api/routes.ts';
import { AccountError } from './accounts/index.ts';
import { inWords, SignInThrottle } from './sign-in-throttle.ts';
import type { ServiceHttp } from './http.ts';

export async function signInRoutes(app: FastifyInstance, http: ServiceHttp): Promise<void> {
  const { options, names, refuseForeignWrite, bodyOf, field, ipOf, startSession, endSession, accountError } = http;
  const { accounts } = options;
  // --- sign-in ------------------------------------------------------------------------------------
  // Failures only, per account and per address, slowed down rather than locked (sign-in-throttle.ts).
  const throttle = new SignInThrottle({
    free: options.signInThrottle?.free ?? 5,
    maxDelayMs: options.signInThrottle?.maxDelayMs ?? 15 * 60_000,
    ...(options.signInThrottle?.now ? { now: options.signInThrottle.now } : {}),
  });
  // An office behind one proxy shares an address: it gets four times an account's free failures.
  const addressThrottle = new SignInThrottle({
    free: 4 * (options.signInThrottle?.free ?? 5),
    maxDelayMs: options.signInThrottle?.maxDelayMs ?? 15 * 60_000,
    ...(options.signInThrottle?.now ? { now: options.signInThrottle.now } : {}),
  });
  const slowedDown = (reply: FastifyReply, wait: number, what: string) =>
    reply
      .code(429)
      .header('retry-after', String(Math.ceil(wait / 1000)))
      .send({
        error: 'EditorSignInLimited',
        message: `There were several failed ${what} just now, so the next one waits: try again in ${inWords(wait)}. If you have forgotten your password, ask an administrator for a new invitation link.`,
      });
  app.post('/auth/sign-in', async (request, reply) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const body = parseJson(bodyOf(request));
    const account = [`account ${field(body, 'email').trim().toLowerCase().slice(0, 254)}`];
    const address = [`address ${ipOf(request)}`];
    const wait = Math.max(throttle.wait(account), addressThrottle.wait(address));
    if (wait > 0) {
      request.log.warn({ event: 'editor.sign-in-limited' }, 'A sign-in waits after several failures.');
      return slowedDown(reply, wait, 'sign-ins to this account or from this address');
    }
    try {
      const signedIn = await accounts.signIn(field(body, 'email'), field(body, 'password'), { ip: ipOf(request) });
      throttle.succeeded(account);
      addressThrottle.succeeded(address);
      request.log.info({ event: 'editor.signed-in', role: signedIn.account.role }, 'Signed in.');
      startSession(reply, signedIn);
      return { account: signedIn.account };
    } catch (error) {
      if (error instanceof AccountError && error.code === 'SignInFailed') {
        const slowed = [throttle.failed(account), addressThrottle.failed(address)];
        if (slowed.some(Boolean))
          await accounts.audit({
            action: 'session.sign-in-slowed',
            subject: account[0]!.slice('account '.length),
            detail: slowed[0] ? 'failures to this account' : 'failures from this address',
            ip: ipOf(request),
          });
      }
      request.log.warn({ event: 'editor.sign-in-failed' }, 'A sign-in was refused.');
      return accountError(reply, error);
    }
  });
  // An invitation's token is a secret like a password: guesses at it are slowed down per address too.
  const invitationGuess = async (
    request: FastifyRequest,
    reply: FastifyReply,
    work: (body: Record<string, unknown>) => Promise<unknown>,
  ) => {
    if (refuseForeignWrite(request, reply, undefined)) return reply;
    const address = [`invitation ${ipOf(request)}`];
    const wait = addressThrottle.wait(address);
    if (wait > 0) return slowedDown(reply, wait, 'uses of invitation links from this address');
    const body = parseJson(bodyOf(request));
    try {
      const answer = await work(body);
      addressThrottle.succeeded(address);
      return answer;
    } catch (error) {
      if (error instanceof AccountError && error.code === 'InvitationInvalid') addressThrottle.failed(address);
      return accountError(reply, error);
    }
  };
  app.post('/auth/invitation', async (request, reply) =>
    invitationGuess(request, reply, async (body) => {
      const account = await accounts.invitation(field(body, 'token'));
      if (!account)
        throw new AccountError(
          'InvitationInvalid',
          'This invitation link has been used or has expired. Ask an administrator for a new one.',
        );
      return { email: account.email, name: account.name, role: account.role };
    }),
  );
  app.post('/auth/accept', async (request, reply) =>
    invitationGuess(request, reply, async (body) => {
      const signedIn = await accounts.acceptInvitation(field(body, 'token'), field(body, 'password'), { ip: ipOf(request) });
      startSession(reply, signedIn);
      return { account: signedIn.account };
    }),
  );
  app.post('/auth/sign-out', async (request, reply) => {
    const session = request.editorSession;
    if (session && refuseForeignWrite(request, reply, session)) return reply;
    const token = request.cookies[names.session];
    if (token) await accounts.signOut(token, { ip: ipOf(request) });
    endSession(reply);
    return { signedOut: true };
  });
  app.get('/auth/me', async (request, reply) => {
    const session = request.editorSession;
    if (!session) return reply.code(401).send({ error: 'EditorSignedOut', message: 'You are not signed in.' });
    return { account: session.account, expiresAt: session.expiresAt, shared: true };
  });
}
