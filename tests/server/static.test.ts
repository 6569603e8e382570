import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { assetSource, createTestApp, hashedAsset, htmlPage, tempDir, writeClientBuild, withTestApp } from './helpers.ts';

const ctx = withTestApp();

describe('cache headers', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const response = await ctx.app.inject({ url: hashedAsset });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/react', '/start'])('makes browsers revalidate the page %s', async (url) => {
    const response = await ctx.app.inject({ url });

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeDefined();
  });

  it('caches other files such as media for a day', async () => {
    const response = await ctx.app.inject({ url: '/media/brand/logo.svg' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await ctx.app.inject({ url: '/react' });
    const again = await ctx.app.inject({ url: '/react', headers: { 'if-none-match': String(first.headers.etag) } });

    expect(again.statusCode).toBe(304);
  });
});

describe('byte ranges', () => {
  it('sends the part of a file a Range asks for', async () => {
    const response = await ctx.app.inject({ url: hashedAsset, headers: { range: 'bytes=0-9', 'accept-encoding': 'identity' } });

    expect(response.statusCode).toBe(206);
    expect(response.body).toBe(assetSource.slice(0, 10));
  });

  it.each(['bytes=999999999-', 'bytes=999999999-1000000000'])(
    'answers 416 RangeNotSatisfiable to a range past the end of the file (%s)',
    async (range) => {
      const response = await ctx.app.inject({ url: hashedAsset, headers: { range, 'accept-encoding': 'identity' } });

      expect(response.statusCode).toBe(416);
      expect(response.json().error).toBe('RangeNotSatisfiable');
    },
  );
});

