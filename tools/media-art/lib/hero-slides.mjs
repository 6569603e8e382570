// The four background slides of the home page's hero, each a subject of its own so a visitor can
// tell them apart at a glance:
//   hero-1 (video)  a code editor in which a function is being typed, then its tests pass;
//   still-1 (image) a developer's desk at night: monitor with code, laptop, plant, mug, lamp;
//   hero-2 (video)  a cloud of connected services with data pulses running between them (teal/gold);
//   still-2 (image) the team on a video call: six people in a call grid, one of them speaking.
// Every scene is drawn in a 1600x900 design space (viewBox) and rendered at any 16:9 size. The
// subject sits right of the middle (x 560..1530): on a desktop the heading covers the left half,
// and a phone, which crops a 16:9 picture to about x 570..1030, still sees the subject's left part.
// The animated scenes take p in [0, 1): every moving part is periodic in p, so the loop is seamless.
// Code is drawn with the monoline alphabet of glyphs.mjs (plus digits and punctuation drawn here),
// so no font is involved.
import { C, rng, n2 } from './core.mjs';
import { darkBackdrop, dotGrid, icon as lucide, glowFilter, nextId, resetIds } from './scene.mjs';
import { glyph } from './glyphs.mjs';
import { extraGlyph } from './compose-cases.mjs';
import { portraitFragment } from './people.mjs';

const DW = 1600;
const DH = 900;
const TAU = Math.PI * 2;
const doc = (W, H, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${DW} ${DH}">${body}</svg>`;
const rect = (x, y, w, h, r, fill, extra = '') =>
  `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="${n2(r)}" fill="${fill}"${extra}/>`;
/** A Lucide icon by its kebab-case name (`git-branch`). */
const icon = (name, ...rest) =>
  lucide(
    name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase()),
    ...rest,
  );
const clamp01 = (v) => Math.max(0, Math.min(1, v));
const ease = (t) => t * t * (3 - 2 * t);

// ------------------------------------------------------------ code text

// Digits and punctuation on the metrics of glyphs.mjs (cap 70, baseline 0, y up is negative).
const ring = (cx, cy, rx, ry = rx) => `M${cx - rx},${cy}A${rx},${ry} 0 1 0 ${cx + rx},${cy}A${rx},${ry} 0 1 0 ${cx - rx},${cy}Z`;
const CODE_GLYPHS = {
  '(': { d: 'M16,-74Q-2,-31 16,12', w: 16 },
  ')': { d: 'M0,-74Q18,-31 0,12', w: 16 },
  '{': { d: 'M24,-74Q10,-74 10,-58V-42Q10,-31 0,-31Q10,-31 10,-20V-4Q10,12 24,12', w: 24 },
  '}': { d: 'M0,-74Q14,-74 14,-58V-42Q14,-31 24,-31Q14,-31 14,-20V-4Q14,12 0,12', w: 24 },
  '.': { d: 'M0,-5h0.5', w: 0 },
  ',': { d: 'M3,-6L-3,10', w: 3 },
  "'": { d: 'M0,-74V-54', w: 0 },
  '=': { d: 'M0,-42H32M0,-20H32', w: 32 },
  '/': { d: 'M26,-74L0,10', w: 26 },
  0: { d: ring(18, -35, 18, 30), w: 36 },
  1: { d: 'M4,-54L20,-65V-5', w: 20 },
  2: { d: 'M2,-50Q4,-66 19,-66Q35,-66 35,-50Q35,-38 2,-5H36', w: 36 },
  3: { d: 'M3,-60Q10,-66 19,-66Q34,-66 34,-52Q34,-38 16,-38Q36,-38 36,-20Q36,-4 18,-4Q8,-4 2,-10', w: 36 },
  4: { d: 'M26,-5V-65L0,-24H38', w: 38 },
  5: { d: 'M34,-65H6L4,-38Q12,-44 20,-44Q36,-44 36,-24Q36,-4 18,-4Q8,-4 2,-10', w: 36 },
  6: { d: 'M30,-65Q4,-50 2,-24' + ring(19, -22, 17), w: 36 },
  7: { d: 'M2,-65H36L14,-5', w: 36 },
  8: { d: ring(18, -51, 13) + ring(18, -20, 16), w: 36 },
  9: { d: ring(18, -46, 17) + 'M35,-44Q33,-18 10,-5', w: 36 },
};

function codeGlyph(ch, sw) {
  return CODE_GLYPHS[ch] || extraGlyph(ch, sw) || glyph(ch, sw);
}

const SW = 10; // stroke width in font units
const GAP = SW + 9; // between letters
const SPACE = 30; // a space

/** Lays out a line: [{ ch, x, g }] in font units, and its total width. */
function layoutLine(text) {
  const out = [];
  let x = SW / 2;
  for (const ch of text) {
    if (ch === ' ') {
      x += SPACE;
      continue;
    }
    const g = codeGlyph(ch, SW);
    out.push({ ch, x, g });
    x += g.w + GAP;
  }
  return { chars: out, width: x };
}

/** Draws the first `n` characters of a laid-out run (font units) at (x, y) with scale s. */
function drawRun(chars, n, x, y, s, color, opacity = 1) {
  let d = '';
  let fill = '';
  for (const c of chars.slice(0, n)) {
    d += `<path d="${c.g.d}" transform="translate(${n2(c.x)} 0)"/>`;
    if (c.g.fill) fill += `<path d="${c.g.fill}" transform="translate(${n2(c.x)} 0)"/>`;
  }
  if (!d) return '';
  return (
    `<g transform="translate(${n2(x)} ${n2(y)}) scale(${s})"${opacity < 1 ? ` opacity="${n2(opacity)}"` : ''}>` +
    `<g fill="none" stroke="${color}" stroke-width="${SW}" stroke-linecap="round" stroke-linejoin="round">${d}</g>` +
    (fill ? `<g fill="${color}">${fill}</g>` : '') +
    `</g>`
  );
}

