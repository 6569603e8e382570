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

/** Company pages the specification's footer points at without a route of their own (issue 17). */
export const COMPANY_ROUTES = ['/about', '/success-stories'] as const;

/** One page per role of content/roles/ (issue 17): each role has its own page and job posting. */
export const ROLE_ROUTES = [
  '/careers/full-stack-developer',
  '/careers/frontend-developer',
  '/careers/backend-developer',
  '/careers/mobile-app-developer',
  '/careers/ui-ux-designer',
  '/careers/graphic-designer',
  '/careers/product-designer',
  '/careers/motion-graphics-designer',
  '/careers/project-manager',
  '/careers/business-development-executive',
  '/careers/hr-manager',
  '/careers/marketing-manager',
] as const;

/** One page per case study of content/case-studies/ (issue 17). */
export const CASE_STUDY_ROUTES = [
  '/success-stories/parcelpoint',
  '/success-stories/medstudy',
  '/success-stories/pg-finder',
] as const;

/**
 * The pages a sent form leads to (issue 51), named by each form's request schema (`x-form.confirmation`):
 * served, but kept out of search results and the sitemap (`searchable: false`).
 */
export const CONFIRMATION_ROUTES = ['/contact/thank-you', '/careers/thank-you'] as const;

/** Every route search engines are told about (the sitemap). */
export const SEARCHABLE_ROUTES = [
  ...SPEC_ROUTES,
  ...LEGAL_ROUTES,
  ...COMPANY_ROUTES,
  ...ROLE_ROUTES,
  ...CASE_STUDY_ROUTES,
] as const;

/** Every route the site serves. */
export const SITE_ROUTES = [...SEARCHABLE_ROUTES, ...CONFIRMATION_ROUTES] as const;

/**
 * The routes the browser sweep visits: every page file's route, and one page of each collection, since
 * the entries of a collection share one template (the raw HTML of every route is checked on its own).
 */
export const SWEPT_ROUTES = [...SPEC_ROUTES, ...LEGAL_ROUTES, ...COMPANY_ROUTES, ROLE_ROUTES[0], CASE_STUDY_ROUTES[0]] as const;
