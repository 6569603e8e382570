// The Sutra Labs mark: a single thread tied into a trefoil knot ("sutra" is
// Sanskrit for thread). The over/under crossings are made with a mask so the
// mark works on any background.

const TAU = Math.PI * 2;

function trefoil(t) {
  // Classic trefoil projection, rotated so one lobe points up.
  const x = Math.sin(t) + 2 * Math.sin(2 * t);
  const y = Math.cos(t) - 2 * Math.cos(2 * t);
  return [x, -y];
}

function samples(n) {
  const pts = [];
  for (let i = 0; i < n; i++) pts.push(trefoil((i / n) * TAU));
  return pts;
}

function segIntersect(p1, p2, p3, p4) {
  const d = (p2[0] - p1[0]) * (p4[1] - p3[1]) - (p2[1] - p1[1]) * (p4[0] - p3[0]);
  if (Math.abs(d) < 1e-12) return null;
  const ua = ((p3[0] - p1[0]) * (p4[1] - p3[1]) - (p3[1] - p1[1]) * (p4[0] - p3[0])) / d;
  const ub = ((p3[0] - p1[0]) * (p2[1] - p1[1]) - (p3[1] - p1[1]) * (p2[0] - p1[0])) / d;
  if (ua >= 0 && ua < 1 && ub >= 0 && ub < 1) return [ua, ub];
  return null;
}

// Parameters (0..1 of the loop) at which the curve passes a crossing.
function crossingParams(n = 720) {
  const pts = samples(n);
  const hits = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const r = segIntersect(pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n]);
      if (r) hits.push((i + r[0]) / n, (j + r[1]) / n);
    }
  }
  return hits.sort((a, b) => a - b);
}

function pathFor(t0, t1, map, steps) {
  let d = '';
  for (let k = 0; k <= steps; k++) {
    const t = (t0 + ((t1 - t0) * k) / steps) * TAU;
    const [x, y] = map(trefoil(t));
    d += (k ? 'L' : 'M') + x.toFixed(2) + ',' + y.toFixed(2);
  }
  return d;
}

/**
 * SVG fragment for the mark, fitted into a square (x, y, size).
 * opts.stroke: paint for the thread (e.g. "url(#g)" or "#fff").
 * opts.id: unique id prefix for the mask.
 */
export function markSvg({ x = 0, y = 0, size = 64, stroke = '#7c5cff', id = 'sl', weight = 0.15 } = {}) {
  // Curve extents: x in [-2.6, 2.6], y in about [-3, 2.45]; fit with padding for the stroke.
  const sw = size * weight;
  const pad = sw / 2 + size * 0.02;
  const ext = { minX: -2.6, maxX: 2.6, minY: -3.0, maxY: 2.45 };
  const pts = samples(1440);
  ext.minX = Math.min(...pts.map((p) => p[0]));
  ext.maxX = Math.max(...pts.map((p) => p[0]));
  ext.minY = Math.min(...pts.map((p) => p[1]));
  ext.maxY = Math.max(...pts.map((p) => p[1]));
  const span = Math.max(ext.maxX - ext.minX, ext.maxY - ext.minY);
  const k = (size - 2 * pad) / span;
  const ox = x + size / 2 - ((ext.minX + ext.maxX) / 2) * k;
  const oy = y + size / 2 - ((ext.minY + ext.maxY) / 2) * k;
  const map = ([px, py]) => [ox + px * k, oy + py * k];

  const full = pathFor(0, 1, map, 360) + 'Z';
  const cross = crossingParams();
  // Alternate over/under along the strand. Each "over" piece spans the crossing.
  const half = 0.045;
  const overs = cross.filter((_, i) => i % 2 === 0);
  const maskD = overs.map((c) => pathFor(c - half, c + half, map, 24)).join('');
  // The redrawn piece is a little longer than the cut so no seam shows.
  const overD = overs.map((c) => pathFor(c - half * 1.35, c + half * 1.35, map, 32)).join('');
  const gap = sw * 2.1;
  return `
  <mask id="${id}-m" maskUnits="userSpaceOnUse" x="${x - size}" y="${y - size}" width="${size * 3}" height="${size * 3}">
    <rect x="${x - size}" y="${y - size}" width="${size * 3}" height="${size * 3}" fill="#fff"/>
    <path d="${maskD}" fill="none" stroke="#000" stroke-width="${gap.toFixed(2)}" stroke-linecap="butt"/>
  </mask>
  <path d="${full}" fill="none" stroke="${stroke}" stroke-width="${sw.toFixed(2)}" stroke-linejoin="round" mask="url(#${id}-m)"/>
  <path d="${overD}" fill="none" stroke="${stroke}" stroke-width="${sw.toFixed(2)}" stroke-linecap="butt" stroke-linejoin="round"/>`;
}
