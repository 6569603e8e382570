// Banner slides (dark), hiring slides, timeline images, project mock-ups and
// the contact illustration (light). Each function returns an SVG document.
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
import { portraitFragment } from './people.mjs';
import { doc, glassPanel, codeLines, sparkles, orbits, glowIcon, laptop, phone } from './compose.mjs';

const TAU = Math.PI * 2;

function darkBase(W, H, seed, { a = C.violet, b = C.teal, gridCx = 0.75 } = {}) {
  const R = rng(seed + 'bg');
  return (
    darkBackdrop(W, H, seed, {
      glows: [
        [R.range(0.05, 0.3), R.range(0.0, 0.3), 0.5, a, 0.4],
        [R.range(0.72, 0.92), R.range(0.45, 0.75), 0.42, b, 0.3],
        [0.5, 1.05, 0.5, C.blue, 0.15],
      ],
    }) +
    dotGrid(W, H, { gap: 30, r: 1.3, color: '#a5b4ff', opacity: 0.2, cx: gridCx, cy: 0.5, fade: 0.5 }) +
    sparkles(seed + 's', W, H, 16, { dark: true, avoid: (x) => x < W * 0.5 })
  );
}

function lightBase(W, H, seed, { a = C.violet, b = C.teal } = {}) {
  const R = rng(seed + 'bg');
  return (
    lightBackdrop(W, H, seed, {
      glows: [
        [R.range(0.05, 0.3), R.range(0.05, 0.3), 0.5, a, 0.22],
        [R.range(0.7, 0.95), R.range(0.7, 0.95), 0.5, b, 0.22],
      ],
    }) +
    dotGrid(W, H, { gap: 28, r: 1.6, color: C.navy4, opacity: 0.15, cx: 0.5, cy: 0.5, fade: 0.62 }) +
    sparkles(seed + 's', W, H, 14, { color: a })
  );
}

// ============================================================ dark slides

/**
 * A slide's foreground scaled by `scale` about (cx, cy) and moved down by `dy`: the careers banner is
 * cropped so that the picture's band above y = 240 sits under the header's links at 1280 to 1920 px.
 */
function belowHeader(svg, cx, cy, scale, dy) {
  return `<g transform="translate(${n2(cx * (1 - scale))} ${n2(cy * (1 - scale) + dy)}) scale(${scale})">${svg}</g>`;
}

