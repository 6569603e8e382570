// Brand assets: logo.svg (mark + wordmark), logo-mark.svg and the 1200x630
// Open Graph image share.jpg.
// Usage: node tools/media-art/brand.mjs
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { C, MEDIA, ensureDir, n2 } from './lib/core.mjs';
import { layout } from './lib/glyphs.mjs';
import { markSvg } from './lib/mark.mjs';
import { darkBackdrop, threads, dotGrid } from './lib/scene.mjs';

const GRAD = (id, x1, y1, x2, y2) =>
  `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n2(x1)}" y1="${n2(y1)}" x2="${n2(x2)}" y2="${n2(y2)}">` +
  `<stop offset="0" stop-color="${C.violet}"/><stop offset="0.55" stop-color="${C.blue}"/><stop offset="1" stop-color="${C.teal}"/></linearGradient>`;

/** The wordmark as stroked paths, scaled so its cap height is `cap` px. */
function wordmark({ x, baseline, cap, color, sw = 11, tracking = 6 }) {
  const lay = layout('Sutra Labs', { sw, tracking });
  const s = cap / lay.cap;
  const body =
    `<g transform="translate(${n2(x)} ${n2(baseline)}) scale(${n2(s * 1000) / 1000})">` +
    `<path d="${lay.d}" fill="none" stroke="${color}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round"/>` +
    (lay.fill ? `<path d="${lay.fill}" fill="${color}"/>` : '') +
    `</g>`;
  return { body, width: lay.width * s, height: (lay.ascent + 0) * s };
}

function logoSvg(textColor) {
  // 240 x 56 viewBox: 56px mark, wordmark with cap height 26.
  const H = 56;
  const mark = markSvg({ x: 0, y: 0, size: H, stroke: 'url(#sl-g)', id: 'sl' });
  const wm = wordmark({ x: H + 14, baseline: H / 2 + 13, cap: 26, color: textColor });
  const W = Math.ceil(H + 14 + wm.width + 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="Sutra Labs">
<title>Sutra Labs</title>
<defs>${GRAD('sl-g', 4, 4, H - 4, H - 4)}</defs>${mark}
${wm.body}
</svg>
`;
}

function markOnlySvg() {
  const S = 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="Sutra Labs">
<title>Sutra Labs</title>
<defs>${GRAD('slm-g', 4, 4, S - 4, S - 4)}</defs>${markSvg({ x: 0, y: 0, size: S, stroke: 'url(#slm-g)', id: 'slm' })}
</svg>
`;
}

function shareSvg() {
  const W = 1200;
  const H = 630;
  const markSize = 132;
  const wm = wordmark({ x: 0, baseline: 0, cap: 78, color: '#ffffff', sw: 10.5, tracking: 6 });
  const tag = layout('Elite software developers on demand', { sw: 8, tracking: 9 });
  const tagScale = 30 / tag.xHeight; // x-height 30px
  const tagW = tag.width * tagScale;
  const blockW = Math.max(markSize + 40 + wm.width, tagW);
  const left = (W - blockW) / 2;
  const markY = 176;
  const wmBaseline = markY + markSize / 2 + 39;
  const tagBaseline = 452;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<defs>${GRAD('sh-g', left, markY, left + markSize, markY + markSize)}
<linearGradient id="sh-rule" x1="0" x2="1"><stop offset="0" stop-color="${C.violet}" stop-opacity="0"/><stop offset="0.5" stop-color="${C.tealLight}"/><stop offset="1" stop-color="${C.teal}" stop-opacity="0"/></linearGradient>
<radialGradient id="sh-halo"><stop offset="0" stop-color="${C.violet}" stop-opacity="0.45"/><stop offset="1" stop-color="${C.violet}" stop-opacity="0"/></radialGradient>
</defs>
${darkBackdrop(W, H, 'share', {
  glows: [
    [0.12, 0.1, 0.55, C.violet, 0.55],
    [0.92, 0.95, 0.6, C.teal, 0.4],
    [0.5, 0.45, 0.45, C.blue, 0.18],
  ],
})}
${dotGrid(W, H, { gap: 26, r: 1.3, color: '#9fb0ff', opacity: 0.16, cx: 0.5, cy: 0.5, fade: 0.7, id: 'sh' })}
${threads(W, H, 'share-threads', { count: 16, y0: 0.8, amp: 0.07, opacity: 0.45, spread: 0.16 })}
<circle cx="${left + markSize / 2}" cy="${markY + markSize / 2}" r="${markSize}" fill="url(#sh-halo)"/>
${markSvg({ x: left, y: markY, size: markSize, stroke: 'url(#sh-g)', id: 'shm' })}
<g transform="translate(${n2(left + markSize + 40)} ${wmBaseline})">${wm.body}</g>
<rect x="${n2((W - 520) / 2)}" y="${tagBaseline - 74}" width="520" height="2" fill="url(#sh-rule)"/>
<g transform="translate(${n2((W - tagW) / 2)} ${tagBaseline}) scale(${n2(tagScale * 1000) / 1000})">
<path d="${tag.d}" fill="none" stroke="#dfe6ff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
<path d="${tag.fill}" fill="#dfe6ff"/>
</g>
</svg>`;
}

export async function buildBrand() {
  const dir = join(MEDIA, 'brand');
  await ensureDir(join(dir, 'x'));
  await writeFile(join(dir, 'logo.svg'), logoSvg(C.navy));
  await writeFile(join(dir, 'logo-mark.svg'), markOnlySvg());
  await sharp(Buffer.from(shareSvg()))
    .flatten({ background: C.navy })
    .jpeg({ quality: 86, mozjpeg: true, chromaSubsampling: '4:4:4' })
    .toFile(join(dir, 'share.jpg'));
  console.log('brand: logo.svg, logo-mark.svg, share.jpg');
}

if (import.meta.url === `file://${process.argv[1]}`) await buildBrand();
