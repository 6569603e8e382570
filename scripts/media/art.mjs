// Still artwork: page heroes, overviews, banner slides, hiring slides (shared and per technology page),
// timeline images, project mock-ups, contact illustration.
// Each image is an SVG scene rendered by sharp to .webp plus an .avif twin.
// Usage: node scripts/media/art.mjs [name-filter]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { writeImage } from './lib/core.mjs';
import { hasIcon } from './lib/scene.mjs';
import { pageHero, overview } from './lib/compose.mjs';
import { slide, hireSlide, timelineArt, projectArt, contactArt } from './lib/compose2.mjs';
import { PAGE_SCENES, pageSceneHero, pageSceneOverview, pageSceneHire, cardArt } from './lib/pages.mjs';
import { COMPANY_HEROES } from './lib/heroes.mjs';

const PAGES_DIR = fileURLToPath(new URL('../../content/pages/', import.meta.url));

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

// Card pictures of the service pages' card grids (art/cards/<page>-<card>, 720x540, dark):
// per card [name, [main icon, two related icons], motif]; motifs are listed at cardArt() in lib/pages.mjs.
export const CARD_ART = {
  'web-development': [
    ['custom-apps', ['AppWindow', 'Users', 'ShieldCheck'], 'window'],
    ['ecommerce', ['ShoppingCart', 'CreditCard', 'Receipt'], 'flow'],
    ['front-end', ['LayoutTemplate', 'Smartphone', 'Gauge'], 'orbit'],
    ['back-end', ['ServerCog', 'Webhook', 'Database'], 'network'],
    ['cms', ['Newspaper', 'FilePen', 'Users'], 'stack'],
    ['maintenance', ['Wrench', 'RefreshCw', 'ShieldCheck'], 'bars'],
  ],
  'mobile-app-development': [
    ['native', ['Smartphone', 'Fingerprint', 'Bell'], 'orbit'],
    ['cross-platform', ['Layers', 'Smartphone', 'Tablet'], 'stack'],
    ['maintenance', ['LifeBuoy', 'RefreshCw', 'Activity'], 'flow'],
  ],
  'uiux-design': [
    ['research', ['ScanSearch', 'Users', 'ClipboardList'], 'network'],
    ['prototyping', ['Frame', 'MousePointer2', 'LayoutTemplate'], 'window'],
    ['design-systems', ['Palette', 'Component', 'Type'], 'orbit'],
  ],
  'cloud-services': [
    ['architecture', ['DraftingCompass', 'Cloud', 'Network'], 'network'],
    ['migration', ['CloudUpload', 'Server', 'ArrowRightLeft'], 'flow'],
    ['cloud-native', ['CloudCog', 'Container', 'Boxes'], 'stack'],
    ['devops', ['Infinity', 'GitBranch', 'Rocket'], 'window'],
    ['security', ['ShieldCheck', 'KeyRound', 'Lock'], 'orbit'],
    ['managed', ['PiggyBank', 'ChartColumn', 'Activity'], 'bars'],
  ],
  'software-testing': [
    ['manual', ['ClipboardCheck', 'MousePointerClick', 'ListChecks'], 'window'],
    ['automation', ['Bot', 'Repeat', 'CodeXml'], 'flow'],
    ['performance', ['Gauge', 'Timer', 'ChartLine'], 'bars'],
    ['security', ['ShieldAlert', 'Lock', 'Bug'], 'orbit'],
    ['mobile', ['Smartphone', 'TabletSmartphone', 'CheckCheck'], 'stack'],
  ],
  'product-development': [
    ['discovery', ['Compass', 'Lightbulb', 'Users'], 'network'],
    ['mvp', ['Rocket', 'Puzzle', 'Target'], 'flow'],
    ['agile', ['Kanban', 'Timer', 'Users'], 'window'],
    ['roadmapping', ['Map', 'Flag', 'Milestone'], 'orbit'],
    ['quality', ['BadgeCheck', 'GitBranch', 'ListChecks'], 'stack'],
    ['scaling', ['TrendingUp', 'Server', 'Users'], 'bars'],
  ],
  'pwa-development': [
    ['consulting', ['Lightbulb', 'Compass', 'ClipboardList'], 'orbit'],
    ['custom', ['CodeXml', 'AppWindow', 'WifiOff'], 'window'],
    ['conversion', ['RefreshCw', 'Globe', 'Download'], 'flow'],
    ['optimisation', ['Gauge', 'Zap', 'Wrench'], 'bars'],
  ],
};

/** Every card picture as [path under public/media without extension, page, card entry]. */
export const CARD_IMAGES = Object.entries(CARD_ART).flatMap(([page, cards]) =>
  cards.map((card) => [`art/cards/${page}-${card[0]}`, page, card]),
);

/**
 * The accent of a page as its content sets it (`accent:` in content/pages/<slug>.yaml, `violet` when left
 * out, as in schemas/page.schema.json): a teal page's art leads with teal rather than violet, so the
 * page's pictures and its eyebrows, emphasis and buttons share one colour.
 */
export function pageAccent(slug) {
  const file = join(PAGES_DIR, `${slug}.yaml`);
  if (!existsSync(file)) return 'violet';
  return parse(readFileSync(file, 'utf8'))?.accent ?? 'violet';
}

/**
 * The technology pages, whose hire block opens on a slide of their own (art/hire-<slug>, 1200x800): a
 * kick-off call sharing the page's scene. /start keeps the shared hire-slide-1.
 */
