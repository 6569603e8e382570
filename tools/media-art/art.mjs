// Still artwork: page heroes, overviews, banner slides, hiring slides (shared and per technology page),
// timeline images, project mock-ups, contact illustration.
// Each image is an SVG scene rendered by sharp to .webp plus an .avif twin.
// Which pictures to draw comes from content/: every /media/art/… path a page names (lib/content.mjs).
// Usage: node tools/media-art/art.mjs [name-filter]
import { writeImage } from './lib/core.mjs';
import { contentPictures, pageAccent } from './lib/content.mjs';
import { hasIcon } from './lib/scene.mjs';
import { pageHero } from './lib/compose.mjs';
import { slide, hireSlide, timelineArt, projectArt, contactArt } from './lib/compose2.mjs';
import { PAGE_SCENES, pageSceneHero, pageSceneOverview, pageSceneHire, cardArt } from './lib/pages.mjs';
import { COMPANY_HEROES } from './lib/heroes.mjs';

// Pages without a scene of their own (lib/pages.mjs) open on an icon composition: its Lucide icons
// [main, satellites...] and which of pageHero()'s layouts it takes (lib/compose.mjs).
export const ICON_HEROES = {
  contact: { icons: ['MessagesSquare', 'Mail', 'Phone', 'MapPin', 'Handshake'], variant: 2, swap: false },
  // The pages a sent form leads to: what arrived, and what happens next.
  'contact-thank-you': { icons: ['MailCheck', 'Clock', 'Phone', 'MessagesSquare', 'Handshake'], variant: 1, swap: false },
  'careers-thank-you': { icons: ['BadgeCheck', 'Briefcase', 'CalendarCheck', 'Mail', 'Users'], variant: 0, swap: true },
};

// The Lucide icon on the tile at the corner of a technology page's own hire slide (art/hire-<slug>).
export const HIRE_ICONS = {
  angular: 'Shield',
  blazor: 'Flame',
  'c-sharp': 'Hash',
  databases: 'Database',
  'dot-net': 'Layers',
  mern: 'Blocks',
  node: 'Hexagon',
  react: 'Atom',
  reporting: 'ChartPie',
  typescript: 'FileCode',
  vue: 'Triangle',
  'web-api': 'Webhook',
};

// The subjects the other compositions can draw (lib/compose2.mjs); content picks which of them it shows.
const SLIDE_KINDS = ['services', 'technologies', 'careers'];
const TIMELINE_KINDS = ['uiux', 'web', 'product', 'mobile'];
const PROJECT_KINDS = ['parcel', 'medstudy', 'pg-finder'];

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

// Every card picture the generator can draw, in CARD_ART's order (which sets each one's colours).
const CARD_DRAWINGS = Object.entries(CARD_ART).flatMap(([page, cards]) =>
  cards.map(([card, icons, motif]) => ({ out: `art/cards/${page}-${card}`, icons, motif })),
);

const named = (re) =>
  contentPictures()
    .map((p) => re.exec(p)?.[1])
    .filter(Boolean);

/**
 * The technology pages, whose hire block opens on a slide of their own (art/hire-<slug>, 1200x800): a
 * kick-off call sharing the page's scene. /start keeps the shared hire-slide-1.
 */
const HIRE_SLUGS = named(/^art\/hire-(.+)$/).filter((slug) => !/^slide-\d+$/.test(slug));

const fail = (out, what) => {
  throw new Error(
    `media-art has no drawing for /media/${out}, which content names: ${what}. ` +
      'Add it (see tools/media-art/README.md, "Add a picture"), or correct the path in content/.',
  );
};

/**
 * How to draw one picture content names under public/media/art/, from its name: the maker of its SVG,
 * its size in pixels and whether it is dark (white text goes over it, so verify.mjs checks the contrast).
 */
