// Larger compositions used by art.mjs: page heroes, overviews, slides,
// device mock-ups. Every function returns a complete SVG document string.
import { C, rng, n2 } from './core.mjs';
import {
  darkBackdrop,
  lightBackdrop,
  dotGrid,
  threads,
  icon,
  iconGradient,
  tile,
  shadowFilter,
  glowFilter,
  iso,
  isoBox,
  isoTopMatrix,
  network,
  smoothPath,
  nextId,
  resetIds,
} from './scene.mjs';

export const doc = (W, H, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

// ------------------------------------------------------------ small parts

/** Dark glass panel (rounded rect with gradient edge). */
export function glassPanel(x, y, w, h, { r = 18, accent = C.violet, accent2 = C.teal, fill = 0.55 } = {}) {
  const id = nextId('gp');
  return `<defs><linearGradient id="${id}f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.navy3}" stop-opacity="${fill}"/><stop offset="1" stop-color="${C.ink}" stop-opacity="${n2(fill + 0.2)}"/></linearGradient>
<linearGradient id="${id}e" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.75"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="1" stop-color="${accent2}" stop-opacity="0.55"/></linearGradient></defs>
<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${r}" fill="url(#${id}f)"/>
<rect x="${n2(x + 0.75)}" y="${n2(y + 0.75)}" width="${n2(w - 1.5)}" height="${n2(h - 1.5)}" rx="${r}" fill="none" stroke="url(#${id}e)" stroke-width="1.5"/>`;
}

/** Rows of rounded "code tokens" inside a box. */
export function codeLines(x, y, w, h, seed, { dark = true, rows, lh = 22, bar = 8, opacity = 1 } = {}) {
  const R = rng(seed);
  const cols = dark
    ? [C.violetLight, C.tealLight, C.sky, '#ffffff', '#c9d3ff']
    : [C.violet, C.teal, C.blue, '#c3c7e6', '#a8aed6'];
  const n = rows || Math.floor(h / lh);
  let out = `<g opacity="${opacity}">`;
  let indent = 0;
  for (let i = 0; i < n; i++) {
    let cx = x + indent * 22;
    const yy = y + i * lh;
    const tokens = R.int(1, 4);
    for (let t = 0; t < tokens; t++) {
      const tw = R.range(22, 90);
      if (cx + tw > x + w) break;
      const col = R.pick(cols);
      const o = dark ? (col === '#ffffff' ? 0.28 : 0.75) : col.startsWith('#a') || col.startsWith('#c') ? 1 : 0.85;
      out += `<rect x="${n2(cx)}" y="${n2(yy)}" width="${n2(tw)}" height="${bar}" rx="${bar / 2}" fill="${col}" opacity="${n2(o)}"/>`;
      cx += tw + 10;
    }
    const r = R();
    if (r < 0.3 && indent < 3) indent++;
    else if (r > 0.72 && indent > 0) indent--;
  }
  return out + '</g>';
}

/** A curved dashed connector between two points. */
export function connector(a, b, { color = C.violet, opacity = 0.5, bend = 0.25, dash = '6 8', width = 2, dots = true } = {}) {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const c = [mx - dy * bend, my + dx * bend];
  let s = `<path d="M${n2(a[0])},${n2(a[1])}Q${n2(c[0])},${n2(c[1])} ${n2(b[0])},${n2(b[1])}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round"/>`;
  if (dots)
    s += `<circle cx="${n2(a[0])}" cy="${n2(a[1])}" r="${width * 2.2}" fill="${color}" opacity="${n2(opacity + 0.2)}"/><circle cx="${n2(b[0])}" cy="${n2(b[1])}" r="${width * 2.2}" fill="${color}" opacity="${n2(opacity + 0.2)}"/>`;
  return s;
}

/** Sparkle / plus markers sprinkled around. */
export function sparkles(seed, W, H, n, { color = C.violet, dark = false, avoid } = {}) {
  const R = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = R.range(0.04, 0.96) * W;
    const y = R.range(0.05, 0.95) * H;
    if (avoid && avoid(x, y)) continue;
    const s = R.range(4, 8);
    const col = R() < 0.5 ? color : C.teal;
    const o = dark ? R.range(0.25, 0.55) : R.range(0.35, 0.7);
    if (R() < 0.5)
      out += `<path d="M${n2(x - s)},${n2(y)}H${n2(x + s)}M${n2(x)},${n2(y - s)}V${n2(y + s)}" stroke="${col}" stroke-width="2" stroke-linecap="round" opacity="${n2(o)}"/>`;
    else
      out += `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(s * 0.45)}" fill="none" stroke="${col}" stroke-width="1.6" opacity="${n2(o)}"/>`;
  }
  return out;
}

