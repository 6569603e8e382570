// Case-study pictures (light, 1200x900): for each project, the problem before we
// started ("-1") and what we built ("-2"). Each function returns an SVG document.
// The few UI words are drawn with the monoline alphabet of glyphs.mjs (plus the
// letters k, c, g, h, y defined here in the same manner), so no font is needed.
import { C, rng, n2 } from './core.mjs';
import { lightBackdrop, dotGrid, threads, icon, tile, shadowFilter, smoothPath, nextId, resetIds } from './scene.mjs';
import { doc, sparkles, phone } from './compose.mjs';
import { glyph, METRICS } from './glyphs.mjs';

const W = 1200;
const H = 900;
const CORAL = '#ff7a7a';
const INK = '#1b2350';
const SOFT = '#cfd3ec';
const FAINT = '#e1e4f4';
const LINE = '#e8e9f6';
const PAPER = '#fffdf8';

// ------------------------------------------------------------ words

const f = (v) => +v.toFixed(2);

// Letters missing from glyphs.mjs, drawn on the same metrics (cap 70, x-height 52,
// ascender 74, descender 22, baseline y = 0, centre-line geometry for stroke `sw`).
export function extraGlyph(ch, sw) {
  const { XH, ASC, DESC } = METRICS;
  const h = sw / 2;
  const xTop = -(XH - h);
  const base = -h;
  const ascTop = -(ASC - h);
  const descBot = DESC - h;
  const r = (XH - sw) / 2;
  const cy = -XH / 2;
  const on = (deg) => [r + r * Math.cos((deg * Math.PI) / 180), cy + r * Math.sin((deg * Math.PI) / 180)];
  const circle = (cx, cyy, rr) =>
    `M${f(cx - rr)},${f(cyy)}A${f(rr)},${f(rr)} 0 1 0 ${f(cx + rr)},${f(cyy)}A${f(rr)},${f(rr)} 0 1 0 ${f(cx - rr)},${f(cyy)}Z`;
  switch (ch) {
    case 'c': {
      const [x0, y0] = on(-42);
      const [x1, y1] = on(42);
      return { d: `M${f(x0)},${f(y0)}A${f(r)},${f(r)} 0 1 0 ${f(x1)},${f(y1)}`, w: 2 * r - 2 };
    }
    case 'k':
      return { d: `M0,${f(ascTop)}V${f(base)}M30,${f(xTop)}L2,${f(-20)}M12,${f(-28)}L32,${f(base)}`, w: 32 };
    case 'g': {
      const rg = 13;
      return {
        d:
          circle(r, cy, r) +
          `M${f(2 * r)},${f(xTop)}V${f(descBot - rg)}A${rg},${rg} 0 0 1 ${f(2 * r - rg)},${f(descBot)}H${f(6)}`,
        w: 2 * r,
      };
    }
    case 'h': {
      const rn = r * 0.86;
      const yc = xTop + rn;
      return { d: `M0,${f(ascTop)}V${f(base)}M0,${f(yc)}A${f(rn)},${f(rn)} 0 0 1 ${f(2 * rn)},${f(yc)}V${f(base)}`, w: 2 * rn };
    }
    case 'y': {
      const w = 38;
      return { d: `M0,${f(xTop)}L${f(w / 2)},${f(base)}M${w},${f(xTop)}L${f(w * 0.28)},${f(descBot)}`, w };
    }
    default:
      return null;
  }
}

/**
 * A short lower-case word drawn as strokes. (x, y) is the left end of the baseline;
 * `px` the cap height in pixels. anchor: 'start' | 'middle' | 'end'.
 */
export function word(text, x, y, px, { color = INK, sw = 11, tracking = 7, anchor = 'start', opacity = 1 } = {}) {
  const parts = [];
  let cx = sw / 2;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const g = extraGlyph(ch, sw) || glyph(ch, sw);
    if (ch !== ' ') parts.push({ g, x: cx });
    // a word space: the glyph's 10 units plus 16, wider than the letter gap so "to let" reads as two words
    cx += g.w + (i < text.length - 1 ? (ch === ' ' ? tracking + 16 : sw + tracking) : 0);
  }
  const width = cx + sw / 2;
  const s = px / METRICS.CAP;
  const x0 = anchor === 'middle' ? x - (width * s) / 2 : anchor === 'end' ? x - width * s : x;
  let d = '';
  let fill = '';
  for (const { g, x: gx } of parts) {
    d += `<path d="${g.d}" transform="translate(${f(gx)} 0)"/>`;
    if (g.fill) fill += `<path d="${g.fill}" transform="translate(${f(gx)} 0)"/>`;
  }
  const svg =
    `<g transform="translate(${n2(x0)} ${n2(y)}) scale(${f(s * 1000) / 1000})" opacity="${opacity}">` +
    `<g fill="none" stroke="${color}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round">${d}</g>` +
    (fill ? `<g fill="${color}">${fill}</g>` : '') +
    `</g>`;
  return { svg, width: width * s };
}

// ------------------------------------------------------------ small parts

const bar = (x, y, w, h = 8, col = SOFT, op = 1) =>
  `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(Math.max(w, h))}" height="${h}" rx="${h / 2}" fill="${col}"${op < 1 ? ` opacity="${op}"` : ''}/>`;

const rect = (x, y, w, h, r, fill, extra = '') =>
  `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${r}" fill="${fill}"${extra}/>`;

/** White card with the house hairline. */
const card = (x, y, w, h, r = 16, sh) =>
  rect(x, y, w, h, r, '#fff', sh ? ` filter="url(#${sh})"` : '') +
  rect(x + 0.5, y + 0.5, w - 1, h - 1, r, 'none', ` stroke="${LINE}"`);

const rot = (deg, cx, cy, inner) => `<g transform="rotate(${deg} ${n2(cx)} ${n2(cy)})">${inner}</g>`;

function grad(c1, c2, { vertical = false, o1 = 1, o2 = 1 } = {}) {
  const id = nextId('cg');
  return {
    def: `<defs><linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${c1}" stop-opacity="${o1}"/><stop offset="1" stop-color="${c2}" stop-opacity="${o2}"/></linearGradient></defs>`,
    url: `url(#${id})`,
  };
}

/** Light backdrop of the project images: glows, dot grid, sparkles, a thread bundle low down. */
function base(seed, a, b, { threadY = 0.9, sparkle = 10, avoid } = {}) {
  const R = rng(seed + 'bg');
  let s = lightBackdrop(W, H, seed, {
    glows: [
      [R.range(0.05, 0.3), R.range(0.05, 0.3), 0.55, a, 0.22],
      [R.range(0.7, 0.95), R.range(0.7, 0.95), 0.55, b, 0.22],
    ],
  });
  s += dotGrid(W, H, { gap: 28, r: 1.6, color: C.navy4, opacity: 0.14, cx: 0.5, cy: 0.5, fade: 0.62 });
  s += sparkles(seed + 's', W, H, sparkle, { color: a, avoid });
  if (threadY) s += threads(W, H, seed + 't', { count: 10, y0: threadY, amp: 0.04, spread: 0.08, opacity: 0.3 });
  return s;
}

/** Map pin (teardrop) with its tip at (x, y). */
function pin(x, y, col, s = 1) {
  return `<g transform="translate(${n2(x)} ${n2(y)}) scale(${s})"><path d="M0,4c-10,-12 -18,-20 -18,-30a18,18 0 1 1 36,0c0,10 -8,18 -18,30z" fill="${col}"/><circle cx="0" cy="-26" r="7" fill="#fff"/></g>`;
}

/** Push pin seen from above, centred at (x, y). */
function pushPin(x, y, col) {
  return (
    `<ellipse cx="${n2(x + 3)}" cy="${n2(y + 5)}" rx="11" ry="9" fill="${INK}" opacity="0.16"/>` +
    `<circle cx="${n2(x)}" cy="${n2(y)}" r="11" fill="${col}"/>` +
    `<circle cx="${n2(x - 3.5)}" cy="${n2(y - 3.5)}" r="3.5" fill="#fff" opacity="0.6"/>`
  );
}