export function slide(kind, index, { W = 1600, H = 900 } = {}) {
  resetIds();
  const seed = `${kind}-${index}`;
  const R = rng(seed);
  const swap = index === 2;
  const a = swap ? C.teal : C.violet;
  const b = swap ? C.violet : C.teal;
  let body = darkBase(W, H, seed, { a, b });
  const cx = W * 0.74;
  const cy = H * 0.52;
  const key = `${kind}-${index}`;
  if (key === 'services-1') {
    // isometric city of blocks
    body += threads(W, H, seed + 't', { count: 16, y0: 0.78, amp: 0.05, spread: 0.14, opacity: 0.38, tilt: -0.2 });
    const P = iso(cx, cy - 40, 40);
    const cells = [];
    for (let x = -4; x < 4; x += 2) for (let y = -4; y < 4; y += 2) cells.push([x, y]);
    cells.sort((p, q) => p[0] + p[1] - (q[0] + q[1]));
    body += isoBox(P, -4.6, -4.6, -0.4, 9.2, 9.2, 0.4, {
      top: '#131f4a',
      left: '#0b1534',
      right: '#0e1940',
      edge: a,
      edgeOpacity: 0.5,
    });
    const gg = nextId('g');
    body += `<defs>${iconGradient(gg, C.tealLight, C.violetLight)}${glowFilter(gg + 'f', 4)}</defs>`;
    const iconsOnTop = ['Code', 'Smartphone', 'Cloud', 'Database', 'PenTool', 'ShieldCheck'];
    let k = 0;
    for (const [x, y] of cells) {
      const h = 0.6 + R() * 3.2;
      body += isoBox(P, x + 0.25, y + 0.25, 0, 1.5, 1.5, h, {
        top: '#25377d',
        left: '#101b44',
        right: '#17255c',
        edge: R() < 0.5 ? a : b,
        edgeOpacity: 0.65,
      });
      if (R() < 0.45 && k < iconsOnTop.length) {
        const m = isoTopMatrix(P, x + 0.5, y + 0.5, h, 1, 1);
        body += `<g filter="url(#${gg}f)"><g transform="${m}">${icon(iconsOnTop[k++], 0, 0, 1, { stroke: `url(#${gg})`, width: 1.6 })}</g></g>`;
      }
    }
  } else if (key === 'services-2') {
    // glowing core with tilted orbits
    body += threads(W, H, seed + 't', { count: 14, y0: 0.82, amp: 0.05, spread: 0.12, opacity: 0.32 });
    const id = nextId('sp');
    body += `<defs><radialGradient id="${id}" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="${C.violetLight}"/><stop offset="0.45" stop-color="${C.violetDeep}"/><stop offset="1" stop-color="${C.navy}"/></radialGradient>
<radialGradient id="${id}h"><stop offset="0" stop-color="${a}" stop-opacity="0.5"/><stop offset="1" stop-color="${a}" stop-opacity="0"/></radialGradient></defs>`;
    body += `<circle cx="${cx}" cy="${cy}" r="330" fill="url(#${id}h)"/>`;
    for (let i = 0; i < 3; i++) {
      const rot = -18 + i * 22;
      body +=
        `<g transform="rotate(${rot} ${cx} ${cy})"><ellipse cx="${cx}" cy="${cy}" rx="${300 - i * 40}" ry="${92 - i * 10}" fill="none" stroke="${i % 2 ? b : C.sky}" stroke-opacity="0.45" stroke-width="1.5"/>` +
        `<circle cx="${cx + (300 - i * 40) * Math.cos(1 + i * 2)}" cy="${cy + (92 - i * 10) * Math.sin(1 + i * 2)}" r="6" fill="${i % 2 ? C.tealLight : C.violetLight}"/></g>`;
    }
    body += `<circle cx="${cx}" cy="${cy}" r="118" fill="url(#${id})" opacity="0.85"/>`;
    body += `<circle cx="${cx}" cy="${cy}" r="118" fill="none" stroke="#fff" stroke-opacity="0.15"/>`;
    body += glowIcon('Sparkles', cx - 46, cy - 46, 92, { a: '#ffffff', b: C.tealLight, width: 1.4 });
    body += tile(cx - 330, cy - 250, 96, 'Code', { kind: 'dark', r0: a, r1: b });
    body += tile(cx + 220, cy - 300, 88, 'Smartphone', { kind: 'dark', r0: b, r1: a });
    body += tile(cx + 250, cy + 170, 96, 'Cloud', { kind: 'dark', r0: a, r1: b });
    body += tile(cx - 280, cy + 190, 80, 'PenTool', { kind: 'dark', r0: b, r1: a });
  } else if (key === 'services-3') {
    // stacked glass code windows
    body += threads(W, H, seed + 't', { count: 16, y0: 0.6, amp: 0.08, spread: 0.16, opacity: 0.35, tilt: 0.1 });
    const panels = [
      [cx - 300, cy - 250, 440, 300],
      [cx - 170, cy - 140, 460, 310],
      [cx - 30, cy - 20, 420, 270],
    ];
    panels.forEach(([x, y, w, h], i) => {
      body += glassPanel(x, y, w, h, { accent: i % 2 ? b : a, accent2: i % 2 ? a : b, fill: 0.85 });
      body += [0, 1, 2]
        .map(
          (j) =>
            `<circle cx="${x + 24 + j * 18}" cy="${y + 24}" r="4.5" fill="${[C.violetLight, C.sky, C.tealLight][j]}" opacity="0.6"/>`,
        )
        .join('');
      body += codeLines(x + 26, y + 60, w - 52, h - 80, seed + i, { opacity: 0.55 + i * 0.12 });
    });
    body += tile(cx + 300, cy - 300, 110, 'Braces', { kind: 'dark', r0: a, r1: b });
  } else if (key === 'technologies-1') {
    body += network(W, H, seed + 'n', { n: 42, x: W * 0.46, y: H * 0.06, w: W * 0.52, h: H * 0.88, maxDist: 220, opacity: 0.45 });
    body += threads(W, H, seed + 't', { count: 12, y0: 0.75, amp: 0.06, spread: 0.12, opacity: 0.3 });
    const t = [
      ['Cpu', cx - 40, cy - 60, 150],
      ['Database', cx - 300, cy - 230, 96],
      ['Cloud', cx + 210, cy - 260, 104],
      ['Code', cx + 230, cy + 150, 96],
      ['Smartphone', cx - 260, cy + 170, 88],
    ];
    t.forEach(([, x, y, s], i) => {
      if (i)
        body += `<line x1="${cx + 35}" y1="${cy + 15}" x2="${x + s / 2}" y2="${y + s / 2}" stroke="${i % 2 ? b : a}" stroke-opacity="0.5" stroke-width="1.5" stroke-dasharray="3 7"/>`;
    });
    t.forEach(([nm, x, y, s], i) => (body += tile(x, y, s, nm, { kind: 'dark', r0: i % 2 ? b : a, r1: i % 2 ? a : b })));
  } else if (key === 'technologies-2') {
    // circuit traces converging on a chip
    const chip = 200;
    const x0 = cx - chip / 2;
    const y0 = cy - chip / 2;
    let traces = '';
    let nodes = '';
    for (let side = 0; side < 4; side++)
      for (let i = 0; i < 5; i++) {
        const off = -64 + i * 32;
        let pts;
        const len1 = R.range(60, 140);
        const jog = R.range(-70, 70);
        const len2 = R.range(80, 260);
        if (side === 0)
          pts = [
            [x0, cy + off],
            [x0 - len1, cy + off],
            [x0 - len1 - 40, cy + off + jog],
            [x0 - len1 - 40 - len2, cy + off + jog],
          ];
        if (side === 1)
          pts = [
            [x0 + chip, cy + off],
            [x0 + chip + len1, cy + off],
            [x0 + chip + len1 + 40, cy + off + jog],
            [x0 + chip + len1 + 40 + len2, cy + off + jog],
          ];
        if (side === 2)
          pts = [
            [cx + off, y0],
            [cx + off, y0 - len1 * 0.6],
            [cx + off + jog, y0 - len1 * 0.6 - 40],
            [cx + off + jog, y0 - len1 * 0.6 - 40 - len2 * 0.5],
          ];
        if (side === 3)
          pts = [
            [cx + off, y0 + chip],
            [cx + off, y0 + chip + len1 * 0.6],
            [cx + off + jog, y0 + chip + len1 * 0.6 + 40],
            [cx + off + jog, y0 + chip + len1 * 0.6 + 40 + len2 * 0.5],
          ];
        const col = (i + side) % 2 ? a : b;
        traces += `<polyline points="${pts.map((p) => p.map(n2).join(',')).join(' ')}" fill="none" stroke="${col}" stroke-opacity="${n2(R.range(0.35, 0.7))}" stroke-width="2" stroke-linejoin="round"/>`;
        const e = pts[3];
        nodes += `<circle cx="${n2(e[0])}" cy="${n2(e[1])}" r="5" fill="${C.navy}" stroke="${col}" stroke-width="2"/>`;
      }
    const gid = nextId('tr');
    body += `<defs>${glowFilter(gid, 3)}</defs><g filter="url(#${gid})">${traces}</g>${nodes}`;
    body += glassPanel(x0, y0, chip, chip, { accent: a, accent2: b, fill: 0.9, r: 26 });
    body += glowIcon('Cpu', cx - 60, cy - 60, 120, { width: 1.3 });
  } else if (key === 'technologies-3') {
    // exploded stack of layers
    const P = iso(cx, cy - 10, 44);
    const gg = nextId('g');
    body += `<defs>${iconGradient(gg, C.tealLight, C.violetLight)}${glowFilter(gg + 'f', 4)}</defs>`;
    body += threads(W, H, seed + 't', { count: 14, y0: 0.82, amp: 0.05, spread: 0.12, opacity: 0.3, tilt: -0.1 });
    const levels = [-4.6, -1.8, 1.0, 3.8];
    const names = ['Database', 'Server', 'Braces', 'LayoutDashboard'];
    levels.forEach((z, i) => {
      body += isoBox(P, -2.6, -2.6, z, 5.2, 5.2, 0.35, {
        top: i % 2 ? '#1b2b66' : '#22337a',
        left: '#0f1a42',
        right: '#14214f',
        edge: i % 2 ? b : a,
        edgeOpacity: 0.75,
      });
      if (i === levels.length - 1) {
        const m = isoTopMatrix(P, -1.3, -1.3, z + 0.35, 2.6, 2.6);
        body += `<g filter="url(#${gg}f)"><g transform="${m}">${icon(names[i], 0, 0, 1, { stroke: `url(#${gg})`, width: 1.3 })}</g></g>`;
      } else {
        for (let k = 0; k < 5; k++) {
          const [px, py] = P(-2.2 + k * 0.35, 2.3, z + 0.35);
          body += `<circle cx="${n2(px)}" cy="${n2(py)}" r="3" fill="${k % 2 ? C.tealLight : C.violetLight}" opacity="0.8"/>`;
        }
      }
      if (i < levels.length - 1) {
        for (const [u, v] of [
          [-2.6, 2.6],
          [2.6, -2.6],
          [2.6, 2.6],
        ]) {
          const p1 = P(u, v, z + 0.35);
          const p2 = P(u, v, levels[i + 1]);
          body += `<line x1="${n2(p1[0])}" y1="${n2(p1[1])}" x2="${n2(p2[0])}" y2="${n2(p2[1])}" stroke="${C.sky}" stroke-opacity="0.35" stroke-dasharray="3 6"/>`;
        }
      }
    });
  } else if (key === 'careers-1') {
    // ascending steps with a flag at the top
    const P = iso(cx - 60, cy + 150, 46);
    body += threads(W, H, seed + 't', { count: 14, y0: 0.86, amp: 0.04, spread: 0.1, opacity: 0.3 });
    const fg = body.length;
    const steps = 6;
    const stepAt = (i) => 2.6 - i * 1.05; // y position: decreasing y climbs to the upper right
    for (let i = steps - 1; i >= 0; i--) {
      body += isoBox(P, -1.2, stepAt(i), 0, 2.4, 1.05, 0.6 + i * 0.75, {
        top: i === steps - 1 ? '#33449a' : '#24367c',
        left: '#0f1a42',
        right: '#17255c',
        edge: i % 2 ? b : a,
        edgeOpacity: 0.7,
      });
    }
    // glowing path along the step tops
    const pts = [];
    for (let i = 0; i < steps; i++) pts.push(P(0, stepAt(i) + 0.52, 0.6 + i * 0.75));
    const gp = nextId('gp');
    body += `<defs>${glowFilter(gp, 4)}</defs><path d="${smoothPath(pts)}" fill="none" stroke="${C.tealLight}" stroke-width="4" stroke-linecap="round" stroke-dasharray="1 14" filter="url(#${gp})"/>`;
    const top = pts[pts.length - 1];
    body += `<line x1="${n2(top[0])}" y1="${n2(top[1])}" x2="${n2(top[0])}" y2="${n2(top[1] - 110)}" stroke="${C.sky}" stroke-opacity="0.6" stroke-width="2"/>`;
    body += tile(top[0] - 55, top[1] - 230, 110, 'Trophy', { kind: 'dark', r0: a, r1: b });
    body += tile(cx - 330, cy - 230, 90, 'GraduationCap', { kind: 'dark', r0: b, r1: a });
    body += tile(cx + 250, cy + 40, 84, 'Sprout', { kind: 'dark', r0: a, r1: b });
    body = body.slice(0, fg) + belowHeader(body.slice(fg), cx, cy, 0.8, 70);
  } else if (key === 'careers-2') {
    // team constellation
    body += threads(W, H, seed + 't', { count: 14, y0: 0.8, amp: 0.05, spread: 0.12, opacity: 0.3 });
    const fg = body.length;
    body += orbits(cx, cy, [140, 240, 340], { color: C.sky, opacity: 0.35, dash: '2 10' });
    const people = [];
    const ring = [[0, 0, 70]];
    for (let i = 0; i < 5; i++) ring.push([240 * Math.cos(-2.4 + i * 1.26), 240 * Math.sin(-2.4 + i * 1.26), 44]);
    for (let i = 0; i < 6; i++) ring.push([340 * Math.cos(-1.9 + i * 1.05), 340 * Math.sin(-1.9 + i * 1.05), 30]);
    ring.forEach(([dx, dy, r]) => people.push([cx + dx, cy + dy, r]));
    people.forEach(([x, y], i) => {
      if (i) {
        const j = i <= 5 ? 0 : 1 + ((i - 6) % 5);
        body += `<line x1="${n2(x)}" y1="${n2(y)}" x2="${n2(people[j][0])}" y2="${n2(people[j][1])}" stroke="${i % 2 ? a : b}" stroke-opacity="0.45" stroke-width="1.5"/>`;
      }
    });
    people.forEach(([x, y, r], i) => {
      const id = nextId('pp');
      body += `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy3}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient></defs>`;
      body += `<circle cx="${n2(x)}" cy="${n2(y)}" r="${r}" fill="url(#${id})" stroke="${i % 2 ? b : a}" stroke-opacity="0.8" stroke-width="1.5"/>`;
      body += glowIcon(i === 0 ? 'Users' : 'User', x - r * 0.55, y - r * 0.55, r * 1.1, { width: 1.4 });
    });
    body = body.slice(0, fg) + belowHeader(body.slice(fg), cx, cy, 0.74, 60);
  } else {
    // careers-3: perspective grid floor and a horizon glow
    const hz = H * 0.56;
    const id = nextId('hz');
    body += `<defs><radialGradient id="${id}" cx="0.5" cy="1" r="0.8"><stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="0.5" stop-color="${C.blue}" stop-opacity="0.18"/><stop offset="1" stop-color="${C.blue}" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.6"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient><mask id="${id}m"><rect x="0" y="${hz}" width="${W}" height="${H - hz}" fill="url(#${id}f)"/></mask></defs>`;
    body += `<ellipse cx="${W * 0.72}" cy="${hz}" rx="${W * 0.42}" ry="300" fill="url(#${id}g)"/>`;
    body += `<defs><radialGradient id="${id}g"><stop offset="0" stop-color="${a}" stop-opacity="0.5"/><stop offset="0.5" stop-color="${C.blue}" stop-opacity="0.16"/><stop offset="1" stop-color="${C.blue}" stop-opacity="0"/></radialGradient>
<linearGradient id="${id}l" x1="0" x2="1"><stop offset="0" stop-color="${C.tealLight}" stop-opacity="0"/><stop offset="0.72" stop-color="${C.tealLight}" stop-opacity="0.6"/><stop offset="1" stop-color="${C.tealLight}" stop-opacity="0.1"/></linearGradient></defs>`;
    let grid = '';
    const vx = W * 0.72;
    for (let i = -24; i <= 24; i++) grid += `<line x1="${n2(vx + i * 8)}" y1="${hz}" x2="${n2(vx + i * 90)}" y2="${H}" />`;
    for (let j = 1; j <= 14; j++) {
      const t = (j / 14) ** 2.2;
      const y = hz + (H - hz) * t;
      grid += `<line x1="0" y1="${n2(y)}" x2="${W}" y2="${n2(y)}"/>`;
    }
    body += `<g stroke="${C.sky}" stroke-opacity="0.35" stroke-width="1" mask="url(#${id}m)">${grid}</g>`;
    body += `<rect x="0" y="${hz - 1}" width="${W}" height="2" fill="url(#${id}l)"/>`;
    body += threads(W, H, seed + 't', { count: 16, y0: 0.42, amp: 0.06, spread: 0.14, opacity: 0.45, tilt: -0.25, x0: 0.3 });
    body += tile(vx - 65, hz - 260, 130, 'Rocket', { kind: 'dark', r0: a, r1: b });
    body += tile(vx + 230, hz - 200, 84, 'Star', { kind: 'dark', r0: b, r1: a });
    body += tile(vx - 300, hz - 170, 84, 'Compass', { kind: 'dark', r0: a, r1: b });
  }
  return doc(W, H, body);
}

// ============================================================ hire slides (light)

function avatarBubble(x, y, r, { ring = C.violet, k = 0 } = {}) {
  const id = nextId('ab');
  const tint = ['#e6e0ff', '#d3f4ef', '#dde6ff', '#efe9ff'][k % 4];
  // A team portrait (DiceBear Lorelei, CC0) clipped into a ringed circle.
  return `<defs><clipPath id="${id}"><circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(r)}"/></clipPath></defs>
<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(r)}" fill="${tint}"/>
<g clip-path="url(#${id})">${portraitFragment(k, n2(x - r * 1.05), n2(y - r * 0.98), n2(r * 2.1), id)}</g>
<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(r)}" fill="none" stroke="${ring}" stroke-width="3"/>`;
}

export function hireSlide(index, { W = 1200, H = 800 } = {}) {
  resetIds();
  const seed = `hire-${index}`;
  const a = index % 2 ? C.violet : C.teal;
  const b = index % 2 ? C.teal : C.violet;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let body =
    `<defs>${shadowFilter(sh)}${shadowFilter(shb, { dy: 22, blur: 36, opacity: 0.26 })}</defs>` + lightBase(W, H, seed, { a, b });
  const cx = W / 2;
  const cy = H / 2;
  if (index === 1) {
    // getting started: launch trajectory with three milestones
    const start = [130, 650];
    const end = [900, 250];
    const ctrl = [520, 640];
    const q = (t) => [
      (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * ctrl[0] + t * t * end[0],
      (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * ctrl[1] + t * t * end[1],
    ];
    const qd = (t) => [
      2 * (1 - t) * (ctrl[0] - start[0]) + 2 * t * (end[0] - ctrl[0]),
      2 * (1 - t) * (ctrl[1] - start[1]) + 2 * t * (end[1] - ctrl[1]),
    ];
    body += threads(W, H, seed + 't', { count: 10, y0: 0.86, amp: 0.04, spread: 0.08, opacity: 0.3 });
    const gid = nextId('tr');
    body += `<defs><linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${start[0]}" y1="${start[1]}" x2="${end[0]}" y2="${end[1]}"><stop offset="0" stop-color="${b}" stop-opacity="0"/><stop offset="1" stop-color="${a}" stop-opacity="0.55"/></linearGradient></defs>`;
    const path = `M${start}Q${ctrl} ${end}`;
    body += `<path d="${path}" fill="none" stroke="url(#${gid})" stroke-width="14" stroke-linecap="round"/>`;
    body += `<path d="${path}" fill="none" stroke="${a}" stroke-width="3.5" stroke-dasharray="1 12" stroke-linecap="round" opacity="0.8"/>`;
    const ms = [
      [0.3, 'Flag', 'light', 1],
      [0.58, 'Users', 'accent', -1],
      [0.82, 'Code', 'light', 1],
    ];
    ms.forEach(([t, nm, kind, side], i) => {
      const p = q(t);
      const d = qd(t);
      const len = Math.hypot(d[0], d[1]);
      const nrm = [(d[1] / len) * side, (-d[0] / len) * side];
      const s = 108;
      const c = [p[0] + nrm[0] * 120, p[1] + nrm[1] * 120];
      body += `<line x1="${n2(p[0])}" y1="${n2(p[1])}" x2="${n2(c[0])}" y2="${n2(c[1])}" stroke="${i % 2 ? b : a}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="2 6"/>`;
      body += `<circle cx="${n2(p[0])}" cy="${n2(p[1])}" r="10" fill="#fff" stroke="${i % 2 ? b : a}" stroke-width="4"/>`;
      body += tile(c[0] - s / 2, c[1] - s / 2, s, nm, { kind, shadow: sh, r0: a, r1: b });
    });
    body += tile(end[0] - 60, end[1] - 170, 220, 'Rocket', { kind: 'dark', shadow: shb, r0: a, r1: b, iconScale: 0.5 });
    body += tile(980, 560, 92, 'CalendarCheck', { kind: 'light', shadow: sh, r0: b, r1: a });
  } else if (index === 2) {
    // unlimited growth: rising iso columns
    const P = iso(cx - 40, cy + 150, 48);
    body += threads(W, H, seed + 't', { count: 10, y0: 0.3, amp: 0.06, spread: 0.1, opacity: 0.3, tilt: -0.3 });
    body +=
      `<g filter="url(#${sh})">` +
      isoBox(P, -4.2, -1.6, -0.4, 8.6, 3.2, 0.4, { top: '#ffffff', left: '#dcd8f7', right: '#cbc4f3', edge: '#fff' }) +
      '</g>';
    const tops = ['#b8a9ff', '#a293ff', '#8f7cff', '#58d4c6', '#2fc9b8'];
    for (let i = 0; i < 5; i++) {
      const h = 1.2 + i * 1.35;
      body += isoBox(P, -3.8 + i * 1.6, -0.9, 0, 1.2, 1.8, h, {
        top: tops[i],
        left: i < 3 ? '#6d55e8' : '#139c8e',
        right: i < 3 ? '#5a43d6' : '#0f8579',
        edge: '#ffffff',
        edgeOpacity: 0.5,
      });
    }
    const pA = P(-3.2, 0, 2.4);
    const pB = P(3.6, 0, 8.4);
    body += `<path d="M${n2(pA[0])},${n2(pA[1])}Q${n2((pA[0] + pB[0]) / 2 - 40)},${n2((pA[1] + pB[1]) / 2 - 120)} ${n2(pB[0])},${n2(pB[1])}" fill="none" stroke="${C.navy}" stroke-width="3.5" stroke-dasharray="1 10" stroke-linecap="round" opacity="0.55"/>`;
    body += tile(pB[0] + 30, pB[1] - 60, 150, 'TrendingUp', { kind: 'dark', shadow: shb, r0: a, r1: b });
    body += tile(110, 130, 120, 'Infinity', { kind: 'accent', shadow: sh, r0: b, r1: a });
  } else if (index === 3) {
    // build a dev team quickly and affordably
    body += threads(W, H, seed + 't', { count: 10, y0: 0.55, amp: 0.07, spread: 0.12, opacity: 0.3 });
    body += orbits(cx, cy, [190, 300], { color: a, opacity: 0.45, squash: 0.8, dash: '3 10', width: 2 });
    const people = 6;
    for (let i = 0; i < people; i++) {
      const ang = -Math.PI / 2 + (i * TAU) / people;
      body += avatarBubble(cx + 300 * Math.cos(ang), cy + 240 * Math.sin(ang), 44, { ring: i % 2 ? a : b, k: i });
    }
    body += tile(cx - 110, cy - 110, 220, 'Users', { kind: 'dark', shadow: shb, r0: a, r1: b, iconScale: 0.5 });
    body += tile(cx + 200 - 44, cy - 44, 88, 'Timer', { kind: 'light', shadow: sh, r0: a, r1: b });
    body += tile(cx - 100 - 44, cy + 139 - 44, 88, 'PiggyBank', { kind: 'accent', shadow: sh, r0: a, r1: b });
    body += tile(cx - 100 - 42, cy - 139 - 42, 84, 'Code', { kind: 'light', shadow: sh, r0: b, r1: a });
  } else {
    // grow a team swiftly and economically: a network that widens to the right
    body += threads(W, H, seed + 't', { count: 12, y0: 0.5, amp: 0.04, spread: 0.3, opacity: 0.25, x0: 0.15 });
    const cols = [1, 2, 3, 4];
    const nodes = [];
    cols.forEach((n, ci) => {
      for (let i = 0; i < n; i++) nodes.push([260 + ci * 220, cy + (i - (n - 1) / 2) * 150, ci]);
    });
    nodes.forEach(([x, y, ci]) => {
      nodes
        .filter((q) => q[2] === ci + 1)
        .forEach(([x2, y2]) => {
          body += `<path d="M${x},${y}C${x + 110},${y} ${x2 - 110},${y2} ${x2},${y2}" fill="none" stroke="${ci % 2 ? b : a}" stroke-opacity="0.45" stroke-width="2"/>`;
        });
    });
    nodes.forEach(([x, y, ci], i) => {
      if (i === 0) return;
      body += avatarBubble(x, y, 40 - ci * 2, { ring: ci % 2 ? a : b, k: i + 2 });
    });
    body += tile(nodes[0][0] - 85, nodes[0][1] - 85, 170, 'UserPlus', { kind: 'dark', shadow: shb, r0: a, r1: b });
    body += tile(W - 200, 90, 96, 'Zap', { kind: 'accent', shadow: sh, r0: a, r1: b });
    body += tile(110, 110, 90, 'Coins', { kind: 'light', shadow: sh, r0: b, r1: a });
  }
  return doc(W, H, body);
}

// ============================================================ timeline (light 800x600)

export function timelineArt(kind, { W = 800, H = 600 } = {}) {
  resetIds();
  const seed = `timeline-${kind}`;
  const a = kind === 'web' || kind === 'mobile' ? C.teal : C.violet;
  const b = a === C.teal ? C.violet : C.teal;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let body =
    `<defs>${shadowFilter(sh)}${shadowFilter(shb, { dy: 20, blur: 32, opacity: 0.26 })}</defs>` + lightBase(W, H, seed, { a, b });
  const cx = W / 2;
  if (kind === 'uiux') {
    // a bezier path with handles, like a design tool
    const p0 = [140, 420];
    const p1 = [400, 250];
    const p2 = [660, 380];
    body += `<rect x="110" y="120" width="580" height="380" rx="22" fill="#fff" filter="url(#${shb})"/>`;
    body += `<rect x="110" y="120" width="580" height="380" rx="22" fill="none" stroke="#e4e3f7"/>`;
    body += dotGrid(W, H, { gap: 20, r: 1.4, color: '#b9bde0', opacity: 0.7, x: 130, y: 140, w: 540, h: 340, fade: 0.9 });
    body += `<path d="M${p0}C${p0[0] + 80},${p0[1] - 160} ${p1[0] - 150},${p1[1]} ${p1}S${p2[0] - 40},${p2[1] + 120} ${p2}" fill="none" stroke="url(#${sh}g)" stroke-width="6" stroke-linecap="round"/>`;
    body += `<defs><linearGradient id="${sh}g" x1="0" x2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
    body += `<line x1="${p1[0] - 150}" y1="${p1[1]}" x2="${p1[0] + 150}" y2="${p1[1]}" stroke="${C.navy4}" stroke-opacity="0.5" stroke-width="2"/>`;
    for (const [x, y] of [
      [p1[0] - 150, p1[1]],
      [p1[0] + 150, p1[1]],
    ])
      body += `<circle cx="${x}" cy="${y}" r="9" fill="#fff" stroke="${C.navy4}" stroke-width="2.5"/>`;
    for (const [x, y] of [p0, p1, p2])
      body += `<rect x="${x - 11}" y="${y - 11}" width="22" height="22" rx="4" fill="#fff" stroke="${a}" stroke-width="3.5"/>`;
    body += tile(560, 70, 150, 'PenTool', { kind: 'dark', shadow: shb, r0: a, r1: b });
    body += tile(70, 400, 110, 'Palette', { kind: 'accent', shadow: sh, r0: a, r1: b });
    ['#7c5cff', '#4a7dff', '#19c3b1', '#0b1530'].forEach(
      (c, i) => (body += `<circle cx="${240 + i * 44}" cy="465" r="15" fill="${c}" stroke="#fff" stroke-width="3"/>`),
    );
  } else if (kind === 'web') {
    const wx = 120;
    const wy = 130;
    const ww = 540;
    const wh = 360;
    body += `<rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" rx="20" fill="#fff" filter="url(#${shb})"/><rect x="${wx}" y="${wy}" width="${ww}" height="${wh}" rx="20" fill="none" stroke="#e4e3f7"/>`;
    body += [0, 1, 2]
      .map((i) => `<circle cx="${wx + 26 + i * 20}" cy="${wy + 26}" r="5.5" fill="${['#ff8a8a', '#ffd36b', '#5fdc9a'][i]}"/>`)
      .join('');
    body += `<rect x="${wx + 96}" y="${wy + 18}" width="${ww - 150}" height="16" rx="8" fill="#eef0fb"/><rect x="${wx}" y="${wy + 52}" width="${ww}" height="1" fill="#e7e8f5"/>`;
    const gid = nextId('hb');
    body += `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy3}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient></defs>`;
    body += `<rect x="${wx + 22}" y="${wy + 72}" width="${ww - 44}" height="120" rx="14" fill="url(#${gid})"/>`;
    body += `<rect x="${wx + 46}" y="${wy + 100}" width="180" height="14" rx="7" fill="#fff" opacity="0.9"/><rect x="${wx + 46}" y="${wy + 126}" width="240" height="10" rx="5" fill="#fff" opacity="0.35"/><rect x="${wx + 46}" y="${wy + 152}" width="90" height="22" rx="11" fill="${a}"/>`;
    body += threads(W, H, seed + 'h', {
      count: 8,
      y0: 0.5,
      amp: 0.02,
      spread: 0.05,
      opacity: 0.6,
      x0: 0.52,
      x1: 0.8,
      colors: [C.violetLight, C.tealLight],
    }).replace('<g ', `<g transform="translate(0 -75)" `);
    for (let i = 0; i < 3; i++) {
      const x = wx + 22 + i * ((ww - 44 - 32) / 3 + 16);
      const w = (ww - 44 - 32) / 3;
      body += `<rect x="${n2(x)}" y="${wy + 210}" width="${n2(w)}" height="128" rx="12" fill="#f6f6fe" stroke="#ececf8"/>`;
      body += `<rect x="${n2(x + 14)}" y="${wy + 226}" width="34" height="34" rx="9" fill="${i === 1 ? b : a}" opacity="0.9"/>`;
      body += `<rect x="${n2(x + 14)}" y="${wy + 276}" width="${n2(w - 40)}" height="9" rx="4.5" fill="#d5d8ee"/><rect x="${n2(x + 14)}" y="${wy + 294}" width="${n2(w - 70)}" height="9" rx="4.5" fill="#e3e5f5"/>`;
    }
    body += tile(590, 60, 140, 'Globe', { kind: 'dark', shadow: shb, r0: a, r1: b });
    body += tile(60, 400, 100, 'CodeXml', { kind: 'accent', shadow: sh, r0: a, r1: b });
  } else if (kind === 'product') {
    // kanban board
    const bx = 110;
    const by = 130;
    const bw = 580;
    const bh = 370;
    body += `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="22" fill="#fff" filter="url(#${shb})"/><rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="22" fill="none" stroke="#e4e3f7"/>`;
    const R = rng(seed);
    const colW = (bw - 80) / 3;
    const heads = [a, C.blue, b];
    for (let c = 0; c < 3; c++) {
      const x = bx + 20 + c * (colW + 20);
      body += `<rect x="${n2(x)}" y="${by + 22}" width="${n2(colW)}" height="${bh - 44}" rx="14" fill="#f5f5fd"/>`;
      body += `<rect x="${n2(x + 14)}" y="${by + 40}" width="70" height="10" rx="5" fill="${heads[c]}"/>`;
      const n = [3, 2, 2][c];
      let y = by + 70;
      for (let i = 0; i < n; i++) {
        const h = R.range(62, 84);
        body += `<rect x="${n2(x + 12)}" y="${n2(y)}" width="${n2(colW - 24)}" height="${n2(h)}" rx="10" fill="#fff" stroke="#e8e8f6"/>`;
        body += `<rect x="${n2(x + 24)}" y="${n2(y + 16)}" width="${n2((colW - 48) * R.range(0.5, 0.9))}" height="8" rx="4" fill="#cfd3ec"/>`;
        body += `<rect x="${n2(x + 24)}" y="${n2(y + 32)}" width="${n2((colW - 48) * R.range(0.3, 0.6))}" height="8" rx="4" fill="#e1e4f4"/>`;
        body += `<circle cx="${n2(x + colW - 34)}" cy="${n2(y + h - 18)}" r="8" fill="${heads[(c + i) % 3]}" opacity="0.8"/>`;
        y += h + 12;
      }
    }
    body += tile(590, 60, 140, 'SquareKanban', { kind: 'dark', shadow: shb, r0: a, r1: b });
    body += tile(60, 410, 100, 'CalendarCheck', { kind: 'accent', shadow: sh, r0: a, r1: b });
  } else {
    // mobile: a phone with an app screen
    body += threads(W, H, seed + 't', { count: 10, y0: 0.62, amp: 0.06, spread: 0.12, opacity: 0.35 });
    const ph = phone(cx - 110, 70, 460, { screen: (x, y, w, h) => appScreen(x, y, w, h, seed, a, b) });
    body += `<g filter="url(#${shb})">${ph.svg}</g>`;
    body += tile(cx + 150, 120, 120, 'Smartphone', { kind: 'dark', shadow: shb, r0: a, r1: b });
    body += tile(cx - 250, 330, 96, 'Bell', { kind: 'accent', shadow: sh, r0: a, r1: b });
    body += tile(cx + 170, 370, 90, 'Fingerprint', { kind: 'light', shadow: sh, r0: a, r1: b });
  }
  return doc(W, H, body);
}

function appScreen(x, y, w, h, seed, a, b) {
  const R = rng(seed + 'app');
  const gid = nextId('as');
  let s = `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f7ff"/>`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="${h * 0.3}" fill="url(#${gid})"/>`;
  s += `<rect x="${x + 18}" y="${y + h * 0.1}" width="${w * 0.45}" height="10" rx="5" fill="#fff" opacity="0.9"/><rect x="${x + 18}" y="${y + h * 0.1 + 20}" width="${w * 0.3}" height="8" rx="4" fill="#fff" opacity="0.55"/>`;
  s += `<rect x="${x + 14}" y="${y + h * 0.24}" width="${w - 28}" height="${h * 0.14}" rx="12" fill="#fff" stroke="#ececf8"/>`;
  s += `<circle cx="${x + 40}" cy="${y + h * 0.31}" r="13" fill="${a}" opacity="0.25"/><rect x="${x + 62}" y="${y + h * 0.29}" width="${w * 0.4}" height="8" rx="4" fill="#cfd3ec"/><rect x="${x + 62}" y="${y + h * 0.31 + 6}" width="${w * 0.25}" height="7" rx="3.5" fill="#e1e4f4"/>`;
  for (let i = 0; i < 4; i++) {
    const yy = y + h * 0.42 + i * (h * 0.12);
    s += `<rect x="${x + 14}" y="${n2(yy)}" width="${w - 28}" height="${n2(h * 0.1)}" rx="10" fill="#fff" stroke="#ececf8"/>`;
    s += `<rect x="${x + 26}" y="${n2(yy + h * 0.025)}" width="${n2(h * 0.05)}" height="${n2(h * 0.05)}" rx="6" fill="${i % 2 ? b : a}" opacity="0.85"/>`;
    s += `<rect x="${n2(x + 36 + h * 0.05)}" y="${n2(yy + h * 0.03)}" width="${n2(w * R.range(0.3, 0.5))}" height="7" rx="3.5" fill="#cfd3ec"/>`;
    s += `<rect x="${n2(x + 36 + h * 0.05)}" y="${n2(yy + h * 0.055)}" width="${n2(w * R.range(0.15, 0.3))}" height="6" rx="3" fill="#e1e4f4"/>`;
  }
  s += `<rect x="${x}" y="${y + h - h * 0.09}" width="${w}" height="${h * 0.09}" fill="#fff"/>`;
  for (let i = 0; i < 4; i++)
    s += `<circle cx="${n2(x + w * (0.14 + i * 0.24))}" cy="${n2(y + h - h * 0.045)}" r="6" fill="${i === 0 ? a : '#cfd3ec'}"/>`;
  return s;
}

// ============================================================ project mock-ups (light 1200x800)

export function projectArt(kind, { W = 1200, H = 800 } = {}) {
  resetIds();
  const seed = `project-${kind}`;
  const a = kind === 'medstudy' ? C.teal : C.violet;
  const b = a === C.teal ? C.violet : C.teal;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let body =
    `<defs>${shadowFilter(sh)}${shadowFilter(shb, { dy: 26, blur: 44, opacity: 0.28 })}</defs>` + lightBase(W, H, seed, { a, b });
  body += threads(W, H, seed + 't', { count: 12, y0: 0.85, amp: 0.04, spread: 0.1, opacity: 0.3 });
  const screens = {
    parcel: [parcelDesk, parcelPhone, 'Package', 'Truck'],
    medstudy: [medDesk, medPhone, 'Stethoscope', 'GraduationCap'],
    'pg-finder': [pgDesk, pgPhone, 'House', 'MapPin'],
  }[kind];
  const lp = laptop(150, 150, 760, { screen: (x, y, w, h) => screens[0](x, y, w, h, seed, a, b) });
  body += `<g filter="url(#${shb})">${lp.svg}</g>`;
  const ph = phone(830, 250, 470, { screen: (x, y, w, h) => screens[1](x, y, w, h, seed, a, b) });
  body += `<g filter="url(#${shb})">${ph.svg}</g>`;
  body += tile(70, 70, 130, screens[2], { kind: 'dark', shadow: shb, r0: a, r1: b });
  body += tile(1040, 110, 96, screens[3], { kind: 'accent', shadow: sh, r0: a, r1: b });
  return doc(W, H, body);
}

function uiChrome(x, y, w, h, a) {
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f7ff"/>`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="40" fill="#fff"/><rect x="${x}" y="${y + 40}" width="${w}" height="1" fill="#e8e9f6"/>`;
  s += `<circle cx="${x + 26}" cy="${y + 20}" r="9" fill="${a}"/><rect x="${x + 44}" y="${y + 15}" width="80" height="10" rx="5" fill="#1b2350" opacity="0.8"/>`;
  s += `<rect x="${x + w - 170}" y="${y + 12}" width="110" height="16" rx="8" fill="#eef0fb"/><circle cx="${x + w - 30}" cy="${y + 20}" r="10" fill="#d5d8ee"/>`;
  return s;
}

function parcelDesk(x, y, w, h, seed, a, b) {
  const R = rng(seed + 'd');
  let s = uiChrome(x, y, w, h, a);
  // map panel
  const mx = x + 20;
  const my = y + 60;
  const mw = w * 0.6;
  const mh = h - 80;
  s += `<rect x="${mx}" y="${my}" width="${n2(mw)}" height="${mh}" rx="12" fill="#e9ecfb"/>`;
  const cid = nextId('mp');
  s += `<defs><clipPath id="${cid}"><rect x="${mx}" y="${my}" width="${n2(mw)}" height="${mh}" rx="12"/></clipPath></defs><g clip-path="url(#${cid})">`;
  for (let i = 0; i < 9; i++)
    s += `<line x1="${mx}" y1="${n2(my + i * 50 + R() * 20)}" x2="${n2(mx + mw)}" y2="${n2(my + i * 50 - 30 + R() * 20)}" stroke="#fff" stroke-width="${R() < 0.3 ? 9 : 4}"/>`;
  for (let i = 0; i < 8; i++)
    s += `<line x1="${n2(mx + i * 70 + R() * 20)}" y1="${my}" x2="${n2(mx + i * 70 + 40)}" y2="${my + mh}" stroke="#fff" stroke-width="${R() < 0.3 ? 9 : 4}"/>`;
  s += `<rect x="${n2(mx + mw * 0.62)}" y="${n2(my + mh * 0.12)}" width="90" height="70" rx="8" fill="#d6f5ef"/>`;
  const route = [
    [mx + 40, my + mh - 40],
    [mx + mw * 0.3, my + mh * 0.62],
    [mx + mw * 0.45, my + mh * 0.55],
    [mx + mw * 0.62, my + mh * 0.3],
    [mx + mw - 50, my + 50],
  ];
  s += `<path d="${smoothPath(route)}" fill="none" stroke="${a}" stroke-width="6" stroke-linecap="round"/>`;
  s += `<circle cx="${route[0][0]}" cy="${route[0][1]}" r="10" fill="#fff" stroke="${a}" stroke-width="5"/>`;
  s += pin(route[4][0], route[4][1], b);
  s +=
    `<circle cx="${n2(route[2][0])}" cy="${n2(route[2][1])}" r="16" fill="${C.navy}"/>` +
    icon('Truck', route[2][0] - 10, route[2][1] - 10, 20, { stroke: '#fff', width: 2 });
  s += '</g>';
  // side list of shipments
  const lx = mx + mw + 16;
  const lw = x + w - 20 - lx;
  for (let i = 0; i < 4; i++) {
    const yy = my + i * ((mh + 12) / 4);
    const hh = (mh + 12) / 4 - 12;
    s += `<rect x="${n2(lx)}" y="${n2(yy)}" width="${n2(lw)}" height="${n2(hh)}" rx="10" fill="#fff" stroke="#e8e9f6"/>`;
    s += `<rect x="${n2(lx + 12)}" y="${n2(yy + 14)}" width="30" height="30" rx="8" fill="${i === 0 ? a : '#eef0fb'}"/>`;
    s += icon('Package', lx + 18, yy + 20, 18, { stroke: i === 0 ? '#fff' : a, width: 2 });
    s += `<rect x="${n2(lx + 52)}" y="${n2(yy + 16)}" width="${n2(lw * 0.45)}" height="8" rx="4" fill="#cfd3ec"/><rect x="${n2(lx + 52)}" y="${n2(yy + 32)}" width="${n2(lw * 0.3)}" height="7" rx="3.5" fill="#e1e4f4"/>`;
    s += `<rect x="${n2(lx + 12)}" y="${n2(yy + hh - 18)}" width="${n2(lw - 24)}" height="6" rx="3" fill="#eef0fb"/><rect x="${n2(lx + 12)}" y="${n2(yy + hh - 18)}" width="${n2((lw - 24) * [0.8, 0.45, 0.25, 1][i])}" height="6" rx="3" fill="${i % 2 ? b : a}"/>`;
  }
  return s;
}

function pin(x, y, col) {
  return `<path d="M${n2(x)},${n2(y + 4)}c-10,-12 -18,-20 -18,-30a18,18 0 1 1 36,0c0,10 -8,18 -18,30z" fill="${col}"/><circle cx="${n2(x)}" cy="${n2(y - 26)}" r="7" fill="#fff"/>`;
}

function parcelPhone(x, y, w, h, seed, a) {
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f7ff"/>`;
  const gid = nextId('pp');
  s += `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy3}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient></defs>`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="${h * 0.3}" fill="url(#${gid})"/>`;
  s += `<rect x="${x + 18}" y="${y + 44}" width="${w * 0.4}" height="9" rx="4.5" fill="#fff" opacity="0.5"/><rect x="${x + 18}" y="${y + 62}" width="${w * 0.62}" height="14" rx="7" fill="#fff"/>`;
  s += `<rect x="${x + 18}" y="${y + 92}" width="${w - 36}" height="8" rx="4" fill="#ffffff" opacity="0.15"/><rect x="${x + 18}" y="${y + 92}" width="${(w - 36) * 0.62}" height="8" rx="4" fill="${C.tealLight}"/>`;
  const steps = 4;
  for (let i = 0; i < steps; i++) {
    const yy = y + h * 0.36 + i * h * 0.13;
    const done = i < 3;
    if (i < steps - 1)
      s += `<line x1="${x + 34}" y1="${n2(yy + 12)}" x2="${x + 34}" y2="${n2(yy + h * 0.13)}" stroke="${done ? a : '#d5d8ee'}" stroke-width="3"/>`;
    s += `<circle cx="${x + 34}" cy="${n2(yy)}" r="11" fill="${done ? a : '#fff'}" stroke="${done ? a : '#cfd3ec'}" stroke-width="3"/>`;
    if (done)
      s += `<path d="M${x + 29},${n2(yy)}l4,4 7,-8" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;
    s += `<rect x="${x + 58}" y="${n2(yy - 10)}" width="${w * 0.45}" height="8" rx="4" fill="#cfd3ec"/><rect x="${x + 58}" y="${n2(yy + 4)}" width="${w * 0.3}" height="7" rx="3.5" fill="#e1e4f4"/>`;
  }
  s += `<rect x="${x + 18}" y="${y + h - 70}" width="${w - 36}" height="44" rx="22" fill="${a}"/><rect x="${x + w / 2 - 40}" y="${y + h - 52}" width="80" height="8" rx="4" fill="#fff"/>`;
  return s;
}

function medDesk(x, y, w, h, seed, a, b) {
  const R = rng(seed + 'd');
  let s = uiChrome(x, y, w, h, a);
  const vx = x + 20;
  const vy = y + 60;
  const vw = w * 0.6;
  const vh = vw * 0.52;
  const gid = nextId('mv');
  s += `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.navy3}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient></defs>`;
  s += `<rect x="${vx}" y="${vy}" width="${n2(vw)}" height="${n2(vh)}" rx="12" fill="url(#${gid})"/>`;
  // heart-beat line inside the video
  const pulse = [];
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    const spike = i === 18 ? -60 : i === 19 ? 50 : i === 20 ? -25 : 0;
    pulse.push(`${n2(vx + 30 + t * (vw - 60))},${n2(vy + vh * 0.5 + spike + Math.sin(t * 20) * 3)}`);
  }
  s += `<polyline points="${pulse.join(' ')}" fill="none" stroke="${C.tealLight}" stroke-width="3" stroke-linejoin="round" opacity="0.85"/>`;
  s += `<circle cx="${n2(vx + vw / 2)}" cy="${n2(vy + vh / 2)}" r="30" fill="#fff" opacity="0.95"/><path d="M${n2(vx + vw / 2 - 9)},${n2(vy + vh / 2 - 13)}l22,13 -22,13z" fill="${a}"/>`;
  s += `<rect x="${vx + 16}" y="${n2(vy + vh - 22)}" width="${n2(vw - 32)}" height="6" rx="3" fill="#fff" opacity="0.2"/><rect x="${vx + 16}" y="${n2(vy + vh - 22)}" width="${n2((vw - 32) * 0.38)}" height="6" rx="3" fill="${a}"/>`;
  // cards under video
  const cy2 = vy + vh + 16;
  const ch = y + h - 20 - cy2;
  for (let i = 0; i < 3; i++) {
    const cw = (vw - 24) / 3;
    const cx2 = vx + i * (cw + 12);
    s += `<rect x="${n2(cx2)}" y="${n2(cy2)}" width="${n2(cw)}" height="${n2(ch)}" rx="10" fill="#fff" stroke="#e8e9f6"/>`;
    s += `<rect x="${n2(cx2 + 12)}" y="${n2(cy2 + 12)}" width="26" height="26" rx="7" fill="${[a, C.blue, b][i]}" opacity="0.9"/>`;
    s += `<rect x="${n2(cx2 + 12)}" y="${n2(cy2 + 48)}" width="${n2(cw * 0.6)}" height="7" rx="3.5" fill="#cfd3ec"/>`;
  }
  // modules list
  const lx = vx + vw + 16;
  const lw = x + w - 20 - lx;
  s += `<rect x="${n2(lx)}" y="${vy}" width="${n2(lw)}" height="${h - 80}" rx="12" fill="#fff" stroke="#e8e9f6"/>`;
  for (let i = 0; i < 6; i++) {
    const yy = vy + 18 + i * ((h - 110) / 6);
    const done = i < 2;
    s += `<circle cx="${n2(lx + 22)}" cy="${n2(yy + 10)}" r="9" fill="${done ? b : i === 2 ? a : '#eef0fb'}"/>`;
    s += `<rect x="${n2(lx + 40)}" y="${n2(yy + 2)}" width="${n2(lw * R.range(0.4, 0.65))}" height="7" rx="3.5" fill="#cfd3ec"/><rect x="${n2(lx + 40)}" y="${n2(yy + 15)}" width="${n2(lw * 0.3)}" height="6" rx="3" fill="#e7e9f6"/>`;
  }
  return s;
}

function medPhone(x, y, w, h, seed, a, b) {
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f7ff"/>`;
  s += `<rect x="${x + 18}" y="${y + 44}" width="${w * 0.5}" height="12" rx="6" fill="#1b2350" opacity="0.85"/><rect x="${x + 18}" y="${y + 64}" width="${w * 0.35}" height="8" rx="4" fill="#cfd3ec"/>`;
  // flash card
  const gid = nextId('fc');
  s += `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
  s += `<rect x="${x + 28}" y="${y + 96}" width="${w - 56}" height="${h * 0.36}" rx="16" fill="#fff" stroke="#e8e9f6" transform="rotate(-4 ${x + w / 2} ${y + 96 + h * 0.18})"/>`;
  s += `<rect x="${x + 18}" y="${y + 92}" width="${w - 36}" height="${h * 0.36}" rx="16" fill="url(#${gid})"/>`;
  s += icon('HeartPulse', x + w / 2 - 28, y + 92 + h * 0.18 - 40, 56, { stroke: '#fff', width: 1.8 });
  s += `<rect x="${x + w / 2 - 50}" y="${n2(y + 92 + h * 0.18 + 28)}" width="100" height="9" rx="4.5" fill="#fff" opacity="0.85"/>`;
  // quiz options
  for (let i = 0; i < 3; i++) {
    const yy = y + 112 + h * 0.36 + i * 46;
    s += `<rect x="${x + 18}" y="${n2(yy)}" width="${w - 36}" height="36" rx="12" fill="#fff" stroke="${i === 1 ? b : '#e8e9f6'}" stroke-width="${i === 1 ? 2.5 : 1}"/>`;
    s += `<circle cx="${x + 38}" cy="${n2(yy + 18)}" r="7" fill="${i === 1 ? b : '#eef0fb'}"/><rect x="${x + 54}" y="${n2(yy + 14)}" width="${w * 0.45}" height="8" rx="4" fill="#cfd3ec"/>`;
  }
  return s;
}

function houseThumb(x, y, w, h, a, b, k) {
  const gid = nextId('ht');
  const sky = [
    [a, C.blue],
    [C.blue, b],
    [b, a],
  ][k % 3];
  return (
    `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${sky[0]}" stop-opacity="0.85"/><stop offset="1" stop-color="${sky[1]}" stop-opacity="0.85"/></linearGradient></defs>` +
    `<rect x="${n2(x)}" y="${n2(y)}" width="${n2(w)}" height="${n2(h)}" rx="10" fill="url(#${gid})"/>` +
    `<path d="M${n2(x + w * 0.28)},${n2(y + h * 0.88)}V${n2(y + h * 0.5)}L${n2(x + w * 0.5)},${n2(y + h * 0.28)}L${n2(x + w * 0.72)},${n2(y + h * 0.5)}V${n2(y + h * 0.88)}Z" fill="#fff" opacity="0.92"/>` +
    `<rect x="${n2(x + w * 0.44)}" y="${n2(y + h * 0.64)}" width="${n2(w * 0.12)}" height="${n2(h * 0.24)}" rx="2" fill="${sky[0]}" opacity="0.8"/>` +
    `<rect x="${n2(x)}" y="${n2(y + h * 0.88)}" width="${n2(w)}" height="${n2(h * 0.12)}" fill="#fff" opacity="0.25"/>`
  );
}

function pgDesk(x, y, w, h, seed, a, b) {
  let s = uiChrome(x, y, w, h, a);
  // filter chips
  const chips = [70, 90, 60, 80];
  let cxp = x + 20;
  chips.forEach((cw, i) => {
    s += `<rect x="${cxp}" y="${y + 56}" width="${cw}" height="24" rx="12" fill="${i === 0 ? a : '#fff'}" stroke="${i === 0 ? a : '#e1e4f4'}"/>`;
    s += `<rect x="${cxp + 14}" y="${y + 65}" width="${cw - 28}" height="6" rx="3" fill="${i === 0 ? '#fff' : '#cfd3ec'}"/>`;
    cxp += cw + 10;
  });
  // listing grid
  const gx = x + 20;
  const gy = y + 96;
  const gw = w * 0.62;
  const cw = (gw - 16) / 2;
  const chh = (h - 116 - 16) / 2;
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 2; c++) {
      const xx = gx + c * (cw + 16);
      const yy = gy + r * (chh + 16);
      s += `<rect x="${n2(xx)}" y="${n2(yy)}" width="${n2(cw)}" height="${n2(chh)}" rx="12" fill="#fff" stroke="#e8e9f6"/>`;
      s += houseThumb(xx + 8, yy + 8, cw - 16, chh * 0.58, a, b, r * 2 + c);
      s += `<rect x="${n2(xx + 12)}" y="${n2(yy + chh * 0.58 + 20)}" width="${n2(cw * 0.5)}" height="8" rx="4" fill="#cfd3ec"/>`;
      s += `<rect x="${n2(xx + 12)}" y="${n2(yy + chh * 0.58 + 36)}" width="${n2(cw * 0.3)}" height="7" rx="3.5" fill="#e1e4f4"/>`;
      s += `<rect x="${n2(xx + cw - 62)}" y="${n2(yy + chh * 0.58 + 18)}" width="50" height="20" rx="10" fill="${(r + c) % 2 ? b : a}" opacity="0.15"/><rect x="${n2(xx + cw - 52)}" y="${n2(yy + chh * 0.58 + 25)}" width="30" height="6" rx="3" fill="${(r + c) % 2 ? b : a}"/>`;
    }
  // map with pins
  const mx = gx + gw + 16;
  const mw = x + w - 20 - mx;
  const my = y + 56;
  const mh = h - 76;
  s += `<rect x="${n2(mx)}" y="${my}" width="${n2(mw)}" height="${mh}" rx="12" fill="#e9ecfb"/>`;
  const cid = nextId('pm');
  s += `<defs><clipPath id="${cid}"><rect x="${n2(mx)}" y="${my}" width="${n2(mw)}" height="${mh}" rx="12"/></clipPath></defs><g clip-path="url(#${cid})">`;
  for (let i = 0; i < 7; i++)
    s += `<line x1="${n2(mx)}" y1="${n2(my + i * 60)}" x2="${n2(mx + mw)}" y2="${n2(my + i * 60 + 40)}" stroke="#fff" stroke-width="${i % 3 ? 4 : 9}"/>`;
  for (let i = 0; i < 4; i++)
    s += `<line x1="${n2(mx + i * 70)}" y1="${my}" x2="${n2(mx + i * 70 - 30)}" y2="${my + mh}" stroke="#fff" stroke-width="${i % 2 ? 4 : 8}"/>`;
  s += `<circle cx="${n2(mx + mw * 0.5)}" cy="${n2(my + mh * 0.45)}" r="60" fill="${a}" opacity="0.12"/>`;
  s += pin(mx + mw * 0.5, my + mh * 0.45, a) + pin(mx + mw * 0.25, my + mh * 0.7, b) + pin(mx + mw * 0.75, my + mh * 0.25, b);
  s += '</g>';
  return s;
}

