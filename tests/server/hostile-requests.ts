/**
 * Hostile requests to the shared editor service, generated (fast-check) from the body each address
 * reads: for tests/server/editor-hostile.test.ts and `npm run bench:editor-service`, which sends them
 * over HTTP while it measures the service. `useOpenedPage` gives the real page whose data fills the
 * bodies (a draft's or a save's), as the editor opened it.
 */
import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { editorRoutes } from '../../src/editor/api/routes.ts';
import { serviceRoutes } from '../../src/editor/service/routes.ts';
import { inboxRoutes, inboxTypes } from '../../src/editor/service/inbox-routes.ts';
import { PROTOTYPE_KEYS, setOwn } from '../../src/content/yaml/safe-keys.ts';

export type As = 'nobody' | 'writer' | 'other-writer' | 'publisher' | 'admin';
let opened: () => { file: string; version: string; data: Record<string, unknown> } = () => {
  throw new Error('useOpenedPage() first: the hostile bodies are made from a page the editor opened.');
};
export function useOpenedPage(page: { file: string; version: string; data: Record<string, unknown> }): void {
  opened = () => page;
}

export interface Address {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** Whether it reads a JSON body (sign-out and the uploads do not). */
  readonly readsBody: boolean;
}
export const addresses: readonly Address[] = [
  ...Object.entries(editorRoutes)
    .filter(([url]) => url !== '/api/publish')
    .map(([url, route]) => ({ method: route.method, url, readsBody: route.method === 'POST' && !route.raw })),
  ...serviceRoutes.map((route) => ({ method: route.method, url: route.url, readsBody: route.method === 'POST' })),
  // The inbox's, once for each of its lists; a submission and a file that do not exist.
  ...inboxRoutes.flatMap((route) =>
    (route.url.includes(':type') ? Object.keys(inboxTypes) : ['']).map((list) => ({
      method: route.method,
      url: route.url.replace(':type', list).replace(':file', 'no-such-file'),
      readsBody: route.method === 'POST',
    })),
  ),
  ...['/auth/sign-in', '/auth/invitation', '/auth/accept'].map((url) => ({ method: 'POST' as const, url, readsBody: true })),
  { method: 'POST', url: '/auth/sign-out', readsBody: false },
  // The service's other addresses, all GETs that read only their query: sign-in's options and the
  // single sign-on (not set up here, so refused), the live preview, shared links (a made-up token),
  // the pages, a file of the public folder, and the health check.
  ...[
    '/auth/me',
    '/auth/options',
    '/auth/oidc/start',
    '/auth/oidc/callback',
    '/api/live/page',
    '/shared/abcde12345.9999999999.6a8fbd42-f944-4624-a63b-cf6a7a951d53.xxx',
    '/shared/abcde12345.9999999999.6a8fbd42-f944-4624-a63b-cf6a7a951d53.xxx/page',
    '/',
    '/preview',
    '/site-preview',
    '/sign-in',
    '/invite',
    '/media/uploads/none.webp',
    '/healthz',
  ].map((url) => ({ method: 'GET' as const, url, readsBody: false })),
];
export const identities: readonly As[] = ['nobody', 'writer', 'other-writer', 'publisher', 'admin'];

/**
 * Every field any address reads, with a value it would accept: a hostile case changes one place of
 * this. Addresses are people's and change sets' that the tests' own identities do not depend on.
 */
function expectedShape(): Record<string, unknown> {
  const { file, version, data } = opened();
  return {
    file,
    version,
    data: structuredClone(data),
    fix: { start: 0, end: 1, was: 'x', text: 'y', label: 'A fix' },
    route: '/a-hostile-page',
    template: 'page',
    label: 'A hostile page',
    draft: true,
    path: '/media/uploads/none.webp',
    title: 'A hostile change',
    text: 'A comment',
    note: 'A note',
    message: 'A message',
    email: 'someone-else@example.com',
    name: 'Someone Else',
    role: 'writer',
    password: 'not the password of anyone',
    token: 'not-a-token',
    commit: '0123456789abcdef0123456789abcdef01234567',
    days: 3,
    reviewed: 'x',
  };
}

export type Path = (string | number)[];
/** Every place in `value`: the paths of its objects, lists and plain values. */
export function places(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const here = { path, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, i) => places(item, [...path, i]))];
  if (typeof value === 'object' && value !== null)
    return [here, ...Object.entries(value).flatMap(([key, item]) => places(item, [...path, key]))];
  return [here];
}
function replaceAt(root: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  if (path.length === 0) return value as Record<string, unknown>;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  setOwn(node, path.at(-1)!, value);
  return root;
}

