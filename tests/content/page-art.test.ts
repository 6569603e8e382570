import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const pagesDir = resolve(import.meta.dirname, '../../content/pages');
const sharedHire = resolve(import.meta.dirname, '../../content/shared/hire.yaml');
const publicDir = resolve(import.meta.dirname, '../../public');

// The page families of the specification: seven service pages and twelve technology pages.
const SERVICE_PAGES = [
  'web-development',
  'mobile-app-development',
  'uiux-design',
  'cloud-services',
  'software-testing',
  'product-development',
  'pwa-development',
];
const TECHNOLOGY_PAGES = [
  'angular',
  'blazor',
  'c-sharp',
  'databases',
  'dot-net',
  'mern',
  'node',
  'react',
  'reporting',
  'typescript',
  'vue',
  'web-api',
];

interface Section {
  readonly type: string;
  readonly variant?: string;
  readonly image?: { readonly src: string; readonly alt: string };
  readonly cards?: readonly { readonly title: string; readonly image?: { readonly src: string; readonly alt: string } }[];
}

function sections(slug: string): readonly Section[] {
  const page = parse(readFileSync(join(pagesDir, `${slug}.yaml`), 'utf8')) as { sections: Section[] };
  return page.sections;
}

/** A digest of a picture file's bytes, so that one picture copied under two names still counts as one. */
function digestOf(src: string): string {
  return createHash('sha256')
    .update(readFileSync(join(publicDir, src)))
    .digest('hex');
}

/** The picture of the page's first section of `type`, or a note that it has none. */
function pictureOf(slug: string, type: 'page-hero' | 'overview'): string {
  return sections(slug).find((s) => s.type === type)?.image?.src ?? `${slug} has no ${type} picture`;
}

/** Every picture path under a `src` key anywhere in `value` (an image, a slide's image, a video's poster). */
function sourcesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(sourcesIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'src' && typeof inner === 'string' ? [inner] : sourcesIn(inner),
  );
}

describe('art direction per page family', () => {
  it('gives no two service or technology pages the same hero or overview picture', () => {
    const pages = [...SERVICE_PAGES, ...TECHNOLOGY_PAGES];
    const users = new Map<string, string[]>();
    for (const slug of pages)
      for (const type of ['page-hero', 'overview'] as const) {
        const src = pictureOf(slug, type);
        users.set(src, [...(users.get(src) ?? []), `${slug} ${type}`]);
      }
    const shared = [...users].filter(([, by]) => by.length > 1).map(([src, by]) => `${src}: ${by.join(', ')}`);
    expect(shared).toEqual([]);
    expect(users.size).toBe(pages.length * 2);
  });

  it('does not reuse one picture file under two names', () => {
    const byContent = new Map<string, string[]>();
    for (const slug of [...SERVICE_PAGES, ...TECHNOLOGY_PAGES])
      for (const type of ['page-hero', 'overview'] as const) {
        const src = pictureOf(slug, type);
        const digest = digestOf(src);
        byContent.set(digest, [...(byContent.get(digest) ?? []), src]);
      }
    expect([...byContent.values()].filter((srcs) => srcs.length > 1)).toEqual([]);
  });

  it('opens each technology page’s hire block on a picture of its own, with alt text', () => {
    const missing: string[] = [];
    // Which pages use each picture, by its bytes: the shared slides first, then each page's first slide.
    const users = new Map<string, string[]>();
    const use = (src: string, by: string) => {
      const digest = digestOf(src);
      users.set(digest, [...(users.get(digest) ?? []), `${by} (${src})`]);
    };
    const template = parse(readFileSync(sharedHire, 'utf8')) as { slides: { image: { src: string } }[] };
    template.slides.forEach((slide, i) => use(slide.image.src, `shared slide ${i + 1}`));
    for (const slug of TECHNOLOGY_PAGES) {
      const image = sections(slug).find((s) => s.type === 'hire')?.image;
      if (!image?.src || !image.alt.trim()) missing.push(slug);
      else use(image.src, slug);
    }
    expect(missing).toEqual([]);
    expect([...users.values()].filter((by) => by.length > 1)).toEqual([]);
  });

  it('gives every card of the service pages’ card grids a picture with alt text', () => {
    const missing: string[] = [];
    for (const slug of SERVICE_PAGES) {
      const grids = sections(slug).filter((s) => s.type === 'card-grid');
      if (grids.length === 0) missing.push(`${slug}: no card grid`);
      for (const grid of grids)
        for (const card of grid.cards ?? [])
          if (!card.image?.src || !card.image.alt.trim()) missing.push(`${slug}: ${card.title}`);
    }
    expect(missing).toEqual([]);
  });

  it('sets an accent in each service and technology page, in both colours', () => {
    // The accent is the page's motif in its content (schemas/page.schema.json): the page's CSS and its
    // art (tools/media-art/lib/content.mjs) both read it, so it is written in the page rather than left to the default.
    const accents = new Map(
      [...SERVICE_PAGES, ...TECHNOLOGY_PAGES].map((slug) => {
        const page = parse(readFileSync(join(pagesDir, `${slug}.yaml`), 'utf8')) as { accent?: string };
        return [slug, page.accent];
      }),
    );
    expect([...accents].filter(([, accent]) => accent === undefined).map(([slug]) => slug)).toEqual([]);
    expect(new Set(accents.values())).toEqual(new Set(['violet', 'teal']));
  });

  it('gives every card of one grid a different picture', () => {
    const repeated: string[] = [];
    for (const slug of SERVICE_PAGES)
      for (const grid of sections(slug).filter((s) => s.type === 'card-grid')) {
        const srcs = (grid.cards ?? []).map((card) => card.image?.src);
        repeated.push(...srcs.filter((src, i) => src && srcs.indexOf(src) !== i).map((src) => `${slug}: ${src}`));
      }
    expect(repeated).toEqual([]);
  });

  it('no page opens on a hero picture another page opens on', () => {
    // What a page opens on is every picture its first section can show: a page hero's image, and each
    // slide of a slider (the home page's hero, the slide banners), its still or its video's poster.
    // Compared by their bytes, so that one picture copied under two names still counts as one.
    const slugs = readdirSync(pagesDir)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => file.replace(/\.yaml$/, ''));
    const openers = new Map<string, string[]>();
    let heroes = 0;
    for (const slug of slugs) {
      const first = sections(slug)[0];
      if (first?.type === 'page-hero') heroes++;
      // One entry per picture and page, so a slider that shows a picture twice does not count as two pages.
      const own = new Map(sourcesIn(first).map((src) => [digestOf(src), src]));
      for (const [digest, src] of own) openers.set(digest, [...(openers.get(digest) ?? []), `${slug} (${src})`]);
    }
    // The check means something only if it saw the page heroes and the sliders.
    expect(heroes).toBeGreaterThanOrEqual(SERVICE_PAGES.length + TECHNOLOGY_PAGES.length);
    expect(openers.size).toBeGreaterThan(heroes);
    expect([...openers.values()].filter((pages) => pages.length > 1)).toEqual([]);
  });
});
