// Animated scenes for the hero and hiring videos. Each scene is a function of
// (W, H, p) where p in [0, 1) is the position in the loop; every moving part
// is a periodic function of p, so frame N flows straight back into frame 0.
import { C, rng, n2 } from './core.mjs';
import { darkBackdrop, dotGrid, threads, nextId, resetIds } from './scene.mjs';

const TAU = Math.PI * 2;
const doc = (W, H, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

function movingGlows(p, list) {
  // list: [cx, cy, r, color, opacity, ax, ay, phase, ky]
  return list.map(([cx, cy, r, col, op, ax, ay, ph, ky = 1]) => [
    cx + ax * Math.sin(TAU * p + ph),
    cy + ay * Math.sin(TAU * p * ky + ph * 1.7),
    r,
    col,
    op * (0.85 + 0.15 * Math.sin(TAU * p + ph * 2)),
  ]);
}

function particles(W, H, p, seed, { n = 60, color = C.sky, maxR = 1.8, alpha = 0.5 } = {}) {
  const R = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = R() * W;
    const y = R() * H;
    const rr = R.range(8, 34) * (W / 1280);
    const ph = R() * TAU;
    const dir = R() < 0.5 ? 1 : -1;
    const size = R.range(0.6, maxR) * (W / 1280);
    const tw = 0.5 + 0.5 * Math.sin(TAU * p * (1 + (i % 2)) + ph);
    const px = x + rr * Math.cos(ph + dir * TAU * p);
    const py = y + rr * Math.sin(ph + dir * TAU * p);
    s += `<circle cx="${n2(px)}" cy="${n2(py)}" r="${n2(size)}" fill="${i % 3 ? color : C.tealLight}" opacity="${n2(alpha * (0.25 + 0.75 * tw))}"/>`;
  }
  return s;
}

/** Hero 1: silk threads drifting through violet/teal light. */
export function heroThreads(W, H, p) {
  resetIds();
  const glows = movingGlows(p, [
    [0.22, 0.3, 0.5, C.violet, 0.5, 0.08, 0.06, 0.0],
    [0.8, 0.72, 0.45, C.teal, 0.34, 0.07, 0.08, 1.9],
    [0.55, 0.15, 0.32, C.blue, 0.16, 0.1, 0.05, 3.3, 2],
  ]);
  let body = darkBackdrop(W, H, 'hero-1', { glows, vignette: 0.6 });
  body += dotGrid(W, H, {
    gap: 26 * (W / 1280),
    r: 1.1 * (W / 1280),
    color: '#a5b4ff',
    opacity: 0.16,
    cx: 0.5,
    cy: 0.55,
    fade: 0.65,
  });
  body += threads(W, H, 'hero-1-a', {
    count: 22,
    y0: 0.66,
    spread: 0.2,
    amp: 0.07,
    opacity: 0.5,
    phase: p,
    width: 1.3 * (W / 1280),
    tilt: -0.12,
  });
  body += threads(W, H, 'hero-1-b', {
    count: 14,
    y0: 0.42,
    spread: 0.14,
    amp: 0.06,
    opacity: 0.28,
    phase: -p,
    width: 1.1 * (W / 1280),
    tilt: 0.08,
    colors: [C.teal, C.blue, C.violet],
  });
  body += particles(W, H, p, 'hero-1-p', { n: 46, alpha: 0.55 });
  return doc(W, H, body);
}

