/**
 * Resolves what content refers to outside itself, at build time: Lucide icons and technology logos
 * (inlined into the page that uses them, so the browser loads no icon library), and files under
 * `public/` (checked to exist, measured, and paired with their AVIF twin).
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cacheFolder, writeWhole } from '../files.ts';
import type { IconNode, LogoData } from './module-types.ts';

const require = createRequire(import.meta.url);

/**
 * The icon and logo sets are large (Lucide's bundle is 650 KB of JavaScript, Iconify's logos 8.7 MB
 * of JSON) and every content check needs a few dozen of their entries. What it used is kept in
 * node_modules/.cache/content-assets/, under the sets' versions, so a check reads a small file
 * instead of the sets; a name not in it still goes to the set itself.
 */
const cacheDir = cacheFolder('content-assets');
/** A package's version, read from its folder: some packages' `exports` hide their package.json. */
const versionIn = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
const versionOf = (pkg: string) => versionIn(dirname(require.resolve(`${pkg}/package.json`)));

/** A JSON file of the cache, read once; `save` writes it back when it has changed. */
function cacheFile<T>(name: string): { data: Record<string, T>; save(): void } {
  const file = join(cacheDir, name);
  let data: Record<string, T> = {};
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>;
  } catch {
    // No cache yet, or one cut short: start a new one.
  }
  return {
    data,
    save() {
      try {
        writeWhole(file, JSON.stringify(data));
      } catch {
        // A cache that cannot be written (a read-only node_modules) only costs time.
      }
    },
  };
}

let lucide: Map<string, IconNode> | undefined;
/**
 * Every Lucide icon by its kebab-case name. Names come from the package's one-file-per-icon
 * folder: converting the exported PascalCase keys back is ambiguous (`Grid2x2` is `grid-2x2`).
 */
export function lucideIcons(): Map<string, IconNode> {
  if (!lucide) {
    const cache = cacheFile<IconNode>(`lucide-${versionOf('lucide')}.json`);
    if (Object.keys(cache.data).length > 0) lucide = new Map(Object.entries(cache.data));
    else {
      const { icons } = require('lucide') as { icons: Record<string, IconNode> };
      const folder = join(dirname(require.resolve('lucide')), '..', 'esm', 'icons');
      const pascal = (kebab: string) => kebab.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
      lucide = new Map();
      for (const file of readdirSync(folder)) {
        if (!file.endsWith('.mjs')) continue;
        const name = file.slice(0, -'.mjs'.length);
        const node = icons[pascal(name)];
        if (node) lucide.set(name, node);
      }
      Object.assign(cache.data, Object.fromEntries(lucide));
      cache.save();
    }
  }
  return lucide;
}

let aliases: Map<string, string> | undefined;
/**
 * Old Lucide names that now point at a renamed icon (`building-2` is `building-complex` since
 * Lucide 1), so a marketer copying an old name is told the new one. Keyed by PascalCase.
 */
export function lucideRenamed(name: string): string | undefined {
  if (!aliases) {
    aliases = new Map();
    const source = readFileSync(join(dirname(require.resolve('lucide')), '..', 'esm', 'iconsAndAliases.mjs'), 'utf8');
    for (const match of source.matchAll(/export \{([^}]+)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
      for (const alias of match[1]!.matchAll(/default as (\w+)/g)) aliases.set(alias[1]!, match[2]!);
    }
  }
  const pascal = name.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
  const target = aliases.get(pascal);
  return target && target !== name ? target : undefined;
}

interface IconifySet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
}
let iconify: IconifySet | undefined;
let devicon: IconifySet | undefined;
let simpleIcons: Map<string, { hex: string; title: string }> | undefined;

// The package's `exports` hide its data and icon files, so they are read by path from its folder.
const simpleIconsDir = () => dirname(require.resolve('simple-icons'));

/** Simple Icons' index (slug, title, colour): small; each icon's path is read only when used. */
function simpleIconIndex(): Map<string, { hex: string; title: string }> {
  simpleIcons ??= new Map(
    (JSON.parse(readFileSync(join(simpleIconsDir(), 'data', 'simple-icons.json'), 'utf8')) as { slug: string; hex: string; title: string }[]).map(
      (i) => [i.slug, i],
    ),
  );
  return simpleIcons;
}

/**
 * Names of every logo content may use: the Iconify `logos` set, then Simple Icons slugs, then
 * Devicon (which has marks the other two lack, such as `microsoftsqlserver` and `cosmosdb`).
 */
export async function logoNames(): Promise<string[]> {
  iconify ??= require('@iconify-json/logos/icons.json') as IconifySet;
  devicon ??= require('@iconify-json/devicon/icons.json') as IconifySet;
  return [...Object.keys(iconify.icons), ...simpleIconIndex().keys(), ...Object.keys(devicon.icons)];
}

