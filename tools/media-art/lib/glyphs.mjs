// A small monoline geometric alphabet drawn from circles and straight lines.
// Used for the "Sutra Labs" wordmark and the share-image tagline so that the
// artwork never depends on an installed font: every letter is an SVG path
// that is stroked (round caps and joins) at render time.
//
// Units: cap height 70, x-height 52, ascender 74, descender 22 (outer edges).
// Coordinates are on the baseline (y = 0, negative y is up). Each glyph is
// described by its stroke centre-line, so the stroke width `sw` is needed to
// keep the outer edges on the metric lines.

const CAP = 70;
const XH = 52;
const ASC = 74;
const DESC = 22;

const f = (n) => +n.toFixed(2);
const pt = (x, y) => `${f(x)},${f(y)}`;

function circle(cx, cy, r) {
  return `M${pt(cx - r, cy)}A${f(r)},${f(r)} 0 1 0 ${pt(cx + r, cy)}A${f(r)},${f(r)} 0 1 0 ${pt(cx - r, cy)}Z`;
}

// Point on an ellipse; angle in degrees, clockwise on screen from +x.
function onEllipse(cx, cy, rx, ry, deg) {
  const a = (deg * Math.PI) / 180;
  return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
}

// A geometric "S": two stacked bowls meeting on the spine.
function sShape(top, bottom, width, sw, startDeg = -28, endDeg = 152) {
  const h = bottom - top; // centre-line height
  const ryT = h * 0.243;
  const ryB = h / 2 - ryT;
  const rxB = width / 2;
  const rxT = rxB * 0.93;
  const cx = rxB;
  const cyT = top + ryT;
  const cyB = bottom - ryB;
  const [x0, y0] = onEllipse(cx, cyT, rxT, ryT, startDeg);
  const [x1, y1] = onEllipse(cx, cyB, rxB, ryB, endDeg);
  const mid = cyT + ryT; // == cyB - ryB
  return `M${pt(x0, y0)}` + `A${f(rxT)},${f(ryT)} 0 1 0 ${pt(cx, mid)}` + `A${f(rxB)},${f(ryB)} 0 1 1 ${pt(x1, y1)}`;
}

export function glyph(ch, sw) {
  const h = sw / 2;
  const xTop = -(XH - h);
  const base = -h;
  const capTop = -(CAP - h);
  const ascTop = -(ASC - h);
  const descBot = DESC - h;
  const r = (XH - sw) / 2; // bowl radius
  const cy = -XH / 2;
  switch (ch) {
    case ' ':
      return { d: '', w: 10 };
    case 'o':
      return { d: circle(r, cy, r), w: 2 * r };
    case 'a':
      return { d: circle(r, cy, r) + `M${pt(2 * r, xTop)}V${f(base)}`, w: 2 * r };
    case 'b':
      return { d: `M0,${f(ascTop)}V${f(base)}` + circle(r, cy, r), w: 2 * r };
    case 'd':
      return { d: circle(r, cy, r) + `M${pt(2 * r, ascTop)}V${f(base)}`, w: 2 * r };
    case 'p':
      return { d: `M0,${f(xTop)}V${f(descBot)}` + circle(r, cy, r), w: 2 * r };
    case 'e': {
      const [ex, ey] = onEllipse(r, cy, r, r, 42);
      return { d: `M0,${f(cy)}H${f(2 * r)}A${f(r)},${f(r)} 0 1 0 ${pt(ex, ey)}`, w: 2 * r };
    }
    case 'n': {
      const rn = r * 0.86;
      const yc = xTop + rn;
      return {
        d: `M0,${f(xTop)}V${f(base)}M0,${f(yc)}A${f(rn)},${f(rn)} 0 0 1 ${pt(2 * rn, yc)}V${f(base)}`,
        w: 2 * rn,
      };
    }
    case 'm': {
      const rm = r * 0.7;
      const yc = xTop + rm;
      return {
        d:
          `M0,${f(xTop)}V${f(base)}M0,${f(yc)}A${f(rm)},${f(rm)} 0 0 1 ${pt(2 * rm, yc)}V${f(base)}` +
          `M${pt(2 * rm, yc)}A${f(rm)},${f(rm)} 0 0 1 ${pt(4 * rm, yc)}V${f(base)}`,
        w: 4 * rm,
      };
    }
    case 'u': {
      const ru = r * 0.86;
      const yc = base - ru;
      return {
        d: `M0,${f(xTop)}V${f(yc)}A${f(ru)},${f(ru)} 0 0 0 ${pt(2 * ru, yc)}M${pt(2 * ru, xTop)}V${f(base)}`,
        w: 2 * ru,
      };
    }
    case 'l':
      return { d: `M0,${f(ascTop)}V${f(base)}`, w: 0 };
    case 'i': {
      const dotY = ascTop + 1;
      return {
        d: `M0,${f(xTop)}V${f(base)}`,
        fill: circle(0, dotY, h * 1.08),
        w: 0,
      };
    }
    case 't': {
      const rt = 10;
      const sx = 9;
      return {
        d: `M${pt(sx, -(CAP - h - 6))}V${f(base - rt)}A${rt},${rt} 0 0 0 ${pt(sx + rt, base)}M0,${f(xTop)}H${f(sx + 13)}`,
        w: sx + 13,
      };
    }
    case 'f': {
      const rf = 11;
      const sx = 9;
      return {
        d: `M${pt(sx, base)}V${f(ascTop + rf)}A${rf},${rf} 0 0 1 ${pt(sx + rf, ascTop)}h2M0,${f(xTop)}H${f(sx + 13)}`,
        w: sx + 13,
      };
    }
    case 'r': {
      const rr = 15;
      return {
        d: `M0,${f(xTop)}V${f(base)}M0,${f(xTop + rr)}A${rr},${rr} 0 0 1 ${pt(rr, xTop)}h3`,
        w: rr + 3,
      };
    }
    case 'v': {
      const w = 38;
      return { d: `M0,${f(xTop)}L${pt(w / 2, base)}L${pt(w, xTop)}`, w };
    }
    case 'w': {
      const w = 60;
      return {
        d: `M0,${f(xTop)}L${pt(w * 0.25, base)}L${pt(w * 0.5, xTop)}L${pt(w * 0.75, base)}L${pt(w, xTop)}`,
        w,
      };
    }
    case 's':
      return { d: sShape(xTop, base, 30, sw), w: 30 };
    case 'S':
      return { d: sShape(capTop, base, 40, sw), w: 40 };
    case 'L':
      return { d: `M0,${f(capTop)}V${f(base)}H34`, w: 34 };
    case 'E':
      return {
        d: `M34,${f(capTop)}H0V${f(base)}H34M0,${f(-CAP / 2)}H30`,
        w: 34,
      };
    default:
      throw new Error(`glyph: no outline for ${JSON.stringify(ch)}`);
  }
}

