/**
 * Sign-in through a company's OpenID Connect provider (Google Workspace, Microsoft Entra ID, Keycloak…),
 * as a relying party built on openid-client. The provider only proves who someone is: the account must
 * already exist, and `accounts.signInExternal` finds it by the e-mail address returned here.
 *
 * Settings come from the environment (docs/deploy.md, "The editor service"):
 *
 * - EDITOR_OIDC_ISSUER: the provider's issuer, such as https://accounts.google.com (single sign-on is off
 *   when unset);
 * - EDITOR_OIDC_CLIENT_ID and EDITOR_OIDC_CLIENT_SECRET: the editor's registration at the provider, whose
 *   redirect URI is `${EDITOR_PUBLIC_URL}/auth/oidc/callback`;
 * - EDITOR_OIDC_LABEL: the sign-in button's text ("Sign in with your company account").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { localPath } from '../shared/local-path.ts';

export interface OidcSettings {
  readonly issuer: URL;
  readonly clientId: string;
  readonly clientSecret: string;
  /** `${EDITOR_PUBLIC_URL}/auth/oidc/callback`, registered at the provider. */
  readonly redirectUri: URL;
  /** The sign-in button's text, such as "Sign in with Google". */
  readonly label: string;
  /** Lets the issuer be plain http: for a provider on this machine in tests, never in production. */
  readonly allowInsecureIssuer?: boolean;
  /**
   * Accept an e-mail address the provider does not say is verified (EDITOR_OIDC_TRUST_UNVERIFIED_EMAIL=1):
   * for a provider whose addresses only its administrators set (Entra ID sends no `email_verified`).
   */
  readonly trustUnverifiedEmail?: boolean;
}

export class OidcSetupError extends Error {
  readonly code = 'EditorOidcSettings';
  constructor(message: string) {
    super(message);
    this.name = this.code;
  }
}

/** Why a sign-in was refused, for the log; the message is for the person. */
export type OidcFailure = 'unavailable' | 'expired' | 'cancelled' | 'refused' | 'mismatch' | 'no-email' | 'unverified';

/** A refused single sign-on, with a message for the person; it never carries a token or a code. */
export class OidcFailed extends Error {
  readonly code = 'EditorOidcFailed';
  constructor(
    readonly reason: OidcFailure,
    message: string,
    /** What the library said, for the log: its error code and fixed text, never a token, code or claim value. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = this.code;
  }
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Reads EDITOR_OIDC_ISSUER, EDITOR_OIDC_CLIENT_ID, EDITOR_OIDC_CLIENT_SECRET and EDITOR_OIDC_LABEL: undefined when
 * none is set, an OidcSetupError naming what is missing or wrong otherwise.
 */
export function readOidcSettings(env: NodeJS.ProcessEnv, publicUrl: URL): OidcSettings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const issuerText = value('EDITOR_OIDC_ISSUER');
  const clientId = value('EDITOR_OIDC_CLIENT_ID');
  const clientSecret = value('EDITOR_OIDC_CLIENT_SECRET');
  const label = value('EDITOR_OIDC_LABEL');
  if (issuerText === undefined) {
    const stray = ['EDITOR_OIDC_CLIENT_ID', 'EDITOR_OIDC_CLIENT_SECRET', 'EDITOR_OIDC_LABEL'].filter((name) => value(name));
    if (stray.length === 0) return undefined;
    throw new OidcSetupError(
      `EDITOR_OIDC_ISSUER is not set, but ${stray.join(' and ')} ${stray.length === 1 ? 'is' : 'are'}: single sign-on needs the provider's issuer too. Set EDITOR_OIDC_ISSUER (such as https://accounts.google.com), or unset the others to sign in with passwords only.`,
    );
  }
  const missing = [
    ['EDITOR_OIDC_CLIENT_ID', clientId],
    ['EDITOR_OIDC_CLIENT_SECRET', clientSecret],
  ].flatMap(([name, given]) => (given ? [] : [name]));
  if (missing.length > 0)
    throw new OidcSetupError(
      `EDITOR_OIDC_ISSUER is set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not: single sign-on needs the editor's client ID and secret from its registration at the provider (redirect URI ${callbackOf(publicUrl).href}). Set ${missing.join(' and ')}, or unset EDITOR_OIDC_ISSUER.`,
    );
  let issuer: URL;
  try {
    issuer = new URL(issuerText);
  } catch {
    throw new OidcSetupError(
      `EDITOR_OIDC_ISSUER must be the provider's issuer URL, such as https://accounts.google.com; it is "${issuerText}".`,
    );
  }
  const local = loopbackHosts.has(issuer.hostname);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && local))
    throw new OidcSetupError(
      `EDITOR_OIDC_ISSUER is ${issuer.href}: the provider's answers prove who is signing in, so they must come over https (only a provider on localhost may use http). Use the https issuer your provider documents.`,
    );
  if (issuer.search || issuer.hash)
    throw new OidcSetupError(
      `EDITOR_OIDC_ISSUER must not have a query or fragment (OpenID Connect Discovery forbids them); it is "${issuerText}". Use the issuer exactly as in the provider's /.well-known/openid-configuration.`,
    );
  return {
    issuer,
    clientId: clientId!,
    clientSecret: clientSecret!,
    redirectUri: callbackOf(publicUrl),
    label: label ?? 'Sign in with your company account',
    ...(issuer.protocol === 'http:' ? { allowInsecureIssuer: true } : {}),
    ...(env.EDITOR_OIDC_TRUST_UNVERIFIED_EMAIL === '1' ? { trustUnverifiedEmail: true } : {}),
  };
}