/** A short label (tab name, file name) in one colour. */
function label(text, x, y, px, color, opacity = 1) {
  const { chars } = layoutLine(text);
  return drawRun(chars, chars.length, x, y, px / 70, color, opacity);
}

// Syntax colours.
const SYN = {
  kw: '#b9a8ff',
  fn: '#8fb4ff',
  str: C.tealLight,
  id: '#dde3ff',
  prop: '#a9c6ff',
  pun: '#8e97c7',
  num: '#ffc98a',
};

// The file in the editor: [indent (levels), [[text, colour], ...]]. Lines from TYPED on are typed
// during the loop; the closing brace of the function is pushed down as they are.
const FILE = [
  [
    0,
    [
      ['import', 'kw'],
      [' { ', 'pun'],
      ['team', 'id'],
      [' } ', 'pun'],
      ['from', 'kw'],
      [" './sutra'", 'str'],
    ],
  ],
  [
    0,
    [
      ['import', 'kw'],
      [' { ', 'pun'],
      ['review', 'id'],
      [' } ', 'pun'],
      ['from', 'kw'],
      [" './checks'", 'str'],
    ],
  ],
  [0, []],
  [
    0,
    [
      ['async function', 'kw'],
      [' ship', 'fn'],
      ['(', 'pun'],
      ['feature', 'id'],
      [') {', 'pun'],
    ],
  ],
  [
    1,
    [
      ['const', 'kw'],
      [' devs ', 'id'],
      ['= ', 'pun'],
      ['await', 'kw'],
      [' team', 'id'],
      ['.', 'pun'],
      ['hire', 'fn'],
      ['(', 'pun'],
      ['4', 'num'],
      [')', 'pun'],
    ],
  ],
  [
    1,
    [
      ['const', 'kw'],
      [' branch ', 'id'],
      ['= ', 'pun'],
      ['devs', 'id'],
      ['.', 'pun'],
      ['start', 'fn'],
      ['(', 'pun'],
      ['feature', 'id'],
      [')', 'pun'],
    ],
  ],
  [
    1,
    [
      ['await', 'kw'],
      [' review', 'fn'],
      ['(', 'pun'],
      ['branch', 'id'],
      [')', 'pun'],
    ],
  ],
  [0, []],
  // typed
  [
    1,
    [
      ['const', 'kw'],
      [' build ', 'id'],
      ['= ', 'pun'],
      ['await', 'kw'],
      [' branch', 'id'],
      ['.', 'pun'],
      ['test', 'fn'],
      ['()', 'pun'],
    ],
  ],
  [
    1,
    [
      ['if', 'kw'],
      [' (', 'pun'],
      ['build', 'id'],
      ['.', 'pun'],
      ['passed', 'prop'],
      [') {', 'pun'],
    ],
  ],
  [
    2,
    [
      ['return', 'kw'],
      [' deploy', 'fn'],
      ['(', 'pun'],
      ['build', 'id'],
      [', ', 'pun'],
      ["'live'", 'str'],
      [')', 'pun'],
    ],
  ],
  [1, [['}', 'pun']]],
  [
    1,
    [
      ['return', 'kw'],
      [' devs', 'id'],
      ['.', 'pun'],
      ['debug', 'fn'],
      ['(', 'pun'],
      ['build', 'id'],
      [')', 'pun'],
    ],
  ],
];
const TYPED = 8;
const CLOSING = [0, [['}', 'pun']]];
const AUTOCOMPLETE = { line: 10, token: 1, after: 4 }; // " dep|" opens the suggestion list

/** Lays out every line of FILE: tokens with their characters, in font units from the indent. */
function layoutFile() {
  return [...FILE, CLOSING].map(([indent, tokens]) => {
    let x = 0;
    const toks = tokens.map(([text, kind]) => {
      const { chars, width } = layoutLine(text);
      const t = { text, kind, chars: chars.map((c) => ({ ...c, x: c.x + x })), start: x };
      x += width - SW / 2;
      return t;
    });
    return { indent, toks, width: x };
  });
}

/** Typing schedule: for each typed character, when it appears (weights: a key 1, Enter 5). */
function schedule(lines) {
  const events = []; // { line, tok, n } : after this event token `tok` of `line` shows n chars
  const weights = [];
  for (let li = TYPED; li < FILE.length; li++) {
    const L = lines[li];
    if (li > TYPED) {
      events.push({ line: li, tok: -1, n: 0, enter: true });
      weights.push(5);
    }
    L.toks.forEach((t, ti) => {
      for (let n = 1; n <= t.chars.length; n++) {
        const auto = li === AUTOCOMPLETE.line && ti === AUTOCOMPLETE.token;
        if (auto && n > AUTOCOMPLETE.after) {
          if (n === AUTOCOMPLETE.after + 1) {
            events.push({ line: li, tok: ti, n: t.chars.length, popup: false });
            weights.push(6); // a pause while the list is open, then the word completes at once
          }
          continue;
        }
        events.push({ line: li, tok: ti, n, popup: auto && n === AUTOCOMPLETE.after });
        weights.push(1);
      }
    });
  }
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  return events.map((e, i) => {
    acc += weights[i];
    return { ...e, at: acc / total };
  });
}

