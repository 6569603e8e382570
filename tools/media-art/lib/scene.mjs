// SVG building blocks for the house illustration style: deep-navy (or soft
// light) backdrops with violet/teal glows, dot grids, flowing "threads",
// isometric blocks, icon tiles built from Lucide icon nodes and device frames.
import { createRequire } from 'node:module';
import { C, rng, hash, n2 } from './core.mjs';

const require = createRequire(import.meta.url);
const { icons: LUCIDE } = require('lucide');

let uid = 0;
export const nextId = (p = 'i') => `${p}${(uid++).toString(36)}`;
export const resetIds = () => {
  uid = 0;
};

// ---------------------------------------------------------------- backdrops

/**
 * Deep-navy base with soft radial glows.
 * glows: [cx, cy, r, color, opacity] with cx, cy in 0..1 of the frame and r
 * relative to the larger side.
 */
export function darkBackdrop(W, H, seed, { glows, base = [C.navy, C.ink], vignette = 0.55 } = {}) {
  const id = nextId('bd');
  const R = rng(seed);
  const gl = glows || [
    [R.range(0.05, 0.35), R.range(0.05, 0.4), R.range(0.45, 0.6), C.violet, 0.5],
    [R.range(0.65, 0.95), R.range(0.6, 0.95), R.range(0.45, 0.6), C.teal, 0.32],
    [R.range(0.4, 0.7), R.range(0.3, 0.6), 0.35, C.blue, 0.14],
  ];
  const M = Math.max(W, H);
  const defs = gl
    .map(
      ([, , , col, op], i) =>
        `<radialGradient id="${id}g${i}"><stop offset="0" stop-color="${col}" stop-opacity="${op}"/>` +
        `<stop offset="0.45" stop-color="${col}" stop-opacity="${n2(op * 0.38)}"/>` +
        `<stop offset="1" stop-color="${col}" stop-opacity="0"/></radialGradient>`,
    )
    .join('');
  const circles = gl
    .map(([cx, cy, r], i) => `<circle cx="${n2(cx * W)}" cy="${n2(cy * H)}" r="${n2(r * M)}" fill="url(#${id}g${i})"/>`)
    .join('');
  return `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base[0]}"/><stop offset="1" stop-color="${base[1]}"/></linearGradient>
<radialGradient id="${id}v" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="${C.ink}" stop-opacity="0"/><stop offset="1" stop-color="${C.ink}" stop-opacity="${vignette}"/></radialGradient>${defs}</defs>
<rect width="${W}" height="${H}" fill="url(#${id}b)"/>${circles}<rect width="${W}" height="${H}" fill="url(#${id}v)"/>`;
}

/** Soft light backdrop (for images that sit on light page sections). */
export function lightBackdrop(W, H, seed, { glows, base = ['#f5f3ff', '#eafaf7'] } = {}) {
  const id = nextId('lb');
  const R = rng(seed);
  const gl = glows || [
    [R.range(0.0, 0.3), R.range(0.0, 0.3), 0.55, C.violet, 0.22],
    [R.range(0.7, 1.0), R.range(0.7, 1.0), 0.55, C.teal, 0.22],
  ];
  const M = Math.max(W, H);
  const defs = gl
    .map(
      ([, , , col, op], i) =>
        `<radialGradient id="${id}g${i}"><stop offset="0" stop-color="${col}" stop-opacity="${op}"/>` +
        `<stop offset="1" stop-color="${col}" stop-opacity="0"/></radialGradient>`,
    )
    .join('');
  const circles = gl
    .map(([cx, cy, r], i) => `<circle cx="${n2(cx * W)}" cy="${n2(cy * H)}" r="${n2(r * M)}" fill="url(#${id}g${i})"/>`)
    .join('');
  return `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base[0]}"/><stop offset="1" stop-color="${base[1]}"/></linearGradient>${defs}</defs>
<rect width="${W}" height="${H}" fill="url(#${id}b)"/>${circles}`;
}