/** A line of cursive "handwriting": a looping scribble from x to x + w. */
function scribble(R, x, y, w, { col = INK, op = 0.75, amp = 6, width = 2.2 } = {}) {
  let s = '';
  let cx = x;
  while (cx < x + w - 14) {
    const ww = Math.min(x + w - cx, R.range(26, 70));
    const pts = [];
    const n = Math.max(3, Math.round(ww / 7));
    for (let i = 0; i <= n; i++) {
      const px = cx + (i / n) * ww + (i % 2 ? R.range(-2, 2) : 0);
      const up = i % 2 === 0;
      const tall = R() < 0.18 ? 1.9 : 1;
      pts.push([px, y + (up ? -amp * tall * R.range(0.6, 1) : amp * R.range(0.2, 0.6))]);
    }
    s += `<path d="${smoothPath(pts)}" fill="none" stroke="${col}" stroke-opacity="${op}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
    cx += ww + R.range(8, 14);
  }
  return s;
}

/** Streets for a flat map inside (x, y, w, h): wobbly white roads, a river, parks. */
function streets(R, x, y, w, h, { bg = '#e9ecfb', road = '#fff', river = true, parks = 2, n = [7, 6] } = {}) {
  let s = rect(x, y, w, h, 0, bg);
  for (let i = 0; i < parks; i++)
    s += rect(x + R.range(0.05, 0.7) * w, y + R.range(0.05, 0.7) * h, R.range(60, 110), R.range(50, 90), 10, '#d6f5ef');
  if (river) {
    const pts = [];
    for (let i = 0; i <= 6; i++) pts.push([x - 20 + (i / 6) * (w + 40), y + h * (0.72 - i * 0.08) + R.range(-18, 18)]);
    s += `<path d="${smoothPath(pts)}" fill="none" stroke="#bfe3f2" stroke-width="22" stroke-linecap="round"/>`;
  }
  for (let i = 0; i < n[0]; i++) {
    const yy = y + ((i + 0.5) / n[0]) * h + R.range(-10, 10);
    s += `<line x1="${n2(x)}" y1="${n2(yy)}" x2="${n2(x + w)}" y2="${n2(yy - h * 0.08 + R.range(-12, 12))}" stroke="${road}" stroke-width="${i % 3 === 1 ? 9 : 4}"/>`;
  }
  for (let i = 0; i < n[1]; i++) {
    const xx = x + ((i + 0.5) / n[1]) * w + R.range(-12, 12);
    s += `<line x1="${n2(xx)}" y1="${n2(y)}" x2="${n2(xx + R.range(10, 40))}" y2="${n2(y + h)}" stroke="${road}" stroke-width="${i % 3 === 2 ? 9 : 4}"/>`;
  }
  return s;
}

/** Tablet (landscape) frame; screen(x, y, w, h) draws the content. */
function tablet(x, y, w, { screen } = {}) {
  const h = w * 0.68;
  const bez = w * 0.028;
  const id = nextId('tb');
  return (
    `<defs><clipPath id="${id}"><rect x="${n2(x + bez)}" y="${n2(y + bez)}" width="${n2(w - 2 * bez)}" height="${n2(h - 2 * bez)}" rx="10"/></clipPath></defs>` +
    rect(x, y, w, h, n2(w * 0.045), '#141c3d') +
    `<g clip-path="url(#${id})">${screen(x + bez, y + bez, w - 2 * bez, h - 2 * bez)}</g>` +
    `<circle cx="${n2(x + w - bez / 2)}" cy="${n2(y + h / 2)}" r="3" fill="#2c3766"/>`
  );
}

/** Phone status bar: time bar on the left, signal bars (`strength` of 4) and battery on the right. */
function statusBar(x, y, w, { strength = 4, col = INK, weak = CORAL, light = false } = {}) {
  const c = light ? '#fff' : col;
  let s = bar(x + 22, y + 16, 34, 8, c, light ? 0.85 : 0.75);
  const sx = x + w - 78;
  for (let i = 0; i < 4; i++) {
    const hh = 5 + i * 3.5;
    const on = i < strength;
    s += rect(
      sx + i * 7,
      y + 26 - hh,
      4.5,
      hh,
      1.5,
      on ? (strength < 2 ? weak : c) : light ? '#ffffff' : SOFT,
      on ? '' : ` opacity="${light ? 0.35 : 1}"`,
    );
  }
  s += rect(x + w - 44, y + 13, 24, 12, 3.5, 'none', ` stroke="${c}" stroke-opacity="${light ? 0.85 : 0.6}" stroke-width="1.6"`);
  s += rect(
    x + w - 41.5,
    y + 15.5,
    strength < 2 ? 7 : 16,
    7,
    1.5,
    strength < 2 ? weak : c,
    light ? ' opacity="0.85"' : ' opacity="0.6"',
  );
  return s;
}

/** Round badge (notification count) at (x, y). */
const badge = (x, y, r = 11, col = CORAL) =>
  `<circle cx="${n2(x)}" cy="${n2(y)}" r="${r + 3}" fill="#fff"/><circle cx="${n2(x)}" cy="${n2(y)}" r="${r}" fill="${col}"/>` +
  `<path d="M${n2(x - r * 0.38)},${n2(y)}H${n2(x + r * 0.38)}M${n2(x)},${n2(y - r * 0.38)}V${n2(y + r * 0.38)}" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>`;

/** A hand-drawn question mark, cap height `s`, centred on x, baseline at y. */
function questionMark(x, y, s, col, { width = 9, rotate = 0, op = 1 } = {}) {
  const k = s / 100;
  const d = `M${n2(x - 26 * k)},${n2(y - 74 * k)}C${n2(x - 24 * k)},${n2(y - 104 * k)} ${n2(x + 30 * k)},${n2(y - 106 * k)} ${n2(x + 28 * k)},${n2(y - 72 * k)}C${n2(x + 26 * k)},${n2(y - 50 * k)} ${n2(x)},${n2(y - 50 * k)} ${n2(x)},${n2(y - 26 * k)}`;
  return rot(
    rotate,
    x,
    y - s / 2,
    `<g opacity="${op}"><path d="${d}" fill="none" stroke="${col}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/><circle cx="${n2(x)}" cy="${n2(y - 2 * k)}" r="${n2(width * 0.62)}" fill="${col}"/></g>`,
  );
}

/** Loading spinner: a faint track and a bright arc. */
function spinner(cx, cy, r, col, { width = 8, track = FAINT, frac = 0.28, start = -70 } = {}) {
  const circ = 2 * Math.PI * r;
  return (
    `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${r}" fill="none" stroke="${track}" stroke-width="${width}"/>` +
    `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${r}" fill="none" stroke="${col}" stroke-width="${width}" stroke-linecap="round" stroke-dasharray="${n2(circ * frac)} ${n2(circ)}" transform="rotate(${start} ${n2(cx)} ${n2(cy)})"/>`
  );
}

/** A white pill chip with an icon and an optional word; returns { svg, w }. */
function chip(x, y, label, iconName, { on = false, a = C.violet, h = 44, px = 14, sh } = {}) {
  const wd = label ? word(label, 0, 0, px, { sw: 11 }).width : 0;
  const w = 24 + 22 + (label ? 10 + wd : 0) + 22;
  let s = on ? rect(x, y, w, h, h / 2, a, sh ? ` filter="url(#${sh})"` : '') : card(x, y, w, h, h / 2, sh);
  s += icon(iconName, x + 20, y + h / 2 - 11, 22, { stroke: on ? '#fff' : a, width: 2 });
  if (label) s += word(label, x + 52, y + h / 2 + px / 2 - 1, px, { color: on ? '#fff' : INK, sw: 11 }).svg;
  return { svg: s, w };
}

// ============================================================ ParcelPoint

