/**
 * Single sign-on against a real OpenID Connect provider (panva's oidc-provider, the certified one) running in
 * this process on 127.0.0.1: the browser's part (the redirect, the provider's sign-in and consent forms, the
 * way back) is played with fetch and a cookie jar, so every check openid-client makes runs on real tokens.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  createOidc,
  localPath,
  OidcFailed,
  OidcSetupError,
  openPending,
  readOidcSettings,
  sealPending,
  type Oidc,
  type OidcSettings,
  type PendingSignIn,
} from '../../src/editor/service/oidc.ts';
import { runs } from '../helpers/depth.ts';
import { drawNothing } from './editor-fixture.ts';

const publicUrl = new URL('http://localhost:4500');
const redirectUri = new URL('/auth/oidc/callback', publicUrl);
const clientId = 'content-editor';
const clientSecret = 'a-client-secret-long-enough-for-hs256-0123456789';

/** The provider's people, by the login typed into its sign-in form. */
const people: Record<string, Record<string, unknown>> = {
  ada: { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' },
  unverified: { email: 'mallory@example.com', email_verified: false, name: 'Mallory' },
  nameless: { email: 'grace@example.com' },
  'no-email': { name: 'Nobody' },
};

/** One signing key for every provider in this file: generating RSA keys is the slow part of starting one. */
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const servers = new Set<Server>();

function stop(server: Server) {
  servers.delete(server);
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A free port on 127.0.0.1 with nothing listening on it any more. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts oidc-provider at http://127.0.0.1:<port>. With `claimsInIdToken` the ID token carries e-mail and name
 * (as Google's does); without, they are only at the UserInfo endpoint (oidc-provider's default, and Entra ID's
 * unless optional claims are set up).
 */
async function startProvider(options: { claimsInIdToken: boolean; port?: number }): Promise<{ issuer: URL; server: Server }> {
  const server = createServer();
  servers.add(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = new URL(`http://127.0.0.1:${port}`);
  const provider = new Provider(issuer.origin, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri.href],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    async findAccount(_ctx, sub) {
      const claims = people[sub];
      return claims && { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    jwks: { keys: [signingKey] },
    // Set only to keep the provider from printing a notice for each default it uses.
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: ['a-cookie-signing-key-for-the-test-provider'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

const unescapeHtml = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|amp|quot|lt|gt);/gi, (_all, entity: string) => {
    const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };
    if (named[entity.toLowerCase()]) return named[entity.toLowerCase()]!;
    return String.fromCodePoint(entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
  });

/**
 * Plays the browser from the authorization URL to the callback: follows redirects, keeps cookies, and submits
 * the provider's sign-in form as `login` and its consent form. Returns the callback URL the provider sent it to.
 */
async function signInAtProvider(authorizationUrl: URL, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 16; step += 1) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri.href)) return url;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || !prompt)
      throw new Error(`The provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 500)}`);
    url = new URL(unescapeHtml(action), url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString(),
    };
  }
  throw new Error('The provider did not send the browser back to the editor within 16 steps.');
}

const settingsFor = (issuer: URL): OidcSettings => ({
  issuer,
  clientId,
  clientSecret,
  redirectUri,
  label: 'Sign in with Test',
  allowInsecureIssuer: true,
  // The test provider, like Entra ID, leaves out email_verified for some people; the strict default has its own test.
  trustUnverifiedEmail: true,
});

/** Starts a sign-in and plays it through the provider: what the editor has when the callback arrives. */
async function signInAs(oidc: Oidc, login: string, next?: string) {
  const { url, pending } = await oidc.start(next);
  return { callback: await signInAtProvider(url, login), pending };
}

async function refusal(promise: Promise<unknown>): Promise<OidcFailed> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OidcFailed);
  expect((error as OidcFailed).code).toBe('EditorOidcFailed');
  return error as OidcFailed;
}

let viaUserInfo: { issuer: URL; oidc: Oidc };
let viaIdToken: { issuer: URL; oidc: Oidc };

beforeAll(async () => {
  const [userInfoProvider, idTokenProvider] = await Promise.all([
    startProvider({ claimsInIdToken: false }),
    startProvider({ claimsInIdToken: true }),
  ]);
  viaUserInfo = { issuer: userInfoProvider.issuer, oidc: createOidc(settingsFor(userInfoProvider.issuer)) };
  viaIdToken = { issuer: idTokenProvider.issuer, oidc: createOidc(settingsFor(idTokenProvider.issuer)) };
});

