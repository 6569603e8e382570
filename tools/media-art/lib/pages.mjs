// Per-page art for the service and technology pages: each page family has a subject of its own
// (a component tree for React, tables and replicas for databases, a test run for testing, ...),
// drawn once as a scene on a 700x560 canvas. The hero places the scene, dark, on the right of a
// 1600x900 frame so the page's white text stays readable on the left; the overview shows it light
// and larger on a 1200x900 frame. Card images (720x540,
// dark) show one service each: its icon, two related icons and a small motif, calm at the bottom
// where the card's name sits.
import { C, rng, n2 } from './core.mjs';
import {
  darkBackdrop,
  lightBackdrop,
  dotGrid,
  threads,
  icon,
  tile,
  shadowFilter,
  iso,
  isoBox,
  network,
  smoothPath,
  nextId,
  resetIds,
} from './scene.mjs';
import { doc, glassPanel, sparkles, orbits, glowIcon, phone } from './compose.mjs';
import { portraitFragment } from './people.mjs';

const SW = 700;
const SH = 560;
const CORAL = '#ff8a8a';

// ------------------------------------------------------------ drawing kit

/** Colours and small parts for one scene, dark (hero, cards) or light (overview). */
export function kit(dark, a, b, sh) {
  const aL = a === C.violet ? C.violetLight : C.tealLight;
  const bL = b === C.teal ? C.tealLight : C.violetLight;
  const k = { dark, a, b, aL, bL, sh };
  k.accA = dark ? aL : a;
  k.accB = dark ? bL : b;
  k.accOp = dark ? 0.8 : 1;
  k.soft = dark ? '#c9d3ff' : '#cfd3ec';
  k.softOp = dark ? 0.32 : 1;
  k.faint = dark ? '#c9d3ff' : '#e4e7f5';
  k.faintOp = dark ? 0.14 : 1;
  k.line = dark ? C.sky : '#a9b1dc';
  k.lineOp = dark ? 0.45 : 0.9;
  k.inner = dark ? C.navy2 : '#f5f4ff';
  k.innerOp = dark ? 0.9 : 1;
  k.frame = dark ? '#1c2a5e' : '#ffffff';
  k.panel = (x, y, w, h, r = 14) =>
    dark
      ? glassPanel(x, y, w, h, { r, accent: a, accent2: b, fill: 0.82 })
      : `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${r}" fill="#fff"${sh ? ` filter="url(#${sh})"` : ''}/>` +
        `<rect x="${n2(x + 0.5)}" y="${n2(y + 0.5)}" width="${n2(w - 1)}" height="${n2(h - 1)}" rx="${r}" fill="none" stroke="#e4e3f7"/>`;
  k.box = (x, y, w, h, r = 10, fill = k.inner, op = k.innerOp, extra = '') =>
    `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${r}" fill="${fill}" opacity="${op}"${extra}/>`;
  k.bar = (x, y, w, h = 8, col = k.soft, op = col === k.soft ? k.softOp : k.accOp) =>
    `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(Math.max(h, w))}" height="${h}" rx="${h / 2}" fill="${col}" opacity="${n2(op)}"/>`;
  k.lines = (x, y, widths, { lh = 18, h = 8, col } = {}) =>
    widths.map((w, i) => k.bar(x, y + i * lh, w, h, col && i === 0 ? col : k.soft)).join('');
  k.dots = (x, y) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="${n2(x + i * 16)}" cy="${n2(y)}" r="4.5" fill="${dark ? [C.violetLight, C.sky, C.tealLight][i] : ['#ff8a8a', '#ffd36b', '#5fdc9a'][i]}" opacity="${dark ? 0.6 : 1}"/>`,
      )
      .join('');
  /** A window: panel, three dots and a title rule; returns the svg. Content starts at y + 40. */
  k.win = (x, y, w, h, r = 14) =>
    k.panel(x, y, w, h, r) +
    k.dots(x + 20, y + 20) +
    `<rect x="${n2(x)}" y="${n2(y + 38)}" width="${n2(w)}" height="1" fill="${dark ? '#ffffff' : '#e7e8f5'}" opacity="${dark ? 0.1 : 1}"/>`;
  k.icon = (name, x, y, s, col = k.accA, width = 2) => icon(name, x, y, s, { stroke: col, width, opacity: dark ? 0.9 : 1 });
  k.tile = (x, y, s, name, alt = false) =>
    tile(x, y, s, name, {
      kind: dark ? 'dark' : alt ? 'accent' : 'light',
      shadow: dark ? undefined : sh,
      r0: alt ? b : a,
      r1: alt ? a : b,
    });
  k.link = (p, q, { col = k.line, op = k.lineOp, dash = '4 7', width = 2 } = {}) =>
    `<path d="M${n2(p[0])},${n2(p[1])}L${n2(q[0])},${n2(q[1])}" stroke="${col}" stroke-opacity="${n2(op)}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round" fill="none"/>`;
  k.curve = (pts, { col = k.line, op = k.lineOp, dash = '', width = 2 } = {}) =>
    `<path d="${smoothPath(pts)}" stroke="${col}" stroke-opacity="${n2(op)}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''} stroke-linecap="round" fill="none"/>`;
  k.arrow = (p, q, { col = k.accA, op = k.accOp, width = 2.5, dash = '' } = {}) => {
    const ang = Math.atan2(q[1] - p[1], q[0] - p[0]);
    const h = 9;
    const l = [q[0] - h * Math.cos(ang - 0.45), q[1] - h * Math.sin(ang - 0.45)];
    const r = [q[0] - h * Math.cos(ang + 0.45), q[1] - h * Math.sin(ang + 0.45)];
    return (
      `<path d="M${n2(p[0])},${n2(p[1])}L${n2(q[0])},${n2(q[1])}" stroke="${col}" stroke-opacity="${n2(op)}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''} stroke-linecap="round" fill="none"/>` +
      `<path d="M${n2(l[0])},${n2(l[1])}L${n2(q[0])},${n2(q[1])}L${n2(r[0])},${n2(r[1])}" stroke="${col}" stroke-opacity="${n2(op)}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`
    );
  };
  k.check = (cx, cy, r, col = k.accB, ok = true) =>
    `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${r}" fill="${col}" opacity="${dark ? 0.85 : 1}"/>` +
    (ok
      ? `<path d="M${n2(cx - r * 0.45)},${n2(cy)}l${n2(r * 0.32)},${n2(r * 0.34)} ${n2(r * 0.6)},${n2(-r * 0.68)}" fill="none" stroke="${dark ? C.navy : '#fff'}" stroke-width="${n2(r * 0.28)}" stroke-linecap="round" stroke-linejoin="round"/>`
      : `<path d="M${n2(cx - r * 0.35)},${n2(cy - r * 0.35)}l${n2(r * 0.7)},${n2(r * 0.7)}M${n2(cx + r * 0.35)},${n2(cy - r * 0.35)}l${n2(-r * 0.7)},${n2(r * 0.7)}" stroke="${dark ? C.navy : '#fff'}" stroke-width="${n2(r * 0.26)}" stroke-linecap="round"/>`);
  k.grad = (c1, c2, vertical = false) => {
    const id = nextId('kg');
    return {
      def: `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 1}"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`,
      url: `url(#${id})`,
    };
  };
  /** A database cylinder with its top ellipse at (cx, y). */
  k.cylinder = (cx, y, w, h, { accent = k.accA, rows = 3 } = {}) => {
    const rx = w / 2;
    const ry = w * 0.16;
    const g = k.grad(dark ? C.navy3 : '#ffffff', dark ? C.ink : '#e9e6fb', true);
    let s = g.def;
    s += `<path d="M${n2(cx - rx)},${n2(y)}V${n2(y + h)}A${n2(rx)},${n2(ry)} 0 0 0 ${n2(cx + rx)},${n2(y + h)}V${n2(y)}Z" fill="${g.url}" stroke="${accent}" stroke-opacity="${dark ? 0.7 : 0.8}" stroke-width="2"${!dark && sh ? ` filter="url(#${sh})"` : ''}/>`;
    for (let i = 1; i < rows; i++) {
      const yy = y + (h * i) / rows;
      s += `<path d="M${n2(cx - rx)},${n2(yy)}A${n2(rx)},${n2(ry)} 0 0 0 ${n2(cx + rx)},${n2(yy)}" fill="none" stroke="${accent}" stroke-opacity="${dark ? 0.45 : 0.5}" stroke-width="2"/>`;
    }
    s += `<ellipse cx="${n2(cx)}" cy="${n2(y)}" rx="${n2(rx)}" ry="${n2(ry)}" fill="${dark ? C.navy4 : '#f3f1ff'}" stroke="${accent}" stroke-opacity="${dark ? 0.8 : 0.9}" stroke-width="2"/>`;
    return s;
  };
  return k;
}

// ------------------------------------------------------------ scenes (700 x 560)