/** The problem: a dispatcher's desk seen from above, swamped by calls, chats, slips and a map of scattered pins. */
export function parcelpointBefore() {
  resetIds();
  const seed = 'case-parcelpoint-1';
  const a = C.violet;
  const b = C.teal;
  const sh = nextId('sh');
  const shs = nextId('shs');
  let s = `<defs>${shadowFilter(sh, { dy: 16, blur: 26, opacity: 0.2 })}${shadowFilter(shs, { dy: 6, blur: 10, opacity: 0.16 })}</defs>`;
  s += base(seed, a, b, { threadY: 0 });

  // desk mat
  s += rot(
    -2,
    600,
    460,
    rect(70, 90, 1060, 730, 34, '#e6e4fa', ` filter="url(#${sh})"`) +
      rect(86, 106, 1028, 698, 26, 'none', ` stroke="#ffffff" stroke-opacity="0.9" stroke-width="2" stroke-dasharray="7 9"`),
  );

  // city map, pinned to the mat, with scattered pins and tangled routes
  {
    const mx = 120;
    const my = 140;
    const mw = 520;
    const mh = 390;
    const RM = rng(seed + 'map');
    let m = rect(mx - 10, my - 10, mw + 20, mh + 20, 8, '#fff', ` filter="url(#${sh})"`);
    const cid = nextId('mc');
    m += `<defs><clipPath id="${cid}"><rect x="${mx}" y="${my}" width="${mw}" height="${mh}" rx="4"/></clipPath></defs><g clip-path="url(#${cid})">`;
    m += streets(RM, mx, my, mw, mh, { n: [8, 7], parks: 3 });
    // fold lines
    m += `<path d="M${mx + mw / 3},${my}V${my + mh}M${mx + (2 * mw) / 3},${my}V${my + mh}M${mx},${my + mh / 2}H${mx + mw}" stroke="${INK}" stroke-opacity="0.07" stroke-width="2"/>`;
    const pts = [];
    for (let i = 0; i < 13; i++) pts.push([mx + RM.range(0.08, 0.92) * mw, my + RM.range(0.14, 0.95) * mh]);
    // tangled routes: each courier's hand-drawn line criss-crossing the city
    const routeCols = [CORAL, a, C.blue];
    for (let r = 0; r < 3; r++) {
      const order = RM.shuffle(pts).slice(0, 5);
      m += `<path d="${smoothPath(order)}" fill="none" stroke="${routeCols[r]}" stroke-width="3.5" stroke-dasharray="${r === 0 ? '10 8' : r === 1 ? '2 9' : '14 6 2 6'}" stroke-linecap="round" opacity="0.8"/>`;
    }
    const pinCols = [a, b, CORAL, C.blue, a, CORAL, b, C.blue, CORAL, a, b, CORAL, C.blue];
    pts.forEach(([px, py], i) => (m += pin(px, py, pinCols[i], RM.range(0.7, 0.95))));
    m += '</g>';
    m += pushPin(mx + 8, my + 6, CORAL) + pushPin(mx + mw - 8, my + 8, b);
    s += rot(-5, mx + mw / 2, my + mh / 2, m);
  }

  // desk phone, ringing: body with keypad, handset in its cradle, curly cord
  {
    const px = 770;
    const py = 150;
    const cx = px + 120;
    const cy = py + 110;
    let p = rect(px, py + 20, 240, 180, 34, C.navy2, ` filter="url(#${sh})"`);
    p += rect(px + 14, py + 34, 212, 152, 26, C.navy3);
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 4; c++)
        p += rect(px + 38 + c * 44, py + 100 + r * 28, 32, 18, 6, r === 0 && c === 3 ? CORAL : '#2f4490');
    // handset: two ear/mouth pieces joined by a grip
    const hs = grad(C.navy4, C.navy2, { vertical: true });
    const hx = px - 14;
    const hy = py;
    p +=
      hs.def +
      `<g filter="url(#${shs})">` +
      rect(hx, hy + 4, 86, 74, 30, hs.url, ` stroke="#3a51a8" stroke-width="1.5"`) +
      rect(hx + 182, hy + 4, 86, 74, 30, hs.url, ` stroke="#3a51a8" stroke-width="1.5"`);
    p +=
      rect(hx + 50, hy + 16, 168, 38, 19, hs.url, ` stroke="#3a51a8" stroke-width="1.5"`) +
      rect(hx + 56, hy + 22, 156, 10, 5, '#ffffff', ' opacity="0.12"') +
      '</g>';
    for (const ex of [hx + 43, hx + 225])
      for (let i = 0; i < 3; i++) p += `<circle cx="${ex - 10 + i * 10}" cy="${hy + 41}" r="3" fill="#0b1530" opacity="0.6"/>`;
    // curly cord from the handset to the body
    const path = [
      [hx + 10, hy + 66],
      [hx - 30, hy + 120],
      [hx - 10, hy + 180],
      [px + 20, py + 190],
    ];
    const pts = [];
    const N = 160;
    for (let i = 0; i <= N; i++) {
      const t = i / N;
      const seg = Math.min(2, Math.floor(t * 3));
      const u = t * 3 - seg;
      const [x0, y0] = path[seg];
      const [x1, y1] = path[seg + 1];
      const bx = x0 + (x1 - x0) * u;
      const by = y0 + (y1 - y0) * u;
      const ang = t * Math.PI * 2 * 18;
      pts.push(`${n2(bx + 7 * Math.cos(ang))},${n2(by + 7 * Math.sin(ang))}`);
    }
    p += `<polyline points="${pts.join(' ')}" fill="none" stroke="${C.navy3}" stroke-width="3" stroke-linejoin="round"/>`;
    s += rot(6, cx, cy, p);
    // ring waves
    for (let i = 0; i < 3; i++) {
      const rr = 150 + i * 26;
      for (const side of [1, -1])
        s += `<path d="M${n2(cx + side * rr * Math.cos(-1.15))},${n2(cy + rr * Math.sin(-1.15))}A${rr},${rr} 0 0 ${side > 0 ? 1 : 0} ${n2(cx + side * rr * Math.cos(-0.5))},${n2(cy + rr * Math.sin(-0.5))}" fill="none" stroke="${CORAL}" stroke-width="5" stroke-linecap="round" opacity="${n2(0.8 - i * 0.22)}"/>`;
    }
  }

  // handwritten slips, scattered and overlapping
  const slips = [
    [150, 585, 200, 130, -9, PAPER],
    [330, 620, 190, 150, 6, '#f1eeff'],
    [560, 560, 180, 120, -4, PAPER],
    [505, 690, 210, 120, 11, '#e9fbf7'],
    [215, 720, 170, 100, -14, PAPER],
    [1000, 420, 150, 110, 14, '#f1eeff'],
  ];
  slips.forEach(([x, y, w, h, deg, col], i) => {
    const RS = rng(seed + 'slip' + i);
    let p = rect(x, y, w, h, 6, col, ` filter="url(#${shs})"`);
    if (col !== PAPER) p += rect(x, y, w, 18, 6, i % 2 ? a : b, ' opacity="0.22"');
    const rows = Math.floor((h - 34) / 22);
    for (let r = 0; r < rows; r++) p += scribble(RS, x + 16, y + 40 + r * 22, w * RS.range(0.5, 0.85), { amp: 5 });
    if (i % 2 === 0)
      p += `<ellipse cx="${n2(x + w - 40)}" cy="${n2(y + h - 24)}" rx="30" ry="14" fill="none" stroke="${CORAL}" stroke-width="2.5" opacity="0.8" transform="rotate(-8 ${n2(x + w - 40)} ${n2(y + h - 24)})"/>`;
    s += rot(deg, x + w / 2, y + h / 2, p);
  });

  // coffee mug, seen from above, with a ring stain
  s += `<circle cx="790" cy="700" r="50" fill="none" stroke="#c9b79c" stroke-width="4" opacity="0.45"/>`;
  {
    const mxx = 850;
    const myy = 730;
    s += `<path d="M${mxx + 38},${myy - 22}a26,26 0 0 1 0,44" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" filter="url(#${shs})"/>`;
    s += `<circle cx="${mxx}" cy="${myy}" r="46" fill="#fff" filter="url(#${shs})"/><circle cx="${mxx}" cy="${myy}" r="36" fill="#6b4a33"/><circle cx="${mxx - 8}" cy="${myy - 8}" r="12" fill="#8a6446" opacity="0.6"/>`;
  }

  // mobile phone with chat messages spilling out
  {
    const ph = phone(0, 0, 360, {
      screen: (x, y, w, h) => {
        let p = rect(x, y, w, h, 0, '#f7f7ff') + statusBar(x, y, w, { strength: 4 });
        for (let i = 0; i < 6; i++) {
          const yy = y + 44 + i * 50;
          const mine = i % 3 === 2;
          const bw = w * (mine ? 0.55 : 0.7);
          const bx = mine ? x + w - 12 - bw : x + 12;
          p += rect(bx, yy, bw, 40, 14, mine ? a : '#fff', mine ? '' : ` stroke="${LINE}"`);
          p +=
            bar(bx + 12, yy + 11, bw * 0.7, 7, mine ? '#fff' : SOFT, mine ? 0.8 : 1) +
            bar(bx + 12, yy + 24, bw * 0.4, 6, mine ? '#fff' : FAINT, mine ? 0.55 : 1);
        }
        return p;
      },
    });
    s += `<g transform="translate(950 470) rotate(-12 88 180)" filter="url(#${sh})">${ph.svg}</g>`;
    s += `<g transform="translate(950 470) rotate(-12 88 180)">${badge(172, 10, 14)}</g>`;
  }
  // message bubbles bursting out of the phone
  const bubbles = [
    [860, 410, 150, -8, a],
    [1010, 380, 130, 6, b],
    [830, 500, 120, 4, C.blue],
  ];
  bubbles.forEach(([x, y, w, deg, col]) => {
    const p =
      `<path d="M${x},${y}h${w}a16,16 0 0 1 16,16v26a16,16 0 0 1 -16,16h-${w - 34}l-16,14v-14h-0a16,16 0 0 1 -16,-16v-26a16,16 0 0 1 16,-16z" fill="#fff" filter="url(#${shs})"/>` +
      `<circle cx="${x + 14}" cy="${y + 29}" r="11" fill="${col}" opacity="0.9"/>` +
      bar(x + 34, y + 18, w * 0.62, 7, SOFT) +
      bar(x + 34, y + 32, w * 0.4, 6, FAINT);
    s += rot(deg, x + w / 2, y + 29, p);
  });
  // call and chat tiles with unread badges
  s += tile(670, 360, 80, 'PhoneCall', { kind: 'accent', shadow: shs, r0: CORAL, r1: '#ff9f7a' }) + badge(744, 366, 12);
  s += tile(1040, 170, 76, 'MessageCircleMore', { kind: 'light', shadow: shs }) + badge(1110, 176, 12);
  // pen
  s += rot(
    -28,
    700,
    820,
    rect(600, 812, 200, 14, 7, C.navy3) + `<path d="M800,812l22,7l-22,7z" fill="${C.navy3}"/>` + rect(604, 812, 26, 14, 5, a),
  );
  return doc(W, H, s);
}

