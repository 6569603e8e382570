// Still artwork: page heroes, overviews, banner slides, hiring slides,
// timeline images, project mock-ups, contact illustration.
// Each image is an SVG scene rendered by sharp to .webp plus an .avif twin.
// Usage: node scripts/media/art.mjs [name-filter]
import { writeImage } from './lib/core.mjs';
import { hasIcon } from './lib/scene.mjs';
import { pageHero, overview } from './lib/compose.mjs';
import { slide, hireSlide, timelineArt, projectArt, contactArt } from './lib/compose2.mjs';

// [main icon, satellites...] per slug (Lucide icon names).
export const SLUG_ICONS = {
  'web-development': ['Globe', 'CodeXml', 'Monitor', 'LayoutTemplate', 'Braces', 'Gauge'],
  'uiux-design': ['PenTool', 'Palette', 'LayoutDashboard', 'MousePointer2', 'Shapes', 'Frame'],
  'cloud-services': ['Cloud', 'Server', 'CloudCog', 'ShieldCheck', 'Network', 'HardDrive'],
  'pwa-development': ['AppWindow', 'Wifi', 'Smartphone', 'Zap', 'Download', 'Bell'],
  'mobile-app-development': ['Smartphone', 'TabletSmartphone', 'Bell', 'Fingerprint', 'MapPin', 'MessageSquare'],
  'product-development': ['Rocket', 'Lightbulb', 'SquareKanban', 'Target', 'Puzzle', 'ChartLine'],
  'software-testing': ['FlaskConical', 'Bug', 'CheckCheck', 'ScanSearch', 'ShieldCheck', 'ListChecks'],
  'web-api': ['Webhook', 'Plug', 'Network', 'Braces', 'Workflow', 'KeyRound'],
  databases: ['Database', 'Server', 'DatabaseZap', 'HardDrive', 'Table', 'Search'],
  reporting: ['ChartPie', 'ChartColumn', 'ChartLine', 'FileSpreadsheet', 'Gauge', 'Table'],
  angular: ['Shield', 'Component', 'LayoutTemplate', 'CodeXml', 'Layers', 'Zap'],
  blazor: ['Flame', 'CodeXml', 'Component', 'Globe', 'Cpu', 'Braces'],
  'c-sharp': ['Hash', 'Braces', 'CodeXml', 'Cpu', 'Binary', 'Terminal'],
  'dot-net': ['Layers', 'Server', 'Boxes', 'Cpu', 'Cloud', 'Workflow'],
  mern: ['Blocks', 'Database', 'Leaf', 'Server', 'Atom', 'Hexagon'],
  node: ['Hexagon', 'Server', 'Terminal', 'Zap', 'Network', 'Package'],
  react: ['Atom', 'Component', 'LayoutDashboard', 'CodeXml', 'Smartphone', 'Layers'],
  typescript: ['FileCode', 'Type', 'Braces', 'ShieldCheck', 'CodeXml', 'Terminal'],
  vue: ['Triangle', 'Component', 'LayoutTemplate', 'CodeXml', 'Zap', 'Leaf'],
  start: ['Rocket', 'Users', 'CalendarCheck', 'Handshake', 'Zap'],
  contact: ['MessagesSquare', 'Mail', 'Phone', 'MapPin', 'Handshake'],
  careers: ['Briefcase', 'GraduationCap', 'Users', 'Sprout', 'Trophy'],
};

export const OVERVIEW_SLUGS = Object.keys(SLUG_ICONS).filter((s) => !['start', 'contact', 'careers'].includes(s));
// /start and /careers open with a slide banner of their own art, not a page hero.
export const HERO_SLUGS = Object.keys(SLUG_ICONS).filter((s) => !['start', 'careers'].includes(s));

export function jobs() {
  const list = [];
  const slugs = Object.keys(SLUG_ICONS);
  slugs.forEach((slug, i) => {
    // The index still counts every slug, so each hero keeps the composition it was made with.
    if (!HERO_SLUGS.includes(slug)) return;
    list.push({ out: `art/${slug}-hero`, make: () => pageHero(slug, SLUG_ICONS[slug], i % 3, { swap: i % 4 === 3 }) });
  });
  OVERVIEW_SLUGS.forEach((slug, i) => {
    list.push({ out: `art/${slug}-overview`, make: () => overview(slug, SLUG_ICONS[slug], i % 4, { swap: i % 2 === 1 }) });
  });
  for (const kind of ['services', 'technologies', 'careers'])
    for (let i = 1; i <= 3; i++) list.push({ out: `art/${kind}-slide-${i}`, make: () => slide(kind, i) });
  for (let i = 1; i <= 4; i++) list.push({ out: `art/hire-slide-${i}`, make: () => hireSlide(i) });
  for (const k of ['uiux', 'web', 'product', 'mobile']) list.push({ out: `art/timeline-${k}`, make: () => timelineArt(k) });
  for (const k of ['parcel', 'medstudy', 'pg-finder']) list.push({ out: `art/project-${k}`, make: () => projectArt(k) });
  list.push({ out: 'art/contact', make: () => contactArt() });
  return list;
}

// Dark images carry detail that costs bytes; light ones compress well.
function quality(out) {
  if (/-(hero|slide-\d)$/.test(out) && !/hire-slide/.test(out)) return { webpQuality: 86, avifQuality: 55 };
  return { webpQuality: 84, avifQuality: 55 };
}

export async function buildArt(filter) {
  for (const icons of Object.values(SLUG_ICONS)) for (const n of icons) if (!hasIcon(n)) throw new Error(`missing icon ${n}`);
  const list = jobs().filter((j) => !filter || j.out.includes(filter));
  for (const j of list) {
    await writeImage(j.out, j.make(), quality(j.out));
  }
  console.log(`art: ${list.length} images (webp + avif)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildArt(process.argv[2]);