const CODE = { x: 650, y: 120, w: 880, h: 660, bar: 46, status: 30, lh: 38, s: 0.3, indent: 40 };
const TYPE_FROM = 0.03;
const TYPE_TO = 0.68;
const PASS_AT = 0.72;
const FADE_FROM = 0.9;
const FADE_TO = 0.97;

/** Hero 1: a code editor in which a function is typed (with a suggestion list), then its tests pass. */
export function heroCode(W, H, p) {
  resetIds();
  const lines = layoutFile();
  const events = schedule(lines);
  const tp = clamp01((p - TYPE_FROM) / (TYPE_TO - TYPE_FROM));
  const done = events.filter((e) => e.at <= tp + 1e-9);
  const last = done[done.length - 1];
  const fade = p >= FADE_FROM ? 1 - ease(clamp01((p - FADE_FROM) / (FADE_TO - FADE_FROM))) : 1;
  const reset = p >= FADE_TO; // back to the state of frame 0

  // How much of each typed line shows.
  const shown = new Map(); // line -> Map(tok -> n)
  let caretLine = TYPED;
  let caretTok = -1;
  let caretN = 0;
  let popup = false;
  if (!reset) {
    for (const e of done) {
      if (!shown.has(e.line)) shown.set(e.line, new Map());
      if (e.tok >= 0) shown.get(e.line).set(e.tok, e.n);
      caretLine = e.line;
      caretTok = e.tok;
      caretN = e.n;
    }
    popup = !!last?.popup;
  }
  const enters = reset ? 0 : done.filter((e) => e.enter).length;
  // the closing brace slides back up while the typed lines fade out
  const braceLine = TYPED + 1 + enters * (p >= FADE_FROM ? fade : 1);

  const { x, y, w, h, bar, status, lh, s } = CODE;
  const glows = [
    [0.3, 0.22, 0.5, C.violet, 0.42],
    [0.72, 0.55, 0.42, C.blue, 0.2],
    [0.95, 0.95, 0.4, C.teal, 0.2],
  ];
  let body = darkBackdrop(DW, DH, 'hero-code', { glows, vignette: 0.55 });
  body += dotGrid(DW, DH, { gap: 30, r: 1.2, color: '#a5b4ff', opacity: 0.12, cx: 0.7, cy: 0.5, fade: 0.6 });

  // window
  const id = nextId('ed');
  body += `<defs><linearGradient id="${id}e" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.violet}" stop-opacity="0.7"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="${C.teal}" stop-opacity="0.5"/></linearGradient>
<filter id="${id}s" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="24" stdDeviation="26" flood-color="#02050f" flood-opacity="0.7"/></filter>
<clipPath id="${id}c"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16"/></clipPath></defs>`;
  body += rect(x, y, w, h, 16, '#0c1431', ` filter="url(#${id}s)"`);
  body += `<g clip-path="url(#${id}c)">`;
  // title bar with tabs
  body += rect(x, y, w, bar, 0, '#0a1029');
  ['#ff6b81', '#ffc861', '#5ee6a8'].forEach((c, i) => {
    body += `<circle cx="${x + 26 + i * 22}" cy="${y + bar / 2}" r="6.5" fill="${c}" opacity="0.85"/>`;
  });
  const tabX = x + 110;
  body += rect(tabX, y + 8, 160, bar - 8, 8, '#0c1431');
  body += rect(tabX, y + 8, 160, 2.5, 1, C.violetLight);
  body += rect(tabX + 16, y + 19, 16, 16, 4, '#3178c6', ' opacity="0.9"');
  body += label('ship.ts', tabX + 42, y + 34, 15, '#e6eaff');
  body += label('team.ts', tabX + 190, y + 34, 15, '#8e97c7');
  // activity bar
  const ax = x;
  const ay = y + bar;
  body += rect(ax, ay, 52, h - bar - status, 0, '#0a1029');
  ['files', 'search', 'git-branch', 'play', 'puzzle'].forEach((n, i) => {
    body += icon(n, ax + 14, ay + 22 + i * 54, 24, { stroke: i === 0 ? '#dfe4ff' : '#6d76a8', width: 1.8 });
  });
  // gutter line numbers and code
  const gx = x + 52;
  const cx = gx + 64;
  const y0 = y + bar + 44;
  const lineY = (i) => y0 + i * lh;
  // current-line band
  body += rect(gx, lineY(caretLine) - 27, w - 52, lh - 2, 0, '#ffffff', ' opacity="0.045"');
  const lastNumber = Math.round(braceLine);
  for (let i = 0; i <= lastNumber; i++) {
    const num = String(i + 1);
    const { chars, width } = layoutLine(num);
    const active = i === caretLine;
    body += drawRun(chars, chars.length, cx - 26 - width * 0.22, lineY(i), 0.22, active ? '#c9d0f5' : '#4d5684');
  }
  const drawLine = (li, yy, opacity, upTo) => {
    const L = lines[li];
    let out = '';
    L.toks.forEach((t, ti) => {
      const n = upTo ? (upTo.get(ti) ?? 0) : t.chars.length;
      if (n > 0) out += drawRun(t.chars, n, cx + L.indent * CODE.indent, yy, s, SYN[t.kind], opacity);
    });
    return out;
  };
  for (let li = 0; li < TYPED; li++) body += drawLine(li, lineY(li), 1);
  if (!reset) for (const [li, m] of shown) body += drawLine(li, lineY(li), fade, m);
  body += drawLine(FILE.length, lineY(braceLine), 1);

  // caret
  const caretX = (() => {
    const L = lines[caretLine];
    const base = cx + L.indent * CODE.indent;
    if (caretTok < 0) return base;
    const t = L.toks[caretTok];
    const c = t.chars[caretN - 1];
    return base + (c ? (c.x + c.g.w + SW) * s : t.start * s) + 3;
  })();
  const typing = p > TYPE_FROM - 0.01 && p < TYPE_TO + 0.01;
  const blinkOn = typing || Math.sin(TAU * p * 20) > -0.3; // 20 blinks per loop
  if (blinkOn) body += rect(caretX, lineY(caretLine) - 24, 3, 30, 1.5, C.violetLight);

  // suggestion list under the caret
  if (popup) {
    const px = caretX - 70;
    const py = lineY(caretLine) + 12;
    body += rect(px, py, 250, 118, 10, '#141d45', ' stroke="#3a4784" stroke-width="1.5"');
    body += rect(px + 6, py + 8, 238, 32, 6, C.violet, ' opacity="0.35"');
    ['deploy', 'debug', 'devs'].forEach((word, i) => {
      body += icon(i === 2 ? 'variable' : 'box', px + 16, py + 14 + i * 34, 20, {
        stroke: i === 2 ? C.sky : C.violetLight,
        width: 2,
      });
      body += label(word, px + 48, py + 32 + i * 34, 15, i === 0 ? '#eef1ff' : '#9aa3d6');
    });
  }

  // status bar, and the test result when the typing is done
  const sy = y + h - status;
  body += rect(x, sy, w, status, 0, '#2a1f6e');
  body += icon('git-branch', x + 14, sy + 7, 16, { stroke: '#d9d4ff', width: 2 });
  body += label('main', x + 38, sy + 21, 12, '#d9d4ff');
  const pass = !reset && p >= PASS_AT ? ease(clamp01((p - PASS_AT) / 0.05)) * fade : 0;
  if (pass > 0) {
    body += `<g opacity="${n2(pass)}">`;
    body += icon('circle-check', x + w - 150, sy + 6, 18, { stroke: C.tealLight, width: 2.2 });
    body += label('passed', x + w - 124, sy + 21, 12, C.tealLight);
    body += '</g>';
    // toast
    const tx = x + w - 330;
    const ty = sy - 96 + (1 - pass) * 20;
    body += `<g opacity="${n2(pass)}">`;
    body += rect(tx, ty, 300, 74, 12, '#10204a', ` stroke="${C.teal}" stroke-opacity="0.6" stroke-width="1.5"`);
    body += `<circle cx="${tx + 38}" cy="${ty + 37}" r="20" fill="${C.teal}" opacity="0.22"/>`;
    body += icon('check', tx + 26, ty + 25, 24, { stroke: C.tealLight, width: 2.6 });
    body += label('tests passed', tx + 72, ty + 34, 17, '#e6fffb');
    body += rect(tx + 72, ty + 46, 150, 8, 4, '#6d7bb8', ' opacity="0.6"');
    body += '</g>';
  }
  // minimap
  const mx = x + w - 70;
  for (let li = 0; li <= FILE.length; li++) {
    const L = lines[li];
    const visible = li < TYPED || li === FILE.length || (!reset && shown.has(li));
    if (!visible || !L.toks.length) continue;
    const yy = li === FILE.length ? braceLine : li;
    body += rect(mx + L.indent * 5, y + bar + 20 + yy * 6, Math.max(6, L.width * s * 0.1), 3, 1.5, '#5d67a0', ' opacity="0.7"');
  }
  body += '</g>';
  body += `<rect x="${x + 0.75}" y="${y + 0.75}" width="${w - 1.5}" height="${h - 1.5}" rx="16" fill="none" stroke="url(#${id}e)" stroke-width="1.5"/>`;
  return doc(W, H, body);
}