/** What we built: booking form on a laptop, the courier's live route on a phone, and the parcel's status timeline. */
export function parcelpointAfter() {
  resetIds();
  const seed = 'case-parcelpoint-2';
  const a = C.violet;
  const b = C.teal;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let s = `<defs>${shadowFilter(sh, { dy: 10, blur: 18, opacity: 0.14 })}${shadowFilter(shb, { dy: 26, blur: 44, opacity: 0.26 })}</defs>`;
  s += base(seed, a, b, { threadY: 0.62 });

  // laptop with the booking form
  const lx = 60;
  const ly = 110;
  const lw = 690;
  const lh = lw * 0.62;
  const bez = lw * 0.025;
  {
    const id = nextId('lp');
    const sx = lx + bez;
    const sy = ly + bez;
    const sw = lw - 2 * bez;
    const shh = lh - 2 * bez;
    let scr = rect(sx, sy, sw, shh, 0, '#f7f7ff');
    scr += rect(sx, sy, sw, 40, 0, '#fff') + rect(sx, sy + 40, sw, 1, 0, LINE);
    scr += `<circle cx="${sx + 26}" cy="${sy + 20}" r="9" fill="${a}"/>` + bar(sx + 44, sy + 15, 80, 10, INK, 0.8);
    scr +=
      bar(sx + sw - 190, sy + 16, 50, 8) +
      bar(sx + sw - 126, sy + 16, 50, 8) +
      `<circle cx="${sx + sw - 30}" cy="${sy + 20}" r="10" fill="#d5d8ee"/>`;
    // form card
    const fx = sx + 24;
    const fy = sy + 60;
    const fw = sw * 0.58;
    const fh = shh - 84;
    scr += card(fx, fy, fw, fh, 14);
    scr += bar(fx + 20, fy + 22, 150, 12, INK, 0.85);
    // pickup and drop fields joined by a dotted line
    const fields = [
      [fy + 52, a, 'circle'],
      [fy + 108, b, 'pin'],
    ];
    scr += `<line x1="${fx + 38}" y1="${fy + 82}" x2="${fx + 38}" y2="${fy + 118}" stroke="${SOFT}" stroke-width="3" stroke-dasharray="2 6" stroke-linecap="round"/>`;
    fields.forEach(([yy, col, kind], i) => {
      scr += rect(fx + 20, yy, fw - 40, 44, 10, '#f7f7ff', ` stroke="${i === 1 ? b : LINE}" stroke-width="${i === 1 ? 2 : 1}"`);
      scr +=
        kind === 'circle'
          ? `<circle cx="${fx + 38}" cy="${yy + 23}" r="7" fill="#fff" stroke="${col}" stroke-width="4"/>`
          : icon('MapPin', fx + 28, yy + 12, 22, { stroke: col, width: 2.2 });
      scr +=
        bar(fx + 60, yy + 15, fw * (i ? 0.42 : 0.5), 8, i ? INK : SOFT, i ? 0.55 : 1) +
        bar(fx + 60, yy + 28, fw * 0.25, 6, FAINT);
    });
    // parcel size options
    const oy = fy + 172;
    const ow = (fw - 40 - 24) / 3;
    [18, 24, 30].forEach((isz, i) => {
      const ox = fx + 20 + i * (ow + 12);
      const sel = i === 1;
      scr += rect(ox, oy, ow, 76, 12, sel ? '#f1eeff' : '#fff', ` stroke="${sel ? a : LINE}" stroke-width="${sel ? 2.5 : 1}"`);
      scr += icon('Package', ox + ow / 2 - isz / 2, oy + 34 - isz / 2, isz, { stroke: sel ? a : '#9aa1c9', width: 2 });
      scr += bar(ox + ow / 2 - 20, oy + 58, 40, 6, sel ? a : FAINT, sel ? 0.7 : 1);
    });
    // time slot chips
    const ty = oy + 94;
    [60, 74, 60].forEach((cw, i) => {
      const cx = fx + 20 + [0, 70, 154][i];
      scr +=
        rect(cx, ty, cw, 26, 13, i === 0 ? a : '#fff', i === 0 ? '' : ` stroke="${LINE}"`) +
        bar(cx + 14, ty + 10, cw - 28, 6, i === 0 ? '#fff' : SOFT);
    });
    // summary card with price and the book button
    const qx = fx + fw + 18;
    const qw = sx + sw - 24 - qx;
    scr += card(qx, fy, qw, fh, 14);
    const mg = grad(a, b);
    scr += mg.def + rect(qx + 14, fy + 14, qw - 28, 92, 10, mg.url, ' opacity="0.9"');
    scr += icon('Truck', qx + qw / 2 - 24, fy + 36, 48, { stroke: '#fff', width: 1.8 });
    for (let i = 0; i < 3; i++) {
      const yy = fy + 124 + i * 24;
      scr +=
        bar(qx + 16, yy, qw * 0.36, 7) + bar(qx + qw - 16 - qw * 0.22, yy, qw * 0.22, 7, i === 2 ? INK : SOFT, i === 2 ? 0.7 : 1);
    }
    scr += rect(qx + 14, fy + 190, qw - 28, 1, 0, LINE);
    scr += icon('IndianRupee', qx + 12, fy + 202, 24, { stroke: INK, width: 2.2 }) + bar(qx + 40, fy + 207, 64, 14, INK, 0.85);
    scr += rect(qx + 14, fy + fh - 58, qw - 28, 44, 22, a);
    scr += word('book', qx + qw / 2, fy + fh - 29, 15, { color: '#fff', anchor: 'middle', sw: 12 }).svg;
    const lap =
      `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dcf0"/><stop offset="1" stop-color="#aab0d0"/></linearGradient><clipPath id="${id}c"><rect x="${n2(sx)}" y="${n2(sy)}" width="${n2(sw)}" height="${n2(shh)}" rx="6"/></clipPath></defs>` +
      rect(lx, ly, lw, lh, n2(lw * 0.025), '#1a2347') +
      `<g clip-path="url(#${id}c)">${scr}</g>` +
      `<path d="M${n2(lx - lw * 0.06)},${n2(ly + lh)}H${n2(lx + lw * 1.06)}L${n2(lx + lw * 1.03)},${n2(ly + lh + 24)}H${n2(lx - lw * 0.03)}Z" fill="url(#${id}b)"/>` +
      rect(lx + lw * 0.42, ly + lh, lw * 0.16, 8, 3, '#8e95b8');
    s += `<g filter="url(#${shb})">${lap}</g>`;
  }

  // phone with the live route
  {
    const RM = rng(seed + 'map');
    const ph = phone(812, 70, 560, {
      screen: (x, y, w, h) => {
        let p = streets(RM, x, y, w, h * 0.72, { n: [9, 5], parks: 2 });
        const route = [
          [x + 44, y + h * 0.62],
          [x + w * 0.34, y + h * 0.5],
          [x + w * 0.42, y + h * 0.36],
          [x + w * 0.7, y + h * 0.28],
          [x + w - 50, y + h * 0.14],
        ];
        p += `<path d="${smoothPath(route)}" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/>`;
        p += `<path d="${smoothPath(route)}" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round"/>`;
        // travelled part dimmed behind the courier
        p += `<path d="${smoothPath(route.slice(0, 3))}" fill="none" stroke="${C.navy4}" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`;
        p += `<circle cx="${route[0][0]}" cy="${n2(route[0][1])}" r="9" fill="#fff" stroke="${a}" stroke-width="5"/>`;
        p += pin(route[4][0], route[4][1], b);
        const [cx, cy] = route[2];
        p += `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="38" fill="${a}" opacity="0.14"/><circle cx="${n2(cx)}" cy="${n2(cy)}" r="26" fill="${a}" opacity="0.2"/>`;
        p +=
          `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="19" fill="${C.navy}" stroke="#fff" stroke-width="3"/>` +
          icon('Bike', cx - 11, cy - 11, 22, { stroke: '#fff', width: 2 });
        // status bar over the map and a "live" tag
        p += statusBar(x, y, w, {});
        const lv = word('live', 0, 0, 13, { sw: 12 }).width;
        p +=
          card(x + 16, y + 42, lv + 46, 32, 16) +
          `<circle cx="${x + 34}" cy="${y + 58}" r="6" fill="${b}"/><circle cx="${x + 34}" cy="${y + 58}" r="11" fill="${b}" opacity="0.25"/>`;
        p += word('live', x + 48, y + 64, 13, { sw: 12 }).svg;
        // bottom sheet: courier, arrival bar, call and chat buttons
        const by = y + h * 0.66;
        p += rect(x, by, w, h - h * 0.66 + 20, 22, '#fff') + rect(x + w / 2 - 22, by + 10, 44, 5, 2.5, FAINT);
        p +=
          `<circle cx="${x + 40}" cy="${n2(by + 56)}" r="22" fill="#efeaff"/>` +
          icon('User', x + 28, by + 44, 24, { stroke: a, width: 2 });
        p += bar(x + 74, by + 44, w * 0.38, 9, INK, 0.8) + bar(x + 74, by + 60, w * 0.25, 7);
        p += rect(x + w - 56, by + 38, 38, 38, 19, '#ecfbf8') + icon('Phone', x + w - 47, by + 47, 20, { stroke: b, width: 2 });
        p += rect(x + 18, by + 96, w - 36, 10, 5, FAINT) + rect(x + 18, by + 96, (w - 36) * 0.64, 10, 5, b);
        p += bar(x + 18, by + 120, w * 0.3, 7) + bar(x + w - 18 - w * 0.18, by + 120, w * 0.18, 7, INK, 0.6);
        return p;
      },
    });
    s += `<g filter="url(#${shb})">${ph.svg}</g>`;
  }

  // status timeline: booked -> picked up -> in transit -> delivered
  {
    const tx = 110;
    const ty = 686;
    const tw = 980;
    const th = 150;
    s += card(tx, ty, tw, th, 22, sh);
    const steps = [
      ['Package', 'booked'],
      ['PackageCheck', 'picked up'],
      ['Truck', 'in transit'],
      ['House', 'delivered'],
    ];
    const cyy = ty + 58;
    const x0 = tx + 130;
    const dx = (tw - 260) / 3;
    s += `<line x1="${x0}" y1="${cyy}" x2="${x0 + 3 * dx}" y2="${cyy}" stroke="${FAINT}" stroke-width="6" stroke-linecap="round"/>`;
    s += `<line x1="${x0}" y1="${cyy}" x2="${n2(x0 + 2 * dx)}" y2="${cyy}" stroke="${a}" stroke-width="6" stroke-linecap="round"/>`;
    s += `<line x1="${n2(x0 + 2 * dx)}" y1="${cyy}" x2="${n2(x0 + 2.45 * dx)}" y2="${cyy}" stroke="${b}" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 12"/>`;
    steps.forEach(([nm, label], i) => {
      const cx = x0 + i * dx;
      const done = i < 2;
      const now = i === 2;
      if (now) s += `<circle cx="${n2(cx)}" cy="${cyy}" r="40" fill="${b}" opacity="0.16"/>`;
      s += `<circle cx="${n2(cx)}" cy="${cyy}" r="30" fill="${done ? a : now ? b : '#fff'}" stroke="${done ? a : now ? b : SOFT}" stroke-width="3"/>`;
      s += icon(nm, cx - 14, cyy - 14, 28, { stroke: done || now ? '#fff' : '#9aa1c9', width: 2 });
      if (done)
        s += `<circle cx="${n2(cx + 24)}" cy="${cyy - 22}" r="11" fill="${b}" stroke="#fff" stroke-width="3"/><path d="M${n2(cx + 19)},${cyy - 22}l3.5,3.5 6,-7" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`;
      s += word(label, cx, ty + 124, 17, { anchor: 'middle', color: i === 3 ? '#8d94bd' : INK, sw: 10 }).svg;
    });
  }
  s += tile(1046, 560, 92, 'MapPinned', { kind: 'dark', shadow: shb, r0: a, r1: b });
  return doc(W, H, s);
}