export const HIRE_SLUGS = [
  'angular',
  'blazor',
  'c-sharp',
  'databases',
  'dot-net',
  'mern',
  'node',
  'react',
  'reporting',
  'typescript',
  'vue',
  'web-api',
];

export const OVERVIEW_SLUGS = Object.keys(SLUG_ICONS).filter((s) => !['start', 'contact', 'careers'].includes(s));
// /start and /careers open with a slide banner of their own art, not a page hero.
export const HERO_SLUGS = Object.keys(SLUG_ICONS).filter((s) => !['start', 'careers'].includes(s));
// /about and /success-stories open on a hero of their own subject (lib/heroes.mjs): the company's
// team and office, and the products it delivered. They have no overview or card pictures.
export const COMPANY_HERO_SLUGS = Object.keys(COMPANY_HEROES);

export function jobs() {
  const list = [];
  const slugs = Object.keys(SLUG_ICONS);
  slugs.forEach((slug, i) => {
    // The index still counts every slug, so each hero keeps the composition it was made with.
    if (!HERO_SLUGS.includes(slug)) return;
    // Service and technology pages each have a scene of their own (lib/pages.mjs); the others keep the icon composition.
    const make = PAGE_SCENES.includes(slug)
      ? () => pageSceneHero(slug, { swap: pageAccent(slug) === 'teal' })
      : () => pageHero(slug, SLUG_ICONS[slug], i % 3, { swap: i % 4 === 3 });
    list.push({ out: `art/${slug}-hero`, make });
  });
  for (const slug of COMPANY_HERO_SLUGS) list.push({ out: `art/${slug}-hero`, make: COMPANY_HEROES[slug] });
  OVERVIEW_SLUGS.forEach((slug, i) => {
    const make = PAGE_SCENES.includes(slug)
      ? () => pageSceneOverview(slug, { swap: pageAccent(slug) === 'teal' })
      : () => overview(slug, SLUG_ICONS[slug], i % 4, { swap: i % 2 === 1 });
    list.push({ out: `art/${slug}-overview`, make });
  });
  CARD_IMAGES.forEach(([out, , [, icons, motif]], i) => {
    list.push({ out, make: () => cardArt(out, icons, motif, { swap: i % 2 === 1 }) });
  });
  for (const kind of ['services', 'technologies', 'careers'])
    for (let i = 1; i <= 3; i++) list.push({ out: `art/${kind}-slide-${i}`, make: () => slide(kind, i) });
  for (let i = 1; i <= 4; i++) list.push({ out: `art/hire-slide-${i}`, make: () => hireSlide(i) });
  HIRE_SLUGS.forEach((slug, i) => {
    // Every other page puts the people on the left; no two pages share a pair of portraits.
    const people = [i % 8, (i + (i < 8 ? 3 : 2)) % 8];
    const make = () =>
      pageSceneHire(slug, SLUG_ICONS[slug][0], { swap: pageAccent(slug) === 'teal', mirror: i % 2 === 1, people });
    list.push({ out: `art/hire-${slug}`, make });
  });
  for (const k of ['uiux', 'web', 'product', 'mobile']) list.push({ out: `art/timeline-${k}`, make: () => timelineArt(k) });
  for (const k of ['parcel', 'medstudy', 'pg-finder']) list.push({ out: `art/project-${k}`, make: () => projectArt(k) });
  list.push({ out: 'art/contact', make: () => contactArt() });
  return list;
}

// Dark images carry detail that costs bytes; light ones compress well.
function quality(out) {
  if (out.startsWith('art/cards/')) return { webpQuality: 80, avifQuality: 50 };
  // The page heroes are their pages' largest paint: a little lower AVIF quality keeps each within its old byte size.
  if (PAGE_SCENES.some((slug) => out === `art/${slug}-hero`)) return { webpQuality: 86, avifQuality: 52 };
  // The about hero's portraits and dot map are fine detail: at these qualities it stays within the size
  // of the still it replaced (hero/still-2, 26.7 KB WebP and 14.5 KB AVIF).
  if (out === 'art/about-hero') return { webpQuality: 70, avifQuality: 44 };
  // The success-stories hero as the page scenes' heroes: within the size of services-slide-2, which it replaced.
  if (out === 'art/success-stories-hero') return { webpQuality: 86, avifQuality: 52 };
  if (/-(hero|slide-\d)$/.test(out) && !/hire-slide/.test(out)) return { webpQuality: 86, avifQuality: 55 };
  // A technology page's hire slide has a whole call window in it: a little lower quality keeps it within hire-slide-1's size.
  if (HIRE_SLUGS.some((slug) => out === `art/hire-${slug}`)) return { webpQuality: 78, avifQuality: 49 };
  return { webpQuality: 84, avifQuality: 55 };
}

export async function buildArt(filter) {
  for (const icons of Object.values(SLUG_ICONS)) for (const n of icons) if (!hasIcon(n)) throw new Error(`missing icon ${n}`);
  for (const [, , [, icons]] of CARD_IMAGES) for (const n of icons) if (!hasIcon(n)) throw new Error(`missing icon ${n}`);
  const list = jobs().filter((j) => !filter || j.out.includes(filter));
  for (const j of list) {
    await writeImage(j.out, j.make(), quality(j.out));
  }
  console.log(`art: ${list.length} images (webp + avif)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildArt(process.argv[2]);