/** A grid of dots, faded out with a radial mask around (cx, cy). */
export function dotGrid(
  W,
  H,
  { gap = 28, r = 1.3, color = '#9fb0ff', opacity = 0.2, cx = 0.5, cy = 0.5, fade = 0.6, x = 0, y = 0, w = W, h = H } = {},
) {
  const id = nextId('dg');
  return `<defs><pattern id="${id}p" width="${gap}" height="${gap}" patternUnits="userSpaceOnUse" x="${n2(x + gap / 2)}" y="${n2(y + gap / 2)}"><circle cx="${gap / 2}" cy="${gap / 2}" r="${r}" fill="${color}"/></pattern>
<radialGradient id="${id}r" cx="${cx}" cy="${cy}" r="${fade}"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<mask id="${id}m"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}r)"/></mask></defs>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}p)" opacity="${opacity}" mask="url(#${id}m)"/>`;
}

// Catmull-Rom through points -> smooth cubic path.
export function smoothPath(pts, closed = false) {
  if (pts.length < 2) return '';
  const P = closed ? [pts[pts.length - 1], ...pts, pts[0], pts[1]] : [pts[0], ...pts, pts[pts.length - 1]];
  let d = `M${n2(P[1][0])},${n2(P[1][1])}`;
  for (let i = 1; i < P.length - 2; i++) {
    const [p0, p1, p2, p3] = [P[i - 1], P[i], P[i + 1], P[i + 2]];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n2(c1[0])},${n2(c1[1])} ${n2(c2[0])},${n2(c2[1])} ${n2(p2[0])},${n2(p2[1])}`;
  }
  return closed ? d + 'Z' : d;
}

/**
 * A bundle of flowing curves ("threads") crossing the frame.
 * phase (0..1) animates the bundle periodically.
 */
export function threads(
  W,
  H,
  seed,
  {
    count = 18,
    y0 = 0.6,
    spread = 0.2,
    amp = 0.08,
    opacity = 0.5,
    phase = 0,
    width = 1.4,
    colors = [C.violet, C.blue, C.teal],
    tilt = 0,
    x0 = -0.05,
    x1 = 1.05,
    fade,
  } = {},
) {
  const fadeEnds = fade ?? (x0 > 0 || x1 < 1);
  const R = rng(seed);
  const id = nextId('th');
  const f1 = R.range(0.8, 1.4);
  const f2 = R.range(1.6, 2.6);
  const p1 = R.range(0, 6.28);
  const p2 = R.range(0, 6.28);
  const twist = R.range(1.2, 2.2);
  const TAU = Math.PI * 2;
  const stops = colors.map((c, i) => {
    const o = n2(i / (colors.length - 1));
    const op = fadeEnds && (i === 0 || i === colors.length - 1) ? 0 : 1;
    return `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`;
  });
  if (fadeEnds) {
    stops.splice(1, 0, `<stop offset="0.18" stop-color="${colors[0]}"/>`);
    stops.splice(stops.length - 1, 0, `<stop offset="0.82" stop-color="${colors[colors.length - 1]}"/>`);
  }
  let out =
    `<defs><linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n2(W * Math.max(0, x0))}" y1="0" x2="${n2(W * Math.min(1, x1))}" y2="0">` +
    stops.join('') +
    `</linearGradient></defs><g fill="none" stroke="url(#${id})" stroke-linecap="round">`;
  for (let i = 0; i < count; i++) {
    const u = count === 1 ? 0 : i / (count - 1) - 0.5;
    const pts = [];
    const N = 48;
    for (let k = 0; k <= N; k++) {
      const s = k / N;
      const x = W * (x0 + (x1 - x0) * s);
      // Each strand twists around the bundle centre: amplitude narrows and widens.
      const env = Math.cos(TAU * s * twist * 0.5 + p2 + TAU * phase);
      const yc =
        H * y0 +
        tilt * H * (s - 0.5) +
        amp * H * Math.sin(TAU * s * f1 + p1 + TAU * phase) +
        amp * 0.45 * H * Math.sin(TAU * s * f2 + p2 - TAU * phase);
      const y = yc + u * spread * H * (0.35 + 0.65 * env);
      pts.push([x, y]);
    }
    const o = opacity * (0.35 + 0.65 * (1 - Math.abs(u) * 1.6) ** 2);
    out += `<path d="${smoothPath(pts)}" stroke-width="${n2(width * (0.7 + R() * 0.6))}" opacity="${n2(Math.max(0.06, o))}"/>`;
  }
  return out + '</g>';
}

// ---------------------------------------------------------------- icons

export function hasIcon(name) {
  return !!LUCIDE[name];
}

