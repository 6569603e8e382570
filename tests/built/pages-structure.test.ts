/**
 * The service and technology pages hold what the specification's tables give them, read from the built HTML
 * (what every visitor and search engine gets first). Expected counts and names come from the specification,
 * not from the YAML, so content drift fails here. Their behaviour (hover, carousels, reveals) is the browser's
 * (tests/e2e/pages.spec.ts).
 */
import { describe, expect, test } from 'vitest';
import { builtDocument } from './built-site.ts';

/** Service pages: cards, carousel items, tech-stack entries (specification, "Service and technology pages"). */
const SERVICE_PAGES: Record<string, { name: string; cards: number; carousel: number; stack: number }> = {
  '/web-development': { name: 'Web Development', cards: 6, carousel: 6, stack: 10 },
  '/uiux-design': { name: 'UI UX Design', cards: 3, carousel: 5, stack: 10 },
  '/cloud-services': { name: 'Cloud Services', cards: 6, carousel: 7, stack: 4 },
  '/pwa-development': { name: 'PWA Development', cards: 4, carousel: 4, stack: 6 },
  '/mobile-app-development': { name: 'Mobile App Development', cards: 3, carousel: 8, stack: 7 },
  '/product-development': { name: 'Product Development', cards: 6, carousel: 4, stack: 6 },
  '/software-testing': { name: 'Software Testing', cards: 5, carousel: 8, stack: 6 },
};

interface TechPage {
  /** Label passed to the hiring template (the specification's value, kept as data). */
  readonly label: string;
  /** Who the hire block says the visitor hires, where "<label> developers" reads badly (issue 18). */
  readonly hires?: string;
  /** Counts of the first card grid (services or features), the second (advantages, reasons …) and the tech stack. */
  readonly counts: readonly [number, number, number];
  /** Names the specification gives for entries of the list (compared ignoring case, spaces and punctuation). */
  readonly names?: readonly string[];
  /** Tech-stack tiles that must link to a page, and tiles that must not. */
  readonly links?: Readonly<Record<string, string>>;
  readonly unlinked?: readonly string[];
}