/** Concentric orbit ellipses. */
export function orbits(cx, cy, radii, { color = C.violet, opacity = 0.35, squash = 1, dash = '2 10', width = 1.5 } = {}) {
  return radii
    .map(
      (r, i) =>
        `<ellipse cx="${n2(cx)}" cy="${n2(cy)}" rx="${n2(r)}" ry="${n2(r * squash)}" fill="none" stroke="${color}" stroke-opacity="${n2(opacity * (1 - i * 0.18))}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round"/>`,
    )
    .join('');
}

/** Big outlined icon with glow, for dark scenes. */
export function glowIcon(name, x, y, size, { a = C.violetLight, b = C.tealLight, opacity = 0.9, width = 1.1, blur } = {}) {
  const id = nextId('gi');
  return `<defs>${iconGradient(id + 'g', a, b)}${glowFilter(id + 'f', blur ?? size * 0.02)}</defs><g filter="url(#${id}f)">${icon(name, x, y, size, { stroke: `url(#${id}g)`, width, opacity })}</g>`;
}

// ------------------------------------------------------------ devices

export function laptop(x, y, w, { screen, dark = false, sid } = {}) {
  const h = w * 0.62;
  const bez = w * 0.025;
  const id = sid || nextId('lp');
  const baseH = w * 0.035;
  const frame = dark ? C.navy3 : '#1a2347';
  return {
    svg:
      `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dcf0"/><stop offset="1" stop-color="#aab0d0"/></linearGradient><clipPath id="${id}c"><rect x="${n2(x + bez)}" y="${n2(y + bez)}" width="${n2(w - 2 * bez)}" height="${n2(h - 2 * bez)}" rx="6"/></clipPath></defs>` +
      `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${n2(w * 0.025)}" fill="${frame}"/>` +
      `<g clip-path="url(#${id}c)">${screen ? screen(x + bez, y + bez, w - 2 * bez, h - 2 * bez) : ''}</g>` +
      `<path d="M${n2(x - w * 0.08)},${n2(y + h)}H${n2(x + w * 1.08)}L${n2(x + w * 1.04)},${n2(y + h + baseH)}H${n2(x - w * 0.04)}Z" fill="url(#${id}b)"/>` +
      `<rect x="${n2(x + w * 0.42)}" y="${n2(y + h)}" width="${n2(w * 0.16)}" height="${n2(baseH * 0.35)}" rx="3" fill="#8e95b8"/>`,
    h: h + baseH,
  };
}

export function phone(x, y, h, { screen, sid } = {}) {
  const w = h * 0.49;
  const bez = h * 0.022;
  const id = sid || nextId('ph');
  return {
    svg:
      `<defs><clipPath id="${id}c"><rect x="${n2(x + bez)}" y="${n2(y + bez)}" width="${n2(w - 2 * bez)}" height="${n2(h - 2 * bez)}" rx="${n2(h * 0.06)}"/></clipPath></defs>` +
      `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${n2(h * 0.075)}" fill="#141c3d"/>` +
      `<g clip-path="url(#${id}c)">${screen ? screen(x + bez, y + bez, w - 2 * bez, h - 2 * bez) : ''}</g>` +
      `<rect x="${n2(x + w * 0.36)}" y="${n2(y + bez + h * 0.012)}" width="${n2(w * 0.28)}" height="${n2(h * 0.024)}" rx="${n2(h * 0.012)}" fill="#141c3d"/>`,
    w,
  };
}

// ------------------------------------------------------------ page heroes (dark)

/**
 * 1600x900 dark page hero. icons: [main, ...satellites]. variant 0..2.
 * The left/centre stays calm; the motif sits to the right and is kept dim.
 */
export function pageHero(seed, icons, variant, { W = 1600, H = 900, swap = false } = {}) {
  resetIds();
  const R = rng(seed);
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  let body = darkBackdrop(W, H, seed, {
    glows: [
      [R.range(0.05, 0.3), R.range(0.0, 0.3), 0.5, a, 0.42],
      [R.range(0.72, 0.9), R.range(0.45, 0.7), 0.42, b, 0.3],
      [0.55, 1.05, 0.5, C.blue, 0.16],
    ],
  });
  body += dotGrid(W, H, { gap: 30, r: 1.3, color: '#a5b4ff', opacity: 0.22, cx: 0.74, cy: 0.5, fade: 0.5 });
  body += sparkles(seed + 's', W, H, 18, { dark: true, avoid: (x) => x < W * 0.5 });
  const cx = W * 0.76;
  const cy = H * 0.52;
  if (variant === 0) {
    // Isometric platform with blocks and floating icon tiles.
    const P = iso(cx, cy + 60, 46);
    body += threads(W, H, seed + 't', { count: 16, y0: 0.74, amp: 0.05, spread: 0.14, opacity: 0.4, tilt: -0.18 });
    body += isoBox(P, -4, -4, 0, 8, 8, 0.45, { top: '#16245a', left: '#0d1738', right: '#111d47', edge: a, edgeOpacity: 0.55 });
    body += dotGridIso(P, -4, -4, 0.45, 8, 8, a);
    const blocks = [
      [-3, -3, 2.2, 2.2, 1.3],
      [-3.2, 0.4, 2, 2.6, 1.1],
      [0.6, -3.2, 2.4, 2, 1.6],
      [1, 0.6, 2.2, 2.2, 2.8],
    ];
    for (const [x, y, w, d, h] of blocks) {
      body += isoBox(P, x, y, 0.45, w, d, h, {
        top: '#24367a',
        left: '#101b44',
        right: '#16245a',
        edge: R() < 0.5 ? a : b,
        edgeOpacity: 0.7,
      });
    }
    // icons glowing on the block tops, the main icon floating above the tallest
    const gg = nextId('hg');
    body += `<defs>${iconGradient(gg, C.tealLight, C.violetLight)}${glowFilter(gg + 'f', 5)}</defs>`;
    [
      [1, icons[1]],
      [2, icons[2]],
      [3, icons[3] || icons[1]],
    ].forEach(([bi, nm]) => {
      const [x, y, w, d, h] = blocks[bi];
      const m = isoTopMatrix(P, x + w * 0.2, y + d * 0.2, 0.45 + h, w * 0.6, d * 0.6);
      body += `<g filter="url(#${gg}f)"><g transform="${m}">${icon(nm, 0, 0, 1, { stroke: `url(#${gg})`, width: 1.4 })}</g></g>`;
    });
    const [tx, ty, tw, td, th] = blocks[0];
    const top = P(tx + tw / 2, ty + td / 2, 0.45 + th);
    const ts = 140;
    const beam = nextId('bm');
    body += `<defs><linearGradient id="${beam}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}" stop-opacity="0.7"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></linearGradient></defs>`;
    body += `<rect x="${n2(top[0] - 1)}" y="${n2(top[1] - 120)}" width="2" height="120" fill="url(#${beam})"/>`;
    body += `<ellipse cx="${n2(top[0])}" cy="${n2(top[1])}" rx="34" ry="17" fill="none" stroke="${b}" stroke-opacity="0.6" stroke-width="1.5"/>`;
    body += tile(top[0] - ts / 2, top[1] - 120 - ts, ts, icons[0], { kind: 'dark', r0: a, r1: b });
  } else if (variant === 1) {
    // Orbits around a glowing core icon.
    body += threads(W, H, seed + 't', { count: 14, y0: 0.8, amp: 0.06, spread: 0.12, opacity: 0.35, tilt: -0.1 });
    const id = nextId('core');
    body += `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="0.6" stop-color="${a}" stop-opacity="0.12"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient></defs>`;
    body += `<circle cx="${cx}" cy="${cy}" r="260" fill="url(#${id})"/>`;
    body += orbits(cx, cy, [150, 230, 320], { color: C.sky, opacity: 0.45, squash: 1, dash: '2 9' });
    body += `<circle cx="${cx}" cy="${cy}" r="108" fill="${C.navy}" fill-opacity="0.7" stroke="${a}" stroke-opacity="0.7" stroke-width="1.5"/>`;
    body += glowIcon(icons[0], cx - 64, cy - 64, 128, { width: 1.3 });
    const sat = icons.slice(1, 5);
    sat.forEach((nm, i) => {
      const ang = -0.9 + i * 1.55 + R.range(-0.15, 0.15);
      const rr = [230, 320, 230, 320][i];
      const x = cx + rr * Math.cos(ang);
      const y = cy + rr * Math.sin(ang);
      body += tile(x - 40, y - 40, 80, nm, { kind: 'dark', r0: i % 2 ? a : b, r1: i % 2 ? b : a });
    });
  } else {
    // Code window + network constellation, below the header's links and right of the copy at every
    // width the hero is cropped to (1280 to 1920: the picture's band above y = 240 is under the header).
    body += network(W, H, seed + 'n', { n: 26, x: W * 0.5, y: H * 0.3, w: W * 0.48, h: H * 0.6, maxDist: 210, opacity: 0.4 });
    body += threads(W, H, seed + 't', { count: 14, y0: 0.7, amp: 0.07, spread: 0.12, opacity: 0.35, tilt: 0.12 });
    const wx = W * 0.6;
    const wy = 300;
    const ww = 500;
    const wh = 300;
    body += glassPanel(wx, wy, ww, wh, { accent: a, accent2: b, fill: 0.8 });
    body += [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="${wx + 26 + i * 20}" cy="${wy + 26}" r="5" fill="${[C.violetLight, C.sky, C.tealLight][i]}" opacity="0.6"/>`,
      )
      .join('');
    body += `<rect x="${wx}" y="${wy + 50}" width="${ww}" height="1" fill="#ffffff" opacity="0.08"/>`;
    body += codeLines(wx + 30, wy + 78, ww - 60, wh - 100, seed + 'c', { opacity: 0.7 });
    body += tile(wx + ww - 80, wy - 50, 116, icons[0], { kind: 'dark', r0: a, r1: b });
    body += tile(wx - 60, wy + wh - 70, 96, icons[1], { kind: 'dark', r0: b, r1: a });
  }
  return doc(W, H, body);
}

function dotGridIso(P, x, y, z, w, d, color) {
  let s = '';
  for (let i = 0.5; i < w; i += 1)
    for (let j = 0.5; j < d; j += 1) {
      const [px, py] = P(x + i, y + j, z);
      s += `<circle cx="${n2(px)}" cy="${n2(py)}" r="1.6" fill="${color}" opacity="0.5"/>`;
    }
  return s;
}

// ------------------------------------------------------------ overviews (light)

export function overview(seed, icons, variant, { W = 1200, H = 900, swap = false } = {}) {
  resetIds();
  const R = rng(seed);
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  const sh = nextId('sh');
  const shBig = nextId('shb');
  let body = `<defs>${shadowFilter(sh)}${shadowFilter(shBig, { dy: 24, blur: 40, opacity: 0.28 })}</defs>`;
  body += lightBackdrop(W, H, seed, {
    glows: [
      [R.range(0.1, 0.35), R.range(0.1, 0.35), 0.5, a, 0.22],
      [R.range(0.65, 0.9), R.range(0.65, 0.9), 0.5, b, 0.22],
    ],
  });
  body += dotGrid(W, H, { gap: 28, r: 1.6, color: C.navy4, opacity: 0.16, cx: 0.5, cy: 0.5, fade: 0.62 });
  const cx = W / 2;
  const cy = H / 2;
  const slotsFor0 = [
    [-330, -40],
    [-190, -268],
    [210, -240],
    [330, 60],
    [40, 282],
  ];
  body += sparkles(seed + 's', W, H, 16, { color: a });
  if (variant === 0) {
    // Orbit: dark main tile, white satellites.
    body += orbits(cx, cy, [200, 330], { color: a, opacity: 0.5, squash: 0.78, dash: '3 10', width: 2 });
    body += threads(W, H, seed + 't', { count: 10, y0: 0.5, amp: 0.06, spread: 0.1, opacity: 0.35, width: 1.6 });
    const ms = 250;
    slotsFor0.forEach(([dx, dy], i) => {
      body += `<line x1="${cx}" y1="${cy}" x2="${cx + dx}" y2="${cy + dy}" stroke="${i % 2 ? b : a}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="2 9" stroke-linecap="round"/>`;
    });
    body += tile(cx - ms / 2, cy - ms / 2, ms, icons[0], { kind: 'dark', shadow: shBig, r0: a, r1: b, iconScale: 0.5 });
    const sats = icons.slice(1, 6);
    const slots = slotsFor0;
    sats.forEach((nm, i) => {
      const [dx, dy] = slots[i];
      const s = i % 2 ? 104 : 124;
      body += tile(cx + dx - s / 2, cy + dy - s / 2, s, nm, { kind: i === 2 ? 'accent' : 'light', shadow: sh, r0: a, r1: b });
    });
  } else if (variant === 1) {
    // Isometric stack with icons laid on the top faces.
    const P = iso(cx, cy - 10, 52);
    body += threads(W, H, seed + 't', { count: 10, y0: 0.78, amp: 0.05, spread: 0.1, opacity: 0.35, tilt: -0.15 });
    const ig = nextId('ig');
    body += `<defs>${iconGradient(ig, C.tealLight, C.violetLight)}${glowFilter(ig + 'f', 4)}<linearGradient id="${ig}t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy3}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient></defs>`;
    const layers = [
      { z: -2.4, s: 5.2, top: '#ffffff', left: '#dcd8f7', right: '#cbc4f3' },
      {
        z: -0.9,
        s: 4.2,
        top: '#f6f4ff',
        left: a === C.violet ? '#c9bffc' : '#a9ece3',
        right: a === C.violet ? '#b3a6f7' : '#86ddd2',
      },
      { z: 0.6, s: 3.2, top: `url(#${ig}t)`, left: '#1c2a5c', right: '#131f45' },
    ];
    layers.forEach((L, i) => {
      const o = -L.s / 2;
      body +=
        `<g filter="url(#${sh})">` +
        isoBox(P, o, o, L.z, L.s, L.s, 0.5, {
          top: L.top,
          left: L.left,
          right: L.right,
          edge: i === 2 ? b : '#ffffff',
          edgeOpacity: i === 2 ? 0.7 : 0.9,
        }) +
        '</g>';
      if (i < 2) {
        // a ring of dots around the visible rim of the lower layers
        for (let k = 0; k < 4; k++) {
          const [px, py] = P(o + 0.35 + k * 0.28, o + L.s - 0.35, L.z + 0.5);
          body += `<circle cx="${n2(px)}" cy="${n2(py)}" r="3" fill="${k % 2 ? a : b}" opacity="0.8"/>`;
        }
      }
    });
    const m = isoTopMatrix(P, -1.6 + 0.55, -1.6 + 0.55, 1.1, 2.1, 2.1);
    body += `<g filter="url(#${ig}f)"><g transform="${m}">${icon(icons[0], 0, 0, 1, { stroke: `url(#${ig})`, width: 1.5 })}</g></g>`;
    // satellites on the sides
    body += tile(cx - 470, cy - 250, 116, icons[3] || icons[1], { kind: 'light', shadow: sh, r0: a, r1: b });
    body += tile(cx + 330, cy - 300, 124, icons[4] || icons[2], { kind: 'accent', shadow: sh, r0: a, r1: b });
    body += tile(cx + 360, cy + 150, 104, icons[5] || icons[1], { kind: 'light', shadow: sh, r0: a, r1: b });
    body += connector([cx - 355, cy - 190], [cx - 190, cy - 60], { color: a, opacity: 0.45 });
    body += connector([cx + 340, cy - 180], [cx + 200, cy - 60], { color: b, opacity: 0.45, bend: -0.25 });
  } else if (variant === 2) {
    // App window with a dark hero tile overlapping its corner.
    const ww = 740;
    const wh = 520;
    const wx = cx - ww / 2 - 30;
    const wy = cy - wh / 2 + 30;
    body += threads(W, H, seed + 't', { count: 10, y0: 0.3, amp: 0.06, spread: 0.1, opacity: 0.35 });
    body += `<rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" rx="22" fill="#fff" filter="url(#${shBig})"/>`;
    body += `<rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" rx="22" fill="none" stroke="#e4e3f7"/>`;
    body += [0, 1, 2]
      .map((i) => `<circle cx="${wx + 30 + i * 22}" cy="${wy + 30}" r="6" fill="${['#ff8a8a', '#ffd36b', '#5fdc9a'][i]}"/>`)
      .join('');
    body += `<rect x="${wx + 110}" y="${wy + 21}" width="${ww - 200}" height="18" rx="9" fill="#eef0fb"/>`;
    body += `<rect x="${wx}" y="${wy + 60}" width="${ww}" height="1" fill="#e7e8f5"/>`;
    // sidebar
    body += `<rect x="${wx + 24}" y="${wy + 84}" width="150" height="${wh - 108}" rx="14" fill="#f5f4ff"/>`;
    for (let i = 0; i < 6; i++)
      body += `<rect x="${wx + 44}" y="${wy + 110 + i * 46}" width="${i === 1 ? 110 : 90 - (i % 3) * 12}" height="12" rx="6" fill="${i === 1 ? a : '#d7d9ef'}" opacity="${i === 1 ? 0.9 : 1}"/>`;
    // content: chart + tiles
    const chx = wx + 200;
    const chy = wy + 84;
    body += `<rect x="${chx}" y="${chy}" width="${ww - 224}" height="200" rx="14" fill="#f8f8ff" stroke="#ececf8"/>`;
    const pts = [];
    for (let i = 0; i <= 10; i++)
      pts.push([chx + 20 + i * ((ww - 264) / 10), chy + 150 - 90 * (0.5 + 0.5 * Math.sin(i * 0.7 + R() * 0.6)) * (0.4 + i / 16)]);
    const gid = nextId('cg');
    body += `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}" stop-opacity="0.3"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></linearGradient></defs>`;
    body += `<path d="${smoothPath(pts)}L${n2(pts[pts.length - 1][0])},${chy + 185}L${n2(pts[0][0])},${chy + 185}Z" fill="url(#${gid})"/>`;
    body += `<path d="${smoothPath(pts)}" fill="none" stroke="${a}" stroke-width="3.5" stroke-linecap="round"/>`;
    body += codeLines(chx, chy + 226, 250, 190, seed + 'c', { dark: false, lh: 26, bar: 10 });
    body += tile(chx + 296, chy + 222, 90, icons[1], { kind: 'light', r0: a, r1: b });
    body += tile(chx + 402, chy + 222, 90, icons[2], { kind: 'accent', r0: a, r1: b });
    body += tile(chx + 296, chy + 326, 90, icons[3] || icons[1], { kind: 'accent', r0: b, r1: a });
    body += tile(chx + 402, chy + 326, 90, icons[4] || icons[2], { kind: 'light', r0: b, r1: a });
    // hero tile
    body += tile(wx + ww - 120, wy - 100, 210, icons[0], { kind: 'dark', shadow: shBig, r0: a, r1: b, iconScale: 0.5 });
    body += tile(wx - 70, wy + wh - 90, 120, icons[5] || icons[1], { kind: 'light', shadow: sh, r0: b, r1: a });
  } else {
    // Staggered grid of tiles, centre dark.
    const s = 156;
    const gap = 44;
    const gx = cx - (3 * s + 2 * gap) / 2;
    const gy = cy - (3 * s + 2 * gap) / 2;
    body += threads(W, H, seed + 't', { count: 12, y0: 0.52, amp: 0.08, spread: 0.16, opacity: 0.35 });
    const order = icons.slice(1);
    // [row, col, kind]; five satellites and three empty "slots"
    const cells = [
      [0, 0, 'accent'],
      [0, 1, 'slot'],
      [0, 2, 'light'],
      [1, 0, 'small'],
      [1, 2, 'slot'],
      [2, 0, 'slot'],
      [2, 1, 'light'],
      [2, 2, 'accent2'],
    ];
    let k = 0;
    for (const [r, c, kind] of cells) {
      const x = gx + c * (s + gap) + (r === 1 ? 0 : r === 0 ? -26 : 26);
      const y = gy + r * (s + gap);
      if (kind === 'slot') {
        body += `<rect x="${x + 30}" y="${y + 30}" width="${s - 60}" height="${s - 60}" rx="22" fill="none" stroke="${a}" stroke-opacity="0.45" stroke-width="2" stroke-dasharray="5 8"/>`;
      } else if (kind === 'small') {
        body += tile(x + 22, y + 22, s - 44, order[k++ % order.length], { kind: 'light', shadow: sh, r0: b, r1: a });
      } else {
        body += tile(x, y, s, order[k++ % order.length], {
          kind: kind === 'light' ? 'light' : 'accent',
          shadow: sh,
          r0: kind === 'accent2' ? b : a,
          r1: kind === 'accent2' ? a : b,
        });
      }
    }
    body += tile(gx + s + gap - 22, gy + s + gap - 22, s + 44, icons[0], {
      kind: 'dark',
      shadow: shBig,
      r0: a,
      r1: b,
      iconScale: 0.5,
    });
  }
  return doc(W, H, body);
}
