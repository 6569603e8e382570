/**
 * The document head of a page, from its content and the site defaults: title, description,
 * canonical URL, Open Graph and Twitter tags, and JSON-LD. Used when prerendering; in the browser
 * the page view keeps the title and description current on navigation.
 */
import type { CareersSection, Page, Site } from '../generated/schema-types.ts';

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

/** Structured data of a page: the organisation (home), breadcrumbs (inner pages), job postings (careers). */
export function structuredData(site: Site, page: Page, datePosted: string): object[] {
  const url = site.url;
  if (page.route === '/') return [{ '@context': 'https://schema.org', ...organization(site) }];
  const data: object[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${url}/` },
        { '@type': 'ListItem', position: 2, name: page.breadcrumb ?? page.title, item: `${url}${page.route}` },
      ],
    },
  ];
  const careers = page.sections.filter((s): s is CareersSection => s.type === 'careers');
  for (const section of careers) {
    for (const tab of section.tabs) {
      for (const role of tab.roles) {
        data.push({
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          title: role.role,
          description: `<p>${escape(role.role)} at ${escape(site.brand.legalName)}, working remotely.</p><p>Skills: ${role.skills.map(escape).join(', ')}.</p>`,
          identifier: { '@type': 'PropertyValue', name: site.brand.legalName, value: role.id },
          datePosted,
          employmentType: 'FULL_TIME',
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'India' },
          hiringOrganization: {
            '@type': 'Organization',
            name: site.brand.legalName,
            sameAs: url,
            logo: `${url}${site.brand.logo?.src ?? '/media/brand/logo.svg'}`,
          },
          skills: role.skills.join(', '),
          directApply: true,
          url: `${url}${page.route}#${role.id}`,
        });
      }
    }
  }
  return data;
}

/** The head tags of a page, as HTML. `page` is undefined for the not-found screen. */
export function headTags(site: Site, page: Page | undefined, datePosted: string): string {
  const title = documentTitle(site, page?.title ?? site.notFound.title);
  const description = page?.description ?? site.notFound.message;
  const image = page?.image ?? site.seo.image;
  const canonical = page ? `${site.url}${page.route === '/' ? '/' : page.route}` : undefined;
  const imageUrl = `${site.url}${image.src}`;
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(description)}" />`,
    page ? '' : '<meta name="robots" content="noindex" />',
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
    ...(page ? structuredData(site, page, datePosted).map((d) => `<script type="application/ld+json">${json(d)}</script>`) : []),
  ];
  return tags.filter(Boolean).join('\n    ');
}