// afterAll runs after a failed test or a failed beforeAll too; every server started is in `servers`.
afterAll(async () => {
  await Promise.all([...servers].map(stop));
});

describe.each([
  ['claims in the ID token', () => viaIdToken],
  ['claims at the UserInfo endpoint', () => viaUserInfo],
])('a sign-in with %s', (_name, provider) => {
  it('returns the e-mail address and name the provider vouches for', async () => {
    const { oidc } = provider();
    const { callback, pending } = await signInAs(oidc, 'ada');
    await expect(oidc.finish(callback, pending)).resolves.toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      issuer: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
      subject: 'ada',
    });
  });

  it('returns no name when the provider knows none', async () => {
    const { oidc } = provider();
    const { callback, pending } = await signInAs(oidc, 'nameless');
    await expect(oidc.finish(callback, pending)).resolves.toEqual({
      email: 'grace@example.com',
      issuer: expect.any(String),
      subject: 'nameless',
    });
  });

  it('refuses an e-mail address the provider marks unverified', async () => {
    const { oidc } = provider();
    const { callback, pending } = await signInAs(oidc, 'unverified');
    const error = await refusal(oidc.finish(callback, pending));
    expect(error.reason).toBe('unverified');
    expect(error.message).toContain('mallory@example.com');
  });

  it('refuses a person the provider gives no e-mail address for', async () => {
    const { oidc } = provider();
    const { callback, pending } = await signInAs(oidc, 'no-email');
    expect((await refusal(oidc.finish(callback, pending))).reason).toBe('no-email');
  });
});

describe('an address the provider does not vouch for', () => {
  it('is refused unless the operator trusts the provider’s addresses', async () => {
    const strict = createOidc({ ...settingsFor(viaUserInfo.issuer), trustUnverifiedEmail: false });
    const { callback, pending } = await signInAs(strict, 'nameless');
    const error = await refusal(strict.finish(callback, pending));
    expect(error.reason).toBe('unverified');
    expect(error.message).toContain('EDITOR_OIDC_TRUST_UNVERIFIED_EMAIL');
    // A verified address passes, and names the person at the provider the account is bound to.
    const ok = await signInAs(strict, 'ada');
    expect(await strict.finish(ok.callback, ok.pending)).toMatchObject({
      email: 'ada@example.com',
      issuer: viaUserInfo.issuer.href,
      subject: expect.any(String),
    });
  });
});

describe('start', () => {
  it('asks for an authorization code with PKCE (S256), state, nonce and the openid, email and profile scopes', async () => {
    const { url, pending } = await viaUserInfo.oidc.start('/pages/home');
    const query = url.searchParams;
    expect(url.origin).toBe(viaUserInfo.issuer.origin);
    expect(Object.fromEntries(query)).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri.href,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    // The challenge is derived from the verifier; the verifier itself never leaves the editor.
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.href).not.toContain(pending.verifier);
    expect(pending.next).toBe('/pages/home');
  });

  it('makes every pending sign-in unique', async () => {
    const [first, second] = await Promise.all([viaUserInfo.oidc.start(), viaUserInfo.oidc.start()]);
    expect(first.pending.state).not.toBe(second.pending.state);
    expect(first.pending.nonce).not.toBe(second.pending.nonce);
    expect(first.pending.verifier).not.toBe(second.pending.verifier);
  });

  it('keeps only a local path as where to go next', async () => {
    expect((await viaUserInfo.oidc.start('https://evil.example/')).pending.next).toBe('/');
    expect((await viaUserInfo.oidc.start()).pending.next).toBe('/');
  });

  it('tries discovery again after the provider did not answer', async () => {
    const port = await freePort();
    const oidc = createOidc(settingsFor(new URL(`http://127.0.0.1:${port}`)));
    expect((await refusal(oidc.start())).reason).toBe('unavailable');
    const { server } = await startProvider({ claimsInIdToken: true, port });
    onTestFinished(() => stop(server));
    const { callback, pending } = await signInAs(oidc, 'ada');
    await expect(oidc.finish(callback, pending)).resolves.toMatchObject({ email: 'ada@example.com' });
  });
});