let logoCache: ReturnType<typeof cacheFile<LogoData | null>> | undefined;

/** The logo called `name`, ready to inline, or undefined when neither set has it. */
export async function resolveLogo(name: string): Promise<LogoData | undefined> {
  logoCache ??= cacheFile<LogoData | null>(
    `logos-${versionOf('@iconify-json/logos')}-${versionIn(simpleIconsDir())}-${versionOf('@iconify-json/devicon')}.json`,
  );
  if (name in logoCache.data) return logoCache.data[name] ?? undefined;
  const logo = logoFromSets(name);
  logoCache.data[name] = logo ?? null;
  logoCache.save();
  return logo;
}

/** A logo of an Iconify set, its gradient and clip ids made unique to it. */
function fromIconify(set: IconifySet, name: string): LogoData | undefined {
  const icon = set.icons[name];
  if (!icon) return undefined;
  const width = icon.width ?? set.width ?? 256;
  const height = icon.height ?? set.height ?? 256;
  // Gradient and clip ids inside Iconify bodies must not clash when two logos share a page.
  const body = icon.body
    .replace(/id="([^"]+)"/g, `id="${name}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${name}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${name}-$1"`);
  return { viewBox: `0 0 ${width} ${height}`, body };
}

function logoFromSets(name: string): LogoData | undefined {
  iconify ??= require('@iconify-json/logos/icons.json') as IconifySet;
  const fromLogos = fromIconify(iconify, name);
  if (fromLogos) return fromLogos;
  const simple = simpleIconIndex().get(name);
  if (simple) {
    const svg = readFileSync(join(simpleIconsDir(), 'icons', `${name}.svg`), 'utf8');
    const path = svg.match(/<path d="([^"]+)"/)?.[1];
    return path ? { viewBox: '0 0 24 24', body: `<path fill="#${simple.hex}" d="${path}"/>` } : undefined;
  }
  devicon ??= require('@iconify-json/devicon/icons.json') as IconifySet;
  return fromIconify(devicon, name);
}

/**
 * Intrinsic size of an image, read from the first bytes of the file (WebP, PNG, JPEG, AVIF, SVG):
 * a few hundred images are measured on every content check, so no image library is loaded.
 */
const sizes = new Map<string, { stamp: string; size: { width: number; height: number } | undefined }>();

export function imageSize(file: string): { width: number; height: number } | undefined {
  // The same pictures appear on many pages and in every check the dev server runs: each file is
  // read once until it changes.
  const stat = statSync(file, { throwIfNoEntry: false });
  const stamp = stat ? `${stat.mtimeMs}:${stat.size}` : '';
  const known = sizes.get(file);
  if (known && known.stamp === stamp) return known.size;
  const size = readImageSize(file);
  sizes.set(file, { stamp, size });
  return size;
}

function readImageSize(file: string): { width: number; height: number } | undefined {
  const head = Buffer.alloc(64 * 1024);
  const fd = openSync(file, 'r');
  const length = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  return sizeFromHeader(head.subarray(0, length), file);
}

/** Reads width and height from an image file's header. Exported for tests. */
export function sizeFromHeader(b: Buffer, name = ''): { width: number; height: number } | undefined {
  const ascii = (start: number, end: number) => b.toString('latin1', start, end);
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    const chunk = ascii(12, 16);
    if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  if (b.readUInt32BE(0) === 0x89504e47) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b[0] === 0xff && b[1] === 0xd8) {
    for (let i = 2; i + 9 < b.length; ) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      // Start-of-frame markers carry the size; 0xC4, 0xC8 and 0xCC are other segments.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      }
      i += 2 + b.readUInt16BE(i + 2);
    }
  }
  if (ascii(4, 8) === 'ftyp') {
    // AVIF (ISO-BMFF): the image spatial extents property box holds the size.
    const at = b.indexOf('ispe', 0, 'latin1');
    if (at > 0) return { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) };
  }
  if (name.endsWith('.svg') || /^\s*(<\?xml|<svg)/.test(ascii(0, 100))) {
    const tag = b.toString('utf8').match(/<svg\b[^>]*>/)?.[0] ?? '';
    const attr = (n: string) => Number(tag.match(new RegExp(`\\s${n}="([\\d.]+)(px)?"`))?.[1]);
    const box = tag.match(/viewBox="[\d.\s-]*?([\d.]+)[\s,]+([\d.]+)"/);
    const width = attr('width') || Number(box?.[1]);
    const height = attr('height') || Number(box?.[2]);
    if (width && height) return { width: Math.round(width), height: Math.round(height) };
  }
  return undefined;
}

/** Files in the same folder as `src` (for "did you mean" on a missing file). */
export function siblings(publicDir: string, src: string): string[] {
  const dir = join(publicDir, dirname(src));
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => `${dirname(src)}/${name}`.replace(/^\/\//, '/'));
}
