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