/** Hero 2: a wave travelling across a perspective field of dots. */
export function heroField(W, H, p) {
  resetIds();
  const glows = movingGlows(p, [
    [0.5, 0.62, 0.55, C.violet, 0.36, 0.06, 0.03, 0.4],
    [0.15, 0.2, 0.4, C.blue, 0.18, 0.05, 0.05, 2.2],
    [0.88, 0.35, 0.42, C.teal, 0.26, 0.05, 0.06, 4.1],
  ]);
  let body = darkBackdrop(W, H, 'hero-2', { glows, vignette: 0.65 });
  const k = W / 1280;
  // camera
  const horizon = H * 0.5;
  const f = 520 * k;
  const camH = 2.2;
  const cols = 120;
  const rows = 44;
  const sp = 0.42;
  const shift = p * sp; // move one row per loop -> seamless
  let dots = '';
  for (let j = rows - 1; j >= -1; j--) {
    const z = 1.2 + j * sp - shift;
    if (z <= 0.6) continue;
    for (let i = 0; i < cols; i++) {
      const x = (i - (cols - 1) / 2) * sp;
      // integer wave numbers along z in loop units keep the wave periodic with p
      const wv =
        0.5 * Math.sin(x * 0.55 + TAU * p + z * 0.35) * Math.cos(z * 0.42 - TAU * p) +
        0.26 * Math.sin(x * 0.23 - z * 0.3 + TAU * p * 2 + 1.3);
      const y = camH - wv;
      const sx = W / 2 + (x / z) * f;
      const sy = horizon + (y / z) * f * 0.55;
      if (sx < -10 || sx > W + 10 || sy > H + 10) continue;
      const depth = Math.min(1, (z - 0.6) / (rows * sp * 0.9));
      const fog = (1 - depth) ** 1.6;
      const t = Math.max(0, Math.min(1, 0.5 + wv * 1.3));
      const col = t > 0.55 ? C.tealLight : t < 0.4 ? C.violetLight : C.sky;
      const r = (1.0 + 2.4 / z) * k;
      const op = 0.85 * fog * (0.4 + 0.6 * t);
      if (op < 0.03) continue;
      dots += `<circle cx="${n2(sx)}" cy="${n2(sy)}" r="${n2(r)}" fill="${col}" opacity="${n2(op)}"/>`;
    }
  }
  body += dots;
  // soft fade to the horizon
  const id = nextId('hz');
  body += `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.ink}" stop-opacity="0.0"/><stop offset="0.46" stop-color="${C.navy}" stop-opacity="0.85"/><stop offset="0.56" stop-color="${C.navy}" stop-opacity="0"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
  body += threads(W, H, 'hero-2-a', {
    count: 12,
    y0: 0.5,
    spread: 0.05,
    amp: 0.02,
    opacity: 0.35,
    phase: p,
    width: 1.1 * k,
    colors: [C.violet, C.tealLight, C.violet],
  });
  body += particles(W, H * 0.5, p, 'hero-2-p', { n: 34, alpha: 0.45 });
  return doc(W, H, body);
}

/** Hiring counter: a slowly breathing constellation with radar pulses. */
export function counterNetwork(W, H, p) {
  resetIds();
  const k = W / 1280;
  const glows = movingGlows(p, [
    [0.5, 0.5, 0.42, C.violet, 0.38, 0.05, 0.04, 1.0],
    [0.12, 0.85, 0.4, C.teal, 0.3, 0.04, 0.05, 2.5],
    [0.9, 0.12, 0.4, C.blue, 0.22, 0.05, 0.04, 4.0],
  ]);
  let body = darkBackdrop(W, H, 'counter', { glows, vignette: 0.6 });
  // hexagon lattice, static
  const hs = 34 * k;
  let hex = '';
  for (let y = 0, r = 0; y < H + hs; y += hs * 1.5, r++)
    for (let x = (r % 2) * hs * 0.866; x < W + hs; x += hs * 1.732) {
      const pts = [];
      for (let a = 0; a < 6; a++)
        pts.push(
          `${n2(x + hs * 0.5 * Math.cos((a * Math.PI) / 3 + Math.PI / 6))},${n2(y + hs * 0.5 * Math.sin((a * Math.PI) / 3 + Math.PI / 6))}`,
        );
      hex += `<polygon points="${pts.join(' ')}"/>`;
    }
  const hm = nextId('hm');
  body += `<defs><radialGradient id="${hm}r" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><mask id="${hm}"><rect width="${W}" height="${H}" fill="url(#${hm}r)"/></mask></defs>`;
  body += `<g fill="none" stroke="#a5b4ff" stroke-opacity="0.09" stroke-width="1" mask="url(#${hm})">${hex}</g>`;
  // radar pulses from the centre, two per loop
  const cx = W / 2;
  const cy = H / 2;
  for (let i = 0; i < 3; i++) {
    const q = (p * 2 + i / 3) % 1;
    const r = (60 + q * 560) * k;
    const op = 0.35 * Math.sin(Math.PI * q) ** 1.5;
    body += `<circle cx="${cx}" cy="${cy}" r="${n2(r)}" fill="none" stroke="${i % 2 ? C.tealLight : C.violetLight}" stroke-opacity="${n2(op)}" stroke-width="${n2(1.5 * k)}"/>`;
  }
  // constellation
  const R = rng('counter-net');
  const n = 46;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const bx = R() * W;
    const by = R() * H;
    const rr = R.range(14, 40) * k;
    const ph = R() * TAU;
    const dir = R() < 0.5 ? 1 : -1;
    pts.push([bx + rr * Math.cos(ph + dir * TAU * p), by + rr * Math.sin(ph + dir * TAU * p) * 0.7, R(), ph]);
  }
  const maxD = 190 * k;
  let lines = '';
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const d = Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]);
      if (d < maxD) {
        const o = (1 - d / maxD) ** 2 * 0.45;
        if (o > 0.015)
          lines += `<line x1="${n2(pts[i][0])}" y1="${n2(pts[i][1])}" x2="${n2(pts[j][0])}" y2="${n2(pts[j][1])}" stroke="${(i + j) % 3 ? C.sky : C.tealLight}" stroke-opacity="${n2(o)}" stroke-width="${n2(k)}"/>`;
      }
    }
  body += lines;
  body += pts
    .map(([x, y, s, ph], i) => {
      const tw = 0.6 + 0.4 * Math.sin(TAU * p + ph);
      return `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2((1.6 + s * 2.4) * k)}" fill="${i % 4 ? C.sky : C.tealLight}" opacity="${n2((0.35 + s * 0.5) * tw)}"/>`;
    })
    .join('');
  body += threads(W, H, 'counter-t', { count: 14, y0: 0.82, spread: 0.1, amp: 0.05, opacity: 0.3, phase: p, width: 1.1 * k });
  return doc(W, H, body);
}

export const SCENES = { 'hero-1': heroThreads, 'hero-2': heroField, counter: counterNetwork };