const SCENES = {
  /** Responsive web app: one layout on a desktop browser, a tablet and a phone, with the column grid behind. */
  'web-development'(k) {
    let s = '';
    for (let i = 0; i < 7; i++) s += k.box(20 + i * 74, 0, 52, 520, 6, k.accA, k.dark ? 0.05 : 0.06);
    const page = (x, y, w, h, cols) => {
      let p = k.bar(x + 16, y + 14, w * 0.18, 10, k.accA) + k.bar(x + w - 16 - w * 0.3, y + 15, w * 0.3, 8);
      const g = k.grad(k.a, k.b);
      p +=
        g.def +
        `<rect x="${n2(x + 16)}" y="${n2(y + 40)}" width="${n2(w - 32)}" height="${n2(h * 0.3)}" rx="10" fill="${g.url}" opacity="${k.dark ? 0.55 : 0.85}"/>`;
      p +=
        k.bar(x + 32, y + 40 + h * 0.1, w * 0.4, 10, '#ffffff', k.dark ? 0.6 : 0.95) +
        k.bar(x + 32, y + 40 + h * 0.1 + 20, w * 0.26, 8, '#ffffff', k.dark ? 0.35 : 0.7);
      const cw = (w - 32 - (cols - 1) * 12) / cols;
      const top = y + 56 + h * 0.3;
      const rows = cols === 1 ? 2 : 1;
      const chh = cols === 1 ? (y + h - 16 - top - 12) / 2 : y + h - 16 - top;
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) {
          const cx = x + 16 + c * (cw + 12);
          const cy = top + r * (chh + 12);
          p += k.box(cx, cy, cw, chh, 8);
          p += k.box(cx + 10, cy + 10, 22, 22, 6, (r + c) % 2 ? k.accB : k.accA, k.dark ? 0.6 : 0.85);
          p += k.bar(cx + 10, cy + 42, cw * 0.6) + k.bar(cx + 10, cy + 58, cw * 0.4, 7, k.faint, k.faintOp);
        }
      return p;
    };
    s += k.win(0, 30, 500, 380) + page(0, 68, 500, 342, 3);
    s += k.panel(360, 190, 220, 300, 18) + page(372, 202, 196, 276, 2);
    const ph = phone(565, 268, 270, {
      screen: (x, y, w, h) => k.box(x, y, w, h, 0, k.dark ? C.navy2 : '#ffffff', 1) + page(x, y + 10, w, h - 20, 1),
    });
    s += ph.svg;
    return s;
  },

  /** Three phones fanned out: a feed, a map with a route, a profile with a chart, and a notification. */
  'mobile-app-development'(k) {
    let s = '';
    const feed = (x, y, w, h) => {
      const g = k.grad(k.a, k.b);
      let p =
        k.box(x, y, w, h, 0, k.dark ? C.navy2 : '#f7f7ff', 1) +
        g.def +
        `<rect x="${x}" y="${y}" width="${n2(w)}" height="${n2(h * 0.26)}" fill="${g.url}" opacity="${k.dark ? 0.55 : 0.9}"/>`;
      p += k.bar(x + 16, y + h * 0.12, w * 0.5, 10, '#ffffff', 0.8);
      for (let i = 0; i < 4; i++) {
        const yy = y + h * 0.3 + i * h * 0.15;
        p += k.box(x + 12, yy, w - 24, h * 0.13, 10, k.dark ? C.navy3 : '#ffffff', k.dark ? 0.9 : 1);
        p += `<circle cx="${n2(x + 32)}" cy="${n2(yy + h * 0.065)}" r="11" fill="${i % 2 ? k.accB : k.accA}" opacity="${k.dark ? 0.7 : 0.9}"/>`;
        p += k.bar(x + 52, yy + h * 0.04, w * 0.42) + k.bar(x + 52, yy + h * 0.075, w * 0.26, 7, k.faint, k.faintOp);
      }
      return p;
    };
    const map = (x, y, w, h) => {
      let p = k.box(x, y, w, h, 0, k.dark ? '#16204a' : '#e9ecfb', 1);
      for (let i = 0; i < 8; i++)
        p += `<line x1="${x}" y1="${n2(y + i * 64)}" x2="${n2(x + w)}" y2="${n2(y + i * 64 + 30)}" stroke="${k.dark ? '#2a3a7a' : '#ffffff'}" stroke-width="${i % 3 ? 4 : 8}"/>`;
      for (let i = 0; i < 4; i++)
        p += `<line x1="${n2(x + i * 60)}" y1="${y}" x2="${n2(x + i * 60 - 24)}" y2="${n2(y + h)}" stroke="${k.dark ? '#2a3a7a' : '#ffffff'}" stroke-width="${i % 2 ? 4 : 7}"/>`;
      const route = [
        [x + 24, y + h * 0.82],
        [x + w * 0.4, y + h * 0.6],
        [x + w * 0.55, y + h * 0.42],
        [x + w * 0.8, y + h * 0.2],
      ];
      p += k.curve(route, { col: k.accA, op: 0.95, width: 5 });
      p += `<circle cx="${n2(route[3][0])}" cy="${n2(route[3][1])}" r="12" fill="${k.accB}"/><circle cx="${n2(route[3][0])}" cy="${n2(route[3][1])}" r="5" fill="${k.dark ? C.navy : '#fff'}"/>`;
      p +=
        k.box(x + 12, y + h - 74, w - 24, 60, 12, k.dark ? C.navy3 : '#ffffff', 1) +
        k.bar(x + 24, y + h - 58, w * 0.5) +
        k.bar(x + 24, y + h - 40, w * 0.3, 7, k.accB);
      return p;
    };
    const profile = (x, y, w, h) => {
      let p = k.box(x, y, w, h, 0, k.dark ? C.navy2 : '#f7f7ff', 1);
      p += `<circle cx="${n2(x + w / 2)}" cy="${n2(y + h * 0.17)}" r="30" fill="${k.accA}" opacity="${k.dark ? 0.55 : 0.85}"/>`;
      p += k.bar(x + w * 0.28, y + h * 0.27, w * 0.44, 10) + k.bar(x + w * 0.35, y + h * 0.31, w * 0.3, 7, k.faint, k.faintOp);
      const bw = (w - 40) / 6;
      for (let i = 0; i < 6; i++) {
        const bh = [0.3, 0.5, 0.42, 0.7, 0.55, 0.85][i] * h * 0.3;
        p += k.box(x + 20 + i * bw + 3, y + h * 0.72 - bh, bw - 6, bh, 4, i === 5 ? k.accB : k.accA, k.dark ? 0.6 : 0.85);
      }
      for (let i = 0; i < 4; i++)
        p += `<circle cx="${n2(x + w * (0.2 + i * 0.2))}" cy="${n2(y + h - 30)}" r="7" fill="${i === 0 ? k.accA : k.soft}" opacity="${i === 0 ? 0.9 : k.softOp}"/>`;
      return p;
    };
    const left = phone(0, 0, 420, { screen: map });
    const right = phone(0, 0, 420, { screen: profile });
    s += `<g transform="translate(120 110) rotate(-10 103 210)">${left.svg}</g>`;
    s += `<g transform="translate(380 110) rotate(10 103 210)">${right.svg}</g>`;
    s += phone(235, 40, 480, { screen: feed }).svg;
    // notification bubble
    s +=
      k.panel(10, 40, 200, 66, 16) +
      k.box(24, 55, 36, 36, 10, k.accA, k.dark ? 0.55 : 0.9) +
      k.icon('Bell', 32, 63, 20, '#ffffff', 2);
    s += k.bar(72, 60, 110) + k.bar(72, 78, 70, 7, k.faint, k.faintOp);
    s += k.tile(560, 20, 84, 'Fingerprint', true);
    return s;
  },

  /** A design board: three wireframe artboards linked by flow arrows, a palette, a type scale and a pen curve. */
  'uiux-design'(k) {
    let s = k.panel(0, 10, 700, 520, 20);
    s += dotGrid(700, 520, {
      x: 10,
      y: 20,
      w: 680,
      h: 500,
      gap: 22,
      r: 1.4,
      color: k.dark ? '#a5b4ff' : '#8b93c9',
      opacity: k.dark ? 0.25 : 0.35,
      fade: 0.9,
    });
    const board = (x, y, w, h, kind) => {
      let p = k.box(
        x,
        y,
        w,
        h,
        10,
        k.dark ? C.navy3 : '#ffffff',
        1,
        ` stroke="${k.accA}" stroke-opacity="${k.dark ? 0.5 : 0.35}" stroke-width="1.5"`,
      );
      p += k.bar(x + 12, y + 12, w * 0.3, 8, k.accA);
      if (kind === 0) {
        p += `<rect x="${x + 12}" y="${y + 32}" width="${w - 24}" height="${n2(h * 0.38)}" rx="6" fill="none" stroke="${k.soft}" stroke-opacity="${k.dark ? 0.45 : 1}" stroke-width="1.5"/>`;
        p += `<path d="M${x + 12},${y + 32}L${x + w - 12},${n2(y + 32 + h * 0.38)}M${x + w - 12},${y + 32}L${x + 12},${n2(y + 32 + h * 0.38)}" stroke="${k.soft}" stroke-opacity="${k.dark ? 0.35 : 1}" stroke-width="1.2"/>`;
        p += k.lines(x + 12, y + 44 + h * 0.38, [w * 0.7, w * 0.5, w * 0.6]);
      } else if (kind === 1) {
        for (let i = 0; i < 4; i++) {
          p += `<rect x="${x + 12}" y="${n2(y + 34 + i * 40)}" width="${w - 24}" height="30" rx="6" fill="none" stroke="${k.soft}" stroke-opacity="${k.dark ? 0.45 : 1}" stroke-width="1.5"/>`;
          p += k.bar(x + 22, y + 45 + i * 40, w * (0.3 + (i % 2) * 0.2));
        }
        p += k.box(x + 12, y + h - 40, w - 24, 26, 13, k.accA, k.dark ? 0.65 : 0.9);
      } else {
        const cw = (w - 36) / 2;
        for (let r = 0; r < 2; r++)
          for (let c = 0; c < 2; c++) {
            p += `<rect x="${n2(x + 12 + c * (cw + 12))}" y="${n2(y + 34 + r * 70)}" width="${n2(cw)}" height="58" rx="6" fill="none" stroke="${k.soft}" stroke-opacity="${k.dark ? 0.45 : 1}" stroke-width="1.5"/>`;
            p += `<circle cx="${n2(x + 30 + c * (cw + 12))}" cy="${n2(y + 52 + r * 70)}" r="8" fill="${(r + c) % 2 ? k.accB : k.accA}" opacity="0.7"/>`;
          }
        p += k.lines(x + 12, y + 190, [w * 0.6, w * 0.4]);
      }
      return p;
    };
    s += board(40, 60, 160, 240, 0) + board(270, 60, 160, 240, 1) + board(500, 60, 160, 240, 2);
    s += k.arrow([206, 180], [262, 180]) + k.arrow([436, 180], [492, 180], { col: k.accB });
    // palette
    [C.violet, C.blue, C.teal, C.navy4, '#f6f5ff'].forEach((c, i) => {
      s += `<circle cx="${70 + i * 46}" cy="360" r="18" fill="${c}" stroke="${k.dark ? '#ffffff' : '#dcdcef'}" stroke-opacity="${k.dark ? 0.25 : 1}" stroke-width="2" opacity="${k.dark && c === '#f6f5ff' ? 0.45 : k.dark ? 0.85 : 1}"/>`;
    });
    // type scale
    [34, 24, 16, 11].forEach(
      (h, i) => (s += k.bar(50, 400 + [0, 46, 80, 104][i], [200, 160, 130, 110][i], h, i === 0 ? k.accA : k.soft)),
    );
    // pen curve with handles
    const p0 = [330, 480];
    const p1 = [470, 360];
    const p2 = [630, 430];
    s += `<path d="M${p0}C380,380 410,350 ${p1}S600,380 ${p2}" fill="none" stroke="${k.accB}" stroke-width="4" stroke-linecap="round"/>`;
    s += `<line x1="410" y1="350" x2="530" y2="370" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="1.5"/>`;
    for (const [x, y] of [
      [410, 350],
      [530, 370],
    ])
      s += `<circle cx="${x}" cy="${y}" r="6" fill="${k.dark ? C.navy : '#fff'}" stroke="${k.line}" stroke-width="2"/>`;
    for (const [x, y] of [p0, p1, p2])
      s += `<rect x="${x - 7}" y="${y - 7}" width="14" height="14" rx="2" fill="${k.dark ? C.navy : '#fff'}" stroke="${k.accA}" stroke-width="2.5"/>`;
    s += icon('MousePointer2', 520, 372, 40, { stroke: k.dark ? '#ffffff' : C.navy, width: 1.8, opacity: k.dark ? 0.75 : 1 });
    return s;
  },

  /** Cloud topology: clients through a load balancer to servers in two zones, a database and object storage. */
  'cloud-services'(k) {
    let s = '';
    // cloud outline
    const cl = `M120,120 a60,60 0 0 1 80,-70 a90,90 0 0 1 160,-20 a70,70 0 0 1 120,30 a55,55 0 0 1 60,60 Z`;
    s += `<path d="${cl}" transform="translate(30 30)" fill="${k.dark ? C.navy3 : '#ffffff'}" fill-opacity="${k.dark ? 0.5 : 1}" stroke="${k.accA}" stroke-opacity="0.6" stroke-width="2"${!k.dark && k.sh ? ` filter="url(#${k.sh})"` : ''}/>`;
    s += k.icon('Cloud', 320, 62, 56, k.accA, 1.6);
    // region with two zones
    s += `<rect x="40" y="180" width="620" height="360" rx="22" fill="none" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="2" stroke-dasharray="${k.dark ? 0 : '8 8'}"/>`;
    for (const zx of [70, 370])
      s += `<rect x="${zx}" y="290" width="260" height="130" rx="16" fill="${k.accB}" fill-opacity="${k.dark ? 0 : 0.08}" stroke="${k.accB}" stroke-opacity="0.45" stroke-width="1.5" stroke-dasharray="${k.dark ? 0 : '4 6'}"/>`;
    // load balancer
    s += k.link([350, 152], [350, 200], { dash: '', op: 0.7 });
    s += k.tile(314, 200, 72, 'Network');
    // servers
    const servers = [110, 220, 410, 520];
    for (const x of servers) {
      s += k.curve(
        [
          [350, 272],
          [350, 282],
          [x + 35, 300],
          [x + 35, 312],
        ],
        { op: 0.6 },
      );
      s += k.dark
        ? k.box(x, 312, 70, 86, 12, C.navy3, 0.9, ` stroke="${k.accA}" stroke-opacity="0.5" stroke-width="1.5"`)
        : k.panel(x, 312, 70, 86, 12);
      for (let i = 0; i < 3; i++) {
        s +=
          k.bar(x + 12, 328 + i * 20, 34, 7) +
          `<circle cx="${x + 56}" cy="${332 + i * 20}" r="4" fill="${i === 0 ? k.accB : k.accA}" opacity="0.85"/>`;
      }
    }
    // data layer
    for (const x of servers) s += k.link([x + 35, 398], [x < 300 ? 220 : 480, 450], { op: 0.5, dash: k.dark ? '' : '4 7' });
    s += k.cylinder(220, 450, 90, 60);
    s += k.panel(430, 446, 100, 70, 12) + k.icon('HardDrive', 462, 464, 36, k.accB, 1.8);
    // clients
    s += k.tile(0, 40, 64, 'Globe', true) + k.arrow([70, 80], [130, 110], { col: k.accB });
    s += k.tile(626, 60, 64, 'ShieldCheck') + k.link([622, 100], [560, 130], { op: 0.5, dash: k.dark ? '' : '4 7' });
    return s;
  },

  /** A test run: a checklist of passing tests with one failure, a progress bar, coverage ring and a bug under a lens. */
  'software-testing'(k) {
    let s = k.win(0, 20, 430, 500);
    s += k.bar(20, 72, 120, 10, k.accA);
    const fail = 4;
    for (let i = 0; i < 9; i++) {
      const y = 106 + i * 40;
      if (i === fail) s += k.box(10, y - 14, 410, 34, 8, CORAL, k.dark ? 0.12 : 0.12);
      s += k.check(34, y + 3, 10, i === fail ? CORAL : i > 6 ? k.soft : k.accB, i !== fail);
      s += k.bar(56, y - 1, [200, 160, 230, 180, 210, 150, 190, 170, 220][i], 8, k.soft);
      s += k.bar(360, y - 1, 40, 8, k.faint, k.faintOp);
    }
    s += k.box(20, 480, 390, 12, 6, k.faint, k.faintOp) + k.box(20, 480, 300, 12, 6, k.accB, k.accOp);
    // coverage ring
    s += k.panel(460, 20, 240, 210, 16);
    const cx = 580;
    const cy = 125;
    const r = 62;
    const circ = 2 * Math.PI * r;
    s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${k.faint}" stroke-opacity="${k.dark ? 0.2 : 1}" stroke-width="16"/>`;
    s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${k.accA}" stroke-width="16" stroke-linecap="round" stroke-dasharray="${n2(circ * 0.92)} ${n2(circ)}" transform="rotate(-90 ${cx} ${cy})" opacity="${k.accOp}"/>`;
    s += k.icon('ShieldCheck', cx - 22, cy - 22, 44, k.accB, 1.8);
    // bug under a lens
    s += k.panel(460, 260, 240, 260, 16);
    s += k.icon('Bug', 520, 320, 90, CORAL, 1.6);
    s += `<circle cx="565" cy="365" r="70" fill="${k.accA}" fill-opacity="${k.dark ? 0.08 : 0.06}" stroke="${k.accA}" stroke-width="6" opacity="${k.accOp}"/>`;
    s += `<line x1="615" y1="415" x2="660" y2="470" stroke="${k.accA}" stroke-width="14" stroke-linecap="round" opacity="${k.accOp}"/>`;
    return s;
  },

  /** A roadmap: a kanban board over a milestone timeline, and a trajectory climbing to a launch. */
  'product-development'(k) {
    let s = '';
    const cols = [0, 160, 320];
    cols.forEach((x, c) => {
      s += k.panel(x, 40, 148, 330, 14) + k.bar(x + 14, 58, 60, 9, c === 2 ? k.accB : k.accA);
      const n = [4, 3, 2][c];
      for (let i = 0; i < n; i++) {
        const y = 84 + i * 68;
        s += k.box(x + 10, y, 128, 58, 10, k.dark ? C.navy3 : '#f5f4ff', 1);
        s += k.box(x + 10, y, 5, 58, 2.5, [k.accA, k.accB, C.blue][(i + c) % 3], 0.9);
        s += k.bar(x + 24, y + 14, 90) + k.bar(x + 24, y + 32, 56, 7, k.faint, k.faintOp);
      }
    });
    // timeline
    s += `<line x1="0" y1="440" x2="640" y2="440" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="3"/>`;
    [40, 200, 360, 520].forEach((x, i) => {
      s += `<circle cx="${x}" cy="440" r="13" fill="${i < 3 ? (i % 2 ? k.accB : k.accA) : k.dark ? C.navy : '#fff'}" stroke="${i < 3 ? 'none' : k.accA}" stroke-width="3" opacity="${i < 3 ? k.accOp : 1}"/>`;
      s += k.bar(x - 30, 470, 60, 8) + k.bar(x - 20, 486, 40, 7, k.faint, k.faintOp);
      if (i === 2)
        s += `<path d="M${x},427V380h34l-8,10 8,10h-34" fill="${k.accB}" fill-opacity="0.85" stroke="${k.accB}" stroke-width="2" stroke-linejoin="round"/>`;
    });
    // trajectory to launch
    s += k.curve(
      [
        [60, 520],
        [300, 500],
        [500, 380],
        [600, 170],
      ],
      { col: k.accA, op: 0.8, width: 3, dash: '2 10' },
    );
    s += k.tile(560, 40, 110, 'Rocket', true);
    s += k.tile(520, 250, 76, 'Target');
    return s;
  },

  /** A web page installed as an app: browser with an install button, a service worker cache, a phone home screen. */
  'pwa-development'(k) {
    let s = k.win(0, 40, 400, 330);
    s += k.box(80, 50, 240, 20, 10, k.faint, k.faintOp) + k.box(290, 52, 26, 16, 8, k.accA, 0.9);
    s += icon('Download', 296, 53, 14, { stroke: '#ffffff', width: 2.4 });
    const g = k.grad(k.a, k.b);
    s += g.def + `<rect x="20" y="98" width="360" height="110" rx="12" fill="${g.url}" opacity="${k.dark ? 0.5 : 0.85}"/>`;
    s += k.bar(40, 128, 170, 12, '#ffffff', 0.8) + k.bar(40, 152, 110, 8, '#ffffff', 0.55);
    for (let i = 0; i < 3; i++)
      s +=
        k.box(20 + i * 124, 226, 112, 124, 10) +
        k.bar(32 + i * 124, 310, 70) +
        k.box(32 + i * 124, 238, 88, 56, 8, i === 1 ? k.accB : k.accA, k.dark ? 0.35 : 0.25);
    // service worker + cache
    s += k.panel(150, 400, 250, 130, 16) + k.icon('Cog', 170, 418, 40, k.accA, 1.8);
    for (let i = 0; i < 3; i++) s += k.box(230, 418 + i * 30, 150, 22, 6, k.accB, k.dark ? 0.18 + i * 0.08 : 0.12 + i * 0.1);
    s += k.bar(170, 478, 44) + k.bar(170, 494, 30, 7, k.faint, k.faintOp);
    s += k.tile(20, 430, 80, 'WifiOff', true);
    s += k.link([100, 470], [148, 470], { op: 0.6 });
    // arrow into phone
    s += k.curve(
      [
        [410, 200],
        [470, 160],
        [510, 180],
      ],
      { col: k.accA, op: 0.85, width: 3, dash: '2 9' },
    );
    s += k.arrow([505, 176], [520, 188], { col: k.accA });
    const screen = (x, y, w, h) => {
      const gg = k.grad(C.navy3, C.ink, true);
      let p = gg.def + `<rect x="${x}" y="${y}" width="${n2(w)}" height="${n2(h)}" fill="${k.dark ? gg.url : '#eef0fb'}"/>`;
      const cs = (w - 50) / 4;
      for (let r = 0; r < 5; r++)
        for (let c = 0; c < 4; c++) {
          const hit = r === 1 && c === 2;
          const xx = x + 10 + c * (cs + 10);
          const yy = y + 44 + r * (cs + 26);
          if (hit)
            p +=
              `<rect x="${n2(xx - 3)}" y="${n2(yy - 3)}" width="${n2(cs + 6)}" height="${n2(cs + 6)}" rx="12" fill="${g.url}"/>` +
              icon('AppWindow', xx + cs * 0.2, yy + cs * 0.2, cs * 0.6, { stroke: '#fff', width: 2.2 });
          else p += k.box(xx, yy, cs, cs, 10, k.dark ? '#ffffff' : '#cfd3ec', k.dark ? 0.1 : 0.9);
          p += k.box(xx + cs * 0.15, yy + cs + 8, cs * 0.7, 5, 2.5, k.dark ? '#ffffff' : '#b9bedf', k.dark ? 0.16 : 1);
        }
      return p;
    };
    s += phone(515, 100, 380, { screen }).svg;
    return s;
  },

  /** Angular: a router bar opening lazy feature modules, each holding components, with services injected from below and an RxJS stream. */
  angular(k) {
    let s = k.panel(0, 0, 700, 64, 16);
    const routes = [30, 210, 390];
    routes.forEach(
      (x, i) =>
        (s +=
          k.box(x, 18, 150, 28, 14, i === 1 ? k.accA : k.faint, i === 1 ? (k.dark ? 0.55 : 1) : k.faintOp) +
          k.bar(x + 20, 28, 80, 8, i === 1 ? '#ffffff' : k.soft, i === 1 ? 0.9 : k.softOp)),
    );
    s += k.icon('Route', 600, 16, 32, k.accB, 1.8);
    const mods = [
      [0, 110],
      [240, 110],
      [480, 110],
    ];
    mods.forEach(([x, y], m) => {
      s += k.link([x + 105, 64], [x + 105, y], { op: 0.55 });
      s += `<rect x="${x}" y="${y}" width="220" height="230" rx="18" fill="${k.accA}" fill-opacity="${k.dark ? 0.05 : 0.05}" stroke="${m === 1 ? k.accA : k.line}" stroke-opacity="${m === 1 ? 0.8 : k.lineOp}" stroke-width="2" stroke-dasharray="7 7"/>`;
      s += k.icon('Component', x + 16, y + 14, 24, k.accA, 2) + k.bar(x + 50, y + 22, 80, 8, k.soft);
      const n = [2, 3, 2][m];
      for (let i = 0; i < n; i++) {
        const yy = y + 54 + i * (n === 3 ? 56 : 80);
        const hh = n === 3 ? 46 : 66;
        s +=
          k.panel(x + 16, yy, 188, hh, 10) +
          k.box(x + 28, yy + 12, 22, 22, 6, i % 2 ? k.accB : k.accA, k.dark ? 0.55 : 0.85) +
          k.bar(x + 62, yy + 16, 100) +
          (hh > 50 ? k.bar(x + 62, yy + 34, 70, 7, k.faint, k.faintOp) : '');
      }
    });
    // services + injector
    const svc = [60, 260, 460];
    svc.forEach((x, i) => {
      s += k.curve(
        [
          [x + 90, 398],
          [x + 90, 370],
          [mods[i][0] + 110, 360],
          [mods[i][0] + 110, 342],
        ],
        { col: k.accB, op: 0.6, dash: '3 7' },
      );
      s += k.box(
        x,
        398,
        180,
        44,
        22,
        k.dark ? C.navy3 : '#ffffff',
        1,
        ` stroke="${k.accB}" stroke-opacity="0.6" stroke-width="2"`,
      );
      s += k.icon(['Database', 'KeyRound', 'Bell'][i], x + 16, 408, 24, k.accB, 2) + k.bar(x + 52, 416, 100);
    });
    // marble stream
    s += `<line x1="0" y1="505" x2="680" y2="505" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="3"/>`;
    s += `<path d="M672,496l12,9 -12,9" fill="none" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
    [60, 150, 230, 350, 430, 560].forEach(
      (x, i) =>
        (s += `<circle cx="${x}" cy="505" r="15" fill="${[k.accA, k.accB, C.blue][i % 3]}" opacity="${k.accOp}" stroke="${k.dark ? C.navy : '#fff'}" stroke-width="3"/>`),
    );
    s += `<line x1="620" y1="490" x2="620" y2="520" stroke="${k.accA}" stroke-width="3" stroke-linecap="round"/>`;
    return s;
  },

  /** Blazor: C# code compiled to a WebAssembly module that runs in the browser's UI. */
  blazor(k) {
    let s = k.win(0, 0, 330, 260);
    for (let i = 0; i < 8; i++)
      s +=
        k.bar(18, 58 + i * 24, 14, 7, k.faint, k.faintOp) +
        k.bar(
          44 + (i % 3 === 1 ? 20 : 0),
          58 + i * 24,
          [120, 160, 90, 190, 140, 100, 170, 80][i],
          8,
          i % 4 === 0 ? k.accA : i % 4 === 2 ? k.accB : k.soft,
        );
    s += k.tile(272, -18, 70, 'Hash');
    // wasm hex
    const hx = 350;
    const hy = 300;
    const hr = 92;
    const pts = Array.from({ length: 6 }, (_, i) => [
      hx + hr * Math.cos(Math.PI / 6 + (i * Math.PI) / 3),
      hy + hr * Math.sin(Math.PI / 6 + (i * Math.PI) / 3),
    ]);
    const g = k.grad(k.dark ? C.navy3 : '#ffffff', k.dark ? C.ink : '#efeaff');
    s +=
      g.def +
      `<path d="M${pts.map((p) => p.map(n2).join(',')).join('L')}Z" fill="${g.url}" stroke="${k.accA}" stroke-width="3" stroke-opacity="0.85"${!k.dark && k.sh ? ` filter="url(#${k.sh})"` : ''}/>`;
    for (let r = 0; r < 5; r++)
      for (let c = 0; c < 6; c++) {
        const on = (r * 7 + c * 3) % 5 < 2;
        s += `<rect x="${hx - 54 + c * 18}" y="${hy - 42 + r * 18}" width="10" height="10" rx="2" fill="${on ? k.accB : k.soft}" opacity="${on ? 0.9 : k.softOp}"/>`;
      }
    s +=
      k.curve(
        [
          [170, 262],
          [200, 300],
          [252, 300],
        ],
        { col: k.accA, op: 0.85, width: 3, dash: '2 9' },
      ) + k.arrow([250, 300], [258, 300], { col: k.accA });
    // browser
    s += k.win(430, 300, 270, 240);
    s +=
      k.box(448, 352, 234, 60, 10, k.accA, k.dark ? 0.35 : 0.18) +
      k.icon('Flame', 460, 364, 36, k.accA, 1.8) +
      k.bar(510, 372, 120, 10);
    for (let i = 0; i < 3; i++)
      s +=
        k.box(448, 424 + i * 36, 234, 28, 8) +
        k.check(464, 438 + i * 36, 8, i === 2 ? k.soft : k.accB, true) +
        k.bar(482, 434 + i * 36, 130);
    s += k.curve(
      [
        [440, 300],
        [460, 250],
        [500, 240],
      ],
      { col: k.accB, op: 0.6, dash: '3 7' },
    );
    s += k.tile(500, 190, 70, 'Globe', true);
    return s;
  },

  /** C#: a class diagram (inheritance and composition) next to a code editor with line numbers. */
  'c-sharp'(k) {
    const cls = (x, y, w, fields, methods, head) => {
      const h = 44 + fields * 18 + 14 + methods * 18 + 10;
      let p = k.panel(x, y, w, h, 10);
      p += `<rect x="${x}" y="${y}" width="${w}" height="38" rx="10" fill="${head}" opacity="${k.dark ? 0.5 : 0.9}"/>`;
      p += k.bar(x + 16, y + 15, w * 0.45, 9, '#ffffff', 0.9);
      for (let i = 0; i < fields; i++) p += k.bar(x + 16, y + 50 + i * 18, w * (0.4 + ((i * 13) % 5) * 0.08));
      const my = y + 50 + fields * 18 + 4;
      p += `<rect x="${x}" y="${my}" width="${w}" height="1" fill="${k.soft}" opacity="${k.softOp}"/>`;
      for (let i = 0; i < methods; i++)
        p += k.bar(x + 16, my + 12 + i * 18, w * (0.5 + ((i * 7) % 3) * 0.1), 8, i === 0 ? k.accB : k.soft);
      return { svg: p, h };
    };
    let s = '';
    const base = cls(150, 0, 220, 2, 3, k.a);
    const c1 = cls(0, 250, 200, 3, 2, k.b);
    const c2 = cls(280, 250, 200, 2, 2, k.b);
    // inheritance arrows (hollow triangle at the base class)
    for (const [x, y] of [
      [100, 250],
      [380, 250],
    ]) {
      s += `<path d="M${x},${y}V${n2(200)}H260V${n2(base.h + 12)}" fill="none" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="2"/>`;
    }
    s += `<path d="M260,${base.h}l-11,14h22z" fill="${k.dark ? C.navy : '#fff'}" stroke="${k.line}" stroke-width="2" stroke-linejoin="round"/>`;
    s += base.svg + c1.svg + c2.svg;
    // composition diamond
    s += `<path d="M370,${n2(40)}H470" stroke="${k.accA}" stroke-opacity="0.7" stroke-width="2"/><path d="M370,40l10,-7 10,7 -10,7z" fill="${k.accA}"/>`;
    s += k.tile(470, 4, 72, 'Braces');
    // editor
    s += k.win(420, 120, 280, 420);
    for (let i = 0; i < 14; i++) {
      s += k.bar(436, 172 + i * 24, 12, 7, k.faint, k.faintOp);
      const ind = [0, 1, 1, 2, 2, 2, 1, 1, 2, 2, 3, 2, 1, 0][i] * 16;
      s += k.bar(
        460 + ind,
        172 + i * 24,
        [90, 140, 60, 120, 150, 80, 40, 130, 100, 90, 70, 110, 40, 24][i],
        8,
        i === 1 || i === 7 ? k.accA : i % 5 === 3 ? k.accB : k.soft,
      );
    }
    s += k.box(420, 172 + 8 * 24 - 8, 280, 24, 0, k.accA, k.dark ? 0.12 : 0.08);
    return s;
  },

  /** .NET: a honeycomb of services around an API gateway, standing on the runtime platform. */
  'dot-net'(k) {
    let s = '';
    const P = iso(350, 420, 34);
    s += isoBox(P, -5, -5, 0, 10, 10, 0.5, {
      top: k.dark ? '#16245a' : '#ffffff',
      left: k.dark ? '#0d1738' : '#dcd8f7',
      right: k.dark ? '#111d47' : '#cbc4f3',
      edge: k.accA,
      edgeOpacity: 0.55,
    });
    const hexPath = (cx, cy, r) =>
      'M' +
      Array.from({ length: 6 }, (_, i) =>
        [cx + r * Math.cos((i * Math.PI) / 3), cy + r * Math.sin((i * Math.PI) / 3)].map(n2).join(','),
      ).join('L') +
      'Z';
    const r = 64;
    const dx = r * 1.5;
    const dy = r * Math.sqrt(3);
    const cx = 350;
    const cy = 230;
    const cells = [
      [0, 0, 'Network', true],
      [0, -1, 'ShieldCheck'],
      [1, -0.5, 'Database'],
      [1, 0.5, 'Workflow'],
      [0, 1, 'Boxes'],
      [-1, 0.5, 'Server'],
      [-1, -0.5, 'Cpu'],
      [2, 0, 'Cloud'],
      [-2, 0, 'Layers'],
    ];
    for (const [q, rr, nm, centre] of cells) {
      const x = cx + q * dx;
      const y = cy + rr * dy;
      const g = centre ? k.grad(k.a, k.b) : k.grad(k.dark ? C.navy3 : '#ffffff', k.dark ? C.ink : '#f1eeff');
      s +=
        g.def +
        `<path d="${hexPath(x, y, r - 5)}" fill="${g.url}" stroke="${centre ? 'none' : (q + rr) % 2 ? k.accB : k.accA}" stroke-opacity="0.7" stroke-width="2"${centre ? ` opacity="${k.dark ? 0.7 : 1}"` : ''}${!k.dark && k.sh ? ` filter="url(#${k.sh})"` : ''}/>`;
      s += icon(nm, x - 22, y - 22, 44, { stroke: centre ? '#ffffff' : k.accA, width: 1.8, opacity: k.dark ? 0.9 : 1 });
    }
    return s;
  },

  /** MERN: MongoDB, Express, React and Node as four stations of one loop, a JSON document travelling it. */
  mern(k) {
    let s = '';
    const cx = 350;
    const cy = 280;
    const rx = 270;
    const ry = 200;
    s += `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round"/>`;
    const stations = [
      [-Math.PI / 2, 'Leaf'],
      [0, 'Server'],
      [Math.PI / 2, 'Atom'],
      [Math.PI, 'Hexagon'],
    ];
    // flowing documents between stations
    for (let i = 0; i < 4; i++) {
      const t = stations[i][0] + Math.PI / 4;
      const x = cx + rx * Math.cos(t);
      const y = cy + ry * Math.sin(t);
      s +=
        k.panel(x - 34, y - 24, 68, 48, 8) + k.bar(x - 22, y - 12, 18, 7, i % 2 ? k.accB : k.accA) + k.bar(x - 22, y + 2, 40, 6);
      const t2 = t + 0.35;
      s += k.arrow(
        [cx + rx * Math.cos(t2 - 0.1), cy + ry * Math.sin(t2 - 0.1)],
        [cx + rx * Math.cos(t2), cy + ry * Math.sin(t2)],
        { col: k.accA, width: 3 },
      );
    }
    stations.forEach(([t, nm], i) => {
      const x = cx + rx * Math.cos(t);
      const y = cy + ry * Math.sin(t);
      s += k.tile(x - 48, y - 48, 96, nm, i % 2 === 1);
    });
    // central document
    s += k.panel(240, 190, 220, 180, 16);
    s += k.icon('Braces', 258, 206, 30, k.accA, 2);
    for (let i = 0; i < 5; i++)
      s +=
        k.bar(270 + (i > 0 && i < 4 ? 20 : 0), 250 + i * 22, 36, 8, i % 2 ? k.accB : k.accA) +
        (i > 0 && i < 4 ? k.bar(336, 250 + i * 22, [90, 60, 100][i - 1]) : '');
    return s;
  },

  /** Node.js: the event loop with its phases, callbacks queued into it, and a terminal. */
  node(k) {
    let s = '';
    const cx = 440;
    const cy = 250;
    const r = 160;
    const phases = 6;
    for (let i = 0; i < phases; i++) {
      const a0 = -Math.PI / 2 + (i * 2 * Math.PI) / phases + 0.08;
      const a1 = a0 + (2 * Math.PI) / phases - 0.16;
      const p0 = [cx + r * Math.cos(a0), cy + r * Math.sin(a0)];
      const p1 = [cx + r * Math.cos(a1), cy + r * Math.sin(a1)];
      s += `<path d="M${n2(p0[0])},${n2(p0[1])}A${r},${r} 0 0 1 ${n2(p1[0])},${n2(p1[1])}" fill="none" stroke="${[k.accA, k.accB, C.blue][i % 3]}" stroke-width="22" stroke-linecap="round" opacity="${k.dark ? 0.55 + (i === 1 ? 0.3 : 0) : 0.7 + (i === 1 ? 0.3 : 0)}"/>`;
      const am = (a0 + a1) / 2;
      s += k.bar(cx + (r + 44) * Math.cos(am) - 24, cy + (r + 44) * Math.sin(am) - 4, 48, 8);
    }
    // arrowheads around the loop
    for (let i = 0; i < phases; i++) {
      const am = -Math.PI / 2 + ((i + 1) * 2 * Math.PI) / phases;
      const x = cx + r * Math.cos(am);
      const y = cy + r * Math.sin(am);
      s += `<circle cx="${n2(x)}" cy="${n2(y)}" r="6" fill="${k.dark ? '#ffffff' : C.navy}" opacity="${k.dark ? 0.55 : 0.8}"/>`;
    }
    s += k.tile(cx - 60, cy - 60, 120, 'Hexagon', true);
    // callback queue
    s += k.panel(150, 470, 500, 70, 16);
    for (let i = 0; i < 6; i++)
      s +=
        k.box(
          170 + i * 78,
          486,
          64,
          38,
          10,
          [k.accA, k.accB, C.blue][i % 3],
          k.dark ? 0.35 + (i === 5 ? 0.3 : 0) : 0.25 + (i === 5 ? 0.6 : 0),
        ) + k.bar(182 + i * 78, 501, 40, 8, i === 5 ? '#ffffff' : k.soft, i === 5 ? 0.9 : k.softOp);
    s += k.curve(
      [
        [640, 505],
        [680, 480],
        [640, 400],
        [590, 340],
      ],
      { col: k.accA, op: 0.8, width: 3, dash: '2 9' },
    );
    s += k.arrow([594, 346], [588, 338], { col: k.accA });
    // terminal
    s += k.win(0, 20, 230, 200);
    for (let i = 0; i < 5; i++)
      s +=
        `<path d="M18,${74 + i * 26}l7,5 -7,5" fill="none" stroke="${k.accB}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" opacity="0.85"/>` +
        k.bar(34, 75 + i * 26, [120, 90, 150, 70, 16][i], 8, i === 4 ? k.accA : k.soft);
    return s;
  },

  /** React: a component tree whose highlighted branch is the highlighted part of the rendered page. */
  react(k) {
    let s = '';
    const node = (x, y, w, on, nm) =>
      k.panel(x, y, w, 44, 12) +
      (nm
        ? k.icon(nm, x + 12, y + 11, 22, on ? k.accB : k.accA, 2)
        : k.box(x + 12, y + 12, 20, 20, 6, on ? k.accB : k.accA, k.dark ? 0.6 : 0.85)) +
      k.bar(x + 42, y + 18, w - 58, 8, on ? k.accB : k.soft) +
      (on
        ? `<rect x="${x - 3}" y="${y - 3}" width="${w + 6}" height="50" rx="14" fill="none" stroke="${k.accB}" stroke-width="2.5" opacity="0.85"/>`
        : '');
    const root = [150, 10];
    const lvl1 = [
      [10, 130],
      [150, 130],
      [290, 130],
    ];
    const lvl2 = [
      [0, 260],
      [95, 260],
      [200, 260],
      [300, 260],
    ];
    const lvl3 = [
      [150, 390],
      [260, 390],
    ];
    const ctr = ([x, y], w, bottom) => [x + w / 2, bottom ? y + 44 : y];
    const link = (p, q, on) =>
      k.curve(
        [
          ctr(p, 140, true),
          [ctr(p, 140, true)[0], ctr(p, 140, true)[1] + 30],
          [ctr(q, 110)[0], ctr(q, 110)[1] - 30],
          ctr(q, 110),
        ],
        { col: on ? k.accB : k.line, op: on ? 0.9 : k.lineOp, width: on ? 3 : 2 },
      );
    s += link(root, lvl1[0]) + link(root, lvl1[1], true) + link(root, lvl1[2]);
    s += link(lvl1[0], lvl2[0]) + link(lvl1[1], lvl2[1], true) + link(lvl1[1], lvl2[2], true) + link(lvl1[2], lvl2[3]);
    s += link(lvl2[2], lvl3[0], true) + link(lvl2[2], lvl3[1], true);
    s += node(root[0], root[1], 140, false, 'Atom');
    lvl1.forEach(([x, y], i) => (s += node(x, y, 120, i === 1)));
    lvl2.forEach(([x, y], i) => (s += node(x, y, 88, i === 1 || i === 2)));
    lvl3.forEach(([x, y]) => (s += node(x, y, 96, true)));
    // rendered UI
    s += k.win(440, 60, 260, 440);
    s += k.bar(458, 112, 90, 10, k.accA) + k.bar(600, 113, 80, 8);
    s += k.box(458, 140, 224, 90, 10);
    s += `<rect x="456" y="248" width="228" height="232" rx="12" fill="${k.accB}" fill-opacity="${k.dark ? 0.1 : 0.08}" stroke="${k.accB}" stroke-width="2.5" opacity="0.9"/>`;
    for (let i = 0; i < 3; i++)
      s +=
        k.box(470, 262 + i * 70, 200, 58, 10) +
        k.box(482, 274 + i * 70, 34, 34, 8, k.accB, k.dark ? 0.5 : 0.7) +
        k.bar(528, 280 + i * 70, 110) +
        k.bar(528, 296 + i * 70, 70, 7, k.faint, k.faintOp);
    s += k.curve(
      [
        [400, 282],
        [420, 282],
        [430, 300],
        [452, 320],
      ],
      { col: k.accB, op: 0.7, dash: '3 7' },
    );
    return s;
  },

  /** TypeScript: an interface whose fields type the code beside it, one error caught in the editor, zero left at build. */
  typescript(k) {
    let s = k.panel(0, 40, 250, 250, 14);
    s +=
      k.box(0, 40, 250, 44, 14, k.a, k.dark ? 0.45 : 0.9) +
      k.icon('Type', 16, 50, 24, '#ffffff', 2.2) +
      k.bar(52, 58, 110, 9, '#ffffff', 0.9);
    const fieldY = [110, 150, 190, 230];
    fieldY.forEach(
      (y, i) =>
        (s +=
          k.bar(24, y, 70, 8, k.accA) +
          `<circle cx="104" cy="${y + 4}" r="3" fill="${k.soft}" opacity="${k.softOp}"/>` +
          k.bar(116, y, [60, 80, 50, 90][i], 8, k.accB)),
    );
    // editor
    s += k.win(300, 0, 400, 400);
    const rows = 12;
    const linked = { 2: 0, 4: 1, 7: 2, 9: 3 };
    for (let i = 0; i < rows; i++) {
      const y = 58 + i * 26;
      s += k.bar(316, y, 12, 7, k.faint, k.faintOp);
      const ind = [0, 1, 2, 2, 2, 1, 1, 2, 2, 2, 1, 0][i] * 18;
      s += k.bar(342 + ind, y, [110, 150, 70, 90, 120, 40, 130, 80, 140, 60, 50, 24][i], 8, i in linked ? k.accA : k.soft);
      if (i in linked) s += k.bar(342 + ind + 100, y, 60, 8, k.accB);
    }
    Object.entries(linked).forEach(([row, f]) => {
      const y = 58 + +row * 26 + 4;
      s += k.curve(
        [
          [250, fieldY[f] + 4],
          [280, fieldY[f] + 4],
          [300, y],
          [336, y],
        ],
        { col: k.accB, op: 0.55, dash: '3 6' },
      );
    });
    // error squiggle + tooltip
    const ey = 58 + 5 * 26 + 12;
    let sq = `M${380},${ey}`;
    for (let i = 0; i < 10; i++) sq += `l4,${i % 2 ? -4 : 4}`;
    s += `<path d="${sq}" fill="none" stroke="${CORAL}" stroke-width="2.2" stroke-linecap="round"/>`;
    s +=
      k.panel(420, 200, 250, 60, 12) +
      k.icon('CircleAlert', 434, 216, 28, CORAL, 2) +
      k.bar(474, 220, 150) +
      k.bar(474, 238, 100, 7, k.faint, k.faintOp);
    // build result
    s +=
      k.panel(300, 440, 400, 90, 16) +
      k.check(346, 485, 22, k.accB) +
      k.bar(384, 470, 160, 12) +
      k.bar(384, 492, 110, 8, k.faint, k.faintOp);
    s += k.tile(60, 340, 110, 'ShieldCheck', true);
    return s;
  },

  /** Vue: a single-file component (template, script, style) rendering a card, reactive data flowing both ways. */
  vue(k) {
    let s = '';
    const parts = [
      ['CodeXml', k.accA],
      ['Braces', k.accB],
      ['Palette', C.blue],
    ];
    parts.forEach(([nm, col], i) => {
      const x = i * 30;
      const y = 20 + i * 170;
      s += k.panel(x, y, 300, 150, 14) + `<rect x="${x}" y="${y}" width="300" height="6" rx="3" fill="${col}" opacity="0.9"/>`;
      s += k.icon(nm, x + 16, y + 20, 24, col, 2) + k.bar(x + 52, y + 28, 80, 8, col);
      for (let j = 0; j < 3; j++) s += k.bar(x + 24 + (j % 2) * 18, y + 66 + j * 22, [170, 120, 150][j]);
    });
    // V-shaped flow
    s += k.curve(
      [
        [340, 100],
        [420, 150],
        [470, 230],
      ],
      { col: k.accA, op: 0.8, width: 3, dash: '2 9' },
    );
    s += k.curve(
      [
        [370, 450],
        [430, 400],
        [470, 320],
      ],
      { col: k.accB, op: 0.8, width: 3, dash: '2 9' },
    );
    s += k.arrow([466, 222], [472, 232], { col: k.accA }) + k.arrow([466, 330], [471, 318], { col: k.accB });
    // rendered component
    s += k.panel(470, 150, 230, 260, 18);
    const g = k.grad(k.a, k.b);
    s += g.def + `<rect x="486" y="166" width="198" height="100" rx="12" fill="${g.url}" opacity="${k.dark ? 0.4 : 0.85}"/>`;
    s += `<path d="M560,196l25,44 25,-44" fill="none" stroke="#ffffff" stroke-width="7" stroke-linejoin="round" stroke-linecap="round" opacity="${k.dark ? 0.7 : 0.9}"/>`;
    s += k.bar(486, 284, 140, 10) + k.bar(486, 304, 100, 8, k.faint, k.faintOp);
    s += k.box(486, 350, 90, 36, 18, k.accA, k.dark ? 0.55 : 1) + k.bar(504, 364, 54, 8, '#ffffff', 0.9);
    s += `<circle cx="${650}" cy="368" r="16" fill="none" stroke="${k.accB}" stroke-width="3"/>` + k.bar(642, 364, 16, 8, k.accB);
    s += k.tile(600, 20, 80, 'Zap', true);
    return s;
  },

  /** Web API: a sequence diagram (client, API, data store) with requests and responses, and the JSON it returns. */
  'web-api'(k) {
    let s = '';
    const cols = [
      [60, 'MonitorSmartphone'],
      [320, 'Webhook'],
      [580, 'Database'],
    ];
    cols.forEach(([x, nm], i) => {
      s += k.tile(x - 40, 0, 80, nm, i === 1);
      s += `<line x1="${x}" y1="92" x2="${x}" y2="540" stroke="${k.line}" stroke-opacity="${k.lineOp}" stroke-width="2" stroke-dasharray="5 7"/>`;
    });
    s += k.box(312, 150, 16, 250, 6, k.accA, k.dark ? 0.5 : 0.6);
    const msg = (y, from, to, col, methodCol, w, dashed) => {
      const x0 = cols[from][0] + (from === 1 ? 8 : 0);
      const x1 = cols[to][0] - (to === 1 ? 8 : 0) * (to > from ? 1 : -1);
      let p = k.arrow([x0, y], [x1, y], { col, dash: dashed ? '6 6' : '' });
      const lx = Math.min(x0, x1) + 16;
      p += k.box(lx, y - 34, 46, 20, 10, methodCol, k.dark ? 0.6 : 0.9) + k.bar(lx + 56, y - 28, w, 8);
      return p;
    };
    s += msg(160, 0, 1, k.accA, k.accA, 120);
    s += msg(230, 1, 2, k.accA, C.blue, 100);
    s += msg(300, 2, 1, k.accB, k.accB, 80, true);
    s += msg(390, 1, 0, k.accB, k.accB, 130, true);
    s += k.tile(-10, 190, 64, 'KeyRound');
    // JSON response
    s += k.panel(120, 420, 400, 120, 14) + k.icon('Braces', 136, 436, 26, k.accA, 2);
    for (let i = 0; i < 3; i++)
      s += k.bar(180, 440 + i * 26, 60, 8, k.accA) + k.bar(252, 440 + i * 26, [120, 80, 150][i], 8, i === 1 ? k.accB : k.soft);
    return s;
  },

  /** Databases: a query run against a primary that replicates to two replicas, and the table it returns. */
  databases(k) {
    let s = '';
    s += k.win(0, 0, 300, 170) + k.bar(18, 58, 60, 9, k.accA) + k.bar(88, 58, 120);
    s += k.bar(18, 82, 40, 9, k.accA) + k.bar(68, 82, 90) + k.bar(18, 106, 50, 9, k.accB) + k.bar(78, 106, 150);
    s += k.box(226, 124, 60, 32, 16, k.accA, k.accOp) + `<path d="M250,132l14,8 -14,8z" fill="#ffffff"/>`;
    s +=
      k.curve(
        [
          [300, 100],
          [360, 110],
          [400, 150],
        ],
        { col: k.accA, op: 0.85, width: 3, dash: '2 9' },
      ) + k.arrow([396, 144], [402, 153], { col: k.accA });
    s += k.cylinder(450, 170, 150, 120, { rows: 3 });
    s += k.icon('DatabaseZap', 432, 220, 36, k.accA, 1.8);
    // replicas
    for (const [x, y] of [
      [580, 300],
      [610, 110],
    ]) {
      s += k.cylinder(x + 30, y, 80, 64, { accent: k.accB, rows: 2 });
      s += k.link([526, 240], [x - 10, y + 30], { col: k.accB, op: 0.7 });
    }
    // result table
    s += k.panel(20, 260, 440, 270, 14);
    s += k.box(20, 260, 440, 40, 14, k.a, k.dark ? 0.4 : 0.9);
    const cw = [120, 140, 120];
    let x = 40;
    cw.forEach((w) => {
      s += k.bar(x, 276, w * 0.55, 9, '#ffffff', 0.85);
      x += w + 20;
    });
    for (let r = 0; r < 5; r++) {
      const y = 318 + r * 40;
      if (r === 2) s += k.box(24, y - 12, 432, 34, 6, k.accB, k.dark ? 0.16 : 0.12);
      x = 40;
      cw.forEach((w, c) => {
        s += k.bar(x, y, w * [0.7, 0.5, 0.8, 0.6, 0.4][(r + c) % 5], 8, r === 2 && c === 0 ? k.accB : k.soft);
        x += w + 20;
      });
      if (r < 4) s += `<rect x="36" y="${y + 24}" width="408" height="1" fill="${k.soft}" opacity="${k.dark ? 0.12 : 0.5}"/>`;
    }
    return s;
  },

  /** Reporting: a dashboard of KPI tiles, bars, a donut and a trend line, with the exported report behind it. */
  reporting(k) {
    let s = '';
    // exported report page behind, tilted
    s += `<g transform="rotate(-7 120 280)">` + k.panel(0, 80, 220, 300, 10);
    for (let i = 0; i < 5; i++) s += k.bar(22, 110 + i * 20, [150, 120, 170, 90, 140][i], 8, i === 0 ? k.accA : k.soft);
    for (let i = 0; i < 6; i++)
      s += k.box(
        30 + i * 28,
        330 - [50, 80, 60, 110, 90, 130][i],
        18,
        [50, 80, 60, 110, 90, 130][i],
        3,
        i % 2 ? k.accB : k.accA,
        k.dark ? 0.45 : 0.7,
      );
    s += `</g>`;
    s += k.tile(-10, 420, 84, 'FileSpreadsheet', true);
    // dashboard
    s += k.win(160, 0, 540, 520);
    for (let i = 0; i < 3; i++) {
      const x = 180 + i * 170;
      s +=
        k.box(x, 56, 156, 90, 12) +
        k.bar(x + 14, 72, 60, 7, k.faint, k.faintOp) +
        k.bar(x + 14, 90, 80, 16, i === 1 ? k.accB : k.accA);
      const pts = Array.from({ length: 7 }, (_, j) => [
        x + 14 + j * 21,
        132 - (Math.sin(j * 1.3 + i) * 0.5 + 0.5) * 14 - j * 1.5,
      ]);
      s += k.curve(pts, { col: i === 1 ? k.accB : k.accA, op: 0.85, width: 2.5 });
    }
    // bar chart
    s += k.box(180, 164, 320, 170, 12);
    const bars = [0.45, 0.7, 0.55, 0.9, 0.6, 0.8, 0.5, 0.95];
    bars.forEach(
      (v, i) => (s += k.box(200 + i * 36, 314 - v * 120, 22, v * 120, 5, i === 7 ? k.accB : k.accA, k.dark ? 0.55 : 0.85)),
    );
    // donut
    s += k.box(516, 164, 164, 170, 12);
    const cx = 598;
    const cy = 249;
    const r = 50;
    const circ = 2 * Math.PI * r;
    let off = 0;
    [
      [0.45, k.accA],
      [0.3, k.accB],
      [0.25, C.blue],
    ].forEach(([f, col]) => {
      s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${col}" stroke-width="22" stroke-dasharray="${n2(circ * f - 4)} ${n2(circ)}" stroke-dashoffset="${n2(-off)}" transform="rotate(-90 ${cx} ${cy})" opacity="${k.dark ? 0.7 : 0.9}"/>`;
      off += circ * f;
    });
    // trend line
    s += k.box(180, 350, 500, 150, 12);
    const pts = Array.from({ length: 12 }, (_, i) => [
      200 + i * 42,
      470 - (0.3 + 0.6 * (i / 11) + 0.12 * Math.sin(i * 1.7)) * 100,
    ]);
    const area = nextId('ra');
    s += `<defs><linearGradient id="${area}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${k.accA}" stop-opacity="${k.dark ? 0.25 : 0.3}"/><stop offset="1" stop-color="${k.accA}" stop-opacity="0"/></linearGradient></defs>`;
    s += `<path d="${smoothPath(pts)}L${pts[11][0]},486L${pts[0][0]},486Z" fill="url(#${area})"/>`;
    s += k.curve(pts, { col: k.accA, op: 0.95, width: 3.5 });
    s += `<circle cx="${n2(pts[8][0])}" cy="${n2(pts[8][1])}" r="7" fill="${k.accB}" stroke="${k.dark ? C.navy : '#fff'}" stroke-width="3"/>`;
    return s;
  },
};

