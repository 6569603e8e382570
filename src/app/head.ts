/**
 * The document head of a page, from its content and the site defaults: title, description,
 * canonical URL, Open Graph and Twitter tags, and JSON-LD. Used when prerendering; in the browser
 * the page view keeps the title and description current on navigation.
 */
import type { Page, Site, StructuredData } from '../generated/schema-types.ts';
import { experienceText, hoursText, salaryText, SALARY_UNIT } from '../sections/job-opening/facts.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// JSON-LD sits in a <script>; `<` is escaped so no content can close it early.
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const plain = (text: string) => text.replace(/\*\*([^*]+)\*\*/g, '$1');

/** The document title of a page: the site's template around the page title. */
export const documentTitle = (site: Site, title: string) => site.seo.titleTemplate.replace('%s', title);

function organization(site: Site) {
  const { contact, brand, url, footer } = site;
  return {
    '@type': 'Organization',
    '@id': `${url}/#organization`,
    name: brand.legalName,
    alternateName: brand.name,
    url,
    logo: `${url}${brand.logo?.src ?? '/media/brand/logo.svg'}`,
    slogan: brand.tagline,
    email: contact.emails.general,
    telephone: contact.phones[0],
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address.street,
      addressLocality: contact.address.locality,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: 'IN',
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: contact.emails.hiring,
        telephone: contact.phones[0],
        areaServed: 'Worldwide',
        availableLanguage: ['en', 'hi'],
      },
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: contact.emails.general,
        telephone: contact.phones[1] ?? contact.phones[0],
      },
      { '@type': 'ContactPoint', contactType: 'human resources', email: contact.emails.hr },
    ],
    sameAs: footer.social.map((s) => s.link).filter((link) => link.startsWith('https://')),
  };
}

/** A page above this one in the breadcrumbs: `/careers` above `/careers/full-stack-developer`. */
export interface Crumb {
  readonly route: string;
  readonly name: string;
}

/**
 * Structured data of a page: the organisation (home), breadcrumbs (inner pages), and what the page
 * itself is when its content says so (`structuredData`: one job posting on a role's own page, a
 * case study). `parents` are the pages above it, nearest last.
 */
export function structuredData(site: Site, page: Page, parents: readonly Crumb[] = []): object[] {
  const url = site.url;
  if (page.route === '/') return [{ '@context': 'https://schema.org', ...organization(site) }];
  const trail = [{ route: '/', name: 'Home' }, ...parents, { route: page.route, name: page.breadcrumb ?? page.title }];
  const data: object[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: `${url}${crumb.route === '/' ? '/' : crumb.route}`,
      })),
    },
  ];
  if (page.structuredData) data.push({ '@context': 'https://schema.org', ...subject(site, page, page.structuredData) });
  return data;
}

/** The schema.org object of what a page is about. */
function subject(site: Site, page: Page, about: StructuredData): object {
  const url = site.url;
  const publisher = {
    '@type': 'Organization',
    name: site.brand.legalName,
    sameAs: url,
    logo: `${url}${site.brand.logo?.src ?? '/media/brand/logo.svg'}`,
  };
  if (about.type !== 'JobPosting') {
    return {
      '@type': about.type,
      name: about.name,
      headline: about.name,
      description: about.description,
      datePublished: about.datePublished,
      url: `${url}${page.route}`,
      ...(page.image ? { image: `${url}${page.image.src}` } : {}),
      ...(about.keywords ? { keywords: about.keywords.join(', ') } : {}),
      author: publisher,
      publisher,
    };
  }
  const skills = about.skills ?? [];
  const benefits = about.benefits ?? [];
  const experience = about.experience;
  const range = about.salary?.range;
  return {
    '@type': 'JobPosting',
    title: about.name,
    description: jobDescription(about),
    identifier: { '@type': 'PropertyValue', name: site.brand.legalName, value: page.route.split('/').pop() },
    datePosted: about.datePublished,
    validThrough: `${about.validThrough}T23:59:59+05:30`,
    employmentType: about.employmentType,
    ...(about.remote !== false
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: about.applicantCountry },
        }
      : { jobLocation: { '@type': 'Place', address: organization(site).address } }),
    hiringOrganization: publisher,
    // A posting whose salary has a reason in place of a range has no baseSalary: Google reads no figure rather than a wrong one.
    ...(range
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'INR',
            value: { '@type': 'QuantitativeValue', minValue: range.min, maxValue: range.max, unitText: 'YEAR' },
          },
        }
      : {}),
    ...(experience
      ? {
          // Google's word for a role open to people without experience.
          experienceRequirements:
            experience.min === 0
              ? 'no requirements'
              : { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: experience.min * 12 },
        }
      : {}),
    ...(about.hours ? { workHours: hoursText(about.hours) } : {}),
    ...(benefits.length > 0 ? { jobBenefits: benefits } : {}),
    skills: skills.join(', '),
    directApply: true,
    url: `${url}${page.route}`,
  };
}