/** Technology and further service pages (specification table; order: services/features, advantages/reasons, stack). */
const TECH_PAGES: Record<string, TechPage> = {
  '/web-api': { label: 'Web API', counts: [6, 4, 4], names: ['Git', 'Firecamp', 'Postman', 'Visual Studio'] },
  '/databases': {
    label: 'Databases',
    hires: 'database developers',
    counts: [5, 4, 6],
    names: [
      'storage',
      'retrieval',
      'management',
      'security',
      'MySQL',
      'PostgreSQL',
      'MS SQL',
      'MongoDB',
      'Azure CosmosDB',
      'Google Firebase',
    ],
  },
  '/reporting': {
    label: 'Reporting',
    hires: 'reporting and BI developers',
    counts: [5, 6, 4],
    names: [
      'Healthcare',
      'Ecommerce',
      'Ed-Tech',
      'Fintech',
      'Insurance',
      'Logistics',
      'SQL Server Reporting Services',
      'Tableau',
      'PowerBI',
      'Telerik',
    ],
  },
  '/angular': {
    label: 'Angular',
    counts: [6, 4, 5],
    names: ['accelerated development', 'improved code quality', 'elevated user experience', 'scalability'],
    links: { TypeScript: '/typescript', 'Node.js': '/node' },
    unlinked: ['AWS', 'MongoDB'],
  },
  '/blazor': { label: 'Blazor', counts: [6, 3, 3] },
  // C#: 5 services (first grid), 4 advantages, 7 tools.
  '/c-sharp': { label: 'C#', counts: [5, 4, 7], names: ['custom software', 'cloud', 'mobile', 'desktop', 'windows'] },
  '/dot-net': {
    label: 'Dot Net',
    hires: '.NET developers',
    counts: [4, 5, 5],
    names: ['Travel', 'Education', 'Healthcare', 'Ecommerce', 'Media'],
  },
  '/mern': {
    label: 'MEAN & MERN',
    hires: 'MEAN and MERN stack developers',
    counts: [4, 4, 5],
    links: { React: '/react', Angular: '/angular', 'Node.js': '/node' },
  },
  '/node': { label: 'NodeJS', hires: 'Node.js developers', counts: [6, 4, 3] },
  // React: 6 services, 5 reasons, 5 differentiators.
  '/react': { label: 'ReactJS', counts: [6, 5, 5] },
  // TypeScript: 5 features, 3 benefits, 4 services.
  '/typescript': { label: 'Typescript', hires: 'TypeScript developers', counts: [5, 3, 4] },
  '/vue': {
    label: 'Vue.js',
    counts: [4, 5, 4],
    names: ['Healthcare', 'E-learning', 'Networking', 'Finance', 'Ecommerce', 'Vue.js', 'VueX', 'Vue Router', 'Vuetify'],
    links: { 'Vue.js': '/vue' },
  },
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9#]/g, '');
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The types of a page's sections, in order. */
const sectionTypes = (document: Document) =>
  [...document.querySelectorAll('main [data-section]')].map((section) => section.getAttribute('data-section'));

/** The tech-stack tiles of a page, each with the address it links to (none when it is not a link). */
function stackTiles(document: Document): { name: string; href: string | null; focusable: boolean }[] {
  return [...document.querySelectorAll('[data-section="tech-stack"] [data-slot="item"]')].map((item) => ({
    name: text(item),
    href: item.querySelector('a[href]')?.getAttribute('href') ?? null,
    focusable: item.querySelector('a[href], [tabindex]') !== null,
  }));
}

describe('service pages', () => {
  test.each(Object.entries(SERVICE_PAGES))(
    '%s has its five sections with their entries, then the closing banner',
    (route, expected) => {
      const document = builtDocument(route);
      // The specification's five, then the site's closing banner (issue 38: every page ends with its next step).
      expect(sectionTypes(document)).toEqual(['page-hero', 'overview', 'card-grid', 'carousel', 'tech-stack', 'cta-banner']);
      const hero = document.querySelector('[data-section="page-hero"]')!;
      expect(hero.querySelectorAll('h1')).toHaveLength(1);
      expect([...hero.querySelectorAll('a')].find((a) => text(a) === 'Contact Us')?.getAttribute('href')).toBe('/contact');
      expect(document.querySelectorAll('[data-section="overview"] [data-slot="paragraph"]')).toHaveLength(2);
      expect(document.querySelectorAll('[data-section="overview"] img')).toHaveLength(1);
      expect(document.querySelectorAll('[data-section="card-grid"] [data-slot="card"]')).toHaveLength(expected.cards);
      expect(document.querySelectorAll('[data-section="carousel"] [data-slot="slide"]')).toHaveLength(expected.carousel);
      expect(stackTiles(document)).toHaveLength(expected.stack);
    },
  );

  test('Web Development links its tech stack to the technology pages the specification names', () => {
    const tiles = stackTiles(builtDocument('/web-development'));
    const linked = Object.fromEntries(tiles.filter((tile) => tile.href).map((tile) => [tile.name, tile.href]));
    expect(linked).toMatchObject({
      React: '/react',
      Angular: '/angular',
      'Node.js': '/node',
      '.NET': '/dot-net',
      Blazor: '/blazor',
    });
    // Tiles without a link are not interactive and not in the tab order.
    expect(tiles.find((tile) => tile.name === 'PostgreSQL')).toEqual({ name: 'PostgreSQL', href: null, focusable: false });
  });
});

describe('technology pages', () => {
  test.each(Object.entries(TECH_PAGES))('%s has hero, overview, its entries and the hiring template', (route, expected) => {
    const document = builtDocument(route);
    expect(sectionTypes(document)).toEqual([
      'page-hero',
      'overview',
      'card-grid',
      'card-grid',
      'tech-stack',
      'hire',
      'cta-banner',
    ]);
    expect(document.querySelectorAll('main h1')).toHaveLength(1);
    expect(document.querySelectorAll('[data-section="overview"] [data-slot="paragraph"]')).toHaveLength(2);
    const [services, reasons, stack] = expected.counts;
    const grids = document.querySelectorAll('[data-section="card-grid"]');
    expect(grids[0]!.querySelectorAll('[data-slot="card"]')).toHaveLength(services);
    expect(grids[1]!.querySelectorAll('[data-slot="card"]')).toHaveLength(reasons);
    const tiles = stackTiles(document);
    expect(tiles).toHaveLength(stack);
    const main = squash(text(document.querySelector('main')));
    for (const name of expected.names ?? []) expect(main, name).toContain(squash(name));
    for (const [name, href] of Object.entries(expected.links ?? {}))
      expect(tiles.find((tile) => tile.name === name)?.href, name).toBe(href);
    for (const name of expected.unlinked ?? []) expect(tiles.find((tile) => tile.name === name)?.href, name).toBeNull();
    const hire = document.querySelector('[data-section="hire"]')!;
    expect([...hire.querySelectorAll('h2')].map(text)).toContain(`Hire ${expected.hires ?? `${expected.label} developers`}`);
  });
});