export const PAGE_SCENES = Object.keys(SCENES);

// ------------------------------------------------------------ frames

/** 1600x900 dark hero: the page's scene on the right, dimmed so white text stays readable. */
export function pageSceneHero(slug, { W = 1600, H = 900, swap = false } = {}) {
  resetIds();
  const R = rng(slug + '-hero');
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  let body = darkBackdrop(W, H, slug, {
    glows: [
      [R.range(0.05, 0.3), R.range(0.0, 0.3), 0.5, a, 0.4],
      [R.range(0.72, 0.9), R.range(0.45, 0.7), 0.42, b, 0.26],
      [0.55, 1.05, 0.5, C.blue, 0.14],
    ],
  });
  body += dotGrid(W, H, { gap: 30, r: 1.3, color: '#a5b4ff', opacity: 0.18, cx: 0.74, cy: 0.5, fade: 0.5 });
  body += threads(W, H, slug + 't', { count: 8, y0: 0.86, amp: 0.04, spread: 0.1, opacity: 0.3, tilt: -0.12 });
  const k = kit(true, a, b);
  // Below the header's band and right of the copy at every width the hero is cropped to (1280 to 1920).
  const sc = 0.9;
  const x = 1560 - SW * sc;
  const y = 240;
  body += `<g transform="translate(${n2(x)} ${y}) scale(${sc})" opacity="0.92">${SCENES[slug](k, R)}</g>`;
  return doc(W, H, body);
}