/**
 * The description of a job posting, as the HTML Google shows: the summary, then what the role's
 * page says (the work, the skills, level and experience, pay, hours and what we offer), so a job
 * board's reader has all of it. Every text in it is escaped.
 */
function jobDescription(about: StructuredData): string {
  const list = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`;
  const part = (heading: string, body: string) => `<h3>${escape(heading)}</h3>${body}`;
  const { responsibilities = [], skills = [], benefits = [], seniority, experience, salary, hours } = about;
  const years =
    experience &&
    (experience.min === 0 && experience.max === undefined
      ? 'no experience needed'
      : `${lowerFirst(experienceText(experience))} of experience`);
  const level = [seniority, years].filter(Boolean).join(', ');
  return [
    `<p>${escape(about.description)}</p>`,
    responsibilities.length > 0 ? part('What you will do', list(responsibilities)) : '',
    skills.length > 0 ? part('What we look for', list(skills)) : '',
    level ? `<p><strong>Level:</strong> ${escape(level)}.</p>` : '',
    salary
      ? `<p><strong>Salary:</strong> ${escape(salaryText(salary))}${salary.range ? ` ${SALARY_UNIT}` : ''}${salary.note ? `, ${escape(salary.note)}` : ''}.</p>`
      : '',
    hours ? `<p><strong>Working hours:</strong> ${escape(hoursText(hours))}. ${escape(hours.overlap)}</p>` : '',
    benefits.length > 0 ? part('What we offer', list(benefits)) : '',
  ].join('');
}

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** The head tags of a page, as HTML. `page` is undefined for the not-found screen. */
export function headTags(site: Site, page: Page | undefined, parents: readonly Crumb[] = []): string {
  const title = documentTitle(site, page?.title ?? site.notFound.title);
  const description = page?.description ?? site.notFound.message;
  const image = page?.image ?? site.seo.image;
  const canonical = page ? `${site.url}${page.route === '/' ? '/' : page.route}` : undefined;
  const imageUrl = `${site.url}${image.src}`;
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}" />`,
    page && page.searchable !== false ? '' : '<meta name="robots" content="noindex" />',
    canonical ? `<link rel="canonical" href="${canonical}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(site.brand.name)}" />`,
    `<meta property="og:locale" content="${escape(site.seo.locale)}" />`,
    `<meta property="og:title" content="${escape(plain(page?.title ?? site.notFound.title))}" />`,
    `<meta property="og:description" content="${escape(description)}" />`,
    canonical ? `<meta property="og:url" content="${canonical}" />` : '',
    `<meta property="og:image" content="${imageUrl}" />`,
    image.width ? `<meta property="og:image:width" content="${image.width}" />` : '',
    image.height ? `<meta property="og:image:height" content="${image.height}" />` : '',
    `<meta property="og:image:alt" content="${escape(image.alt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escape(plain(page?.title ?? site.notFound.title))}" />`,
    `<meta name="twitter:description" content="${escape(description)}" />`,
    `<meta name="twitter:image" content="${imageUrl}" />`,
    `<meta name="twitter:image:alt" content="${escape(image.alt)}" />`,
    ...(page ? structuredData(site, page, parents).map((d) => `<script type="application/ld+json">${json(d)}</script>`) : []),
  ];
  return tags.filter(Boolean).join('\n    ');
}
