import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseOrigin } from './config.ts';
import { HttpError } from './errors.ts';
import { createHash } from 'node:crypto';
import { earlyScriptSource } from '../app/startup/early-script.ts';
import { allSectionMeta } from '../sections/meta.ts';

/** The CSP source that allows one inline script's exact text and nothing else. */
const inlineSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The speculation rules section types ask the build to write into their pages, each once. */
export function speculationRules(): string[] {
  return [...new Set(allSectionMeta().flatMap(([, meta]) => (meta.speculationRules ? [meta.speculationRules] : [])))];
}

/**
 * The Content-Security-Policy of the site, by directive: the one place to extend when a page needs a new
 * source. Scripts come only from our own files (no 'unsafe-inline', no 'unsafe-eval': the client validates
 * nothing with ajv at run time), plus the one inline script that keeps presses made before the boot script
 * arrives, allowed by its hash (src/app/startup/early-script.ts); inline styles are allowed because React's `style` props and the animation
 * library write them; Google frames are the map on the contact page.
 */
export const contentSecurityPolicy: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", earlyScriptSource, ...speculationRules().map(inlineSource)],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'media-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.google.com', 'https://maps.google.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** Serialises a policy such as {@link contentSecurityPolicy} into a header value. */
export function formatContentSecurityPolicy(policy: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}

/**
 * Browser features the site never uses, switched off for it and for the frames it embeds. Autoplay stays on
 * for our own origin: the home page's hero plays muted videos. Only features Chromium recognises are listed,
 * because an unknown one is reported as an error in the browser console.
 */
const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Headers sent with every response, pages, files and API answers alike. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': formatContentSecurityPolicy(contentSecurityPolicy),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': permissionsPolicy,
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** Sent only over HTTPS: browsers ignore it over plain HTTP, and local development must stay reachable. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** Adds the security headers to every response, including errors, redirects and not-found pages. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(securityHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    return payload;
  });
}

/**
 * The origin this server is reached at, from the Host header and the protocol; both come from the
 * X-Forwarded-* headers when trustProxy says the proxy in front may set them.
 */
export function ownOrigin(request: FastifyRequest): string | undefined {
  return normaliseOrigin(`${request.protocol}://${request.host}`);
}

/**
 * Refuses requests whose Origin header names another site, so that a page elsewhere cannot post forms into
 * our database from its visitors' browsers. Requests without an Origin (curl, server-to-server calls) pass:
 * they are not made by a browser on someone else's behalf.
 */
export function createOriginCheck(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async function checkOrigin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.origin;
    // A browser names the origin of every POST; Sec-Fetch-Site still tells a cross-site one whose Origin a
    // privacy setting removed. Without either (curl, server-to-server calls) the request passes.
    if (header === undefined && request.headers['sec-fetch-site'] !== 'cross-site') return;
    if (header === undefined) throw new HttpError('OriginNotAllowed');
    const origin = normaliseOrigin(header);
    if (origin !== undefined && (origin === ownOrigin(request) || allowed.has(origin))) return;
    // Origins are not personal data; logging them lets an operator spot a misconfigured proxy or allowlist.
    request.log.warn(
      { origin: header.slice(0, 200), host: request.host.slice(0, 200), protocol: request.protocol },
      'Refused an API request from another origin. If it is this site behind a proxy, set TRUST_PROXY; if it is a trusted site, add it to API_ALLOWED_ORIGINS.',
    );
    throw new HttpError('OriginNotAllowed');
  };
}