/** 1200x900 light overview: the same scene, light and larger, for the page's text-and-picture block. */
export function pageSceneOverview(slug, { W = 1200, H = 900, swap = false } = {}) {
  resetIds();
  const R = rng(slug + '-overview');
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  const sh = nextId('sh');
  let body = `<defs>${shadowFilter(sh, { dy: 10, blur: 18, opacity: 0.14 })}</defs>`;
  body += lightBackdrop(W, H, slug, {
    glows: [
      [R.range(0.05, 0.3), R.range(0.05, 0.3), 0.55, a, 0.22],
      [R.range(0.7, 0.95), R.range(0.7, 0.95), 0.55, b, 0.22],
    ],
  });
  body += dotGrid(W, H, { gap: 28, r: 1.6, color: C.navy4, opacity: 0.14, cx: 0.5, cy: 0.5, fade: 0.62 });
  body += sparkles(slug + 's', W, H, 10, { color: a });
  body += threads(W, H, slug + 't', { count: 10, y0: 0.9, amp: 0.04, spread: 0.08, opacity: 0.3 });
  const k = kit(false, a, b, sh);
  const sc = 1.5;
  body += `<g transform="translate(${n2((W - SW * sc) / 2)} ${n2((H - SH * sc) / 2 + 10)}) scale(${sc})">${SCENES[slug](k, R)}</g>`;
  return doc(W, H, body);
}

