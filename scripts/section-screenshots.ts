/**
 * `npm run docs:screenshots`: keeps the section reference of docs/content-guide.md current.
 *
 * 1. Rewrites the guide's generated blocks from the sources of truth: one entry per section type
 *    (its schema's description and a table of its fields) and the table of content problems
 *    (src/content/catalog.ts).
 * 2. Starts the dev server (on a free port, or DOCS_PORT) unless DOCS_URL names a running one, opens
 *    its section gallery (/__sections) in Debian's Chromium with the flags of playwright.config.ts,
 *    and saves a picture of each type's first example to docs/images/sections/<type>.webp.
 *
 * `-- --only hero,timeline` pictures those types alone (new:section pictures the type it adds).
 * `-- --tables-only` does step 1 alone (no browser); `-- --check` changes nothing and fails when
 * the guide's tables are stale. tests/unit/content-guide.test.ts runs the same check.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOnlyCodes, catalogue, noteCodes, problemCodes, warningCodes, type ProblemCode } from '../src/content/catalog.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const guidePath = join(root, 'docs/content-guide.md');
const imageDir = join(root, 'docs/images/sections');

type Schema = {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  examples?: unknown[];
  'x-renamed-to'?: string;
  filledByBuild?: boolean;
};

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Schema & { definitions?: Record<string, Schema> };
const common = readJson(join(root, 'schemas/common.schema.json')).definitions ?? {};

/** The section types: the files of schemas/sections/, in alphabetical order. */
export const sectionTypes = () =>
  readdirSync(join(root, 'schemas/sections'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.slice(0, -'.schema.json'.length))
    .sort();

const resolveRef = (schema: Schema): Schema => {
  const name = schema.$ref?.match(/common\.schema\.json#\/definitions\/(\w+)$/)?.[1];
  return name ? { ...common[name], ...schema, $ref: undefined, title: common[name]?.title } : schema;
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const list = (values: unknown[]) => values.map((v) => `\`${String(v)}\``).join(', ');
const range = (min?: number, max?: number) =>
  min !== undefined && max !== undefined
    ? `${min} to ${max}`
    : min !== undefined
      ? `at least ${min}`
      : max !== undefined
        ? `at most ${max}`
        : '';

/** How a marketer writes a value of this schema, in a few words. */
function kindOf(schema: Schema): string {
  const s = resolveRef(schema);
  switch (s.title) {
    case 'Text':
      return 'text';
    case 'RichText':
      return 'text, `**bold**` allowed';
    case 'Link':
      return 'link';
    case 'IconName':
      return 'icon name';
    case 'LogoName':
      return 'logo name';
    case 'Image':
      return 'picture: `src`, `alt`';
    case 'Video':
      return 'video: `webm`, `mp4`, `poster`';
    case 'Action':
      return 'button: `label`, `link`';
  }
  if (s.const !== undefined) return `\`${String(s.const)}\``;
  if (s.enum) return `one of ${list(s.enum)}`;
  if (s.type === 'integer' || s.type === 'number')
    return ['whole number', range(s.minimum, s.maximum)].filter(Boolean).join(', ');
  if (s.type === 'boolean') return '`true` or `false`';
  if (s.type === 'array') {
    const items = resolveRef(s.items ?? {});
    // A list only the build writes, of pieces this table does not describe (a prose text's blocks).
    if (s.filledByBuild && !items.type) return 'nothing: the build fills it in';
    const count = range(s.minItems, s.maxItems);
    if (items.type === 'array') return `list of rows${count ? `, ${count}` : ''}; each row a ${kindOf(items)}`;
    const of = items.type === 'object' ? 'list (fields below)' : `list of ${kindOf(items)}`;
    return [of, count && `${count} items`].filter(Boolean).join(', ');
  }
  if (s.type === 'object') return 'group (fields below)';
  if (s.pattern?.startsWith('^https://')) return '`https://` address';
  if (s.pattern === '^[a-z][a-z0-9-]*$') return 'name: lowercase letters, digits, hyphens';
  return 'text';
}

/** The rows of a field table: every field of an object, then the fields of its lists and groups. */
function fieldRows(schema: Schema, prefix: string): string[] {
  const required = new Set(schema.required ?? []);
  const rows: string[] = [];
  const nested: [string, Schema][] = [];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    if (raw['x-renamed-to'] || name === '$schema') continue;
    const field = resolveRef(raw);
    const need = required.has(name)
      ? 'required'
      : field.default !== undefined
        ? `default \`${JSON.stringify(field.default)}\``
        : 'optional';
    rows.push(
      `| \`${prefix}${name}\` | ${cell(kindOf(field))} | ${need} | ${cell(raw.description ?? field.description ?? '')} |`,
    );
    const items = field.type === 'array' ? resolveRef(field.items ?? {}) : undefined;
    if (items?.type === 'object') nested.push([`${prefix}${name}[].`, items]);
    if (items?.type === 'array' && resolveRef(items.items ?? {}).type === 'object')
      nested.push([`${prefix}${name}[][].`, resolveRef(items.items!)]);
    if (field.type === 'object' && field.properties && !field.title?.match(/^(Image|Video|Action)$/))
      nested.push([`${prefix}${name}.`, field]);
  }
  return [...rows, ...nested.flatMap(([p, s]) => fieldRows(s, p))];
}

/** The generated reference of every section type: what it is, its picture and its fields. */
export function sectionReference(): string {
  return sectionTypes()
    .map((type) => {
      const schema = readJson(join(root, 'schemas/sections', `${type}.schema.json`));
      return [
        `### \`${type}\``,
        '',
        schema.description ?? '',
        '',
        `![The ${type} section, from its first example in schemas/sections/${type}.schema.json](images/sections/${type}.webp)`,
        '',
        '| field | what you write | needed | what it is for |',
        '| --- | --- | --- | --- |',
        ...fieldRows(schema, ''),
      ].join('\n');
    })
    .join('\n\n');
}

/** The generated table of every content problem, from the catalogue. */
export function problemReference(): string {
  const codes = Object.keys(problemCodes) as ProblemCode[];
  return [
    '| name | what it means | stops the build | your editor shows it too |',
    '| --- | --- | --- | --- |',
    ...codes.map(
      (code) =>
        `| \`${code}\` | ${cell(problemCodes[code])} | ${code === 'PlaceholderText' ? 'yes (a warning in the dev server)' : warningCodes.has(code) ? 'no (warning)' : noteCodes.has(code) ? 'no (a note)' : 'yes'} | ${catalogue[code].found === 'drawn' ? 'no, only the build, in the pages it draws' : buildOnlyCodes.has(code) ? 'no, only the check' : 'yes'} |`,
    ),
  ].join('\n');
}

const blocks: Record<string, () => string> = { sections: sectionReference, problems: problemReference };

/** The guide with every generated block (`<!-- generated:name -->` … `<!-- /generated:name -->`) rebuilt. */
export function refreshGuide(text: string): string {
  return Object.entries(blocks).reduce((out, [name, make]) => {
    const start = `<!-- generated:${name} (npm run docs:screenshots; do not edit by hand) -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`GuideMarkerMissing: docs/content-guide.md has no ${start} … ${end} block.`);
    return `${out.slice(0, from + start.length)}\n\n${make()}\n\n${out.slice(to)}`;
  }, text);
}

/** Saves a picture of the first gallery example of each of `types`. */
async function screenshots(baseUrl: string, types: readonly string[]): Promise<string[]> {
  const { chromium } = await import('@playwright/test');
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `ChromiumMissing: the pictures are taken with Chromium, and ${executablePath} does not exist. ` +
        'Install it (`apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome, then run this again.',
    );
  }
  const browser = await chromium.launch({
    executablePath,
    // The flags of playwright.config.ts, so the pictures match what the browser tests see.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const sharp = (await import('sharp')).default;
  const saved: string[] = [];
  try {
    // Reduced motion: sections show their finished state (no fade-ins, carousels and counters at rest).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/__sections`, { waitUntil: 'networkidle' });
    // The fixed header and the skip link would cover the top of a picture.
    await page.addStyleTag({ content: '[data-slot="header"],.skip-link{display:none!important}' });
    await page.evaluate(() => document.fonts.ready);
    mkdirSync(imageDir, { recursive: true });
    for (const type of types) {
      const element = page.locator(`[data-gallery-type="${type}"]`);
      // The dev server may reload the page once while it prepares dependencies on first use.
      await element.waitFor({ state: 'attached', timeout: 60_000 }).catch(() => {
        throw new Error(`GalleryTypeMissing: /__sections has no [data-gallery-type="${type}"].`);
      });
      await element.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      // Pictures load lazily, some only once their carousel comes near: ask for all of them now,
      // and wait until each one has arrived.
      await element.evaluate((el) => el.querySelectorAll('img').forEach((img) => (img.loading = 'eager')));
      await page.waitForFunction(
        (selector) =>
          [...document.querySelectorAll(`${selector} img`)].every(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        `[data-gallery-type="${type}"]`,
        { timeout: 20_000 },
      );
      await page.waitForTimeout(500);
      // A picture of what the window shows, from the top of the example: a full-page capture
      // resizes the window, which makes carousels measure themselves again and drop their pictures.
      // A section taller than the window (the hiring template) is cut; its top says what it is.
      const box = await element.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return {
          x: r.left,
          y: Math.max(0, r.top),
          width: r.width,
          height: Math.min(r.height, window.innerHeight - Math.max(0, r.top)),
        };
      });
      const png = await page.screenshot({ clip: box });
      const file = join(imageDir, `${type}.webp`);
      await sharp(png).resize({ width: 1000 }).webp({ quality: 78 }).toFile(file);
      saved.push(file);
    }
  } finally {
    await browser.close();
  }
  return saved;
}

async function main(args: string[]) {
  const current = readFileSync(guidePath, 'utf8');
  const fresh = refreshGuide(current);
  if (args.includes('--check')) {
    if (fresh !== current) {
      console.error(
        'GuideStale: the generated tables of docs/content-guide.md do not match the schemas and the catalogue.\nRun `npm run docs:screenshots -- --tables-only` and commit the result.',
      );
      process.exit(1);
    }
    console.log('The content guide is up to date.');
    return;
  }
  writeFileSync(guidePath, fresh);
  console.log(`Wrote the section and problem tables of docs/content-guide.md (${sectionTypes().length} section types).`);
  if (args.includes('--tables-only')) return;
  const types = only(args);

  let baseUrl = process.env.DOCS_URL;
  let close = async () => {};
  if (!baseUrl) {
    const { createServer } = await import('vite');
    // Any free port unless one is asked for: new:section runs this while other servers may be up.
    const port = Number(process.env.DOCS_PORT ?? 0);
    const server = await createServer({ root, logLevel: 'warn', server: { port, strictPort: port !== 0, host: '127.0.0.1' } });
    await server.listen();
    baseUrl = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
    close = () => server.close();
  }
  try {
    const saved = await screenshots(baseUrl, types);
    console.log(`Saved ${saved.length} pictures in docs/images/sections/ from ${baseUrl}/__sections.`);
  } finally {
    await close();
  }
}

/** The types named by `--only a,b`, checked against the schemas; every type without it. */
function only(args: string[]): string[] {
  const at = args.indexOf('--only');
  if (at < 0) return sectionTypes();
  const named = (args[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = named.filter((type) => !sectionTypes().includes(type));
  if (named.length === 0 || unknown.length > 0) {
    throw new Error(
      `UnknownSectionType: \`--only\` takes section types joined by commas, such as \`--only hero,timeline\`; ` +
        `${named.length === 0 ? 'none was given' : `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not one`}. Types: ${sectionTypes().join(', ')}.`,
    );
  }
  return named;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync(guidePath)) throw new Error('GuideMissing: docs/content-guide.md does not exist.');
  await main(process.argv.slice(2));
}
