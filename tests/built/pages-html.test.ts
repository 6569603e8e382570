/**
 * What every page says before any script runs, read from the build's files: a search engine's view, and
 * a reader's whose JavaScript failed. Metadata and structured data, every link leading somewhere real,
 * and every page ending with its next step.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy } from '../../src/server/security.ts';
import { builtDocument, builtHtml, builtRoutes } from './built-site.ts';

const SITE = 'https://www.sutralabs.in';
const routes = builtRoutes();

/** The JSON-LD blocks of a page, parsed: one that does not parse fails here. */
function structuredData(route: string): Record<string, unknown>[] {
  return [...builtDocument(route).querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const data = JSON.parse(script.textContent ?? '') as Record<string, unknown>;
    const graph = data['@graph'];
    return Array.isArray(graph) ? (graph as Record<string, unknown>[]) : [data];
  });
}

const typesOf = (route: string) => structuredData(route).map((item) => item['@type']);

describe.each(routes)('%s, as served before any script', (route) => {
  const document = builtDocument(route);

  test('has its title, description, canonical address, share picture and card', () => {
    expect(document.title).toMatch(/ \| Sutra Labs$/);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')?.length ?? 0).toBeGreaterThanOrEqual(50);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${route}`);
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /^https:\/\/www\.sutralabs\.in\/\S+$/,
    );
    expect(document.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
  });

  test('has no inline script the Content-Security-Policy would block', () => {
    // Data blocks (JSON-LD) are not run, so the policy leaves them alone; script and speculation rules it
    // allows only by the hash of their exact text (src/server/security.ts).
    const policed = [...document.querySelectorAll('script:not([src])')].filter((script) =>
      ['', 'text/javascript', 'module', 'speculationrules'].includes(script.getAttribute('type') ?? ''),
    );
    const blocked = policed
      .map((script) => ({
        text: script.textContent ?? '',
        hash: `'sha256-${createHash('sha256')
          .update(script.textContent ?? '')
          .digest('base64')}'`,
      }))
      .filter(({ hash }) => !contentSecurityPolicy['script-src']!.includes(hash))
      .map(({ text }) => text.slice(0, 80));
    expect(blocked).toEqual([]);
  });

  test('prefetches through its speculation rules only pages the build has, and every Apply Now link on it before the app', () => {
    // Each rule's selector run on the page as served: what the browser could fetch ahead before any script.
    const matched = [...document.querySelectorAll('script[type="speculationrules"]')].flatMap((script) => {
      const rules = JSON.parse(script.textContent ?? '') as { prefetch?: { where?: { selector_matches?: string } }[] };
      return (rules.prefetch ?? []).flatMap((rule) => [...document.querySelectorAll(rule.where!.selector_matches!)]);
    });
    const addresses = matched.map((link) => link.getAttribute('href') ?? `<${link.tagName.toLowerCase()}> without href`);
    expect(addresses.filter((href) => !routes.includes(href.split('#')[0]!))).toEqual([]);
    const apply = [...document.querySelectorAll('[data-section="careers"] a[data-slot="apply"]')];
    expect(apply.filter((link) => !matched.includes(link)).map((link) => link.getAttribute('href'))).toEqual([]);
  });

  test('has one h1 with text, its header and its footer', () => {
    const headings = document.querySelectorAll('main h1');
    expect(headings).toHaveLength(1);
    expect(headings[0]!.textContent?.trim()).not.toBe('');
    expect(document.querySelector('header[data-slot="header"]')).not.toBeNull();
    expect(document.querySelector('footer[data-slot="footer"]')).not.toBeNull();
  });

  test('says what it is in structured data that parses', () => {
    expect(typesOf(route)).toContain(route === '/' ? 'Organization' : 'BreadcrumbList');
  });

  test('links only to routes of the site, and to anchors that are on the page linked', () => {
    const broken: string[] = [];
    for (const link of document.querySelectorAll('a[href]')) {
      const href = link.getAttribute('href')!;
      const url = new URL(href, `${SITE}${route}`);
      if (url.origin !== SITE) continue;
      const path = url.pathname;
      const label = `"${link.textContent?.trim().slice(0, 40)}" → ${href}`;
      if (!routes.includes(path)) {
        broken.push(`${label}: no such route`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      // #apply names the application form of a role's page, which the app opens as a dialog.
      if (anchor && anchor !== 'apply' && !builtDocument(path).getElementById(anchor))
        broken.push(`${label}: ${path} has no #${anchor}`);
    }
    expect(broken).toEqual([]);
  });

  test('ends with its next step: a link to the contact page or to apply, or is itself the form', () => {
    const main = document.querySelector('main')!;
    // The contact page is the form every next step leads to.
    if (route === '/contact') {
      expect(main.querySelector('form')).not.toBeNull();
      return;
    }
    const sections = main.querySelectorAll(':scope > [data-section]');
    const last = sections[sections.length - 1]!;
    const links = [...last.querySelectorAll('a[href]')].map((a) => new URL(a.getAttribute('href')!, `${SITE}${route}`));
    const leads =
      links.some((url) => url.pathname === '/contact') ||
      // #apply: the application form at the end of a role's page, on that page or linked from the careers list.
      links.some((url) => url.hash === '#apply') ||
      last.querySelector('button[data-slot="apply"], button[data-apply]') !== null;
    expect(leads, `its last section (${last.getAttribute('data-section')}) has no link to /contact or to apply`).toBe(true);
  });
});

test('the footer sends each service and each step of how to start to where it is described, not to the home page', () => {
  const links = [...builtDocument('/').querySelectorAll('footer[data-slot="footer"] nav a[href^="/"]')];
  expect(links.length).toBeGreaterThanOrEqual(13);
  expect(links.filter((a) => a.getAttribute('href') === '/').map((a) => a.textContent?.trim())).toEqual([]);
});

test('a job posting is on the page of that one job, never on the list of jobs', () => {
  expect(typesOf('/careers')).not.toContain('JobPosting');
  // A role's page is one with the role's details (the job-opening section); /careers/thank-you is not one.
  const roles = routes.filter((route) => builtDocument(route).querySelector('[data-section="job-opening"]') !== null);
  expect(roles.length).toBeGreaterThan(0);
  for (const route of roles) {
    const postings = structuredData(route).filter((item) => item['@type'] === 'JobPosting');
    expect(postings, route).toHaveLength(1);
    const posting = postings[0]!;
    expect(posting.jobLocationType, route).toBe('TELECOMMUTE');
    expect(posting.datePosted, route).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting.validThrough, route).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(posting.url, route).toBe(`${SITE}${route}`);
    const crumbs = structuredData(route).find((item) => item['@type'] === 'BreadcrumbList') as { itemListElement: unknown[] };
    expect(crumbs.itemListElement[1], route).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Careers',
      item: `${SITE}/careers`,
    });
  }
});

test('each case study says it is a piece of work', () => {
  const stories = routes.filter((route) => route.startsWith('/success-stories/'));
  expect(stories.length).toBeGreaterThan(0);
  for (const route of stories) expect(typesOf(route), route).toContain('CreativeWork');
});

test('the not-found page says so', () => {
  expect(builtHtml('/404.html')).toContain('Page Not Found');
});
