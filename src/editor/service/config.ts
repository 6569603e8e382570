/**
 * The shared editor's settings, all from the environment (docs/deploy.md, "The editor service"):
 *
 * - EDITOR_PORT (4500) and EDITOR_HOST (127.0.0.1; 0.0.0.0 in a container behind a TLS proxy);
 * - EDITOR_PUBLIC_URL: the address people open (https://edit.example.com). Requests naming another
 *   host are refused, and cookies are marked Secure; http is allowed only for localhost;
 * - EDITOR_REPO: the site's git repository, a path or URL, cloned into EDITOR_DATA_DIR/editor-site at the
 *   first start and pushed to on publish (this checkout when unset); EDITOR_BRANCH: the live branch
 *   (the repository's own default when unset);
 * - EDITOR_DATA_DIR (./data): the working copy (editor-site/) and, without DATABASE_URL, the accounts (editor.db);
 * - DATABASE_URL: PostgreSQL for accounts, sessions and the audit log;
 * - LOG_LEVEL (info).
 */
import { resolve } from 'node:path';
import { readTrustProxy } from '../../server/config.ts';

export class EditorSetupError extends Error {
  constructor(
    readonly code:
      | 'EditorPublicUrlInvalid'
      | 'EditorPortInvalid'
      | 'EditorRepoMissing'
      | 'EditorUiMissing'
      | 'EditorTrustProxyInvalid'
      | 'EditorReviewInvalid'
      | 'EditorBuildHookInvalid',
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

export interface EditorServiceConfig {
  readonly port: number;
  readonly host: string;
  readonly publicUrl: URL;
  /** Whether the session cookie is marked Secure: always, except for http://localhost while trying it out. */
  readonly secureCookies: boolean;
  readonly repo: string;
  readonly branch: string | undefined;
  readonly dataDir: string;
  readonly logLevel: string;
  /**
   * Which X-Forwarded-For hops to believe for the client's address (the sign-in limit, the audit): a
   * number of proxies in front, or their addresses; never every hop, which would let anyone choose theirs.
   */
  readonly trustProxy: false | number | string;
  /**
   * EDITOR_REVIEW: `one-person` (the default) lets a publisher publish a change set they wrote;
   * `two-person` requires someone else: no publisher may publish a change set they own or wrote in.
   */
  readonly review: 'one-person' | 'two-person';
  /** EDITOR_BUILD_HOOK_URL: POSTed to after each publish and at each scheduled date (build-hook.ts). */
  readonly buildHookUrl: URL | undefined;
}

function readBuildHook(raw: string | undefined): URL | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname)))
    throw new EditorSetupError(
      'EditorBuildHookInvalid',
      `EDITOR_BUILD_HOOK_URL must be the https address your host or CI service gives for starting a build (such as https://api.netlify.com/build_hooks/…); it is "${value}".`,
    );
  return url;
}

function readReview(raw: string | undefined): 'one-person' | 'two-person' {
  const value = raw?.trim().toLowerCase() || 'one-person';
  if (value === 'one-person' || value === 'two-person') return value;
  throw new EditorSetupError(
    'EditorReviewInvalid',
    `EDITOR_REVIEW is '${raw}'. Write two-person (a change set is published by someone who did not write it) or one-person (a publisher may publish their own; the default).`,
  );
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

function readEditorTrustProxy(raw: string | undefined): false | number | string {
  const value = raw?.trim();
  if (!value || value.toLowerCase() === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const problems: string[] = [];
  const addresses = value.toLowerCase() === 'true' ? undefined : readTrustProxy(value, problems);
  if (typeof addresses !== 'string')
    throw new EditorSetupError(
      'EditorTrustProxyInvalid',
      `TRUST_PROXY is '${value}'. The editor believes forwarded addresses only from proxies it knows: give how many are in front (1 for one TLS proxy) or their addresses (10.0.0.0/8,loopback). 'true' would let anyone choose the address the sign-in limit counts.`,
    );
  return addresses;
}

export function readEditorServiceConfig(env: NodeJS.ProcessEnv, codeRoot: string): EditorServiceConfig {
  const port = Number(env.EDITOR_PORT ?? 4500);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new EditorSetupError(
      'EditorPortInvalid',
      `EDITOR_PORT must be a port number (0 to 65535); it is "${env.EDITOR_PORT}".`,
    );
  let publicUrl: URL;
  try {
    publicUrl = new URL(env.EDITOR_PUBLIC_URL?.trim() || `http://localhost:${port}`);
  } catch {
    throw new EditorSetupError(
      'EditorPublicUrlInvalid',
      `EDITOR_PUBLIC_URL must be the address people open, such as https://edit.example.com; it is "${env.EDITOR_PUBLIC_URL}".`,
    );
  }
  const local = loopbackHosts.has(publicUrl.hostname);
  if (publicUrl.protocol !== 'https:' && !(publicUrl.protocol === 'http:' && local))
    throw new EditorSetupError(
      'EditorPublicUrlInvalid',
      `EDITOR_PUBLIC_URL is ${publicUrl.origin}: the editor carries passwords and session cookies, so anywhere but localhost it must be https (put a TLS proxy in front; docs/deploy.md).`,
    );
  if (publicUrl.pathname !== '/')
    throw new EditorSetupError(
      'EditorPublicUrlInvalid',
      `EDITOR_PUBLIC_URL must be an origin without a path (https://edit.example.com); it has "${publicUrl.pathname}". Give the editor a host name of its own.`,
    );
  return {
    port,
    host: env.EDITOR_HOST?.trim() || '127.0.0.1',
    publicUrl,
    secureCookies: publicUrl.protocol === 'https:' || local,
    repo: env.EDITOR_REPO?.trim() || codeRoot,
    branch: env.EDITOR_BRANCH?.trim() || undefined,
    dataDir: resolve(env.EDITOR_DATA_DIR?.trim() || 'data'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: readEditorTrustProxy(env.TRUST_PROXY),
    review: readReview(env.EDITOR_REVIEW),
    buildHookUrl: readBuildHook(env.EDITOR_BUILD_HOOK_URL),
  };
}