const PLACEHOLDER = '\u0000hostile-placeholder\u0000';
const nested = (depth: number, open: string, close: string, inner = '0') => open.repeat(depth) + inner + close.repeat(depth);
/** What a session looks like on a request: planted on a prototype, it would sign in whoever has no cookie. */
export const fakeSession = {
  account: { email: 'mallory@example.com', name: 'Mallory', role: 'admin' },
  csrf: 'x',
  expiresAt: '2099-01-01',
};

export interface HostileCase {
  readonly kind: 'prototype-key' | 'long-text' | 'deep' | 'wrong-type' | 'not-json' | 'huge-list';
  readonly what: string;
  readonly payload: string;
}

/** Generated hostile bodies, each one change to the expected shape. */
export const hostileBody: fc.Arbitrary<HostileCase> = fc.constant(null).chain(() => {
  const shape = expectedShape();
  const all = places(shape);
  const objects = all.filter((p) => typeof p.value === 'object' && p.value !== null && !Array.isArray(p.value));
  const texts = all.filter((p) => typeof p.value === 'string');
  const withPlaceholder = (path: Path) => JSON.stringify(replaceAt(expectedShape(), path, PLACEHOLDER));
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...objects),
        fc.constantFrom(...PROTOTYPE_KEYS),
        fc.constantFrom<unknown>(fakeSession, { polluted: true }, { prototype: { polluted: true } }, 'polluted', [fakeSession]),
      )
      .map(([place, key, value]) => {
        const body = expectedShape();
        const target = place.path.length === 0 ? body : (places(body).find((p) => same(p.path, place.path))!.value as object);
        setOwn(target, key, value);
        return {
          kind: 'prototype-key' as const,
          what: `${key} at ${place.path.join('.') || 'the top'}`,
          payload: JSON.stringify(body),
        };
      }),
    fc.tuple(fc.constantFrom(...texts), fc.constantFrom(100_001, 1_048_576)).map(([place, length]) => ({
      kind: 'long-text' as const,
      what: `${length} characters at ${place.path.join('.')}`,
      payload: JSON.stringify(replaceAt(expectedShape(), place.path, 'x'.repeat(length))),
    })),
    fc.tuple(fc.constantFrom(...all), fc.constantFrom(65, 10_000), fc.boolean()).map(([place, depth, lists]) => ({
      kind: 'deep' as const,
      what: `${depth} levels of ${lists ? 'lists' : 'groups'} at ${place.path.join('.') || 'the top'}`,
      payload: withPlaceholder(place.path).replace(
        JSON.stringify(PLACEHOLDER),
        lists ? nested(depth, '[', ']') : nested(depth, '{"a":', '}'),
      ),
    })),
    fc
      .tuple(
        fc.constantFrom(...all.filter((p) => p.path.length > 0)),
        fc.constantFrom<unknown>(0, -1, 1e308, true, false, null, [], {}, 'text', [1, 'two'], { a: 1 }),
      )
      .map(([place, value]) => ({
        kind: 'wrong-type' as const,
        what: `${JSON.stringify(value)} at ${place.path.join('.')}`,
        payload: JSON.stringify(replaceAt(expectedShape(), place.path, value)),
      })),
    fc
      .oneof(
        fc.nat().map((n) => {
          const text = JSON.stringify(expectedShape());
          return text.slice(0, 1 + (n % (text.length - 1)));
        }),
        fc.constantFrom('[]', '"text"', 'null', '12', 'true', '{"a":}', '{a:1}', "{'a':1}", '\u0000', '{"a":1}}', '\uFEFF{}'),
      )
      .map((payload) => ({ kind: 'not-json' as const, what: JSON.stringify(payload.slice(0, 40)), payload })),
    fc.tuple(fc.constantFrom(...all), fc.constantFrom(1_001, 100_000)).map(([place, length]) => ({
      kind: 'huge-list' as const,
      what: `${length} items at ${place.path.join('.') || 'the top'}`,
      payload: withPlaceholder(place.path).replace(JSON.stringify(PLACEHOLDER), `[${Array(length).fill(0).join(',')}]`),
    })),
  );
});
const same = (a: Path, b: Path) => a.length === b.length && a.every((key, i) => key === b[i]);

/** Hostile query strings for the addresses that read one. */
export const hostileQuery = fc
  .tuple(
    fc.constantFrom(
      'file',
      'route',
      'limit',
      'commit',
      '__proto__',
      'constructor',
      '__proto__[polluted]',
      'constructor[prototype][x]',
    ),
    fc.constantFrom(
      '__proto__',
      'constructor.prototype',
      '../../etc/passwd',
      '%00',
      'x'.repeat(100_000),
      '-1',
      '1e308',
      '/\u202Eevil',
    ),
  )
  .map(([key, value]) => ({
    kind: 'query' as const,
    what: `?${key}=${value.slice(0, 30)}`,
    query: new URLSearchParams({ [key]: value }),
  }));

/** A PNG whose header declares `width` × `height` pixels, with almost no pixel data behind it. */
export function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
