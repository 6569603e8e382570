/**
 * The 25 routes of the specification's route table, written out by hand: tests compare what the
 * build serves against this list, so a page lost or added by mistake in content/ is caught.
 */
export const SPEC_ROUTES = [
  '/',
  '/start',
  '/services',
  '/technologies',
  '/contact',
  '/careers',
  '/web-development',
  '/uiux-design',
  '/cloud-services',
  '/pwa-development',
  '/mobile-app-development',
  '/product-development',
  '/software-testing',
  '/web-api',
  '/databases',
  '/reporting',
  '/dot-net',
  '/react',
  '/angular',
  '/vue',
  '/c-sharp',
  '/blazor',
  '/mern',
  '/node',
  '/typescript',
] as const;

/**
 * Pages the specification does not list, added on purpose: a site that collects personal data must
 * give a privacy notice and terms of use (issue 19; the footer's links to them went to the home page).
 */
export const LEGAL_ROUTES = ['/privacy', '/terms'] as const;

/** Every route the site serves. */
export const SITE_ROUTES = [...SPEC_ROUTES, ...LEGAL_ROUTES] as const;