const callbackOf = (publicUrl: URL) => new URL('/auth/oidc/callback', publicUrl.origin);

/** One pending sign-in: what the caller keeps (in a short-lived, HttpOnly cookie) between the redirect and the callback. */
export interface PendingSignIn {
  readonly state: string;
  readonly nonce: string;
  /** The PKCE code verifier. */
  readonly verifier: string;
  /** The local path to open after signing in. */
  readonly next: string;
}

export interface Oidc {
  readonly label: string;
  /** Where to send the browser, and what to keep: PKCE (S256), state and nonce, scope "openid email profile". */
  start(next?: string): Promise<{ url: URL; pending: PendingSignIn }>;
  /**
   * Checks the callback (state, PKCE, nonce, ID token) and returns the person, whose e-mail address must be
   * present and not marked unverified. `pending` may be what `openPending` gave: undefined is refused as expired.
   * Throws OidcFailed.
   */
  /** The person: the address and name to show, and who they are at the provider (issuer and subject), which the account is bound to. */
  finish(
    callbackUrl: URL,
    pending: PendingSignIn | undefined,
  ): Promise<{ email: string; name?: string; issuer: string; subject: string }>;
}

// Where to go after signing in: shared with the sign-in page in the browser, so both check it the same way.
export { localPath } from '../shared/local-path.ts';

/** Discovers the provider once, lazily; a failed discovery is tried again on the next call. */
export function createOidc(settings: OidcSettings): Oidc {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(settings.issuer, settings.clientId, settings.clientSecret, client.ClientSecretPost(settings.clientSecret), {
        ...(settings.allowInsecureIssuer ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcFailed(
          'unavailable',
          `Single sign-on is not available right now: the sign-in service at ${settings.issuer.origin} did not answer as an OpenID Connect provider. Try again in a few minutes; if it keeps happening, tell an administrator.`,
          describe(error),
        );
      });
    return discovered;
  };

  return {
    label: settings.label,
    async start(next) {
      const config = await configuration();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        next: localPath(next),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri.href,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },
    async finish(callbackUrl, pending) {
      if (pending === undefined)
        throw new OidcFailed(
          'expired',
          'This sign-in took longer than 10 minutes or was started in another browser, so it was not accepted. Start again from the sign-in page.',
        );
      const config = await configuration();
      // The token request repeats the redirect URI, which must be the registered one exactly: behind a proxy
      // the address the request arrived at may differ, so only the callback's parameters are taken from it.
      const current = new URL(settings.redirectUri);
      current.search = callbackUrl.search;
      let email: unknown;
      let verified: unknown;
      let name: unknown;
      let subject = '';
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        subject = claims.sub;
        ({ email, email_verified: verified, name } = claims);
        // Providers may put the e-mail address in the ID token (Google) or only at the UserInfo endpoint
        // (Entra ID without optional claims, any provider when an access token is issued as well).
        if (email === undefined && config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
          ({ email, email_verified: verified } = info);
          name ??= info.name;
        }
      } catch (error) {
        throw failure(error);
      }
      if (typeof email !== 'string' || email.trim() === '')
        throw new OidcFailed(
          'no-email',
          'Your company’s sign-in service did not tell the editor your e-mail address, so your account cannot be found. Ask an administrator to let the editor read it (the "email" scope) at the sign-in provider.',
        );
      // An address the provider does not vouch for could be anyone's; a provider that never says (Entra ID)
      // is trusted only when the operator says its addresses are set by administrators.
      if (verified === false || verified === 'false')
        throw new OidcFailed(
          'unverified',
          `Your company’s sign-in service says your e-mail address ${email} is not verified, so the editor cannot use it to find your account. Verify the address with your provider, or ask an administrator.`,
        );
      if (verified !== true && verified !== 'true' && !settings.trustUnverifiedEmail)
        throw new OidcFailed(
          'unverified',
          `Your company’s sign-in service does not say whether your e-mail address ${email} is verified, so the editor cannot use it to find your account. An administrator can allow it for a provider whose addresses only administrators set (EDITOR_OIDC_TRUST_UNVERIFIED_EMAIL in docs/deploy.md).`,
        );
      const person: { email: string; name?: string; issuer: string; subject: string } = {
        email: email.trim(),
        issuer: settings.issuer.href,
        subject,
      };
      if (typeof name === 'string' && name.trim() !== '') person.name = name.trim();
      return person;
    },
  };
}