/** Lucide icon at (x, y) top-left with given size. */
export function icon(name, x, y, size, { stroke = '#fff', width = 1.75, opacity = 1, extra = '' } = {}) {
  const nodes = LUCIDE[name];
  if (!nodes) throw new Error(`lucide icon not found: ${name}`);
  const s = size / 24;
  const inner = nodes
    .map(([tag, attrs]) => {
      const a = Object.entries(attrs)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => `${k}="${v}"`)
        .join(' ');
      return `<${tag} ${a}/>`;
    })
    .join('');
  return `<g transform="translate(${n2(x)} ${n2(y)}) scale(${n2(s * 1000) / 1000})" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"${extra}>${inner}</g>`;
}

/** A gradient usable on icon strokes (defined in the icon's 24x24 space). */
export function iconGradient(id, a = C.violet, b = C.teal) {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="2" y1="2" x2="22" y2="22"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
}

// ---------------------------------------------------------------- tiles

/** Soft drop shadow filter definition. */
export function shadowFilter(id, { dy = 14, blur = 22, color = '#1b2350', opacity = 0.18 } = {}) {
  return `<filter id="${id}" x="-40%" y="-40%" width="180%" height="190%" color-interpolation-filters="sRGB"><feDropShadow dx="0" dy="${dy}" stdDeviation="${blur / 2}" flood-color="${color}" flood-opacity="${opacity}"/></filter>`;
}

export function glowFilter(id, blur = 8) {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur}" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
}

/**
 * Icon tile. kind: 'light' (white card, gradient icon), 'dark' (navy card,
 * light icon with glow), 'accent' (violet->teal card, white icon).
 */
