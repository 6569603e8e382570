import { describe, expect, it } from 'vitest';
import { matchPath } from '../../src/app/route-match.ts';
import { withTestApp } from './helpers.ts';

const ctx = withTestApp();
// The fixture build's routes (tests/server/helpers.ts).
const routes = new Set(['/', '/react', '/start']);

/**
 * Paths where the browser's router and the server used to disagree: case, trailing slashes, escapes,
 * file names. The browser shows what `matchPath` says (src/app/App.tsx); the server must answer the same.
 */
const paths = [
  '/react',
  '/React',
  '/REACT',
  '/react/',
  '/React/',
  '/re%61ct',
  '/%72eact',
  '/re%2561ct',
  '/react%2F',
  '/react%20',
  '/react/index.html',
  '/index.html',
  '/404.html',
  '//react',
  '/react//',
  '/react/extra',
  '/start',
  '/',
];

describe('server and browser agree on what a path is', () => {
  it.each(paths)('%s', async (url) => {
    const match = matchPath(url, routes);
    const response = await ctx.app.inject({ url });

    if (match.kind === 'page') expect(response.statusCode).toBe(200);
    if (match.kind === 'not-found') expect(response.statusCode).toBe(404);
    if (match.kind === 'redirect') {
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(match.to);
    }
  });

  it('reads case, trailing slashes and escapes as the server does', () => {
    expect(matchPath('/React', routes)).toEqual({ kind: 'not-found' });
    expect(matchPath('/react/', routes)).toEqual({ kind: 'redirect', to: '/react' });
    expect(matchPath('/re%61ct', routes)).toEqual({ kind: 'page', route: '/react' });
    expect(matchPath('/react%2F', routes)).toEqual({ kind: 'not-found' });
  });

  it('treats a broken escape as naming nothing, which the server refuses with 400', async () => {
    expect(matchPath('/%E0%A4%A', routes)).toEqual({ kind: 'not-found' });
    expect((await ctx.app.inject({ url: '/%E0%A4%A' })).statusCode).toBe(400);
  });
});
