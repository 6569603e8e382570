// The page heroes of the company's own pages: /about (who we are) and /success-stories (what we
// delivered). 1600x900, dark, in the frame of the service and technology pages' heroes
// (pageSceneHero in lib/pages.mjs): the subject sits right of x = 930 and below the header's band
// (y = 240), so the page's white heading on the left stays calm and readable at every width the
// hero is cropped to.
import { C, rng, n2 } from './core.mjs';
import { darkBackdrop, dotGrid, threads, icon, tile, glowFilter, smoothPath, nextId, resetIds } from './scene.mjs';
import { doc, glassPanel, sparkles, phone } from './compose.mjs';
import { kit } from './pages.mjs';
import { portraitFragment } from './people.mjs';
import { markSvg } from './mark.mjs';

const W = 1600;
const H = 900;

/** The shared dark ground: navy with the accent's glow behind the copy, the second colour low right. */
function heroBase(seed, a, b, { grid = true } = {}) {
  const R = rng(seed + '-hero');
  return (
    darkBackdrop(W, H, seed, {
      glows: [
        [R.range(0.05, 0.3), R.range(0.0, 0.3), 0.5, a, 0.4],
        [R.range(0.74, 0.9), R.range(0.5, 0.7), 0.42, b, 0.26],
        [0.55, 1.05, 0.5, C.blue, 0.14],
      ],
    }) +
    (grid ? dotGrid(W, H, { gap: 30, r: 1.3, color: '#a5b4ff', opacity: 0.16, cx: 0.74, cy: 0.5, fade: 0.5 }) : '') +
    sparkles(seed + 's', W, H, 12, { dark: true, avoid: (x, y) => x < W * 0.6 || y < 240 })
  );
}

// ============================================================ /about

/** "lon lat, lon lat, ..." as [[lon, lat], ...]. */
function outline(text) {
  return text.split(',').map((pair) => pair.trim().split(/\s+/).map(Number));
}