/**
 * A library error's code, its fixed message and its cause's, and the OAuth error code: what the log needs. The
 * cause's other fields (the response, the ID token's claims) are left out, since they may hold tokens.
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const oauthError = (error as { error?: unknown }).error;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return [
    typeof code === 'string' ? `${code}: ${error.message}` : `${error.name}: ${error.message}`,
    ...(cause && cause !== error.message ? [`(${cause})`] : []),
    ...(typeof oauthError === 'string' ? [`(OAuth error ${JSON.stringify(oauthError.slice(0, 60))})`] : []),
  ].join(' ');
}

const unreachableCodes = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** Sorts what went wrong into a message a person can act on. */
function failure(error: unknown): OidcFailed {
  const detail = describe(error);
  const startAgain = 'Start again from the sign-in page.';
  if (error instanceof client.AuthorizationResponseError) {
    if (error.error === 'access_denied')
      return new OidcFailed('cancelled', `The sign-in was cancelled at your company’s sign-in service. ${startAgain}`, detail);
    // The error code comes from the browser's address bar: shown only when it looks like one.
    const code = /^[a-z_]{1,40}$/.test(error.error) ? ` (${error.error})` : '';
    return new OidcFailed(
      'refused',
      `Your company’s sign-in service refused this sign-in${code}. ${startAgain} If it happens again, tell an administrator.`,
      detail,
    );
  }
  if (error instanceof client.ResponseBodyError) {
    if (error.error === 'invalid_grant')
      return new OidcFailed(
        'mismatch',
        `This sign-in could not be completed: it was already used, or it is too old. ${startAgain}`,
        detail,
      );
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client')
      return new OidcFailed(
        'refused',
        'The sign-in service does not accept the editor’s own registration, so nobody can sign in with it. Tell an administrator: EDITOR_OIDC_CLIENT_ID or EDITOR_OIDC_CLIENT_SECRET is wrong.',
        detail,
      );
    if (error.status >= 500) return unavailable(detail);
    return new OidcFailed(
      'refused',
      `Your company’s sign-in service refused this sign-in. ${startAgain} If it happens again, tell an administrator.`,
      detail,
    );
  }
  // A failed fetch (connection refused, DNS) is a TypeError in every runtime.
  if (error instanceof TypeError) return unavailable(detail);
  if (error instanceof client.ClientError && error.code && unreachableCodes.has(error.code)) return unavailable(detail);
  return new OidcFailed(
    'mismatch',
    `This sign-in could not be verified: the answer from your company’s sign-in service does not belong to the sign-in started in this browser. ${startAgain}`,
    detail,
  );
}

const unavailable = (detail: string) =>
  new OidcFailed(
    'unavailable',
    'Your company’s sign-in service did not answer properly, so you are not signed in. Try again in a few minutes; if it keeps happening, tell an administrator.',
    detail,
  );

/** How long a pending sign-in may take, from the redirect to the callback. */
export const pendingLifetimeMs = 10 * 60_000;
/** Clocks of several editor instances may differ a little. */
const clockSkewMs = 60_000;
const sealVersion = 'v1';

const mac = (body: string, secret: Buffer) => createHmac('sha256', secret).update(`${sealVersion}.${body}`).digest('base64url');

/** A PendingSignIn as a cookie value, signed with HMAC-SHA256 under `secret` (readable, but not forgeable or alterable). */
export function sealPending(pending: PendingSignIn, secret: Buffer, now: Date = new Date()): string {
  const body = Buffer.from(
    JSON.stringify({
      s: pending.state,
      n: pending.nonce,
      v: pending.verifier,
      x: localPath(pending.next),
      t: now.getTime(),
    }),
  ).toString('base64url');
  return `${sealVersion}.${body}.${mac(body, secret)}`;
}

/** The PendingSignIn sealed in `value`, or undefined when it was altered, sealed under another secret, or is older than 10 minutes. */
export function openPending(value: string, secret: Buffer, now: Date = new Date()): PendingSignIn | undefined {
  const [version, body, signature, ...rest] = value.split('.');
  if (version !== sealVersion || body === undefined || signature === undefined || rest.length > 0) return undefined;
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { s, n, v, x, t } = (fields ?? {}) as Record<string, unknown>;
  if (typeof s !== 'string' || typeof n !== 'string' || typeof v !== 'string' || typeof x !== 'string') return undefined;
  if (typeof t !== 'number' || !Number.isFinite(t)) return undefined;
  const age = now.getTime() - t;
  if (age > pendingLifetimeMs || age < -clockSkewMs) return undefined;
  return { state: s, nonce: n, verifier: v, next: localPath(x) };
}