describe('known routes', () => {
  it('serves the prerendered page of a route that has one', async () => {
    const response = await ctx.app.inject({ url: '/react' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('React developers');
  });

  it('serves the app shell for a route without a prerendered page', async () => {
    const response = await ctx.app.inject({ url: '/start' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('App shell');
  });

  it('serves the home page at /', async () => {
    const response = await ctx.app.inject({ url: '/' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('App shell');
  });

  it('answers HEAD for a route with headers and no body', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/react' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('redirects a route with a trailing slash to the route, keeping the query', async () => {
    const response = await ctx.app.inject({ url: '/react/?utm_source=newsletter' });

    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/react?utm_source=newsletter');
  });

  it.each([
    ['/react/index.html', '/react'],
    ['/index.html', '/'],
    ['/re%61ct/', '/react'],
  ])('redirects %s, another way of writing a route, to %s', async (url, location) => {
    const response = await ctx.app.inject({ url });

    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
  });

  it('serves a route written with percent-escapes of plain letters, as browsers may send it', async () => {
    const response = await ctx.app.inject({ url: '/re%61ct' });

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('React developers');
  });
});

describe('unknown paths', () => {
  it.each([
    '/no-such-page',
    '/assets/missing-1234.js',
    '/unknown/',
    '/react/extra',
    '/.env',
    '/assets/../.env',
    '/React',
    '/REACT/',
    '/react%2F',
    '//react',
    '/404.html',
    '/404.html.br',
    '/react/index.html.br',
  ])('answers %s with 404 and the not-found page', async (url) => {
    const response = await ctx.app.inject({ url });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Page not found');
  });

  it('falls back to the app shell when the build has no 404.html', async () => {
    const bare = tempDir('client-without-404');
    const server = await createTestApp(ctx.underTest.storage, writeClientBuild(bare.dir, { notFoundPage: false }));
    try {
      const response = await server.inject({ url: '/no-such-page' });

      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('App shell');
    } finally {
      await server.close();
      bare.remove();
    }
  });
});

describe('compression', () => {
  it("serves a page's stored brotli copy, and gzips it on the fly for a client without brotli", async () => {
    const br = await ctx.app.inject({ url: '/services', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(path.join(ctx.clientDir, 'services/index.html.br')))).toBe(true);

    const gz = await ctx.app.inject({ url: '/services', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Our services');
  });

  it('serves the precompressed .br sibling to a browser that accepts br', async () => {
    const response = await ctx.app.inject({ url: hashedAsset, headers: { 'accept-encoding': 'gzip, deflate, br' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(readFileSync(path.join(ctx.clientDir, `${hashedAsset}.br`)))).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(assetSource);
  });

  it('serves the .gz sibling to a browser that accepts only gzip', async () => {
    const response = await ctx.app.inject({ url: hashedAsset, headers: { 'accept-encoding': 'gzip' } });

    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves the file as it is to a client that accepts no encoding', async () => {
    const response = await ctx.app.inject({ url: hashedAsset, headers: { 'accept-encoding': 'identity' } });

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(assetSource);
  });

  it('compresses a page on the fly when it is stored as a file without a compressed copy', async () => {
    const response = await ctx.app.inject({ url: '/careers', headers: { 'accept-encoding': 'br' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Careers');
  });
});

describe('pages stored as their brotli copy only', () => {
  const stored = () => readFileSync(path.join(ctx.clientDir, 'react/index.html.br'));

  it('sends the stored copy as it is to a browser that accepts brotli', async () => {
    const response = await ctx.app.inject({ url: '/react', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(stored())).toBe(true);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['brotli refused with q=0', 'br;q=0'],
  ])('decodes it for a client that sends %s', async (_case, acceptEncoding) => {
    const response = await ctx.app.inject({
      url: '/react',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(htmlPage('React developers'));
  });

  it('decodes it and gzips it for a client that takes gzip but not brotli', async () => {
    const response = await ctx.app.inject({ url: '/react', headers: { 'accept-encoding': 'gzip, deflate' } });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(htmlPage('React developers'));
  });

  it('gives the decoded and the stored answer one ETag, so either revalidates to 304', async () => {
    const browser = await ctx.app.inject({ url: '/react', headers: { 'accept-encoding': 'br' } });
    const crawler = await ctx.app.inject({ url: '/react', headers: { 'accept-encoding': 'gzip' } });
    expect(crawler.headers.etag).toBe(browser.headers.etag);

    for (const acceptEncoding of ['br', 'gzip']) {
      const again = await ctx.app.inject({
        url: '/react',
        headers: { 'accept-encoding': acceptEncoding, 'if-none-match': String(browser.headers.etag) },
      });
      expect(again.statusCode, acceptEncoding).toBe(304);
      expect(again.rawPayload.length, acceptEncoding).toBe(0);
    }
  });

  it('answers HEAD for a decoded page with its headers and no body', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/react', headers: { 'accept-encoding': 'identity' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it('decodes the not-found page too, with its 404 and without an ETag', async () => {
    const response = await ctx.app.inject({ url: '/no-such-page', headers: { 'accept-encoding': 'identity' } });

    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    expect(response.body).toBe(htmlPage('Page not found'));
  });

  it('starts from a build whose home page is stored only as its brotli copy, with no app shell beside it', async () => {
    const build = tempDir('home-page-compressed');
    writeClientBuild(build.dir);
    rmSync(path.join(build.dir, 'index.html'));
    writeFileSync(path.join(build.dir, 'index.html.br'), brotliCompressSync(htmlPage('Home')));
    const server = await createTestApp(ctx.underTest.storage, build.dir);
    try {
      expect((await server.inject({ url: '/' })).body).toBe(htmlPage('Home'));
      // A route without a page of its own gets the home page's file, as it got the app shell.
      expect((await server.inject({ url: '/start' })).body).toBe(htmlPage('Home'));
    } finally {
      await server.close();
      build.remove();
    }
  });
});

describe('the client build', () => {
  it('must exist: without index.html or index.html.br the server refuses to start with ClientBuildMissing', async () => {
    const empty = tempDir('no-build');
    try {
      await expect(buildApp({ storage: ctx.underTest.storage, clientDir: empty.dir, roles: [] })).rejects.toMatchObject({
        name: 'ClientBuildMissing',
        message: expect.stringContaining('npm run build'),
      });
    } finally {
      empty.remove();
    }
  });

  it('must list routes that are routes, or the server refuses to start with ServerFactsInvalid', async () => {
    const broken = tempDir('bad-routes');
    try {
      writeClientBuild(broken.dir, { routes: ['/', '../etc'] });
      await expect(buildApp({ storage: ctx.underTest.storage, clientDir: broken.dir, roles: [] })).rejects.toMatchObject({
        name: 'ServerFactsInvalid',
        message: expect.stringContaining('"../etc"'),
      });
    } finally {
      broken.remove();
    }
  });

  it('must hold server-facts.json, or the server refuses to start with ServerFactsMissing, even when given the roles', async () => {
    const old = tempDir('old-build');
    writeClientBuild(old.dir);
    rmSync(path.join(old.dir, 'server-facts.json'));
    try {
      await expect(
        buildApp({ storage: ctx.underTest.storage, clientDir: old.dir, roles: [], noticeVersion: null }),
      ).rejects.toMatchObject({
        name: 'ServerFactsMissing',
        message: expect.stringContaining('npm run build'),
      });
    } finally {
      old.remove();
    }
  });

  it.each([
    ['not JSON', '{"routes": ["/"'],
    ['a list instead of an object', '["/"]'],
    ['roles that are not texts', '{"routes": ["/"], "roles": [1], "noticeVersion": null}'],
    ['no noticeVersion', '{"routes": ["/"], "roles": []}'],
  ])(
    'must hold the facts as the build writes them, or the server refuses to start with ServerFactsInvalid: %s',
    async (_case, text) => {
      const broken = tempDir('bad-facts');
      writeClientBuild(broken.dir);
      writeFileSync(path.join(broken.dir, 'server-facts.json'), text);
      try {
        await expect(buildApp({ storage: ctx.underTest.storage, clientDir: broken.dir })).rejects.toMatchObject({
          name: 'ServerFactsInvalid',
          message: expect.stringContaining('npm run build'),
        });
      } finally {
        broken.remove();
      }
    },
  );
});