// ------------------------------------------------------------ hire slide (1200 x 800, light)

/**
 * The hire block's "Getting Started" slide for one page: a client and a developer on a kick-off
 * call, the page's scene on the shared screen, the call's agenda (brief, stack, hours) and its
 * controls, and the page's icon on a tile at the window's corner. The slider crops the picture to
 * about its middle 760 px on wide screens and to a 16:9 band on phones, so all of it that matters
 * stays within x 230 to 970 and y 62 to 738. `mirror` puts the people on the left; `people` picks
 * the two portraits (lib/people.mjs), client first.
 */
export function pageSceneHire(slug, mainIcon, { W = 1200, H = 800, swap = false, mirror = false, people = [0, 1] } = {}) {
  resetIds();
  const seed = `hire-${slug}`;
  const R = rng(seed);
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let body = `<defs>${shadowFilter(sh, { dy: 8, blur: 14, opacity: 0.12 })}${shadowFilter(shb, { dy: 22, blur: 36, opacity: 0.24 })}</defs>`;
  body += lightBackdrop(W, H, seed, {
    glows: [
      [mirror ? R.range(0.7, 0.95) : R.range(0.05, 0.3), R.range(0.0, 0.25), 0.5, a, 0.24],
      [mirror ? R.range(0.05, 0.3) : R.range(0.7, 0.95), R.range(0.75, 1.0), 0.5, b, 0.22],
    ],
  });
  body += dotGrid(W, H, { gap: 28, r: 1.6, color: C.navy4, opacity: 0.14, cx: 0.5, cy: 0.5, fade: 0.62 });
  body += sparkles(seed + 's', W, H, 12, { color: a });
  // No threads along the bottom, unlike the shared slides: across the full width they cost about a fifth of the file.

  // The call window: the shared screen on one side, the two people and the agenda on the other.
  const win = { x: 236, y: 112, w: 728, h: 560 };
  const pad = 16;
  const side = 160;
  const stage = { x: mirror ? win.x + pad * 2 + side : win.x + pad, y: win.y + 58, w: win.w - side - pad * 3 };
  stage.h = win.y + win.h - pad - stage.y;
  const col = mirror ? win.x + pad : stage.x + stage.w + pad;
  body += `<rect x="${win.x}" y="${win.y}" width="${win.w}" height="${win.h}" rx="22" fill="#fff" filter="url(#${shb})"/>`;
  body += `<rect x="${win.x + 0.5}" y="${win.y + 0.5}" width="${win.w - 1}" height="${win.h - 1}" rx="22" fill="none" stroke="#e4e3f7"/>`;
  // Title bar: the window's dots, a "live" pill and the meeting's name; the page's tile takes the far corner.
  ['#ff8a8a', '#ffd36b', '#5fdc9a'].forEach(
    (c, i) => (body += `<circle cx="${win.x + 28 + i * 18}" cy="${win.y + 29}" r="5.5" fill="${c}"/>`),
  );
  const lx = win.x + 84;
  body += `<rect x="${lx}" y="${win.y + 15}" width="84" height="28" rx="14" fill="${a}" opacity="0.12"/>`;
  body += `<circle cx="${lx + 16}" cy="${win.y + 29}" r="5" fill="${a}"/>`;
  body += icon('Video', lx + 28, win.y + 20, 18, { stroke: a, width: 2 });
  body += `<rect x="${lx + 54}" y="${win.y + 25}" width="18" height="8" rx="4" fill="${a}" opacity="0.55"/>`;
  body += `<rect x="${lx + 100}" y="${win.y + 25}" width="130" height="8" rx="4" fill="#cfd3ec"/>`;

  // The shared screen: the page's own scene, framed in the accent colour as a call app marks a presenter.
  const clip = nextId('st');
  body += `<defs><clipPath id="${clip}"><rect x="${stage.x}" y="${stage.y}" width="${stage.w}" height="${stage.h}" rx="14"/></clipPath></defs>`;
  body += `<rect x="${stage.x}" y="${stage.y}" width="${stage.w}" height="${stage.h}" rx="14" fill="#f6f5ff"/>`;
  const k = kit(false, a, b, sh);
  const sc = Math.min((stage.w - 32) / SW, (stage.h - 80) / SH);
  const sx = stage.x + (stage.w - SW * sc) / 2;
  const sy = stage.y + 52 + (stage.h - 60 - SH * sc) / 2;
  body += `<g clip-path="url(#${clip})"><g transform="translate(${n2(sx)} ${n2(sy)}) scale(${n2(sc * 1000) / 1000})">${SCENES[slug](k, R)}</g></g>`;
  body += `<rect x="${stage.x - 1}" y="${stage.y - 1}" width="${stage.w + 2}" height="${stage.h + 2}" rx="15" fill="none" stroke="${a}" stroke-width="3"/>`;
  // "Presenting" tag on the screen's top corner.
  const px = stage.x + 12;
  const py = stage.y + 12;
  body += `<rect x="${px}" y="${py}" width="104" height="28" rx="14" fill="${a}"/>`;
  body += icon('ScreenShare', px + 11, py + 5, 18, { stroke: '#fff', width: 2 });
  body += `<rect x="${px + 38}" y="${py + 10}" width="52" height="8" rx="4" fill="#fff" opacity="0.85"/>`;

  // The two people: the client (a company badge, speaking) and the developer (a code badge).
  const th = 150;
  [
    [people[0], 'Building2', true],
    [people[1], 'CodeXml', false],
  ].forEach(([who, badge, speaking], i) => {
    const y = stage.y + i * (th + 12);
    const id = nextId('pt');
    const tint = (i === 0) === swap ? '#d3f4ef' : '#e6e0ff';
    body += `<defs><clipPath id="${id}"><rect x="${col}" y="${y}" width="${side}" height="${th}" rx="14"/></clipPath>
<linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>`;
    body += `<rect x="${col}" y="${y}" width="${side}" height="${th}" rx="14" fill="url(#${id}g)"/>`;
    const ps = 140;
    body += `<g clip-path="url(#${id})">${portraitFragment(who, col + (side - ps) / 2, y + 10, ps, id)}</g>`;
    // Name tag (badge, name, voice level when speaking) and microphone.
    body += `<rect x="${col + 8}" y="${y + th - 34}" width="${speaking ? 96 : 74}" height="26" rx="13" fill="#fff" opacity="0.94"/>`;
    body += icon(badge, col + 15, y + th - 29, 16, { stroke: i ? b : a, width: 2 });
    body += `<rect x="${col + 37}" y="${y + th - 25}" width="34" height="7" rx="3.5" fill="#a9b1dc"/>`;
    if (speaking)
      [6, 12, 8].forEach(
        (h, j) =>
          (body += `<rect x="${col + 78 + j * 6}" y="${n2(y + th - 21 - h / 2)}" width="3.5" height="${h}" rx="1.75" fill="${a}"/>`),
      );
    body += `<circle cx="${col + side - 21}" cy="${y + th - 21}" r="13" fill="#fff" opacity="0.94"/>`;
    body += icon('Mic', col + side - 29, y + th - 29, 16, { stroke: speaking ? a : '#8e95b8', width: 2 });
    if (speaking)
      body += `<rect x="${col - 1.5}" y="${y - 1.5}" width="${side + 3}" height="${th + 3}" rx="15.5" fill="none" stroke="${a}" stroke-width="3"/>`;
  });

  // The kick-off agenda: the brief and the stack agreed, the working hours still to settle.
  const ay = stage.y + 2 * (th + 12);
  const ah = stage.y + stage.h - ay;
  body += `<rect x="${col}" y="${ay}" width="${side}" height="${ah}" rx="14" fill="#f6f5ff"/>`;
  body += `<rect x="${col + 0.5}" y="${ay + 0.5}" width="${side - 1}" height="${ah - 1}" rx="14" fill="none" stroke="#e4e3f7"/>`;
  body += icon('ClipboardList', col + 14, ay + 14, 20, { stroke: a, width: 2 });
  body += `<rect x="${col + 44}" y="${ay + 20}" width="70" height="8" rx="4" fill="${a}" opacity="0.75"/>`;
  [
    ['FileText', 62, true],
    [mainIcon, 48, true],
    ['Clock', 56, false],
  ].forEach(([nm, w, done], i) => {
    const ry = ay + 52 + i * 34;
    body += done
      ? `<circle cx="${col + 24}" cy="${ry + 10}" r="10" fill="${b}"/><path d="M${col + 19.5},${ry + 10}l3.2,3.4 6,-6.8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`
      : `<circle cx="${col + 24}" cy="${ry + 10}" r="9" fill="#fff" stroke="#a9b1dc" stroke-width="2"/>`;
    body += icon(nm, col + 44, ry + 1, 18, { stroke: done ? '#6b7299' : '#a9b1dc', width: 2 });
    body += `<rect x="${col + 72}" y="${ry + 6}" width="${w}" height="8" rx="4" fill="${done ? '#cfd3ec' : '#e4e7f5'}"/>`;
  });

  // The call's controls, floating over the window's lower edge under the shared screen.
  const cw = 232;
  const cx = stage.x + (stage.w - cw) / 2;
  const cy = win.y + win.h - 26;
  body += `<rect x="${n2(cx)}" y="${cy}" width="${cw}" height="54" rx="27" fill="#fff" filter="url(#${sh})"/>`;
  body += `<rect x="${n2(cx + 0.5)}" y="${cy + 0.5}" width="${cw - 1}" height="53" rx="27" fill="none" stroke="#e4e3f7"/>`;
  [
    ['Mic', '#eef0fa', '#6b7299'],
    ['Video', '#eef0fa', '#6b7299'],
    ['MonitorUp', a, '#fff'],
    ['PhoneOff', CORAL, '#fff'],
  ].forEach(([nm, fill, stroke], i) => {
    const bx = cx + 36 + i * 53;
    body += `<circle cx="${n2(bx)}" cy="${cy + 27}" r="19" fill="${fill}"/>`;
    body += icon(nm, bx - 10, cy + 17, 20, { stroke, width: 2 });
  });

  // The page's icon, large, over the window's upper right corner.
  const ts = 112;
  body += tile(win.x + win.w - ts + 6, win.y - 52, ts, mainIcon, {
    kind: 'dark',
    shadow: shb,
    r0: a,
    r1: b,
    iconScale: 0.5,
  });
  return doc(W, H, body);
}