// ------------------------------------------------------------ desk

function leaf(cx, cy, len, wid, angle, fill, vein) {
  const a = (angle * Math.PI) / 180;
  const tip = [cx + len * Math.cos(a), cy + len * Math.sin(a)];
  const nx = -Math.sin(a) * wid;
  const ny = Math.cos(a) * wid;
  const m1 = [cx + len * 0.5 * Math.cos(a) + nx, cy + len * 0.5 * Math.sin(a) + ny];
  const m2 = [cx + len * 0.5 * Math.cos(a) - nx, cy + len * 0.5 * Math.sin(a) - ny];
  return (
    `<path d="M${n2(cx)},${n2(cy)}Q${n2(m1[0])},${n2(m1[1])} ${n2(tip[0])},${n2(tip[1])}Q${n2(m2[0])},${n2(m2[1])} ${n2(cx)},${n2(cy)}Z" fill="${fill}"/>` +
    `<path d="M${n2(cx)},${n2(cy)}L${n2(tip[0] - (tip[0] - cx) * 0.12)},${n2(tip[1] - (tip[1] - cy) * 0.12)}" stroke="${vein}" stroke-width="2" stroke-linecap="round" opacity="0.6"/>`
  );
}

function codeBars(x, y, w, rows, seed, lh = 16, bar = 6) {
  const R = rng(seed);
  const cols = [SYN.kw, SYN.fn, SYN.str, SYN.id, SYN.pun];
  let out = '';
  let indent = 0;
  for (let i = 0; i < rows; i++) {
    let xx = x + indent * 18;
    const n = R.int(1, 4);
    for (let t = 0; t < n; t++) {
      const tw = R.range(18, 64);
      if (xx + tw > x + w) break;
      out += rect(xx, y + i * lh, tw, bar, bar / 2, R.pick(cols), ' opacity="0.8"');
      xx += tw + 8;
    }
    const r = R();
    if (r < 0.3 && indent < 3) indent++;
    else if (r > 0.7 && indent > 0) indent--;
  }
  return out;
}