function pgPhone(x, y, w, h, seed, a, b) {
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f7f7ff"/>`;
  s += houseThumb(x, y, w, h * 0.38, a, b, 1).replace(/rx="10"/, 'rx="0"');
  s += `<rect x="${x + 18}" y="${n2(y + h * 0.38 + 20)}" width="${w * 0.6}" height="12" rx="6" fill="#1b2350" opacity="0.85"/>`;
  s += `<rect x="${x + 18}" y="${n2(y + h * 0.38 + 42)}" width="${w * 0.4}" height="8" rx="4" fill="#cfd3ec"/>`;
  const am = ['Bed', 'Wifi', 'Utensils', 'ShowerHead'];
  am.forEach((nm, i) => {
    const bx = x + 18 + i * ((w - 36 - 24) / 4 + 8);
    const bw = (w - 36 - 24) / 4;
    s += `<rect x="${n2(bx)}" y="${n2(y + h * 0.38 + 66)}" width="${n2(bw)}" height="${n2(bw)}" rx="10" fill="#fff" stroke="#e8e9f6"/>`;
    s += icon(nm, bx + bw / 2 - 10, y + h * 0.38 + 66 + bw / 2 - 10, 20, { stroke: i % 2 ? b : a, width: 2 });
  });
  for (let i = 0; i < 2; i++)
    s += `<rect x="${x + 18}" y="${n2(y + h * 0.72 + i * 18)}" width="${w * (0.8 - i * 0.25)}" height="7" rx="3.5" fill="#dfe2f3"/>`;
  s += `<rect x="${x + 18}" y="${y + h - 70}" width="${w - 36}" height="44" rx="22" fill="${a}"/><rect x="${x + w / 2 - 40}" y="${y + h - 52}" width="80" height="8" rx="4" fill="#fff"/>`;
  return s;
}