// Pair kerning in font units (negative tightens).
const KERN = {
  Su: -2,
  ut: -3,
  tr: -1,
  ra: -6,
  La: -14,
  ab: 0,
  bs: -1,
  Er: 0,
  te: -3,
  ft: -10,
  tw: -4,
  wa: -5,
  re: -5,
  ev: -4,
  ve: -4,
  fo: 0,
  of: -2,
};

/**
 * Lay out a string. Returns { d, fill, width, ascent, descent } in font units,
 * origin at the left edge of the first stroke's outer side and the baseline.
 */
export function layout(text, { sw = 10, tracking = 8 } = {}) {
  let x = sw / 2;
  let d = '';
  let fill = '';
  const gap = sw + tracking;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const g = glyph(ch, sw);
    if (ch !== ' ') {
      d += translate(g.d, x, 0);
      if (g.fill) fill += translate(g.fill, x, 0);
    }
    x += g.w;
    if (i < text.length - 1) {
      x += gap + (KERN[ch + text[i + 1]] || 0);
      if (ch === ' ') x -= gap - tracking;
    }
  }
  return { d, fill, width: x + sw / 2, ascent: ASC, descent: DESC, cap: CAP, xHeight: XH };
}

// Translate an absolute-coordinate path made by this module (M, L, H, V, A, Z, h).
export function translate(d, dx, dy) {
  if (!d) return '';
  const out = [];
  const re = /([MLHVAZhv])([^MLHVAZhv]*)/g;
  let m;
  while ((m = re.exec(d))) {
    const [, cmd, args] = m;
    const nums = args.trim() ? args.trim().split(/[ ,]+/).map(Number) : [];
    switch (cmd) {
      case 'M':
      case 'L':
        out.push(cmd + pt(nums[0] + dx, nums[1] + dy));
        break;
      case 'H':
        out.push('H' + f(nums[0] + dx));
        break;
      case 'V':
        out.push('V' + f(nums[0] + dy));
        break;
      case 'A':
        out.push(`A${f(nums[0])},${f(nums[1])} ${nums[2]} ${nums[3]} ${nums[4]} ${pt(nums[5] + dx, nums[6] + dy)}`);
        break;
      case 'h':
      case 'v':
        out.push(cmd + f(nums[0]));
        break;
      case 'Z':
        out.push('Z');
        break;
    }
  }
  return out.join('');
}

export const METRICS = { CAP, XH, ASC, DESC };
