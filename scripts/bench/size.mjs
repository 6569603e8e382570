#!/usr/bin/env node
// `npm run bench:size`: what each prerendered route makes the browser download before any
// interaction: its HTML (with inlined CSS) and the JavaScript it references (entry script,
// module preloads, and their static imports), gzip and brotli. Figures, not a test: compare runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { benchArgs } from './common.mjs';

benchArgs({ usage: 'npm run bench:size   (after npm run build; it has no options)', options: {} });

const client = join(import.meta.dirname, '../..', 'dist/client');
if (!existsSync(join(client, 'routes.json'))) {
  console.error('BuildMissing: no build in dist/client. Run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8'));
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const kb = (n) => (n / 1024).toFixed(1);
const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const br = (buf) => brotliCompressSync(buf).length;

function jsClosure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key].file);
  };
  files.forEach(visit);
  return [...seen];
}

const routes = JSON.parse(readFileSync(join(client, 'routes.json'), 'utf8'));
const rows = [];
for (const route of [...routes, '404']) {
  const file = route === '/' ? 'index.html' : route === '404' ? '404.html' : `${route.slice(1)}/index.html`;
  // The build stores a page as its brotli copy only, which is what a browser is sent (scripts/prerender.ts).
  const stored = join(client, `${file}.br`);
  const sentBrotli = existsSync(stored) ? readFileSync(stored) : undefined;
  const html = sentBrotli ? brotliDecompressSync(sentBrotli) : readFileSync(join(client, file));
  const text = html.toString();
  // The boot script, the entry it starts and the modules it preloads then (src/app/startup/boot.ts), and
  // any other script or module preload in the page.
  const attr = (name) => [...text.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].flatMap((m) => m[1].split(' '));
  const referenced = [
    ...[...text.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]),
    ...attr('data-entry'),
    ...attr('data-preload'),
  ]
    .filter(Boolean)
    .map((file) => file.replace(/^\//, ''));
  const js = jsClosure(referenced);
  const jsGzip = js.reduce((sum, f) => sum + gz(readFileSync(join(client, f))), 0);
  rows.push({
    route,
    htmlRaw: html.length,
    htmlGzip: gz(html),
    htmlBrotli: sentBrotli?.length ?? br(html),
    jsFiles: js.length,
    jsGzip,
  });
}

const header = ['route', 'HTML KB', 'HTML gzip KB', 'HTML br KB', 'JS files', 'JS gzip KB'];
const lines = rows.map((r) => [r.route, kb(r.htmlRaw), kb(r.htmlGzip), kb(r.htmlBrotli), String(r.jsFiles), kb(r.jsGzip)]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(fmt(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
lines.forEach((l) => console.log(fmt(l)));
const max = (key) => Math.max(...rows.map((r) => r[key]));
console.log(`\nlargest: HTML gzip ${kb(max('htmlGzip'))} KB (budget 30), JS gzip ${kb(max('jsGzip'))} KB (budget 110)`);