describe('finish refuses', () => {
  let oidc: Oidc;
  beforeAll(() => {
    oidc = viaUserInfo.oidc;
  });

  it('a callback whose state is not the pending sign-in’s', async () => {
    const { callback, pending } = await signInAs(oidc, 'ada');
    const error = await refusal(oidc.finish(callback, { ...pending, state: 'another-state' }));
    expect(error.reason).toBe('mismatch');
  });

  it('a callback for another sign-in started in the same browser', async () => {
    const other = await oidc.start();
    const { callback } = await signInAs(oidc, 'ada');
    expect((await refusal(oidc.finish(callback, other.pending))).reason).toBe('mismatch');
  });

  it('a callback used a second time', async () => {
    const { callback, pending } = await signInAs(oidc, 'ada');
    await oidc.finish(callback, pending);
    expect((await refusal(oidc.finish(callback, pending))).reason).toBe('mismatch');
  });

  it('a code verifier that does not match the challenge (PKCE)', async () => {
    const { callback, pending } = await signInAs(oidc, 'ada');
    const { verifier } = (await oidc.start()).pending;
    expect((await refusal(oidc.finish(callback, { ...pending, verifier }))).reason).toBe('mismatch');
  });

  it('an ID token whose nonce is not the pending sign-in’s', async () => {
    const { callback, pending } = await signInAs(oidc, 'ada');
    expect((await refusal(oidc.finish(callback, { ...pending, nonce: 'another-nonce' }))).reason).toBe('mismatch');
  });

  it('a sign-in the person cancelled at the provider', async () => {
    const { pending } = await oidc.start();
    const callback = new URL(redirectUri);
    callback.search = new URLSearchParams({
      error: 'access_denied',
      state: pending.state,
      iss: viaUserInfo.issuer.origin,
    }).toString();
    expect((await refusal(oidc.finish(callback, pending))).reason).toBe('cancelled');
  });

  it('a sign-in whose pending cookie was missing, tampered with or expired', async () => {
    const { callback } = await signInAs(oidc, 'ada');
    expect((await refusal(oidc.finish(callback, undefined))).reason).toBe('expired');
  });

  it('without putting the code or a token in its message or detail', async () => {
    // The library's errors carry the callback's parameters (state) and the ID token's claims (nonce) as their cause.
    for (const changed of [{ state: 'another-state' }, { nonce: 'another-nonce' }]) {
      const { callback, pending } = await signInAs(oidc, 'ada');
      const error = await refusal(oidc.finish(callback, { ...pending, ...changed }));
      const code = callback.searchParams.get('code')!;
      for (const text of [error.message, error.detail ?? '']) {
        expect(text).not.toContain(code);
        expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // a JWT
      }
    }
  });
});

describe('the sealed pending sign-in', () => {
  const secret = Buffer.alloc(32, 7);
  const pending: PendingSignIn = { state: 'state-1', nonce: 'nonce-1', verifier: 'verifier-1', next: '/pages/about' };
  const sealedAt = new Date('2026-03-02T10:00:00Z');
  const later = (ms: number) => new Date(sealedAt.getTime() + ms);

  it('opens as what was sealed, within 10 minutes', () => {
    const sealed = sealPending(pending, secret, sealedAt);
    expect(openPending(sealed, secret, later(0))).toEqual(pending);
    expect(openPending(sealed, secret, later(10 * 60_000))).toEqual(pending);
  });

  it('is a cookie value needing no escaping', () => {
    expect(sealPending(pending, secret, sealedAt)).toMatch(/^[\w.-]+$/);
  });

  it('does not open when older than 10 minutes', () => {
    expect(openPending(sealPending(pending, secret, sealedAt), secret, later(10 * 60_000 + 1))).toBeUndefined();
  });

  it('does not open when sealed far in the future (a clock gone wrong)', () => {
    expect(openPending(sealPending(pending, secret, later(5 * 60_000)), secret, sealedAt)).toBeUndefined();
  });

  it('does not open under another secret', () => {
    expect(openPending(sealPending(pending, secret, sealedAt), Buffer.alloc(32, 8), sealedAt)).toBeUndefined();
  });

  it('does not open after any change to it', () => {
    const sealed = sealPending(pending, secret, sealedAt);
    const [version, body, signature] = sealed.split('.') as [string, string, string];
    const changed = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    changed.s = 'state-of-the-attacker';
    const forged = Buffer.from(JSON.stringify(changed)).toString('base64url');
    for (const value of [
      `${version}.${forged}.${signature}`,
      `${version}.${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${version}.${body}`,
      `v2.${body}.${signature}`,
      `${sealed}.extra`,
      '',
    ])
      expect(openPending(value, secret, sealedAt), value).toBeUndefined();
  });

  it('is refused by finish when it does not open', async () => {
    const { callback, pending: real } = await signInAs(viaUserInfo.oidc, 'ada');
    const sealed = sealPending(real, secret);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    expect((await refusal(viaUserInfo.oidc.finish(callback, openPending(tampered, secret)))).reason).toBe('expired');
  });
});

