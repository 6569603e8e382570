/**
 * What the editor shows is what the site will show, pictures included (issue 54): a large photo uploaded
 * to a page is shown at once by both previews. The page offers the picture's copies the build makes (its
 * AVIF twin and its phone-sized copy, which the browser prefers); the editor service makes them on the
 * first ask instead of answering 404, which showed the picture as broken. The upload is named from its alt.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServed } from '../../src/editor/api/served.ts';
import { startEditorFixture, type EditorFixture } from './editor-fixture.ts';
import { runs } from '../helpers/depth.ts';

let fixture: EditorFixture;
const file = 'content/pages/about.yaml';

beforeAll(async () => {
  fixture = await startEditorFixture('editor-pictures', { logLevel: 'silent' });
});
afterAll(async () => fixture?.close());

/** Every address of a picture copy in the preview's data. */
const copiesIn = (preview: unknown): string[] => [
  ...new Set(JSON.stringify(preview).match(/\/assets\/pictures\/[\w.-]+/g) ?? []),
];

describe('an uploaded photo in the previews', () => {
  it('is named from its alt text, and every copy the previews offer of it is made and served on the first ask', async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await fixture.upload('writer', photo, 'IMG_4031.JPG', 'Developers at a whiteboard in Noida');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const path = uploaded.json().path as string;
    expect(path).toBe('/media/uploads/developers-at-a-whiteboard-in-noida.webp');

    const opened = (await fixture.call('POST', '/api/open', 'writer', { body: { file } })).json();
    const data = structuredClone(opened.data);
    data.sections[0].image = { src: path, alt: 'Developers at a whiteboard in Noida' };
    // The editor's own preview (the draft's check) and the site preview of the saved change set.
    const draft = await fixture.call('POST', '/api/draft', 'writer', { body: { file, version: opened.version, data } });
    expect(draft.statusCode, draft.body).toBe(200);
    const saved = await fixture.call('POST', '/api/save', 'writer', { body: { file, version: opened.version, data } });
    expect(saved.statusCode, saved.body).toBe(200);
    const site = await fixture.call('GET', `/api/change-sets/${fixture.own.writer.id}/page?route=/about`, 'writer');
    expect(site.statusCode, site.body).toBe(200);

    for (const preview of [draft.json().preview, site.json().preview]) {
      const copies = copiesIn(preview).filter((url) => url.includes('developers-at-a-whiteboard'));
      // The AVIF twin, and the 800-pixel copy in WebP and AVIF: a 3000-pixel photo is too wide for a phone.
      expect(copies).toHaveLength(3);
      for (const url of copies) {
        const answer = await fixture.call('GET', url, 'writer', {
          headers: { referer: `${new URL('/', 'https://editor.example').origin}/?cs=${fixture.own.writer.id}` },
        });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type'], url).toBe(url.endsWith('.avif') ? 'image/avif' : 'image/webp');
        const { width } = await sharp(answer.rawPayload).metadata();
        expect(width, url).toBe(url.includes('-800.') ? 800 : 2400);
      }
    }
  }, 120_000);

  it('serves every copy the site preview offers of the pictures on a fixed-seed sample of the routes (all in the full sweep)', async () => {
    const first = await fixture.call('GET', `/api/change-sets/${fixture.own.writer.id}/page?route=/`, 'writer');
    const routes = (first.json().pages as { route: string }[]).map((p) => p.route);
    // A fixed shuffle (seed 54), so the gate's few routes are not always the first ones.
    let seed = 54;
    const shuffled = [...routes].sort(() => ((seed = (seed * 16807) % 2147483647) % 3) - 1);
    let fetched = 0;
    for (const route of shuffled.slice(0, runs(3, routes.length))) {
      const page = await fixture.call(
        'GET',
        `/api/change-sets/${fixture.own.writer.id}/page?route=${encodeURIComponent(route)}`,
        'writer',
      );
      expect(page.statusCode, route).toBe(200);
      for (const url of copiesIn(page.json().preview)) {
        const answer = await fixture.call('GET', url, 'writer', {
          headers: { referer: `https://editor.example/?cs=${fixture.own.writer.id}` },
        });
        expect(answer.statusCode, `${route} ${url}`).toBe(200);
        expect((await sharp(answer.rawPayload).metadata()).width, `${route} ${url}`).toBeGreaterThan(0);
        fetched += 1;
      }
    }
    // The sample's pages offer copies (a wide picture's phone-sized ones at least): the walk fetched some.
    expect(fetched).toBeGreaterThan(0);
  }, 600_000);

  it('serves no copy to someone signed out, and none that no preview planned', async () => {
    // Paths that try to leave the copies' folder, or name no copy at all, find nothing.
    for (const hostile of [
      '/assets/pictures/..%2f..%2fpackage.json',
      '/assets/pictures/%2e%2e/%2e%2e/package.json',
      '/assets/pictures/x%00.avif',
      `/assets/pictures/${'a'.repeat(5000)}.avif`,
      '/assets/pictures/.avif',
    ])
      expect((await fixture.call('GET', hostile, 'writer')).statusCode, hostile).toBe(404);
    expect((await fixture.call('GET', '/assets/pictures/anything-0123456789.avif', 'writer')).statusCode).toBe(404);
    const planned = '/assets/pictures/developers-at-a-whiteboard-in-noida';
    const signedOut = await fixture.call('GET', `${planned}-0123456789.avif`, 'nobody');
    expect(signedOut.statusCode).toBe(404);
  });
});

describe('the local editor (npm run edit)', () => {
  it("lets the content plugin answer a picture's copies, and nothing else under their folder", () => {
    const options = { root: process.cwd(), publicDir: `${process.cwd()}/public` };
    expect(isServed('/assets/pictures/about-hero-0123456789.avif', options)).toBe(true);
    expect(isServed('/assets/pictures/about-hero-0123456789-800.webp', options)).toBe(true);
    for (const refused of ['/assets/pictures/../../package.json', '/assets/pictures/x.js', '/assets/pictures/a/b.avif'])
      expect(isServed(refused, options), refused).toBe(false);
  });
});
