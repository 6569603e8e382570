#!/usr/bin/env node
// Generates the favicon set and the web app manifest from the logo mark (public/media/brand/logo-mark.svg).
// A maintenance tool: run it when the mark changes (`node scripts/favicons.mjs`) and commit the outputs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const pub = join(root, 'public');
const mark = readFileSync(join(pub, 'media/brand/logo-mark.svg'));
const navy = '#0b1530';

/** The mark on a rounded navy tile, `padding` as a fraction of the size (maskable icons need ~20 %). */
async function tile(size, padding, rounded) {
  const inner = Math.round(size * (1 - 2 * padding));
  const logo = await sharp(mark, { density: 512 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const radius = rounded ? Math.round(size * 0.22) : 0;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="${navy}"/></svg>`,
  );
  return sharp(background)
    .composite([{ input: logo, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An .ico holding PNG images (supported by every current browser). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

writeFileSync(join(pub, 'favicon.svg'), mark);
writeFileSync(
  join(pub, 'favicon.ico'),
  ico([
    { size: 32, data: await tile(32, 0.08, true) },
    { size: 16, data: await tile(16, 0.06, true) },
  ]),
);
writeFileSync(join(pub, 'apple-touch-icon.png'), await tile(180, 0.16, false));
writeFileSync(join(pub, 'icon-192.png'), await tile(192, 0.12, true));
writeFileSync(join(pub, 'icon-512.png'), await tile(512, 0.12, true));
writeFileSync(join(pub, 'icon-maskable-512.png'), await tile(512, 0.22, false));
writeFileSync(
  join(pub, 'site.webmanifest'),
  JSON.stringify(
    {
      name: 'Sutra Labs',
      short_name: 'Sutra Labs',
      description: 'Elite software developers on demand, and web, mobile and cloud software built end to end.',
      start_url: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: navy,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  ) + '\n',
);
console.log('Wrote favicon.svg, favicon.ico, apple-touch-icon.png, icon-192/512.png, icon-maskable-512.png, site.webmanifest');