describe('where to go after signing in', () => {
  const base = 'http://editor.invalid';

  it.each([
    ['/pages/home?tab=2#hero', '/pages/home?tab=2#hero'],
    ['/', '/'],
    [undefined, '/'],
    ['', '/'],
    ['pages/home', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/pages', '/'],
    ['/\\evil.example/pages', '/'],
    ['/\t/evil.example/pages', '/'],
    ['/.//evil.example/pages', '/'],
    ['javascript:alert(1)', '/'],
    [`/${'a'.repeat(2000)}`, '/'],
  ])('%j becomes %j', (given, expected) => {
    expect(localPath(given)).toBe(expected);
  });

  it('is always a path on the editor’s own origin, whatever it was given (fast-check, seed 20260302)', () => {
    const tricky = fc.constantFrom('/', '//', '\\', '/\\', '.', '..', ':', '@', '\t', '\n', '%2f', 'http:', 'evil.example');
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.array(tricky).map((parts) => parts.join('')),
    );
    const given = fc.tuple(text, text).map(([a, b]) => a + b);
    fc.assert(
      fc.property(given, (value) => {
        const path = localPath(value);
        expect(path).toMatch(/^\/(?![/\\])/);
        expect(new URL(path, base).origin).toBe(base);
        // A path that is already clean is kept as it is.
        if (value === path) expect(localPath(path)).toBe(path);
      }),
      { seed: 20260302, numRuns: runs(2000, 10000) },
    );
  });
});

describe('readOidcSettings', () => {
  const complete = {
    EDITOR_OIDC_ISSUER: 'https://accounts.google.com',
    EDITOR_OIDC_CLIENT_ID: 'client-1',
    EDITOR_OIDC_CLIENT_SECRET: 'secret-1',
  };
  const setupError = (env: NodeJS.ProcessEnv) => {
    try {
      readOidcSettings(env, publicUrl);
    } catch (error) {
      expect(error).toBeInstanceOf(OidcSetupError);
      expect((error as OidcSetupError).code).toBe('EditorOidcSettings');
      return (error as Error).message;
    }
    throw new Error('readOidcSettings accepted the settings.');
  };

  it('turns single sign-on off when no EDITOR_OIDC_ variable is set', () => {
    expect(readOidcSettings({}, publicUrl)).toBeUndefined();
    expect(readOidcSettings({ EDITOR_OIDC_ISSUER: '  ' }, publicUrl)).toBeUndefined();
  });

  it('reads a complete setting, with the callback on the public URL and the default label', () => {
    expect(readOidcSettings(complete, new URL('https://edit.example.com'))).toEqual({
      issuer: new URL('https://accounts.google.com'),
      clientId: 'client-1',
      clientSecret: 'secret-1',
      redirectUri: new URL('https://edit.example.com/auth/oidc/callback'),
      label: 'Sign in with your company account',
    });
    expect(readOidcSettings({ ...complete, EDITOR_OIDC_LABEL: 'Sign in with Google' }, publicUrl)?.label).toBe(
      'Sign in with Google',
    );
  });

  it('names the variables missing beside EDITOR_OIDC_ISSUER', () => {
    expect(setupError({ EDITOR_OIDC_ISSUER: complete.EDITOR_OIDC_ISSUER })).toMatchInlineSnapshot(
      `"EDITOR_OIDC_ISSUER is set but EDITOR_OIDC_CLIENT_ID and EDITOR_OIDC_CLIENT_SECRET are not: single sign-on needs the editor's client ID and secret from its registration at the provider (redirect URI http://localhost:4500/auth/oidc/callback). Set EDITOR_OIDC_CLIENT_ID and EDITOR_OIDC_CLIENT_SECRET, or unset EDITOR_OIDC_ISSUER."`,
    );
    expect(setupError({ ...complete, EDITOR_OIDC_CLIENT_SECRET: '' })).toMatchInlineSnapshot(
      `"EDITOR_OIDC_ISSUER is set but EDITOR_OIDC_CLIENT_SECRET is not: single sign-on needs the editor's client ID and secret from its registration at the provider (redirect URI http://localhost:4500/auth/oidc/callback). Set EDITOR_OIDC_CLIENT_SECRET, or unset EDITOR_OIDC_ISSUER."`,
    );
  });

  it('names EDITOR_OIDC_ISSUER when only the client is set', () => {
    expect(setupError({ ...complete, EDITOR_OIDC_ISSUER: undefined })).toMatchInlineSnapshot(
      `"EDITOR_OIDC_ISSUER is not set, but EDITOR_OIDC_CLIENT_ID and EDITOR_OIDC_CLIENT_SECRET are: single sign-on needs the provider's issuer too. Set EDITOR_OIDC_ISSUER (such as https://accounts.google.com), or unset the others to sign in with passwords only."`,
    );
  });

  it('refuses an issuer that is not https, except on localhost', () => {
    expect(setupError({ ...complete, EDITOR_OIDC_ISSUER: 'http://sso.example.com' })).toMatchInlineSnapshot(
      `"EDITOR_OIDC_ISSUER is http://sso.example.com/: the provider's answers prove who is signing in, so they must come over https (only a provider on localhost may use http). Use the https issuer your provider documents."`,
    );
    expect(setupError({ ...complete, EDITOR_OIDC_ISSUER: 'sso.example.com' })).toMatchInlineSnapshot(
      `"EDITOR_OIDC_ISSUER must be the provider's issuer URL, such as https://accounts.google.com; it is "sso.example.com"."`,
    );
    expect(readOidcSettings({ ...complete, EDITOR_OIDC_ISSUER: 'http://localhost:8080/realms/staff' }, publicUrl)).toMatchObject({
      issuer: new URL('http://localhost:8080/realms/staff'),
      allowInsecureIssuer: true,
    });
  });
});