// The continents, coarsely, as longitude-latitude outlines: enough for a dot map at 10 px.
const LAND = [
  // North America (Hudson Bay cut out below)
  `-167 68, -156 71, -140 70, -125 72, -110 74, -95 72, -85 70, -80 73, -68 70, -62 60, -56 52, -66 45,
   -70 42, -76 38, -76 35, -81 31, -80 25, -82 27, -84 30, -90 29, -95 29, -97 26, -97 21, -92 18,
   -88 21, -87 16, -83 10, -79 8, -80 7, -85 11, -92 15, -105 20, -110 24, -112 30, -117 32, -121 35,
   -124 40, -124 46, -127 50, -133 55, -140 60, -150 60, -158 57, -165 60, -166 64`,
  // Greenland
  `-55 60, -43 60, -35 66, -22 70, -20 77, -30 83, -50 82, -62 80, -70 77, -58 72, -52 66`,
  // South America
  `-80 8, -72 12, -62 11, -52 5, -35 -6, -39 -14, -41 -22, -48 -26, -53 -34, -58 -38, -65 -42, -67 -48,
   -70 -53, -74 -52, -73 -40, -71 -30, -70 -18, -76 -14, -81 -5, -80 1, -78 5`,
  // Europe
  `-10 36, -9 43, -2 44, -5 48, 2 51, 5 53, 8 54, 8 57, 5 59, 5 62, 12 66, 18 70, 28 71, 40 68, 44 66,
   60 68, 60 50, 50 46, 40 47, 36 45, 28 41, 26 38, 22 37, 20 40, 14 42, 16 38, 12 38, 12 44, 8 44,
   3 42, 0 39, -6 36`,
  // Great Britain, Ireland, Iceland
  `-6 50, 2 51, 0 54, -2 57, -5 58, -5 55, -3 54, -5 52`,
  `-10 52, -6 52, -6 55, -9 55`,
  `-24 64, -14 64, -14 66, -22 66`,
  // Asia
  `40 68, 60 68, 70 73, 80 73, 100 77, 115 74, 130 71, 140 72, 160 70, 170 70, 180 68, 180 64, 170 60,
   163 58, 160 52, 155 58, 142 59, 137 54, 141 48, 135 43, 130 42, 128 38, 126 35, 122 40, 118 38,
   122 32, 120 26, 114 22, 108 21, 106 18, 109 12, 105 9, 100 13, 100 8, 103 2, 98 8, 98 16, 94 17,
   92 22, 88 22, 86 20, 80 15, 78 8, 76 10, 73 17, 72 21, 67 24, 62 25, 57 26, 56 24, 59 22, 52 17,
   44 12, 42 16, 35 28, 34 31, 36 36, 30 37, 26 40, 28 41, 36 45, 40 47, 50 46, 60 50`,
  // Japan, Sumatra, Borneo, Java, New Guinea
  `130 31, 135 34, 140 35, 142 40, 141 45, 145 44, 140 41, 136 36, 131 34`,
  `95 5, 98 4, 106 -6, 102 -4`,
  `109 1, 117 7, 119 1, 116 -4, 110 -3`,
  `105 -6, 115 -8, 114 -8.5, 106 -7`,
  `131 -1, 141 -3, 150 -10, 141 -9`,
  // Africa, Madagascar
  `-17 21, -16 28, -10 30, -6 36, 10 37, 11 33, 20 31, 30 31, 33 31, 35 28, 38 18, 43 12, 51 11, 48 5,
   40 -3, 40 -10, 36 -18, 35 -24, 32 -28, 27 -34, 20 -35, 18 -30, 12 -17, 14 -10, 12 -5, 9 4, 3 6, -8 4,
   -13 8, -17 14`,
  `44 -25, 47 -25, 50 -15, 49 -12`,
  // Australia, New Zealand
  `114 -22, 122 -18, 130 -12, 137 -12, 136 -15, 141 -11, 146 -19, 153 -25, 153 -32, 150 -37, 144 -38,
   138 -35, 132 -31, 124 -34, 115 -34, 113 -26`,
  `172 -35, 178 -38, 174 -41, 167 -46, 171 -44`,
].map(outline);
const WATER = [`-95 60, -88 57, -80 55, -78 60, -83 64, -90 64`].map(outline);

function inside([x, y], poly) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * A dot map of the world between the given longitudes and latitudes, drawn in the box (x, y, w):
 * the dots fade out towards the box's edges and, from `fadeFrom` down, towards the team below it.
 * Returns the svg and a projection from [lon, lat] to the frame.
 */
function worldDots({ x, y, w, lon0, lon1, lat0, lat1, gap, color, fadeFrom }) {
  const k = w / (lon1 - lon0);
  const h = k * (lat0 - lat1);
  const at = ([lon, lat]) => [x + (lon - lon0) * k, y + (lat0 - lat) * k];
  let svg = '';
  for (let py = y + gap / 2; py < y + h; py += gap)
    for (let px = x + gap / 2; px < x + w; px += gap) {
      const p = [lon0 + (px - x) / k, lat0 - (py - y) / k];
      if (!LAND.some((poly) => inside(p, poly)) || WATER.some((poly) => inside(p, poly))) continue;
      // Full strength in the middle band, fading to nothing at the box's edges and under the team.
      const edge = Math.min(px - x, x + w - px, (py - y) * 1.4) / 56;
      const down = (y + h - py) / (y + h - fadeFrom);
      const op = 0.5 * Math.min(1, Math.max(0, edge), Math.max(0, down));
      if (op < 0.04) continue;
      svg += `<circle cx="${n2(px)}" cy="${n2(py)}" r="1.9" fill="${color}" opacity="${n2(op)}"/>`;
    }
  return { svg, at, h };
}