/** Still 1: a developer's desk at night: monitor with code, laptop with a dashboard, plant, mug and lamp. */
export function heroDesk(W, H) {
  resetIds();
  const glows = [
    [0.22, 0.2, 0.5, C.violet, 0.4],
    [0.62, 0.42, 0.32, C.blue, 0.28],
    [0.84, 0.5, 0.3, '#ffb46b', 0.16],
  ];
  let body = darkBackdrop(DW, DH, 'hero-desk', { glows, vignette: 0.5 });
  const id = nextId('dk');
  body += `<defs>
<linearGradient id="${id}top" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a3566"/><stop offset="1" stop-color="#1b2550"/></linearGradient>
<linearGradient id="${id}cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffc98a" stop-opacity="0.22"/><stop offset="1" stop-color="#ffc98a" stop-opacity="0"/></linearGradient>
<radialGradient id="${id}scr" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="${C.violet}" stop-opacity="0.28"/><stop offset="1" stop-color="${C.violet}" stop-opacity="0"/></radialGradient>
${glowFilter(id + 'gl', 6)}
</defs>`;
  // wall: a shelf with books and a small succulent, a framed picture with the company's thread
  body += rect(1410, 250, 190, 12, 3, '#26316a');
  const books = [
    [1426, 48, 120, '#5b3ff0'],
    [1452, 36, 104, '#19c3b1'],
    [1474, 42, 112, '#4a7dff'],
    [1500, 30, 92, '#a996ff'],
  ];
  for (const [bx, bw, bh, col] of books) body += rect(bx, 250 - bh, bw * 0.5, bh, 3, col, ' opacity="0.55"');
  body += `<g transform="rotate(-14 1540 250)">${rect(1522, 160, 20, 90, 3, '#ffb46b', ' opacity="0.45"')}</g>`;
  // pendant lamp
  body += `<path d="M1330,0V150" stroke="#3a4472" stroke-width="3"/>`;
  body += `<path d="M1230,420L1290,176H1370L1430,420Z" fill="url(#${id}cone)"/>`;
  body += `<path d="M1286,180Q1330,132 1374,180Z" fill="#39437a"/><ellipse cx="1330" cy="180" rx="44" ry="7" fill="#ffd9a8" opacity="0.6"/>`;

  // desk: top face, front edge, legs
  body += `<path d="M520,612H1600V672H470Z" fill="url(#${id}top)"/>`;
  body += rect(470, 672, 1130, 26, 0, '#141c40');
  body += rect(540, 698, 18, 202, 0, '#10173a') + rect(1540, 698, 18, 202, 0, '#10173a');

  // monitor
  const mx = 780;
  const my = 250;
  const mw = 460;
  const mh = 290;
  body += `<ellipse cx="${mx + mw / 2}" cy="${my + mh / 2}" rx="${mw * 0.8}" ry="${mh * 0.9}" fill="url(#${id}scr)"/>`;
  body += rect(mx + mw / 2 - 18, my + mh, 36, 78, 4, '#2a3466');
  body += `<path d="M${mx + mw / 2 - 80},${my + mh + 86}Q${mx + mw / 2},${my + mh + 64} ${mx + mw / 2 + 80},${my + mh + 86}Z" fill="#333f78"/>`;
  body += rect(mx - 12, my - 12, mw + 24, mh + 24, 16, '#161e42', ' stroke="#3a4784" stroke-width="2"');
  body += rect(mx, my, mw, mh, 6, '#0b1230');
  body += rect(mx, my, mw, 22, 0, '#0a0f27');
  ['#ff6b81', '#ffc861', '#5ee6a8'].forEach(
    (c, i) => (body += `<circle cx="${mx + 14 + i * 14}" cy="${my + 11}" r="4" fill="${c}" opacity="0.8"/>`),
  );
  body += rect(mx, my + 22, 70, mh - 22, 0, '#0d1535');
  for (let i = 0; i < 7; i++) body += rect(mx + 12, my + 40 + i * 18, 18 + ((i * 13) % 30), 5, 2.5, '#4d5684');
  body += codeBars(mx + 90, my + 42, mw - 200, 14, 'desk-monitor', 16.5, 6);
  // test panel on the right of the screen
  body += rect(mx + mw - 100, my + 36, 88, 120, 6, '#111b42');
  for (let i = 0; i < 4; i++) {
    body += `<circle cx="${mx + mw - 84}" cy="${my + 58 + i * 26}" r="6" fill="${i === 3 ? '#ffc861' : C.teal}" opacity="0.85"/>`;
    body += rect(mx + mw - 72, my + 55 + i * 26, 46, 6, 3, '#5d67a0');
  }
  body += rect(mx + mw - 100, my + 170, 88, 90, 6, '#111b42');
  body += `<path d="M${mx + mw - 92},${my + 240}L${mx + mw - 72},${my + 220}L${mx + mw - 52},${my + 230}L${mx + mw - 30},${my + 196}" fill="none" stroke="${C.tealLight}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

  // keyboard and mouse
  body += `<path d="M852,636H1168L1180,660H840Z" fill="#2d3870"/>`;
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 18; c++) body += rect(858 + c * 17 + r * 2 - (r === 2 ? 2 : 0), 640 + r * 6.5, 13, 4, 1.5, '#4b5796');
  body += `<ellipse cx="1226" cy="650" rx="17" ry="10" fill="#36427f"/><path d="M1226,641V648" stroke="#5d69a8" stroke-width="2"/>`;

  // laptop with a dashboard
  const lx = 1290;
  const ly = 452;
  const lw = 230;
  const lh = 148;
  body += rect(lx, ly, lw, lh, 10, '#1b2450', ' stroke="#3a4784" stroke-width="2"');
  body += rect(lx + 9, ly + 9, lw - 18, lh - 18, 4, '#0c1331');
  [38, 64, 48, 82, 70, 96].forEach((bh, i) => {
    body += rect(lx + 24 + i * 26, ly + lh - 24 - bh, 16, bh, 3, i % 2 ? C.teal : C.violet, ' opacity="0.75"');
  });
  body += `<path d="M${lx + 22},${ly + 52}L${lx + 70},${ly + 40}L${lx + 118},${ly + 48}L${lx + 170},${ly + 24}L${lx + 206},${ly + 30}" fill="none" stroke="#ffc98a" stroke-width="2.5" stroke-linecap="round" opacity="0.8"/>`;
  body += `<path d="M${lx - 22},${ly + lh}H${lx + lw + 22}L${lx + lw + 40},${ly + lh + 22}H${lx - 40}Z" fill="#3a4582"/>`;
  body += rect(lx + lw / 2 - 24, ly + lh + 14, 48, 5, 2.5, '#5a66a6');

  // plant in a pot, left of the monitor
  const px = 650;
  const leaves = [
    [-95, 190, 34, '#2fae86'],
    [-120, 170, 30, '#23906f'],
    [-70, 168, 30, '#23906f'],
    [-145, 140, 26, '#2fae86'],
    [-40, 140, 26, '#2fae86'],
    [-105, 120, 24, '#3cc295'],
    [-160, 100, 22, '#23906f'],
    [-20, 104, 22, '#23906f'],
  ];
  for (const [ang, len, wid, col] of leaves) body += leaf(px, 520, len, wid, ang, col, '#8ef0cf');
  body += `<path d="M${px - 48},520H${px + 48}L${px + 38},630H${px - 38}Z" fill="#4b3d8f"/>`;
  body += rect(px - 52, 512, 104, 16, 5, '#5a4aa8');

  // mug with steam
  const gx = 730;
  body += `<path d="M${gx + 50},${588}q26,2 24,22q-2,18 -24,16" fill="none" stroke="#7a6ad6" stroke-width="7"/>`;
  body += rect(gx, 566, 54, 66, 8, '#6e5bd8');
  body += rect(gx, 566, 54, 8, 4, '#8d7cf0');
  body += `<g fill="none" stroke="#c9d3ff" stroke-width="3" stroke-linecap="round" opacity="0.35">
<path d="M${gx + 16},552q-10,-16 0,-30q10,-14 0,-30"/><path d="M${gx + 34},548q-10,-16 0,-30q10,-14 0,-30"/></g>`;
  // notebook and pen in front of the laptop
  body += `<g transform="rotate(-6 1330 650)">${rect(1290, 636, 92, 22, 3, '#2a3b78')}${rect(1296, 639, 80, 3, 1.5, '#6e7fc0')}</g>`;
  body += `<path d="M1392,664L1452,648" stroke="${C.tealLight}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`;
  return doc(W, H, body);
}