export function tile(x, y, size, name, { kind = 'light', radius, shadow, iconScale = 0.46, r0 = C.violet, r1 = C.teal } = {}) {
  const id = nextId('tl');
  const rad = radius ?? size * 0.24;
  const isz = size * iconScale;
  const ix = x + (size - isz) / 2;
  const iy = y + (size - isz) / 2;
  const sw = Math.max(1.3, Math.min(2, (24 / isz) * 2.2));
  let defs = `<defs>${iconGradient(id + 'i', r0, r1)}`;
  let body = '';
  if (kind === 'light') {
    defs += `</defs>`;
    body =
      `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(size)}" height="${n2(size)}" rx="${n2(rad)}" fill="#fff"${shadow ? ` filter="url(#${shadow})"` : ''}/>` +
      `<rect x="${n2(x + 0.5)}" y="${n2(y + 0.5)}" width="${n2(size - 1)}" height="${n2(size - 1)}" rx="${n2(rad)}" fill="none" stroke="#e4e3f7"/>` +
      icon(name, ix, iy, isz, { stroke: `url(#${id}i)`, width: sw });
  } else if (kind === 'dark') {
    defs +=
      `<linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy3}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient>` +
      `<linearGradient id="${id}e" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${r0}" stop-opacity="0.9"/><stop offset="1" stop-color="${r1}" stop-opacity="0.6"/></linearGradient>` +
      `<radialGradient id="${id}h" cx="0.3" cy="0.2" r="0.9"><stop offset="0" stop-color="${r0}" stop-opacity="0.35"/><stop offset="1" stop-color="${r0}" stop-opacity="0"/></radialGradient>` +
      glowFilter(id + 'g', isz * 0.06) +
      `</defs>`;
    body =
      `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(size)}" height="${n2(size)}" rx="${n2(rad)}" fill="url(#${id}b)"${shadow ? ` filter="url(#${shadow})"` : ''}/>` +
      `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(size)}" height="${n2(size)}" rx="${n2(rad)}" fill="url(#${id}h)"/>` +
      `<rect x="${n2(x + 1)}" y="${n2(y + 1)}" width="${n2(size - 2)}" height="${n2(size - 2)}" rx="${n2(rad - 1)}" fill="none" stroke="url(#${id}e)" stroke-width="1.5"/>` +
      `<g filter="url(#${id}g)">${icon(name, ix, iy, isz, { stroke: `url(#${id}i)`, width: sw })}</g>`;
    defs = defs.replace(iconGradient(id + 'i', r0, r1), iconGradient(id + 'i', C.tealLight, C.violetLight));
  } else {
    defs += `<linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${r0}"/><stop offset="1" stop-color="${r1}"/></linearGradient></defs>`;
    body =
      `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(size)}" height="${n2(size)}" rx="${n2(rad)}" fill="url(#${id}b)"${shadow ? ` filter="url(#${shadow})"` : ''}/>` +
      icon(name, ix, iy, isz, { stroke: '#fff', width: sw });
  }
  return defs + body;
}

// ---------------------------------------------------------------- isometric

const ISO = { cx: Math.cos(Math.PI / 6), sy: 0.5 };

/** Project iso coords (x right-down, y left-down, z up) to screen, origin (ox, oy), unit u. */
export function iso(ox, oy, u) {
  return (x, y, z = 0) => [ox + (x - y) * ISO.cx * u, oy + (x + y) * ISO.sy * u - z * u];
}

/**
 * Isometric box with three shaded faces.
 * colors: { top, left, right, edge }.
 */
export function isoBox(P, x, y, z, w, d, h, { top, left, right, edge = 'none', edgeOpacity = 0.6, topExtra = '' } = {}) {
  const p = (a, b, c) => P(a, b, c).map(n2).join(',');
  const T = `M${p(x, y, z + h)}L${p(x + w, y, z + h)}L${p(x + w, y + d, z + h)}L${p(x, y + d, z + h)}Z`;
  const Lf = `M${p(x, y + d, z + h)}L${p(x + w, y + d, z + h)}L${p(x + w, y + d, z)}L${p(x, y + d, z)}Z`;
  const Rf = `M${p(x + w, y, z + h)}L${p(x + w, y + d, z + h)}L${p(x + w, y + d, z)}L${p(x + w, y, z)}Z`;
  const st = edge === 'none' ? '' : ` stroke="${edge}" stroke-opacity="${edgeOpacity}" stroke-width="1" stroke-linejoin="round"`;
  return `<path d="${Lf}" fill="${left}"${st}/><path d="${Rf}" fill="${right}"${st}/><path d="${T}" fill="${top}"${st}/>${topExtra}`;
}

/** SVG transform that maps a flat unit square [0,1]^2 onto the iso top face at (x,y,z) size (w,d). */
export function isoTopMatrix(P, x, y, z, w, d) {
  const o = P(x, y, z);
  const ax = P(x + w, y, z);
  const ay = P(x, y + d, z);
  return `matrix(${n2((ax[0] - o[0]) * 1000) / 1000} ${n2((ax[1] - o[1]) * 1000) / 1000} ${n2((ay[0] - o[0]) * 1000) / 1000} ${n2((ay[1] - o[1]) * 1000) / 1000} ${n2(o[0])} ${n2(o[1])})`;
}

// ---------------------------------------------------------------- network

export function network(
  W,
  H,
  seed,
  {
    n = 26,
    x = 0,
    y = 0,
    w = W,
    h = H,
    maxDist = 220,
    color = C.sky,
    nodeColor = C.tealLight,
    opacity = 0.5,
    phase = 0,
    r = 2.6,
  } = {},
) {
  const R = rng(seed);
  const TAU = Math.PI * 2;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const bx = x + R() * w;
    const by = y + R() * h;
    const rr = R.range(6, 22);
    const ph = R() * TAU;
    const dir = R() < 0.5 ? 1 : -1;
    pts.push([bx + rr * Math.cos(ph + dir * TAU * phase), by + rr * Math.sin(ph + dir * TAU * phase), R()]);
  }
  let lines = '';
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const dx = pts[i][0] - pts[j][0];
      const dy = pts[i][1] - pts[j][1];
      const dd = Math.hypot(dx, dy);
      if (dd < maxDist) {
        const o = (1 - dd / maxDist) ** 1.5 * opacity;
        if (o > 0.02)
          lines += `<line x1="${n2(pts[i][0])}" y1="${n2(pts[i][1])}" x2="${n2(pts[j][0])}" y2="${n2(pts[j][1])}" stroke="${color}" stroke-opacity="${n2(o)}" stroke-width="1"/>`;
      }
    }
  const nodes = pts
    .map(
      ([px, py, s]) =>
        `<circle cx="${n2(px)}" cy="${n2(py)}" r="${n2(r * (0.6 + s * 0.9))}" fill="${nodeColor}" opacity="${n2(0.45 + s * 0.5)}"/>`,
    )
    .join('');
  return lines + nodes;
}

/** Seeded choice helper based on a slug. */
export function slugRng(slug, salt = '') {
  return rng(hash(slug + '|' + salt));
}