/** A location pin with a glyph in its head, its tip at (x, y). */
function pinWithIcon(x, y, s, name, fill) {
  const r = s / 2;
  const head = y - s * 1.05;
  return (
    `<path d="M${n2(x)},${n2(y)}C${n2(x - r * 0.35)},${n2(y - r * 0.6)} ${n2(x - r)},${n2(head + r * 0.7)} ${n2(x - r)},${n2(head)}` +
    `A${n2(r)},${n2(r)} 0 1 1 ${n2(x + r)},${n2(head)}C${n2(x + r)},${n2(head + r * 0.7)} ${n2(x + r * 0.35)},${n2(y - r * 0.6)} ${n2(x)},${n2(y)}Z" fill="${fill}"/>` +
    icon(name, x - r * 0.55, head - r * 0.55, r * 1.1, { stroke: '#fff', width: 2 })
  );
}

/**
 * /about: who we are. A team around one table in the office, the two founders at its head with the
 * company's mark between them and the wider team of 20+ in a ring behind; above them a dot map of the
 * world with a pin on Greater Noida and threads out to clients in Europe and the US.
 */
export function aboutHero() {
  resetIds();
  const seed = 'about';
  const a = C.violet;
  const b = C.teal;
  // The dot map takes the place of the dot grid.
  let body = heroBase(seed, a, b, { grid: false });
  body += threads(W, H, seed + 't', { count: 6, y0: 0.86, amp: 0.035, spread: 0.07, opacity: 0.3, tilt: -0.1, x0: 0.42 });

  // The world, and the office's place in it.
  const map = worldDots({
    x: 930,
    y: 222,
    w: 630,
    lon0: -128,
    lon1: 158,
    lat0: 80,
    lat1: -30,
    gap: 10,
    color: C.sky,
    fadeFrom: 340,
  });
  body += map.svg;
  const home = map.at([77.5, 28.5]);
  const clients = [
    [-0.1, 51.5], // London
    [13.4, 52.5], // Berlin
    [4.9, 52.4], // Amsterdam
    [-74, 40.7], // New York
    [-97.7, 30.3], // Austin
    [77.6, 13], // Bengaluru
    [72.9, 19.1], // Mumbai
  ].map(map.at);
  const gid = nextId('arc');
  body += `<defs><linearGradient id="${gid}" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${C.tealLight}"/><stop offset="1" stop-color="${C.violetLight}"/></linearGradient></defs>`;
  for (const [cx, cy] of clients) {
    const d = Math.hypot(cx - home[0], cy - home[1]);
    const lift = Math.max(24, d * 0.32);
    const mid = [(cx + home[0]) / 2, Math.min(cy, home[1]) - lift];
    body += `<path d="M${n2(home[0])},${n2(home[1])}Q${n2(mid[0])},${n2(mid[1])} ${n2(cx)},${n2(cy)}" fill="none" stroke="url(#${gid})" stroke-width="1.6" stroke-opacity="0.7" stroke-linecap="round"/>`;
    body += `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="9" fill="${C.violetLight}" opacity="0.16"/><circle cx="${n2(cx)}" cy="${n2(cy)}" r="4" fill="${C.violetLight}" opacity="0.9"/>`;
  }
  // The office: rings under the pin on Greater Noida.
  body += `<ellipse cx="${n2(home[0])}" cy="${n2(home[1])}" rx="30" ry="11" fill="none" stroke="${b}" stroke-opacity="0.45" stroke-width="1.5"/>`;
  body += `<ellipse cx="${n2(home[0])}" cy="${n2(home[1])}" rx="16" ry="6" fill="${b}" fill-opacity="0.3" stroke="${b}" stroke-opacity="0.7" stroke-width="1.5"/>`;
  const pg = nextId('pin');
  body += `<defs><linearGradient id="${pg}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.teal}"/><stop offset="1" stop-color="${C.violet}"/></linearGradient>${glowFilter(pg + 'f', 6)}</defs>`;
  body += `<g filter="url(#${pg}f)">${pinWithIcon(home[0], home[1], 44, 'Building2', `url(#${pg})`)}</g>`;

  // The table in the office, seen from a little above.
  const T = [1250, 652];
  const rx = 178;
  const ry = 56;
  // The wider team: a ring of people behind the table.
  body += `<path d="M${T[0] - 300},${T[1] - 34}A300,126 0 0 1 ${T[0] + 300},${T[1] - 34}" fill="none" stroke="${C.sky}" stroke-opacity="0.4" stroke-width="1.5" stroke-dasharray="2 9" stroke-linecap="round"/>`;
  const R = rng(seed + 'team');
  for (let i = 0; i < 15; i++) {
    const t = Math.PI + 0.12 + (i * (Math.PI - 0.24)) / 14;
    const x = T[0] + 300 * Math.cos(t);
    const y = T[1] - 34 + 126 * Math.sin(t);
    const r = 9 + R() * 3;
    // A head and shoulders in a disc.
    const col = i % 2 ? C.violetLight : C.tealLight;
    const id = nextId('tm');
    body += `<defs><clipPath id="${id}"><circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(r + 4)}"/></clipPath></defs>`;
    body += `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(r + 4)}" fill="${C.navy3}"/>`;
    body += `<g clip-path="url(#${id})" fill="${col}" opacity="0.6"><circle cx="${n2(x)}" cy="${n2(y - r * 0.22)}" r="${n2(r * 0.42)}"/><ellipse cx="${n2(x)}" cy="${n2(y + r * 0.95)}" rx="${n2(r * 0.8)}" ry="${n2(r * 0.6)}"/></g>`;
    body += `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(r + 4)}" fill="none" stroke="${i % 2 ? a : b}" stroke-opacity="0.6" stroke-width="1.5"/>`;
  }
  // The people at the table: four along its far side, one at each end; the founders in the middle.
  const seats = [
    { t: 196, who: 4, r: 34 },
    { t: 228, who: 2, r: 36 },
    { t: 258, who: 0, r: 40, ring: a },
    { t: 282, who: 1, r: 40, ring: b },
    { t: 312, who: 3, r: 36 },
    { t: 344, who: 5, r: 34 },
  ];
  for (const { t, who, r, ring } of seats) {
    const ang = (t * Math.PI) / 180;
    const x = T[0] + rx * 1.04 * Math.cos(ang);
    const y = T[1] + ry * Math.sin(ang) - r * 1.25;
    const id = nextId('pp');
    // A glass arch behind each person; the portrait (lib/people.mjs) runs down behind the table's edge.
    body += `<defs><clipPath id="${id}c"><path d="M${n2(x - r)},${n2(y)}A${r},${r} 0 0 1 ${n2(x + r)},${n2(y)}V${n2(y + r * 2.4)}H${n2(x - r)}Z"/></clipPath>
<linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.navy4}"/><stop offset="1" stop-color="${C.navy2}"/></linearGradient></defs>`;
    // Each fades out below the shoulders, so the two at the table's ends, which it does not hide, end softly.
    body += `<defs><linearGradient id="${id}f" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#fff"/><stop offset="0.8" stop-color="#fff" stop-opacity="0"/></linearGradient>
<mask id="${id}m" maskUnits="userSpaceOnUse" x="${n2(x - r - 4)}" y="${n2(y - r * 1.2)}" width="${n2(r * 2 + 8)}" height="${n2(r * 3.6)}"><rect x="${n2(x - r - 4)}" y="${n2(y - r * 1.2)}" width="${n2(r * 2 + 8)}" height="${n2(r * 3.6)}" fill="url(#${id}f)"/></mask></defs><g mask="url(#${id}m)">`;
    body += `<path d="M${n2(x - r)},${n2(y)}A${r},${r} 0 0 1 ${n2(x + r)},${n2(y)}V${n2(y + r * 2.4)}H${n2(x - r)}Z" fill="url(#${id}g)" stroke="${ring ?? C.sky}" stroke-opacity="${ring ? 0.95 : 0.4}" stroke-width="${ring ? 3 : 1.5}"/>`;
    body += `<g clip-path="url(#${id}c)" opacity="0.92">${portraitFragment(who, n2(x - r * 1.1), n2(y - r * 1.02), n2(r * 2.2), id)}</g>`;
    body += '</g>';
  }
  // The table: its edge, its top, laptops at the places and the company's mark in the middle.
  const tg = nextId('tb');
  body += `<defs><linearGradient id="${tg}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy4}"/><stop offset="1" stop-color="${C.navy2}"/></linearGradient>
<linearGradient id="${tg}e" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${a}" stop-opacity="0.8"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="1" stop-color="${b}" stop-opacity="0.8"/></linearGradient></defs>`;
  body += `<ellipse cx="${T[0]}" cy="${T[1] + 16}" rx="${rx}" ry="${ry}" fill="${C.ink}" stroke="url(#${tg}e)" stroke-width="1.5"/>`;
  body += `<rect x="${T[0] - rx}" y="${T[1]}" width="${rx * 2}" height="16" fill="${C.ink}"/>`;
  body += `<ellipse cx="${T[0]}" cy="${T[1]}" rx="${rx}" ry="${ry}" fill="url(#${tg})" stroke="url(#${tg}e)" stroke-width="2"/>`;
  for (const { t } of seats) {
    const ang = (t * Math.PI) / 180;
    const x = T[0] + rx * 0.72 * Math.cos(ang);
    const y = T[1] + ry * 0.72 * Math.sin(ang);
    // The back of an open laptop, turned to its owner, with a glow of its screen on the table.
    body += `<ellipse cx="${n2(x)}" cy="${n2(y + 4)}" rx="24" ry="7" fill="${C.tealLight}" opacity="0.12"/>`;
    body += `<rect x="${n2(x - 19)}" y="${n2(y - 24)}" width="38" height="26" rx="4" fill="${C.navy3}" stroke="${C.sky}" stroke-opacity="0.45" stroke-width="1.2"/>`;
    body += `<circle cx="${n2(x)}" cy="${n2(y - 11)}" r="3" fill="${C.sky}" opacity="0.5"/>`;
  }
  const mg = nextId('mk');
  body += `<defs><linearGradient id="${mg}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.violetLight}"/><stop offset="1" stop-color="${C.tealLight}"/></linearGradient>${glowFilter(mg + 'f', 5)}</defs>`;
  body += `<ellipse cx="${T[0]}" cy="${T[1] + 6}" rx="54" ry="17" fill="${a}" opacity="0.18"/>`;
  body += `<g filter="url(#${mg}f)">${markSvg({ x: T[0] - 26, y: T[1] - 44, size: 52, stroke: `url(#${mg})`, id: mg + 'm' })}</g>`;
  return doc(W, H, body);
}

// ============================================================ /success-stories

/** MedStudy: a timed mock-exam question on a phone, the answer picked and the timer running. */
function medstudyScreen(k, x, y, w, h) {
  let s = k.box(x, y, w, h, 0, C.navy2, 1);
  const seg = (w - 24) / 6;
  for (let i = 0; i < 6; i++) s += k.box(x + 12 + i * seg, y + 28, seg - 4, 4, 2, i < 4 ? k.accB : k.soft, i < 4 ? 0.8 : 0.3);
  const cx = x + w / 2;
  const cy = y + 58;
  const r = 16;
  const circ = 2 * Math.PI * r;
  s += `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${r}" fill="none" stroke="${k.soft}" stroke-opacity="0.2" stroke-width="5"/>`;
  s += `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${r}" fill="none" stroke="${k.accA}" stroke-width="5" stroke-linecap="round" stroke-dasharray="${n2(circ * 0.7)} ${n2(circ)}" transform="rotate(-90 ${n2(cx)} ${n2(cy)})" opacity="0.9"/>`;
  s += k.icon('Timer', cx - 8, cy - 8, 16, k.accA, 2);
  // The question, then three answers with the second one picked.
  const qy = y + 84;
  const qh = 52;
  const g = k.grad(k.a, k.b);
  s +=
    g.def + `<rect x="${n2(x + 10)}" y="${n2(qy)}" width="${n2(w - 20)}" height="${qh}" rx="10" fill="${g.url}" opacity="0.6"/>`;
  s += k.bar(x + 20, qy + 12, w * 0.6, 6, '#ffffff', 0.7) + k.bar(x + 20, qy + 24, w * 0.42, 6, '#ffffff', 0.5);
  s += k.icon('Stethoscope', x + w - 34, qy + qh - 26, 18, '#ffffff', 2);
  for (let i = 0; i < 3; i++) {
    const yy = qy + qh + 8 + i * 25;
    const on = i === 1;
    s += k.box(x + 10, yy, w - 20, 21, 7, C.navy3, 1, on ? ` stroke="${k.accB}" stroke-width="2"` : '');
    s += on
      ? k.check(x + 22, yy + 10.5, 6.5, k.accB)
      : `<circle cx="${n2(x + 22)}" cy="${n2(yy + 10.5)}" r="5.5" fill="none" stroke="${k.soft}" stroke-opacity="0.4" stroke-width="1.5"/>`;
    s += k.bar(x + 36, yy + 7, w * 0.42, 7);
  }
  s += k.box(x + 10, y + h - 30, w - 20, 20, 10, k.accA, 0.85);
  return s;
}

/** ParcelPoint: a doorstep pickup booked on the web, its route on a map with the courier on the way. */
function parcelScreen(k, x, y, w, h) {
  let s = '';
  const fw = w * 0.46;
  // The booking form: from, to, the parcel's size and the book button.
  for (let i = 0; i < 2; i++) {
    const yy = y + 12 + i * 36;
    s += k.box(x + 14, yy, fw - 14, 28, 8, C.navy3, 1, i ? ` stroke="${k.accB}" stroke-opacity="0.8" stroke-width="1.5"` : '');
    s += `<circle cx="${n2(x + 28)}" cy="${n2(yy + 14)}" r="5" fill="none" stroke="${i ? k.accB : k.accA}" stroke-width="2.5"/>`;
    s += k.bar(x + 40, yy + 10, fw * (i ? 0.5 : 0.6), 7);
  }
  for (let i = 0; i < 3; i++) {
    const bw = (fw - 14 - 16) / 3;
    const bx = x + 14 + i * (bw + 8);
    s += k.box(bx, y + 84, bw, 34, 8, C.navy3, 1, i === 1 ? ` stroke="${k.accA}" stroke-width="2"` : '');
    s += k.icon('Package', bx + bw / 2 - 8, y + 93, 16, i === 1 ? k.accA : k.soft, 1.8);
  }
  s += k.box(x + 14, y + h - 34, fw - 14, 24, 12, k.accA, 0.85);
  // The map: streets, the route, the pickup and the doorstep.
  const mx = x + fw + 12;
  const mw = x + w - 12 - mx;
  const mh = h - 24;
  const my = y + 12;
  const clip = nextId('pm');
  s += `<defs><clipPath id="${clip}"><rect x="${n2(mx)}" y="${n2(my)}" width="${n2(mw)}" height="${n2(mh)}" rx="10"/></clipPath></defs>`;
  s += `<g clip-path="url(#${clip})">` + k.box(mx, my, mw, mh, 10, '#16204a', 1);
  for (let i = 0; i < 5; i++)
    s += `<line x1="${n2(mx)}" y1="${n2(my + 10 + i * 36)}" x2="${n2(mx + mw)}" y2="${n2(my + 30 + i * 36)}" stroke="#2a3a7a" stroke-width="${i % 2 ? 3 : 6}"/>`;
  for (let i = 0; i < 4; i++)
    s += `<line x1="${n2(mx + 16 + i * 40)}" y1="${n2(my)}" x2="${n2(mx + i * 40)}" y2="${n2(my + mh)}" stroke="#2a3a7a" stroke-width="${i % 2 ? 3 : 5}"/>`;
  const route = [
    [mx + 18, my + mh - 20],
    [mx + mw * 0.4, my + mh * 0.62],
    [mx + mw * 0.55, my + mh * 0.4],
    [mx + mw - 24, my + 30],
  ];
  s += k.curve(route, { col: k.accA, op: 0.95, width: 4 });
  s += `<circle cx="${n2(route[0][0])}" cy="${n2(route[0][1])}" r="6" fill="${C.navy}" stroke="${k.accA}" stroke-width="3"/>`;
  s += `<circle cx="${n2(route[3][0])}" cy="${n2(route[3][1])}" r="9" fill="${k.accB}"/><circle cx="${n2(route[3][0])}" cy="${n2(route[3][1])}" r="3.5" fill="${C.navy}"/>`;
  s += `<circle cx="${n2(route[2][0])}" cy="${n2(route[2][1])}" r="13" fill="${C.navy}" stroke="${k.accB}" stroke-width="2"/>`;
  s += k.icon('Truck', route[2][0] - 8, route[2][1] - 8, 16, '#ffffff', 2);
  return s + '</g>';
}

/** PG Finder: rooms priced on a map, and a verified room with its book-a-visit button. */
function pgScreen(k, x, y, w, h) {
  let s = k.box(x, y, w, h, 0, '#16204a', 1);
  const mh = h * 0.5;
  for (let i = 0; i < 5; i++)
    s += `<line x1="${n2(x)}" y1="${n2(y + 20 + i * 32)}" x2="${n2(x + w)}" y2="${n2(y + 34 + i * 32)}" stroke="#2a3a7a" stroke-width="${i % 2 ? 3 : 6}"/>`;
  for (let i = 0; i < 3; i++)
    s += `<line x1="${n2(x + 24 + i * 44)}" y1="${n2(y)}" x2="${n2(x + 10 + i * 44)}" y2="${n2(y + mh)}" stroke="#2a3a7a" stroke-width="${i % 2 ? 3 : 5}"/>`;
  [
    [0.22, 0.3, false],
    [0.62, 0.22, false],
    [0.5, 0.56, true],
    [0.2, 0.74, false],
  ].forEach(([px, py, on]) => {
    const cx = x + w * px;
    const cy = y + 28 + (mh - 40) * py;
    s += k.box(
      cx - 22,
      cy - 10,
      44,
      20,
      10,
      on ? k.accA : C.navy3,
      on ? 0.95 : 1,
      on ? '' : ` stroke="${k.soft}" stroke-opacity="0.35"`,
    );
    s += k.bar(cx - 12, cy - 3, 24, 6, '#ffffff', on ? 0.9 : 0.45);
  });
  // The listing card.
  const cy = y + mh;
  s += k.box(x, cy, w, h - mh, 0, C.navy2, 1);
  const g = k.grad(k.a, C.blue);
  s += g.def + `<rect x="${n2(x + 10)}" y="${n2(cy + 12)}" width="44" height="44" rx="9" fill="${g.url}" opacity="0.75"/>`;
  s += k.icon('House', x + 20, cy + 22, 24, '#ffffff', 2);
  s += k.check(x + 68, cy + 20, 7, k.accB) + k.bar(x + 80, cy + 16, 34, 7, k.accB);
  s += k.bar(x + 62, cy + 32, w * 0.42) + k.bar(x + 62, cy + 46, w * 0.26, 7, k.accA);
  for (let i = 0; i < 4; i++) s += k.box(x + 10 + i * 26, cy + 68, 20, 20, 6, C.navy3, 1);
  s += k.box(x + 10, y + h - 40, w - 20, 26, 13, k.accA, 0.85);
  return s;
}

/** A "live" badge: the accent disc with a tick, at a device's corner. */
const launched = (k, x, y) => `<circle cx="${n2(x)}" cy="${n2(y)}" r="17" fill="${C.navy}"/>` + k.check(x, y, 13, k.accB);

/** A result: a small glass card with an upward arrow and three rising bars. */
function resultChip(k, x, y, col) {
  let s = glassPanel(x, y, 104, 46, { r: 12, accent: col, accent2: C.sky, fill: 0.85 });
  s += `<circle cx="${n2(x + 23)}" cy="${n2(y + 23)}" r="13" fill="${col}" opacity="0.9"/>`;
  s += icon('TrendingUp', x + 15, y + 15, 16, { stroke: C.navy, width: 2.6 });
  [10, 16, 24].forEach((bh, i) => (s += k.box(x + 48 + i * 16, y + 35 - bh, 10, bh, 3, col, 0.35 + i * 0.25)));
  return s;
}

/**
 * /success-stories: what we delivered and what it changed. The three products of the case studies,
 * launched (MedStudy's mock exam on a phone, ParcelPoint's booking and route on the web, PG Finder's
 * rooms on a phone), each with a rising result, along a growth line that climbs to a rocket.
 */
export function successStoriesHero() {
  resetIds();
  const seed = 'success-stories';
  const a = C.violet;
  const b = C.teal;
  let body = heroBase(seed, a, b);
  body += threads(W, H, seed + 't', { count: 6, y0: 0.86, amp: 0.035, spread: 0.07, opacity: 0.3, tilt: -0.1, x0: 0.42 });
  const k = kit(true, a, b);

  // The growth line behind the products, from the lower left up to the launch.
  const gl = nextId('gr');
  const line = [
    [948, 712],
    [1080, 664],
    [1200, 600],
    [1320, 500],
    [1420, 390],
    [1468, 330],
  ];
  body += `<defs><linearGradient id="${gl}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}" stop-opacity="0.28"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></linearGradient>
<linearGradient id="${gl}s" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${b}" stop-opacity="0.2"/><stop offset="1" stop-color="${C.tealLight}"/></linearGradient>${glowFilter(gl + 'f', 4)}</defs>`;
  for (let i = 0; i < 4; i++)
    body += `<line x1="940" y1="${340 + i * 120}" x2="1560" y2="${340 + i * 120}" stroke="${C.sky}" stroke-opacity="0.1" stroke-width="1"/>`;
  body += `<defs><linearGradient id="${gl}h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.5" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<mask id="${gl}m" maskUnits="userSpaceOnUse" x="940" y="300" width="540" height="440"><rect x="940" y="300" width="530" height="440" fill="url(#${gl}h)"/></mask></defs>`;
  body += `<path d="${smoothPath(line)}L1468,730L948,730Z" fill="url(#${gl})" mask="url(#${gl}m)"/>`;
  body += `<path d="${smoothPath(line)}" fill="none" stroke="url(#${gl}s)" stroke-width="3" stroke-linecap="round" filter="url(#${gl}f)"/>`;
  body += tile(1442, 242, 100, 'Rocket', { kind: 'dark', r0: a, r1: b });

  // The products, left to right, each higher up the line.
  const ms = phone(962, 462, 262, { screen: (x, y, w, h) => medstudyScreen(k, x, y, w, h) });
  body += ms.svg + launched(k, 962 + ms.w - 6, 468);
  body += resultChip(k, 946, 398, C.tealLight);

  const wx = 1104;
  const wy = 404;
  const ww = 300;
  const wh = 200;
  body += k.win(wx, wy, ww, wh) + parcelScreen(k, wx, wy + 40, ww, wh - 40);
  body += launched(k, wx + ww - 6, wy + 4);
  body += resultChip(k, wx + 24, wy - 60, C.violetLight);

  const pg = phone(1412, 388, 280, { screen: (x, y, w, h) => pgScreen(k, x, y, w, h) });
  body += pg.svg + launched(k, 1412 + pg.w - 6, 394);
  body += resultChip(k, 1300, 272, C.tealLight);
  return doc(W, H, body);
}

export const COMPANY_HEROES = { about: aboutHero, 'success-stories': successStoriesHero };
