/**
 * Resolves what content refers to outside itself, at build time: Lucide icons and technology logos
 * (inlined into the page that uses them, so the browser loads no icon library), and files under
 * `public/` (checked to exist, measured, and paired with their AVIF twin).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IconNode, LogoData } from './module-types.ts';

const require = createRequire(import.meta.url);

let lucide: Map<string, IconNode> | undefined;
/**
 * Every Lucide icon by its kebab-case name. Names come from the package's one-file-per-icon
 * folder: converting the exported PascalCase keys back is ambiguous (`Grid2x2` is `grid-2x2`).
 */
export function lucideIcons(): Map<string, IconNode> {
  if (!lucide) {
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
let simpleIcons: Map<string, { path: string; hex: string; title: string }> | undefined;

/** Names of every logo content may use: the Iconify `logos` set, then Simple Icons slugs. */
export async function logoNames(): Promise<string[]> {
  await loadLogoSets();
  return [...Object.keys(iconify!.icons), ...simpleIcons!.keys()];
}

async function loadLogoSets(): Promise<void> {
  iconify ??= require('@iconify-json/logos/icons.json') as IconifySet;
  if (!simpleIcons) {
    const all = (await import('simple-icons')) as unknown as Record<string, { slug: string; path: string; hex: string; title: string }>;
    simpleIcons = new Map(Object.values(all).filter((i) => i && typeof i === 'object' && 'slug' in i).map((i) => [i.slug, i]));
  }
}

/** The logo called `name`, ready to inline, or undefined when neither set has it. */
export async function resolveLogo(name: string): Promise<LogoData | undefined> {
  iconify ??= require('@iconify-json/logos/icons.json') as IconifySet;
  const icon = iconify.icons[name];
  if (icon) {
    const width = icon.width ?? iconify.width ?? 256;
    const height = icon.height ?? iconify.height ?? 256;
    // Gradient and clip ids inside Iconify bodies must not clash when two logos share a page.
    const body = icon.body.replace(/id="([^"]+)"/g, `id="${name}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${name}-$1)`).replace(/href="#([^"]+)"/g, `href="#${name}-$1"`);
    return { viewBox: `0 0 ${width} ${height}`, body };
  }
  await loadLogoSets();
  const simple = simpleIcons!.get(name);
  if (simple) return { viewBox: '0 0 24 24', body: `<path fill="#${simple.hex}" d="${simple.path}"/>` };
  return undefined;
}

/** Intrinsic size of an image, read from the file header; cached by path and modification time. */
const sizeCache = new Map<string, { mtime: number; width: number; height: number }>();
export async function imageSize(file: string): Promise<{ width: number; height: number } | undefined> {
  const mtime = statSync(file).mtimeMs;
  const cached = sizeCache.get(file);
  if (cached && cached.mtime === mtime) return cached;
  const { default: sharp } = await import('sharp');
  const meta = await sharp(file).metadata();
  if (!meta.width || !meta.height) return undefined;
  const entry = { mtime, width: meta.width, height: meta.height };
  sizeCache.set(file, entry);
  return entry;
}

/** Files in the same folder as `src` (for "did you mean" on a missing file). */
export function siblings(publicDir: string, src: string): string[] {
  const dir = join(publicDir, dirname(src));
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => `${dirname(src)}/${name}`.replace(/^\/\//, '/'));
}