// ------------------------------------------------------------ network

// Services around the cloud, at angles (deg) on an ellipse around the hub.
const SERVICES = [
  ['database', 200],
  ['server', 238],
  ['smartphone', 280],
  ['shield-check', 318],
  ['globe', 350],
  ['cpu', 22],
  ['hard-drive', 60],
  ['users', 112],
  ['laptop', 150],
];
const NET = { cx: 960, cy: 450, rx: 400, ry: 290, hub: 84, node: 40 };
const GOLD = '#ffc861';
const NET_LINE = '#38d8c4';

/** Hero 2: a cloud of connected services; gold data pulses run along the links. */
export function heroNetwork(W, H, p) {
  resetIds();
  const glows = [
    [0.62, 0.5, 0.45, C.teal, 0.34],
    [0.2, 0.2, 0.45, '#1b6fa8', 0.3],
    [0.9, 0.1, 0.3, C.blue, 0.18],
  ];
  let body = darkBackdrop(DW, DH, 'hero-network', { glows, base: ['#072331', '#03101b'], vignette: 0.6 });
  body += dotGrid(DW, DH, { gap: 34, r: 1.2, color: '#7fe8da', opacity: 0.1, cx: 0.6, cy: 0.5, fade: 0.7 });
  const id = nextId('nt');
  body += `<defs>${glowFilter(id + 'g', 5)}
<radialGradient id="${id}hub" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${C.teal}" stop-opacity="0.5"/><stop offset="1" stop-color="${C.teal}" stop-opacity="0"/></radialGradient></defs>`;
  const { cx, cy, rx, ry, hub, node } = NET;
  const pts = SERVICES.map(([name, deg]) => {
    const a = (deg * Math.PI) / 180;
    return { name, x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) };
  });
  // far constellation: small nodes, mostly static, a slow drift periodic in p
  const R = rng('hero-network-far');
  const far = [];
  for (let i = 0; i < 70; i++) {
    const bx = R.range(40, 1580);
    const by = R.range(40, 860);
    const ph = R() * TAU;
    const rr = R.range(4, 10);
    far.push([bx + rr * Math.cos(ph + TAU * p), by + rr * Math.sin(ph + TAU * p), R()]);
  }
  let lines = '';
  for (let i = 0; i < far.length; i++)
    for (let j = i + 1; j < far.length; j++) {
      const d = Math.hypot(far[i][0] - far[j][0], far[i][1] - far[j][1]);
      if (d < 170)
        lines += `<line x1="${n2(far[i][0])}" y1="${n2(far[i][1])}" x2="${n2(far[j][0])}" y2="${n2(far[j][1])}" stroke="${NET_LINE}" stroke-opacity="${n2((1 - d / 170) * 0.22)}" stroke-width="1"/>`;
    }
  body += lines;
  body += far
    .map(
      ([x, y, s]) =>
        `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(1.5 + s * 2)}" fill="#7fe8da" opacity="${n2(0.25 + s * 0.35)}"/>`,
    )
    .join('');

  // links: hub to every service, and each service to its neighbour on the ring
  const links = [];
  pts.forEach((a, i) => {
    links.push([{ x: cx, y: cy }, a, i]);
    const b = pts[(i + 1) % pts.length];
    if (i % 2 === 0) links.push([a, b, i + 20]);
  });
  for (const [a, b] of links)
    body += `<line x1="${n2(a.x)}" y1="${n2(a.y)}" x2="${n2(b.x)}" y2="${n2(b.y)}" stroke="${NET_LINE}" stroke-opacity="0.4" stroke-width="2"/>`;

  // pulses: each link carries one or two packets per loop, out from or in to the hub
  const arrivals = new Array(pts.length).fill(0);
  let pulses = '';
  for (const [a, b, k] of links) {
    const Rk = rng('pulse-' + k);
    const count = Rk() < 0.5 ? 1 : 2;
    const offset = Rk();
    const outward = Rk() < 0.6;
    for (let c = 0; c < count; c++) {
      const q = (p * count + offset + c / count) % 1; // position along the link, 0..1 in each period
      const t = ease(q);
      const [s0, s1] = outward ? [a, b] : [b, a];
      const px = s0.x + (s1.x - s0.x) * t;
      const py = s0.y + (s1.y - s0.y) * t;
      const op = Math.sin(Math.PI * q) ** 0.6;
      for (let tail = 3; tail >= 1; tail--) {
        const tt = ease(Math.max(0, q - tail * 0.025));
        pulses += `<circle cx="${n2(s0.x + (s1.x - s0.x) * tt)}" cy="${n2(s0.y + (s1.y - s0.y) * tt)}" r="${n2(5 - tail)}" fill="${GOLD}" opacity="${n2(op * (0.5 - tail * 0.12))}"/>`;
      }
      pulses += `<circle cx="${n2(px)}" cy="${n2(py)}" r="5.5" fill="${GOLD}" opacity="${n2(op)}"/>`;
      // the node that receives it flashes as the packet arrives
      const target = pts.findIndex((pt) => pt === s1);
      if (target >= 0) arrivals[target] = Math.max(arrivals[target], q > 0.85 ? (q - 0.85) / 0.15 : 0);
    }
  }
  body += `<g filter="url(#${id}g)">${pulses}</g>`;

  // hub: the cloud
  body += `<circle cx="${cx}" cy="${cy}" r="${hub * 2}" fill="url(#${id}hub)"/>`;
  body += `<circle cx="${cx}" cy="${cy}" r="${hub}" fill="#0b2c39" stroke="${C.tealLight}" stroke-width="2.5"/>`;
  body += `<g transform="rotate(${n2(p * 360)} ${cx} ${cy})"><circle cx="${cx}" cy="${cy}" r="${hub + 18}" fill="none" stroke="${C.tealLight}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="4 14" stroke-linecap="round"/></g>`;
  const breathe = 0.5 + 0.5 * Math.sin(TAU * p * 2);
  body += `<circle cx="${cx}" cy="${cy}" r="${n2(hub + 36 + breathe * 10)}" fill="none" stroke="${C.teal}" stroke-opacity="${n2(0.25 - breathe * 0.15)}" stroke-width="2"/>`;
  body += icon('cloud', cx - 50, cy - 50, 100, { stroke: '#dffcf7', width: 1.6 });

  // services
  pts.forEach((pt, i) => {
    const flash = arrivals[i];
    body += `<circle cx="${n2(pt.x)}" cy="${n2(pt.y)}" r="${node}" fill="#0a2631" stroke="${NET_LINE}" stroke-opacity="0.8" stroke-width="2"/>`;
    if (flash > 0)
      body += `<circle cx="${n2(pt.x)}" cy="${n2(pt.y)}" r="${n2(node + 4 + flash * 14)}" fill="none" stroke="${GOLD}" stroke-opacity="${n2(0.7 * (1 - flash))}" stroke-width="2.5"/>`;
    body += icon(pt.name, pt.x - 19, pt.y - 19, 38, { stroke: i % 3 === 1 ? '#ffe2a6' : '#c9f7ef', width: 1.8 });
  });
  return doc(W, H, body);
}