// ============================================================ contact (light 1000x800)

export function contactArt({ W = 1000, H = 800 } = {}) {
  resetIds();
  const seed = 'contact-art';
  const a = C.violet;
  const b = C.teal;
  const sh = nextId('sh');
  const shb = nextId('shb');
  let body =
    `<defs>${shadowFilter(sh)}${shadowFilter(shb, { dy: 22, blur: 36, opacity: 0.26 })}</defs>` + lightBase(W, H, seed, { a, b });
  body += threads(W, H, seed + 't', { count: 12, y0: 0.55, amp: 0.06, spread: 0.14, opacity: 0.32 });
  const cx = W / 2;
  const cy = H / 2 + 10;
  body += orbits(cx, cy, [210, 330], { color: a, opacity: 0.45, squash: 0.8, dash: '3 10', width: 2 });
  // chat bubbles
  const bubble = (x, y, w, h, col, tail, dark) => {
    const tx = tail === 'l' ? x + 28 : x + w - 28;
    const dir = tail === 'l' ? -1 : 1;
    let s =
      `<g filter="url(#${sh})"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2.6}" fill="${dark ? C.navy : '#fff'}"/>` +
      `<path d="M${tx - 12},${y + h - 2}L${tx + dir * 14},${y + h + 20}L${tx + 12},${y + h - 2}Z" fill="${dark ? C.navy : '#fff'}"/></g>`;
    return s;
  };
  body += bubble(130, 150, 260, 110, a, 'l', false);
  for (let i = 0; i < 3; i++)
    body += `<rect x="160" y="${182 + i * 22}" width="${[190, 150, 110][i]}" height="10" rx="5" fill="${i === 0 ? a : '#d3d6ee'}"/>`;
  body += bubble(610, 540, 250, 96, b, 'r', true);
  for (let i = 0; i < 3; i++)
    body += `<circle cx="${690 + i * 34}" cy="588" r="9" fill="${[C.violetLight, C.sky, C.tealLight][i]}"/>`;
  body += tile(cx - 120, cy - 120, 240, 'Handshake', { kind: 'dark', shadow: shb, r0: a, r1: b, iconScale: 0.52 });
  body += tile(720, 150, 110, 'Mail', { kind: 'accent', shadow: sh, r0: a, r1: b });
  body += tile(150, 520, 104, 'Phone', { kind: 'light', shadow: sh, r0: a, r1: b });
  body += tile(800, 360, 92, 'MapPin', { kind: 'light', shadow: sh, r0: b, r1: a });
  body += tile(90, 340, 84, 'Clock', { kind: 'light', shadow: sh, r0: a, r1: b });
  return doc(W, H, body);
}