// ------------------------------------------------------------ card images (720 x 540, dark)

/**
 * A dark card picture for one service: its icon large, two related icons and a motif
 * (`orbit`, `stack`, `window`, `network`, `bars`, `flow`). The lower left stays calm
 * for the card's name.
 */
export function cardArt(seed, [main, ...more], motif, { W = 720, H = 540, swap = false } = {}) {
  resetIds();
  const R = rng(seed);
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  let body = darkBackdrop(W, H, seed, {
    glows: [
      [R.range(0.55, 0.85), R.range(0.1, 0.35), 0.55, a, 0.5],
      [R.range(0.05, 0.3), R.range(0.7, 1.0), 0.45, b, 0.3],
      [0.9, 0.9, 0.4, C.blue, 0.16],
    ],
    vignette: 0.4,
  });
  body += dotGrid(W, H, { gap: 24, r: 1.2, color: '#a5b4ff', opacity: 0.2, cx: 0.62, cy: 0.38, fade: 0.55 });
  const k = kit(true, a, b);
  const cx = W * 0.6;
  const cy = H * 0.4;
  if (motif === 'orbit') {
    body += orbits(cx, cy, [120, 190], { color: C.sky, opacity: 0.45, dash: '2 9' });
  } else if (motif === 'stack') {
    const P = iso(cx, cy + 40, 30);
    for (let i = 0; i < 3; i++)
      body += isoBox(P, -3, -3, i * 1.3 - 2.5, 6, 6, 0.4, {
        top: i === 2 ? '#22337a' : '#182860',
        left: '#0d1738',
        right: '#111d47',
        edge: i % 2 ? b : a,
        edgeOpacity: 0.7,
      });
  } else if (motif === 'window') {
    body += k.win(cx - 300, cy - 150, 300, 220);
    for (let i = 0; i < 5; i++)
      body += k.bar(cx - 280, cy - 92 + i * 24, [150, 110, 180, 90, 130][i] * 0.8, 8, i === 0 ? k.accA : k.soft);
  } else if (motif === 'network') {
    body += network(W, H, seed + 'n', { n: 18, x: W * 0.3, y: H * 0.05, w: W * 0.65, h: H * 0.7, maxDist: 170, opacity: 0.5 });
  } else if (motif === 'bars') {
    for (let i = 0; i < 7; i++) {
      const h = 40 + ((i * 37 + 20) % 110) + i * 10;
      body += k.box(cx - 190 + i * 56, cy + 150 - h, 30, h, 6, i % 2 ? k.accB : k.accA, 0.35);
    }
  } else {
    body += threads(W, H, seed + 't', { count: 12, y0: 0.42, amp: 0.06, spread: 0.12, opacity: 0.4, x0: 0.15, x1: 1.05 });
  }
  const id = nextId('cc');
  body += `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${a}" stop-opacity="0.45"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient></defs><circle cx="${n2(cx)}" cy="${n2(cy)}" r="150" fill="url(#${id})"/>`;
  body += tile(cx - 70, cy - 70, 140, main, { kind: 'dark', r0: a, r1: b, iconScale: 0.5 });
  const slots = [
    [cx - 210, cy - 120, 76],
    [cx + 150, cy + 40, 84],
  ];
  more.slice(0, 2).forEach((nm, i) => {
    const [x, y, s] = slots[i];
    body += k.link([x + s / 2, y + s / 2], [cx, cy], { op: 0.35 });
    body += tile(x, y, s, nm, { kind: 'dark', r0: i ? b : a, r1: i ? a : b });
  });
  body += glowIcon('Sparkle', W - 70, 40, 22, { opacity: 0.5 });
  return doc(W, H, body);
}