export function artJob(out) {
  let m;
  const job = (make, width, height, dark) => ({ out, make, width, height, dark });
  if (/^art\/cards\//.test(out)) {
    const i = CARD_DRAWINGS.findIndex((c) => c.out === out);
    if (i < 0) fail(out, 'a card picture needs its icons and motif in CARD_ART in art.mjs');
    const { icons, motif } = CARD_DRAWINGS[i];
    return job(() => cardArt(out, icons, motif, { swap: i % 2 === 1 }), 720, 540, true);
  }
  if ((m = /^art\/([a-z]+)-slide-(\d+)$/.exec(out)) && SLIDE_KINDS.includes(m[1]) && +m[2] >= 1 && +m[2] <= 3)
    return job(() => slide(m[1], +m[2]), 1600, 900, true);
  if ((m = /^art\/hire-slide-(\d+)$/.exec(out)) && +m[1] >= 1 && +m[1] <= 4) return job(() => hireSlide(+m[1]), 1200, 800, false);
  if ((m = /^art\/hire-(.+)$/.exec(out))) {
    const slug = m[1];
    if (!PAGE_SCENES.includes(slug) || !HIRE_ICONS[slug])
      fail(out, "a page's own hire slide needs a scene in SCENES in lib/pages.mjs and a tile icon in HIRE_ICONS in art.mjs");
    const i = HIRE_SLUGS.indexOf(slug);
    // Every other page puts the people on the left; no two pages share a pair of portraits.
    const people = [i % 8, (i + (i < 8 ? 3 : 2)) % 8];
    const swap = pageAccent(slug) === 'teal';
    return job(() => pageSceneHire(slug, HIRE_ICONS[slug], { swap, mirror: i % 2 === 1, people }), 1200, 800, false);
  }
  if ((m = /^art\/timeline-(.+)$/.exec(out)) && TIMELINE_KINDS.includes(m[1]))
    return job(() => timelineArt(m[1]), 800, 600, false);
  if ((m = /^art\/project-(.+)$/.exec(out)) && PROJECT_KINDS.includes(m[1])) return job(() => projectArt(m[1]), 1200, 800, false);
  if (out === 'art/contact') return job(() => contactArt(), 1000, 800, false);
  if ((m = /^art\/(.+)-hero$/.exec(out))) {
    const slug = m[1];
    if (COMPANY_HEROES[slug]) return job(COMPANY_HEROES[slug], 1600, 900, true);
    if (PAGE_SCENES.includes(slug)) return job(() => pageSceneHero(slug, { swap: pageAccent(slug) === 'teal' }), 1600, 900, true);
    const hero = ICON_HEROES[slug];
    if (!hero) fail(out, 'a page hero needs a scene in SCENES in lib/pages.mjs, or icons in ICON_HEROES in art.mjs');
    return job(() => pageHero(slug, hero.icons, hero.variant, { swap: hero.swap }), 1600, 900, true);
  }
  if ((m = /^art\/(.+)-overview$/.exec(out))) {
    const slug = m[1];
    if (!PAGE_SCENES.includes(slug)) fail(out, 'an overview picture needs a scene in SCENES in lib/pages.mjs');
    return job(() => pageSceneOverview(slug, { swap: pageAccent(slug) === 'teal' }), 1200, 900, false);
  }
  return fail(out, 'its name matches none of the kinds of picture the generator draws');
}

/** Every picture content names under public/media/art/, with how to draw it. */
export function jobs() {
  return contentPictures()
    .filter((p) => p.startsWith('art/'))
    .map(artJob);
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
  const icons = [
    ...Object.values(ICON_HEROES).flatMap((hero) => hero.icons),
    ...Object.values(HIRE_ICONS),
    ...CARD_DRAWINGS.flatMap((card) => card.icons),
  ];
  for (const name of icons)
    if (!hasIcon(name))
      throw new Error(
        `media-art names the icon ${name}, which the installed lucide does not have: pick a name from lucide.dev/icons.`,
      );
  const list = jobs().filter((j) => !filter || j.out.includes(filter));
  for (const j of list) {
    await writeImage(j.out, j.make(), quality(j.out));
  }
  console.log(`art: ${list.length} images (webp + avif)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildArt(process.argv[2]);