// ============================================================ MedStudy

/** The problem: stacks of printed question books and loose answer sheets, and a phone stuck loading on a weak signal. */
export function medstudyBefore() {
  resetIds();
  const seed = 'case-medstudy-1';
  const a = C.teal;
  const b = C.violet;
  const sh = nextId('sh');
  const shs = nextId('shs');
  const shb = nextId('shb');
  let s = `<defs>${shadowFilter(sh, { dy: 10, blur: 18, opacity: 0.14 })}${shadowFilter(shs, { dy: 4, blur: 8, opacity: 0.14 })}${shadowFilter(shb, { dy: 26, blur: 44, opacity: 0.26 })}</defs>`;
  s += base(seed, a, b, { threadY: 0.93, avoid: (x, y) => x < 700 && y > 200 });

  // table line
  s += rect(40, 786, 1120, 14, 7, '#dcdff3');

  // book stacks (spines facing us)
  const cols = [C.navy3, b, a, '#d9d5fb', C.blue, '#ffffff', '#b9ece4', C.navy4, '#eceaff'];
  const stacks = [
    [80, 11, 230, 'sA'],
    [335, 14, 260, 'sB'],
    [600, 6, 200, 'sC'],
  ];
  const tops = [];
  stacks.forEach(([x0, n, wMax, key], si) => {
    const RS = rng(seed + key);
    let y = 786;
    let g = '';
    for (let i = 0; i < n; i++) {
      const th = RS.range(30, 48);
      const w = wMax * RS.range(0.78, 1);
      const x = x0 + (wMax - w) / 2 + RS.range(-14, 14);
      y -= th;
      const col = cols[RS.int(0, cols.length - 1)];
      const light = ['#d9d5fb', '#ffffff', '#b9ece4', '#eceaff'].includes(col);
      const tilt = RS.range(-1.6, 1.6);
      let bk = rect(x, y, w, th, 5, col, light ? ` stroke="#d5d8ee"` : '');
      // page edge on the right end and bands on the spine
      bk += rect(x + w - 14, y + 4, 10, th - 8, 2, '#fbfaf4', ` stroke="#e6e3d6" stroke-width="1"`);
      bk += rect(x + 18, y + 4, 5, th - 8, 2, light ? b : '#ffffff', ` opacity="${light ? 0.5 : 0.35}"`);
      bk += bar(x + 40, y + th / 2 - 4, w * RS.range(0.25, 0.42), 8, light ? INK : '#ffffff', light ? 0.35 : 0.5);
      if (RS() < 0.35) bk += bar(x + w - 70, y + th / 2 - 3, 30, 6, light ? b : '#ffffff', light ? 0.45 : 0.35);
      g += rot(n2(tilt), x + w / 2, y + th / 2, bk);
    }
    s += `<g filter="url(#${sh})">${g}</g>`;
    tops.push(y);
    // sticky tabs sticking out of the top book pages
    if (si < 2)
      for (let t = 0; t < 3; t++)
        s += rect(x0 + 40 + t * 50, y - 18 + t * 2, 20, 26, 3, [CORAL, a, '#ffd36b'][t], ' opacity="0.9"');
  });
  // an open question book on the middle stack
  {
    const ox = 584;
    const oy = tops[2] - 101;
    const g = grad('#ffffff', '#eef0fb', { vertical: true });
    let o =
      g.def +
      `<path d="M${ox},${oy}q60,-24 116,0v104q-56,-22 -116,0z" fill="${g.url}" stroke="#d5d8ee"/><path d="M${ox + 232},${oy}q-60,-24 -116,0v104q56,-22 116,0z" fill="${g.url}" stroke="#d5d8ee"/>`;
    for (let i = 0; i < 4; i++) {
      o += bar(ox + 16, oy + 14 + i * 20, 80 - (i % 2) * 24, 6) + bar(ox + 132, oy + 14 + i * 20, 70 - (i % 3) * 14, 6);
      o += `<circle cx="${ox + 138 + i * 16}" cy="${oy + 96}" r="5" fill="none" stroke="${SOFT}" stroke-width="2"/>`;
    }
    s += `<g filter="url(#${shs})">${rot(-3, ox + 116, oy + 50, o)}</g>`;
  }

  // loose printed answer sheets on the table, fanned
  const sheets = [
    [100, 660, -7],
    [220, 690, 4],
  ];
  sheets.forEach(([x, y, deg], k) => {
    const RS = rng(seed + 'sheet' + k);
    let p = rect(x, y, 230, 120, 6, '#fff', ` filter="url(#${shs})"`);
    for (let r = 0; r < 3; r++) {
      p += bar(x + 16, y + 18 + r * 32, 22, 7, INK, 0.55);
      for (let c = 0; c < 4; c++) {
        const filled = RS() < 0.22;
        p += `<circle cx="${x + 62 + c * 40}" cy="${y + 21 + r * 32}" r="8" fill="${filled ? INK : 'none'}" fill-opacity="0.6" stroke="${SOFT}" stroke-width="2"/>`;
      }
    }
    s += rot(deg, x + 115, y + 60, p);
  });

  // phone, stuck loading on a weak signal
  {
    const ph = phone(0, 0, 560, {
      screen: (x, y, w, h) => {
        let p = rect(x, y, w, h, 0, '#f7f7ff') + statusBar(x, y, w, { strength: 1 });
        // skeleton content, greyed
        p += rect(x + 18, y + 52, w - 36, 130, 14, FAINT);
        p += bar(x + 18, y + 200, w * 0.6, 12, FAINT) + bar(x + 18, y + 222, w * 0.4, 9, '#eceef8');
        for (let i = 0; i < 3; i++)
          p +=
            rect(x + 18, y + 252 + i * 52, w - 36, 40, 12, '#fff', ` stroke="${LINE}"`) +
            bar(x + 36, y + 268 + i * 52, w * 0.4, 8, '#eceef8');
        // spinner over a veil
        p += rect(x, y, w, h, 0, '#f7f7ff', ' opacity="0.55"');
        p += card(x + w / 2 - 70, y + h * 0.42 - 70, 140, 140, 28);
        p += spinner(x + w / 2, y + h * 0.42, 38, a, { width: 9, frac: 0.26 });
        // progress stuck at a third
        p += rect(x + 30, y + h - 70, w - 60, 10, 5, FAINT) + rect(x + 30, y + h - 70, (w - 60) * 0.3, 10, 5, a);
        return p;
      },
    });
    s += `<g transform="translate(858 168) rotate(7 137 280)" filter="url(#${shb})">${ph.svg}</g>`;
  }
  // weak signal bubble above the phone
  {
    const bx = 772;
    const by = 90;
    s += card(bx, by, 150, 84, 24, sh) + `<path d="M${bx + 112},${by + 84}l14,18l4,-18z" fill="#fff"/>`;
    for (let i = 0; i < 4; i++) {
      const hh = 14 + i * 10;
      s += rect(bx + 26 + i * 16, by + 62 - hh, 10, hh, 3, i === 0 ? CORAL : FAINT);
    }
    s += icon('X', bx + 98, by + 26, 30, { stroke: CORAL, width: 3 });
  }
  s += tile(1036, 96, 86, 'Hourglass', { kind: 'light', shadow: sh, r0: b, r1: a });
  s += tile(56, 70, 96, 'BookOpen', { kind: 'dark', shadow: shb, r0: a, r1: b });
  return doc(W, H, s);
}

