/**
 * What the shared service's plugins (sign-in, single sign-on, the API, pages and files) share: its
 * settings, its cookies, and the answers every route gives the same way (signed out, role refused, a
 * forged write, a failure). Made once per service by `serviceHttp`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { faultBody, refusal } from '../api/routes.ts';
import { foreignOrigin } from '../api/served.ts';
import { AccountError, allows, roleInWords, type Role, type Session, type SignedIn } from './accounts/index.ts';
import type { EditorServiceOptions } from './app.ts';
import type { ChangeSet, Person } from './change-sets.ts';
import { readShareToken } from './share.ts';

/** Names of the cookies: the session (HttpOnly), its CSRF token, which the editor's page reads and echoes, and a pending sign-on. */
export function cookieNames(secure: boolean) {
  // `__Host-` binds a cookie to this exact origin (Secure, Path=/, no Domain): another subdomain cannot set it.
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}editor_session`, csrf: `${prefix}editor_csrf`, oidc: `${prefix}editor_oidc` };
}

const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export type ServiceHttp = ReturnType<typeof serviceHttp>;

export function serviceHttp(options: EditorServiceOptions) {
  const { accounts, uiDir } = options;
  const names = cookieNames(options.secureCookies);
  const cookieOptions = (httpOnly: boolean, maxAge?: number): CookieSerializeOptions => ({
    path: '/',
    sameSite: 'strict',
    httpOnly,
    secure: options.secureCookies,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
  // No Max-Age: the cookies last while the browser does, and the server ends the session itself (idle
  // and absolute timeouts, sign-out). A Max-Age from sign-in ended sessions still in use.
  const startSession = (reply: FastifyReply, signedIn: SignedIn) =>
    reply
      .setCookie(names.session, signedIn.token, cookieOptions(true))
      .setCookie(names.csrf, signedIn.csrf, cookieOptions(false));
  const endSession = (reply: FastifyReply) =>
    reply.setCookie(names.session, '', cookieOptions(true, 0)).setCookie(names.csrf, '', cookieOptions(false, 0));

  const ipOf = (request: FastifyRequest) => request.ip;
  /** A write must come from the editor's own page and carry the session's CSRF token. */
  const refuseForeignWrite = (request: FastifyRequest, reply: FastifyReply, session: Session | undefined) => {
    // The whole origin, scheme included: http://<host> is another origin than the https one people use.
    const origin = request.headers.origin;
    const foreign =
      foreignOrigin(request.raw) ??
      (origin !== undefined && origin !== options.publicUrl.origin ? 'it was sent by a page of another origin' : undefined);
    if (foreign) {
      void reply
        .code(403)
        .send({ error: 'EditorForbidden', message: `Refused: ${foreign}. Only the editor's own page may use it.` });
      return true;
    }
    if (session && !sameSecret(request.headers['x-csrf-token'] as string | undefined, session.csrf)) {
      void reply.code(403).send({
        error: 'EditorCsrfMissing',
        message:
          'This change did not come with the page’s security token. Reload the editor and try again; your work is kept in this browser.',
      });
      return true;
    }
    return false;
  };
  const bodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  const field = (body: Record<string, unknown>, name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const accountError = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof AccountError)) throw error;
    const status = { SignInFailed: 401, InvitationInvalid: 410, PasswordWeak: 422 }[error.code as string] ?? 400;
    return reply.code(status).send({ error: error.code, message: error.message });
  };

  const person = (session: Session): Person => ({ email: session.account.email, name: session.account.name });
  /** Whether this person may work in the change set: its owner, and anyone who may publish. */
  const mayEnter = (session: Session, changeSet: ChangeSet) =>
    changeSet.owner.email === session.account.email || allows(session.account.role, 'publisher');
  const signedOut = (reply: FastifyReply) =>
    reply.code(401).send({
      error: 'EditorSignedOut',
      message: 'Your session has ended. Sign in again in a new tab; what you changed here is kept in this browser.',
    });
  const roleRefused = (reply: FastifyReply, needed: Role, session: Session) =>
    reply.code(403).send({
      error: 'EditorRoleRefused',
      message: `Only ${roleInWords[needed]} may do this; you are signed in as ${roleInWords[session.account.role]}. Ask ${roleInWords[needed]} to do it.`,
    });
  /**
   * The door of every address that needs an account: signed in, a write from the editor's own page (a
   * forged write is named as such before anything about the account is said), and the role. Undefined when
   * the request was refused, the answer already sent.
   */
  const admit = (request: FastifyRequest, reply: FastifyReply, needed: Role): Session | undefined => {
    const session = request.editorSession;
    if (!session) {
      void signedOut(reply);
      return undefined;
    }
    if (request.method === 'POST' && refuseForeignWrite(request, reply, session)) return undefined;
    if (!allows(session.account.role, needed)) {
      void roleRefused(reply, needed, session);
      return undefined;
    }
    return session;
  };
  const answerFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const refused = refusal(error);
    if (refused) return reply.code(refused.status).send(refused.body);
    if (error instanceof AccountError) {
      const status = { AccountExists: 409, AccountMissing: 404, LastAdmin: 409, PasswordWeak: 422 }[error.code as string] ?? 400;
      return reply.code(status).send({ error: error.code, message: error.message });
    }
    request.log.error({ err: error, route: request.routeOptions.url }, 'The editor failed on a request.');
    return reply.code(500).send(faultBody);
  };

  /**
   * The change set a shared link's token shows, while it is not withdrawn and its maker may still
   * publish: demoting or removing the person who gave out a link withdraws it.
   */
  const sharedChangeSet = async (token: string): Promise<ChangeSet | undefined> => {
    const shared = readShareToken(options.shareSecret, token);
    if (!shared) return undefined;
    const maker = (await accounts.list()).find((account) => account.id === shared.maker);
    if (!maker || !allows(maker.role, 'publisher')) return undefined;
    try {
      const changeSet = options.changeSets.get(shared.changeSet);
      return changeSet.state === 'withdrawn' ? undefined : changeSet;
    } catch {
      return undefined;
    }
  };
  const page = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-store').sendFile(`src/editor/ui/${file}`, uiDir);
  return {
    options,
    names,
    cookieOptions,
    startSession,
    endSession,
    ipOf,
    refuseForeignWrite,
    bodyOf,
    field,
    accountError,
    person,
    mayEnter,
    signedOut,
    roleRefused,
    admit,
    answerFailure,
    sharedChangeSet,
    page,
  };
}
