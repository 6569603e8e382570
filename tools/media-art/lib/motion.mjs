// Animated scenes for the hero and hiring videos. Each scene is a function of
// (W, H, p) where p in [0, 1) is the position in the loop; every moving part
// is a periodic function of p, so frame N flows straight back into frame 0.
// The hero's two videos (a code editor being typed in, a cloud of services) are in hero-slides.mjs.
import { C, rng, n2 } from './core.mjs';
import { darkBackdrop, threads, nextId, resetIds } from './scene.mjs';
import { HERO_SCENES } from './hero-slides.mjs';

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

export const SCENES = { ...HERO_SCENES, counter: counterNetwork };