/** What we built: a timed quiz card on a phone and progress analytics by subject on a tablet. */
export function medstudyAfter() {
  resetIds();
  const seed = 'case-medstudy-2';
  const a = C.teal;
  const b = C.violet;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let s = `<defs>${shadowFilter(sh, { dy: 10, blur: 18, opacity: 0.14 })}${shadowFilter(shb, { dy: 26, blur: 44, opacity: 0.26 })}</defs>`;
  s += base(seed, a, b, { threadY: 0.84 });

  // tablet with analytics
  const subjects = [
    ['HeartPulse', 0.82],
    ['Brain', 0.64],
    ['Bone', 0.71],
    ['Pill', 0.48],
    ['Microscope', 0.9],
    ['Dna', 0.56],
  ];
  s += `<g filter="url(#${shb})">${tablet(380, 150, 760, {
    screen: (x, y, w, h) => {
      let p = rect(x, y, w, h, 0, '#f7f7ff');
      p += rect(x, y, w, 44, 0, '#fff') + rect(x, y + 44, w, 1, 0, LINE);
      p += `<circle cx="${x + 28}" cy="${y + 22}" r="9" fill="${a}"/>` + bar(x + 46, y + 17, 90, 10, INK, 0.8);
      p += `<circle cx="${x + w - 30}" cy="${y + 22}" r="11" fill="#d5d8ee"/>`;
      // subject bars
      const px = x + 22;
      const py = y + 64;
      const pw = w * 0.58;
      const ph = h - 86;
      p += card(px, py, pw, ph, 14) + bar(px + 20, py + 20, 140, 11, INK, 0.85) + bar(px + pw - 94, py + 20, 74, 11, FAINT);
      const rowH = (ph - 64) / subjects.length;
      subjects.forEach(([nm, v], i) => {
        const yy = py + 54 + i * rowH;
        const col = i % 2 ? b : a;
        p +=
          rect(px + 18, yy + rowH / 2 - 17, 34, 34, 10, col === a ? '#e3f8f5' : '#efeaff') +
          icon(nm, px + 24, yy + rowH / 2 - 11, 22, { stroke: col, width: 2 });
        const bx = px + 66;
        const bw = pw - 66 - 64;
        p += rect(bx, yy + rowH / 2 - 7, bw, 14, 7, '#eef0fb') + rect(bx, yy + rowH / 2 - 7, bw * v, 14, 7, col);
        p += bar(px + pw - 50, yy + rowH / 2 - 4, 30, 8, INK, 0.45);
      });
      // overall score ring
      const rx = px + pw + 18;
      const rw = x + w - 22 - rx;
      const rh = 196;
      p += card(rx, py, rw, rh, 14);
      const cx = rx + rw / 2;
      const cy = py + 100;
      const r = 58;
      const circ = 2 * Math.PI * r;
      p += `<circle cx="${n2(cx)}" cy="${cy}" r="${r}" fill="none" stroke="#eef0fb" stroke-width="16"/>`;
      p += `<circle cx="${n2(cx)}" cy="${cy}" r="${r}" fill="none" stroke="${a}" stroke-width="16" stroke-linecap="round" stroke-dasharray="${n2(circ * 0.74)} ${n2(circ)}" transform="rotate(-90 ${n2(cx)} ${cy})"/>`;
      p += icon('Target', cx - 20, cy - 20, 40, { stroke: INK, width: 1.8, opacity: 0.8 });
      p += bar(cx - 40, py + rh - 26, 80, 8);
      // weekly trend
      const ty = py + rh + 16;
      const th = ph - rh - 16;
      p += card(rx, ty, rw, th, 14) + bar(rx + 16, ty + 16, 80, 9, INK, 0.7);
      const vals = [0.3, 0.42, 0.38, 0.55, 0.62, 0.58, 0.78];
      const pts = vals.map((v, i) => [rx + 22 + (i / (vals.length - 1)) * (rw - 44), ty + th - 20 - v * (th - 60)]);
      const area = `${smoothPath(pts)}L${n2(pts[pts.length - 1][0])},${n2(ty + th - 16)}L${n2(pts[0][0])},${n2(ty + th - 16)}Z`;
      const ag = grad(b, b, { vertical: true, o1: 0.28, o2: 0 });
      p += ag.def + `<path d="${area}" fill="${ag.url}"/>`;
      p += `<path d="${smoothPath(pts)}" fill="none" stroke="${b}" stroke-width="4" stroke-linecap="round"/>`;
      p += `<circle cx="${n2(pts[6][0])}" cy="${n2(pts[6][1])}" r="7" fill="#fff" stroke="${b}" stroke-width="4"/>`;
      return p;
    },
  })}</g>`;

  // phone with the timed quiz
  {
    const ph = phone(96, 232, 600, {
      screen: (x, y, w, h) => {
        let p = rect(x, y, w, h, 0, '#f7f7ff') + statusBar(x, y, w, { strength: 2 });
        // question progress
        for (let i = 0; i < 10; i++) p += rect(x + 18 + i * ((w - 36) / 10), y + 46, (w - 36) / 10 - 5, 6, 3, i < 6 ? a : FAINT);
        // timer ring
        const cx = x + w / 2;
        const cy = y + 106;
        const r = 36;
        const circ = 2 * Math.PI * r;
        p += `<circle cx="${n2(cx)}" cy="${cy}" r="${r}" fill="#fff" stroke="#eef0fb" stroke-width="9"/>`;
        p += `<circle cx="${n2(cx)}" cy="${cy}" r="${r}" fill="none" stroke="${b}" stroke-width="9" stroke-linecap="round" stroke-dasharray="${n2(circ * 0.68)} ${n2(circ)}" transform="rotate(-90 ${n2(cx)} ${cy})"/>`;
        p += icon('Timer', cx - 15, cy - 16, 30, { stroke: b, width: 2 });
        // question card
        const qy = y + 162;
        const qg = grad(a, C.blue);
        p += qg.def + rect(x + 16, qy, w - 32, 116, 16, qg.url);
        p +=
          bar(x + 34, qy + 22, 60, 8, '#fff', 0.6) +
          bar(x + 34, qy + 46, w * 0.68, 11, '#fff', 0.95) +
          bar(x + 34, qy + 66, w * 0.56, 11, '#fff', 0.95) +
          bar(x + 34, qy + 86, w * 0.4, 11, '#fff', 0.95);
        p += icon('Stethoscope', x + w - 60, qy + 72, 30, { stroke: '#fff', width: 1.8, opacity: 0.8 });
        // options
        for (let i = 0; i < 4; i++) {
          const yy = qy + 132 + i * 48;
          const sel = i === 2;
          p += rect(
            x + 16,
            yy,
            w - 32,
            40,
            12,
            sel ? '#e3f8f5' : '#fff',
            ` stroke="${sel ? a : LINE}" stroke-width="${sel ? 2.5 : 1}"`,
          );
          p += `<circle cx="${x + 38}" cy="${yy + 20}" r="9" fill="${sel ? a : '#fff'}" stroke="${sel ? a : SOFT}" stroke-width="2.5"/>`;
          if (sel)
            p += `<path d="M${x + 33.5},${yy + 20}l3,3 5.5,-6" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`;
          p += bar(x + 58, yy + 16, w * [0.5, 0.38, 0.55, 0.44][i], 8, sel ? INK : SOFT, sel ? 0.6 : 1);
        }
        p +=
          rect(x + 16, y + h - 62, w - 32, 44, 22, b) +
          `<path d="M${n2(x + w / 2 - 6)},${y + h - 48}l10,8 -10,8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
        return p;
      },
    });
    s += `<g filter="url(#${shb})">${ph.svg}</g>`;
  }
  // a small badge: works offline on slow networks (lessons saved to the phone)
  s +=
    card(330, 80, 230, 72, 20, sh) +
    rect(346, 94, 44, 44, 12, '#e3f8f5') +
    icon('CloudDownload', 356, 104, 24, { stroke: a, width: 2 });
  s +=
    bar(402, 102, 110, 9, INK, 0.75) +
    bar(402, 120, 70, 7) +
    `<circle cx="536" cy="116" r="11" fill="${a}"/><path d="M531,116l3.5,3.5 6,-7" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += tile(1050, 70, 90, 'GraduationCap', { kind: 'accent', shadow: sh, r0: a, r1: b });
  return doc(W, H, s);
}

// ============================================================ PG Finder

/** The problem: a noticeboard of paper "room" flyers with tear-off phone-number strips, and open questions. */
export function pgfinderBefore() {
  resetIds();
  const seed = 'case-pgfinder-1';
  const a = C.violet;
  const b = C.teal;
  const sh = nextId('sh');
  const shs = nextId('shs');
  const shb = nextId('shb');
  let s = `<defs>${shadowFilter(sh, { dy: 10, blur: 18, opacity: 0.14 })}${shadowFilter(shs, { dy: 5, blur: 8, opacity: 0.18 })}${shadowFilter(shb, { dy: 26, blur: 44, opacity: 0.24 })}</defs>`;
  s += base(seed, a, b, { threadY: 0.93, sparkle: 6 });

  // the board
  const bx = 110;
  const by = 120;
  const bw = 980;
  const bh = 640;
  const fr = grad(C.navy3, C.navy);
  s += fr.def + rect(bx, by, bw, bh, 26, fr.url, ` filter="url(#${shb})"`);
  const cork = grad('#efeaff', '#e3f4f1');
  s += cork.def + rect(bx + 20, by + 20, bw - 40, bh - 40, 12, cork.url);
  {
    const RC = rng(seed + 'cork');
    let d = '';
    for (let i = 0; i < 380; i++) {
      const x = bx + 26 + RC() * (bw - 52);
      const y = by + 26 + RC() * (bh - 52);
      d += `M${n2(x)},${n2(y)}h${n2(RC.range(1.5, 4))}`;
    }
    s += `<path d="${d}" stroke="${C.navy4}" stroke-opacity="0.13" stroke-width="2.2" stroke-linecap="round"/>`;
  }

  /** A flyer: optional house picture, the word "room", lines, and tear-off strips with some torn away. */
  const flyer = (x, y, w, h, deg, opts) => {
    const RF = rng(seed + 'fl' + x + y);
    const { col = '#fff', strips = 0, torn = [], house = false, pinCol = a, head = 'room', accent = a } = opts;
    const stripH = strips ? 82 : 0;
    let p = rect(x, y, w, h - stripH, 4, col, ` filter="url(#${shs})"`);
    let yy = y + (house ? 28 : 44);
    if (house) {
      p += rect(x + 18, yy, w - 36, 74, 6, accent, ' opacity="0.16"');
      p += icon('House', x + w / 2 - 24, yy + 13, 48, { stroke: accent, width: 2 });
      yy += 92;
    }
    const wd = word(head, x + w / 2, yy + 26, 30, { anchor: 'middle', color: accent, sw: 13 });
    p += wd.svg;
    yy += 48;
    while (yy < y + h - stripH - 24) {
      p += scribble(RF, x + 20, yy, (w - 40) * RF.range(0.6, 1), { amp: 4.5, width: 2, op: 0.6 });
      yy += 22;
    }
    if (strips) {
      const sw = (w - 8) / strips;
      for (let i = 0; i < strips; i++) {
        const sx = x + 4 + i * sw;
        const sy = y + h - stripH;
        if (torn.includes(i)) continue;
        const dangle = opts.dangle === i ? 9 : 0;
        p += rot(
          dangle,
          sx + sw / 2,
          sy,
          rect(sx + 1, sy, sw - 2, stripH, 2, col, ` stroke="#e4e3f2"`) +
            `<g transform="rotate(-90 ${n2(sx + sw / 2)} ${n2(sy + stripH / 2)})">${scribble(RF, sx + sw / 2 - 28, sy + stripH / 2 + 3, 56, { amp: 3, width: 1.8, op: 0.6 })}</g>`,
        );
      }
      p += `<line x1="${x + 4}" y1="${y + h - stripH}" x2="${x + w - 4}" y2="${y + h - stripH}" stroke="${SOFT}" stroke-width="1.5" stroke-dasharray="4 4"/>`;
    }
    p += pushPin(x + w / 2, y + 12, pinCol);
    return rot(deg, x + w / 2, y + h / 2, p);
  };
  s += flyer(170, 170, 230, 380, -5, { strips: 7, torn: [1, 2, 4], house: true, pinCol: CORAL, accent: a });
  s += flyer(430, 150, 210, 260, 4, { col: '#fffbea', pinCol: b, accent: C.navy4, head: 'to let' });
  s += flyer(670, 170, 240, 400, 3, {
    strips: 8,
    torn: [0, 3, 4, 5, 7],
    dangle: 6,
    house: true,
    pinCol: a,
    accent: b,
    head: 'pg',
  });
  s += flyer(450, 430, 200, 290, -8, { strips: 6, torn: [2], col: '#f4f1ff', pinCol: C.blue, accent: a, head: 'rent' });
  s += flyer(200, 580, 210, 150, 6, { col: '#fff', pinCol: b, accent: CORAL });
  s += flyer(900, 160, 150, 200, -6, { col: '#eafaf7', pinCol: CORAL, accent: C.navy4, head: 'pg' });
  s += flyer(870, 520, 180, 200, 9, { col: '#fff', pinCol: a, accent: a, head: 'to let' });
  // a torn-off strip lying loose on the board frame
  s += rot(
    -24,
    700,
    775,
    rect(672, 742, 26, 84, 2, '#fff', ` filter="url(#${shs})"`) +
      `<g transform="rotate(-90 685 784)">${scribble(rng(seed + 'loose'), 657, 787, 56, { amp: 3, width: 1.8, op: 0.6 })}</g>`,
  );

  // questions: which locality, what price, is it real
  s += questionMark(1000, 420, 110, a, { width: 12, rotate: 12 });
  s += questionMark(415, 118, 90, CORAL, { width: 10, rotate: -14 });
  s += questionMark(700, 690, 76, b, { width: 9, rotate: 8 });
  s += questionMark(150, 88, 64, C.blue, { width: 8, rotate: -6, op: 0.85 });
  // floating tiles: locality and price unknown
  s += tile(1062, 600, 84, 'MapPin', { kind: 'light', shadow: sh, r0: a, r1: b }) + questionMarkBadge(1140, 606, CORAL);
  s += tile(56, 610, 84, 'IndianRupee', { kind: 'light', shadow: sh, r0: b, r1: a }) + questionMarkBadge(134, 616, CORAL);
  return doc(W, H, s);
}

function questionMarkBadge(x, y, col) {
  return (
    `<circle cx="${x}" cy="${y}" r="17" fill="#fff"/><circle cx="${x}" cy="${y}" r="14" fill="${col}"/>` +
    questionMark(x, y + 9, 18, '#fff', { width: 3.2 })
  );
}

/** What we built: the app on a phone (price pins on a map, a verified listing, "book a visit"), filter chips and the visit calendar around it. */
export function pgfinderAfter() {
  resetIds();
  const seed = 'case-pgfinder-2';
  const a = C.violet;
  const b = C.teal;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let s = `<defs>${shadowFilter(sh, { dy: 10, blur: 18, opacity: 0.14 })}${shadowFilter(shb, { dy: 26, blur: 44, opacity: 0.26 })}</defs>`;
  s += base(seed, a, b, { threadY: 0.72 });

  // filter chips, left
  const chips = [
    ['budget', 'IndianRupee', true, 120, 210],
    ['locality', 'MapPin', true, 70, 290],
    ['wifi', 'Wifi', false, 150, 370],
    ['meals', 'Utensils', false, 96, 450],
  ];
  chips.forEach(([label, nm, on, x, y]) => (s += chip(x, y, label, nm, { on, a, h: 54, px: 17, sh }).svg));
  s += card(70, 560, 300, 96, 20, sh) + bar(94, 584, 110, 9, INK, 0.7);
  // budget slider in a little card
  s +=
    rect(94, 618, 252, 8, 4, FAINT) +
    rect(150, 618, 130, 8, 4, a) +
    `<circle cx="150" cy="622" r="12" fill="#fff" stroke="${a}" stroke-width="4"/><circle cx="280" cy="622" r="12" fill="#fff" stroke="${a}" stroke-width="4"/>`;

  // the phone
  {
    const RM = rng(seed + 'map');
    const ph = phone(432, 70, 780, {
      screen: (x, y, w, h) => {
        const mh = h * 0.6;
        let p = streets(RM, x, y, w, mh + 40, { n: [8, 5], parks: 2 });
        p += statusBar(x, y, w, {});
        // search bar
        p += card(x + 16, y + 44, w - 32, 48, 24) + icon('Search', x + 32, y + 56, 24, { stroke: '#8d94bd', width: 2 });
        p +=
          bar(x + 66, y + 64, w * 0.4, 9) +
          rect(x + w - 70, y + 50, 36, 36, 18, '#efeaff') +
          icon('SlidersHorizontal', x + w - 62, y + 58, 20, { stroke: a, width: 2 });
        // locality highlight and price pins
        p += `<circle cx="${n2(x + w * 0.52)}" cy="${n2(y + mh * 0.58)}" r="96" fill="${a}" opacity="0.1" stroke="${a}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="6 6"/>`;
        const pins = [
          [0.26, 0.33, false],
          [0.7, 0.4, false],
          [0.5, 0.6, true],
          [0.22, 0.78, false],
          [0.78, 0.76, false],
        ];
        pins.forEach(([u, v, sel]) => {
          const px = x + w * u;
          const py = y + mh * v;
          const pw = sel ? 96 : 78;
          const phh = sel ? 36 : 30;
          p += rect(px - pw / 2, py - phh - 8, pw, phh, phh / 2, sel ? a : '#fff', ` filter="url(#${sh})"`);
          p += `<path d="M${n2(px - 7)},${n2(py - 9)}L${n2(px)},${n2(py)}L${n2(px + 7)},${n2(py - 9)}Z" fill="${sel ? a : '#fff'}"/>`;
          p += icon('IndianRupee', px - pw / 2 + 10, py - phh / 2 - 8 - (sel ? 9 : 8), sel ? 18 : 16, {
            stroke: sel ? '#fff' : a,
            width: 2.4,
          });
          p += bar(
            px - pw / 2 + (sel ? 32 : 28),
            py - phh / 2 - 8 - 4,
            pw - (sel ? 46 : 40),
            8,
            sel ? '#fff' : INK,
            sel ? 0.95 : 0.6,
          );
        });
        // listing card (bottom sheet)
        const cy = y + mh;
        p += rect(x, cy, w, h - mh + 10, 24, '#fff') + rect(x + w / 2 - 24, cy + 10, 48, 5, 2.5, FAINT);
        const tg = grad(a, C.blue);
        p += tg.def + rect(x + 18, cy + 28, 112, 100, 14, tg.url);
        p +=
          `<path d="M${x + 46},${cy + 112}V${cy + 78}L${x + 74},${cy + 54}L${x + 102},${cy + 78}V${cy + 112}Z" fill="#fff" opacity="0.92"/>` +
          rect(x + 67, cy + 90, 14, 22, 2, a, ' opacity="0.8"');
        // verified badge
        const vw = word('verified', 0, 0, 13, { sw: 12 }).width;
        p +=
          rect(x + 144, cy + 30, vw + 44, 30, 15, '#e3f8f5') +
          icon('BadgeCheck', x + 152, cy + 35, 20, { stroke: b, width: 2.2 });
        p += word('verified', x + 178, cy + 51, 13, { color: '#0f8f82', sw: 12 }).svg;
        p += bar(x + 146, cy + 74, w * 0.42, 11, INK, 0.85) + bar(x + 146, cy + 94, w * 0.3, 8);
        p += icon('IndianRupee', x + 144, cy + 108, 18, { stroke: a, width: 2.4 }) + bar(x + 166, cy + 113, 56, 9, a);
        // amenities
        ['Wifi', 'Utensils', 'Bed', 'WashingMachine'].forEach((nm, i) => {
          const ax = x + 18 + i * 54;
          p +=
            rect(ax, cy + 146, 44, 40, 10, '#f7f7ff', ` stroke="${LINE}"`) +
            icon(nm, ax + 11, cy + 155, 22, { stroke: i % 2 ? b : a, width: 2 });
        });
        p +=
          `<circle cx="${x + w - 40}" cy="${cy + 166}" r="20" fill="#fff" stroke="${LINE}"/>` +
          icon('Heart', x + w - 50, cy + 156, 20, { stroke: CORAL, width: 2.2 });
        // book a visit
        const by = cy + 206;
        p += rect(x + 18, by, w - 36, 54, 27, a);
        const bw = word('book a visit', 0, 0, 16, { sw: 12 }).width;
        p += icon('CalendarCheck', x + w / 2 - (bw + 32) / 2, by + 15, 24, { stroke: '#fff', width: 2 });
        p += word('book a visit', x + w / 2 - (bw + 32) / 2 + 34, by + 35, 16, { color: '#fff', sw: 12 }).svg;
        return p;
      },
    });
    s += `<g filter="url(#${shb})">${ph.svg}</g>`;
  }

  // visit calendar, right
  {
    const cx = 870;
    const cy = 250;
    const cw = 270;
    const chh = 300;
    s += card(cx, cy, cw, chh, 22, sh);
    s += rect(cx + 18, cy + 18, 44, 44, 12, '#efeaff') + icon('CalendarCheck', cx + 28, cy + 28, 24, { stroke: a, width: 2 });
    s += bar(cx + 76, cy + 26, 120, 10, INK, 0.8) + bar(cx + 76, cy + 44, 80, 8);
    const gx = cx + 22;
    const gy = cy + 84;
    const cell = (cw - 44) / 7;
    for (let r = 0; r < 4; r++)
      for (let c = 0; c < 7; c++) {
        const k = r * 7 + c;
        const sel = k === 17;
        const ox = gx + c * cell + cell / 2;
        const oy = gy + r * 34 + 14;
        if (sel) s += `<circle cx="${n2(ox)}" cy="${oy}" r="15" fill="${a}"/>`;
        s += `<circle cx="${n2(ox)}" cy="${oy}" r="${sel ? 4 : 3.5}" fill="${sel ? '#fff' : k < 9 ? FAINT : SOFT}"/>`;
      }
    // time slots
    const ty = cy + 228;
    [0, 1, 2].forEach((i) => {
      const sx = cx + 20 + i * 80;
      const on = i === 1;
      s +=
        rect(sx, ty, 70, 34, 17, on ? '#e3f8f5' : '#fff', ` stroke="${on ? b : LINE}" stroke-width="${on ? 2 : 1}"`) +
        bar(sx + 16, ty + 13, 38, 8, on ? b : SOFT);
    });
  }
  s +=
    card(905, 590, 220, 80, 22, sh) +
    `<circle cx="945" cy="630" r="20" fill="${b}"/><path d="M936,630l6,6 11,-12" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += bar(978, 620, 110, 9, INK, 0.75) + bar(978, 638, 70, 7);
  s += tile(1040, 90, 90, 'House', { kind: 'dark', shadow: shb, r0: a, r1: b });
  return doc(W, H, s);
}

export const CASES = {
  'parcelpoint-1': parcelpointBefore,
  'parcelpoint-2': parcelpointAfter,
  'medstudy-1': medstudyBefore,
  'medstudy-2': medstudyAfter,
  'pgfinder-1': pgfinderBefore,
  'pgfinder-2': pgfinderAfter,
};