// ------------------------------------------------------------ team call

// Tile tints for the six people of the call (dark, in the brand palette).
const TINTS = ['#2b2266', '#123f4a', '#1c2d66', '#33245e', '#14394f', '#262b6a'];

/** Still 2: the team on a video call, six people in a grid, one speaking, and the call's controls. */
export function heroTeam(W, H) {
  resetIds();
  const glows = [
    [0.2, 0.25, 0.5, C.violet, 0.42],
    [0.75, 0.8, 0.4, C.teal, 0.24],
    [0.7, 0.2, 0.35, C.blue, 0.2],
  ];
  let body = darkBackdrop(DW, DH, 'hero-team', { glows, vignette: 0.55 });
  body += dotGrid(DW, DH, { gap: 30, r: 1.2, color: '#a5b4ff', opacity: 0.1, cx: 0.7, cy: 0.5, fade: 0.6 });
  const x = 560;
  const y = 110;
  const w = 980;
  const h = 690;
  const bar = 46;
  const id = nextId('tc');
  body += `<defs><filter id="${id}s" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="24" stdDeviation="26" flood-color="#02050f" flood-opacity="0.7"/></filter>
<linearGradient id="${id}e" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.violet}" stop-opacity="0.7"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="${C.teal}" stop-opacity="0.5"/></linearGradient></defs>`;
  body += rect(x, y, w, h, 18, '#0b1230', ` filter="url(#${id}s)"`);
  body += rect(x, y, w, bar, 18, '#0a0f27') + rect(x, y + bar - 18, w, 18, 0, '#0a0f27');
  ['#ff6b81', '#ffc861', '#5ee6a8'].forEach(
    (c, i) => (body += `<circle cx="${x + 26 + i * 22}" cy="${y + bar / 2}" r="6.5" fill="${c}" opacity="0.85"/>`),
  );
  body +=
    rect(x + 110, y + 12, 62, 22, 11, '#ff6b81', ' opacity="0.25"') +
    `<circle cx="${x + 126}" cy="${y + 23}" r="5" fill="#ff6b81"/>`;
  body += label('live', x + 138, y + 29, 12, '#ffd0d8');
  body += label('daily standup', x + w / 2 - 70, y + 30, 15, '#c9d0f5');
  body += icon('users', x + w - 80, y + 12, 22, { stroke: '#8e97c7', width: 2 });

  // grid of people
  const gx = x + 18;
  const gy = y + bar + 16;
  const gap = 14;
  const tw = (w - 36 - 2 * gap) / 3;
  const th = (h - bar - 16 - 96 - gap) / 2;
  const people = [0, 1, 2, 3, 4, 5];
  people.forEach((who, i) => {
    const c = i % 3;
    const r = Math.floor(i / 3);
    const tx = gx + c * (tw + gap);
    const ty = gy + r * (th + gap);
    const clip = nextId('tl');
    body += `<defs><clipPath id="${clip}"><rect x="${n2(tx)}" y="${n2(ty)}" width="${n2(tw)}" height="${n2(th)}" rx="14"/></clipPath></defs>`;
    body += rect(tx, ty, tw, th, 14, TINTS[i]);
    const size = th * 0.96;
    body += `<g clip-path="url(#${clip})"><circle cx="${n2(tx + tw / 2)}" cy="${n2(ty + th * 0.55)}" r="${n2(th * 0.42)}" fill="#ffffff" opacity="0.05"/>${portraitFragment(who, n2(tx + (tw - size) / 2), n2(ty + th * 0.1), n2(size), `${clip}p`)}</g>`;
    // a dark veil keeps the faces from going too bright behind the heading
    body += rect(tx, ty, tw, th, 14, '#0b1530', ' opacity="0.22"');
    // name plate
    body += rect(tx + 12, ty + th - 40, 120, 28, 8, '#070d1f', ' opacity="0.7"');
    body += rect(tx + 42, ty + th - 29, 74, 7, 3.5, '#b8c0ea', ' opacity="0.8"');
    const muted = i === 4;
    body += icon(muted ? 'mic-off' : 'mic', tx + 18, ty + th - 35, 18, { stroke: muted ? '#ff8a9a' : '#c9d0f5', width: 2 });
    if (i === 1) {
      // speaking: a teal ring and a sound meter
      body += `<rect x="${n2(tx + 1.5)}" y="${n2(ty + 1.5)}" width="${n2(tw - 3)}" height="${n2(th - 3)}" rx="13" fill="none" stroke="${C.tealLight}" stroke-width="3"/>`;
      [10, 18, 12, 22, 8].forEach((bh, k) => (body += rect(tx + tw - 60 + k * 9, ty + 26 - bh / 2, 5, bh, 2.5, C.tealLight)));
    }
  });

  // controls
  const cy = y + h - 54;
  const buttons = [
    ['mic', '#1d2756', '#dfe4ff'],
    ['video', '#1d2756', '#dfe4ff'],
    ['monitor-up', C.teal, '#03211d'],
    ['message-square', '#1d2756', '#dfe4ff'],
    ['hand', '#1d2756', '#dfe4ff'],
    ['phone-off', '#e5485d', '#ffffff'],
  ];
  const bx0 = x + w / 2 - ((buttons.length - 1) * 66) / 2;
  buttons.forEach(([name, fill, stroke], i) => {
    const bx = bx0 + i * 66;
    body += `<circle cx="${n2(bx)}" cy="${cy}" r="25" fill="${fill}"${fill === C.teal ? ' opacity="0.9"' : ''}/>`;
    body += icon(name, bx - 11, cy - 11, 22, { stroke, width: 2 });
  });
  body += `<rect x="${x + 0.75}" y="${y + 0.75}" width="${w - 1.5}" height="${h - 1.5}" rx="18" fill="none" stroke="url(#${id}e)" stroke-width="1.5"/>`;
  return doc(W, H, body);
}

export const HERO_SCENES = { 'hero-1': heroCode, 'hero-2': heroNetwork };
export const HERO_STILLS = { 'still-1': heroDesk, 'still-2': heroTeam };