describe('the editor service with single sign-on', () => {
  it('signs in an invited person through the provider, and refuses someone without an account', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openAccounts } = await import('../../src/editor/service/accounts/index.ts');
    const { buildEditorService } = await import('../../src/editor/service/app.ts');
    const { ChangeSets } = await import('../../src/editor/service/change-sets.ts');
    const dir = mkdtempSync(join(tmpdir(), 'editor-sso-'));
    const accounts = await openAccounts({ kind: 'sqlite', file: join(dir, 'editor.db') });
    const app = await buildEditorService({
      accounts,
      project: { root: dir },
      changeSets: new ChangeSets({ live: dir, dir: join(dir, 'change-sets'), draw: drawNothing }),
      uiDir: dir,
      codeRoot: dir,
      publicUrl,
      secureCookies: false,
      logLevel: 'silent',
      shareSecret: Buffer.alloc(32, 7),
      oidc: settingsFor(viaUserInfo.issuer),
    });
    onTestFinished(async () => {
      await app.close();
      await accounts.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await accounts.add({ email: 'ada@example.com', role: 'writer', name: 'Ada' });
    const headers = { host: publicUrl.host };
    const cookiesOf = (response: { headers: Record<string, unknown> }) =>
      ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []);

    expect((await app.inject({ url: '/auth/options', headers })).json()).toEqual({ oidc: { label: 'Sign in with Test' } });
    async function ssoAs(login: string) {
      const start = await app.inject({ url: '/auth/oidc/start?next=/%3Fcs%3Dabc', headers });
      expect(start.statusCode).toBe(303);
      const pending = cookiesOf(start).find((c) => c.startsWith('editor_oidc='))!;
      expect(pending).toMatch(/SameSite=Lax/);
      const callback = await signInAtProvider(new URL(start.headers.location as string), login);
      return app.inject({
        url: `${callback.pathname}${callback.search}`,
        headers: { ...headers, cookie: pending.split(';')[0]! },
      });
    }

    const signedIn = await ssoAs('ada');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('url=/?cs=abc');
    const session = cookiesOf(signedIn).find((c) => c.startsWith('editor_session=') && !c.startsWith('editor_session=;'))!;
    const me = await app.inject({ url: '/auth/me', headers: { ...headers, cookie: session.split(';')[0]! } });
    expect(me.json().account).toMatchObject({ email: 'ada@example.com', role: 'writer' });

    // The provider vouches for Grace's address, but no administrator gave Grace an account.
    await accounts.add({ email: 'someone-else@example.com', role: 'writer' });
    const stranger = await ssoAs('nameless');
    expect(stranger.statusCode).toBe(403);
    expect(cookiesOf(stranger).some((c) => c.startsWith('editor_session='))).toBe(false);
    expect(
      (await accounts.listAudit(10)).some((entry) => entry.action === 'session.signed-in' && entry.actor === 'ada@example.com'),
    ).toBe(true);
  });
});
