/**
 * Job posts a job seeker can decide on, for every file of content/roles/: the role's page, rendered as
 * the prerender renders it (src/app/entry-server.tsx, by the project's own Vite config in a dev server
 * without HTTP), shows the pay, experience, level, hours, interview steps and benefits the file gives,
 * and its JobPosting for search engines carries the same values and stays valid for Google's job-posting
 * guidelines. The expected figures are written here with the platform's own Indian number format, not
 * with the site's code.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { ViteDevServer } from 'vite';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSsrServer } from '../helpers/ssr-server.ts';
import type { RenderedRoute } from '../../src/app/entry-server.tsx';
import { structuredData } from '../../src/app/head.ts';
import { checkContent } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { newEntry } from '../../src/content/cli/new-page.ts';
import type { JobOpeningSection, RoleEntry } from '../../src/generated/schema-types.ts';
import type { SectionProps } from '../../src/sections/registry.ts';
import { rupees } from '../../src/sections/job-opening/facts.ts';
import { projectRoot } from '../unit/content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

const rolesDir = join(projectRoot, 'content/roles');
const roles = readdirSync(rolesDir)
  .filter((name) => name.endsWith('.yaml'))
  .sort()
  .map((name) => ({
    slug: name.replace(/\.yaml$/, ''),
    entry: parse(readFileSync(join(rolesDir, name), 'utf8')) as RoleEntry,
  }));

/** `₹16,00,000`, by the platform's own Indian format. */
const inr = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
/** Text as a reader sees it: runs of white space are one space. */
const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The tags Google's job-posting guidelines allow in a description. */
const DESCRIPTION_TAGS = new Set(['P', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'BR', 'STRONG', 'EM', 'U']);

interface JobPosting {
  readonly '@type': string;
  readonly title: string;
  readonly description: string;
  readonly datePosted: string;
  readonly validThrough: string;
  readonly employmentType: string;
  readonly hiringOrganization: { readonly name: string };
  readonly jobLocation?: unknown;
  readonly jobLocationType?: string;
  readonly applicantLocationRequirements?: { readonly '@type': string; readonly name: string };
  readonly baseSalary?: unknown;
  readonly experienceRequirements?: unknown;
  readonly workHours?: string;
  readonly jobBenefits?: readonly string[];
}

let server: ViteDevServer;
let render: (path: string) => Promise<RenderedRoute>;
// Loaded through the dev server (which provides the forms' generated validators), with the router they link by.
let StaticRouter: typeof import('react-router').StaticRouter;
let JobOpening: (props: SectionProps<'job-opening'>) => ReactNode;
const window = new Window();

beforeAll(async () => {
  server = await startSsrServer(projectRoot);
  ({ render } = (await server.ssrLoadModule('/src/app/entry-server.tsx')) as { render: typeof render });
  ({ StaticRouter } = (await server.ssrLoadModule('react-router')) as typeof import('react-router'));
  ({ default: JobOpening } = (await server.ssrLoadModule('/src/sections/job-opening/index.tsx')) as { default: typeof JobOpening });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await window.happyDOM.close();
});

/** A detached element holding `html`, to query as a browser would. */
function fragment(html: string): Element {
  const root = window.document.createElement('div');
  root.innerHTML = html;
  return root as unknown as Element;
}

/** The one JobPosting among the page's JSON-LD scripts. */
function jobPostingIn(head: string): JobPosting {
  const data = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as { '@type': string },
  );
  const jobs = data.filter((d) => d['@type'] === 'JobPosting');
  expect(jobs).toHaveLength(1);
  return jobs[0] as JobPosting;
}

describe.each(roles)('the page of the role $slug', ({ slug, entry }) => {
  const route = `/careers/${slug}`;

  it('has a JobPosting valid for Google, whose pay, experience, hours, benefits and contract are the role file’s', async () => {
    const { head, status } = await render(route);
    expect(status).toBe(200);
    const job = jobPostingIn(head);

    // Google's required properties, with jobLocation or, for remote work, the applicant's country.
    expect(job.title).toBe(entry.title);
    expect(job.datePosted).toBe(String(entry.publishedAt));
    expect(job.validThrough.slice(0, 10)).toBe(String(entry.validThrough));
    expect(job.hiringOrganization.name).toBeTruthy();
    if (job.jobLocation === undefined) {
      expect(job.jobLocationType).toBe('TELECOMMUTE');
      expect(job.applicantLocationRequirements).toEqual({ '@type': 'Country', name: entry.applicantCountry ?? 'India' });
    }

    expect(job.employmentType).toBe(entry.employmentType ?? 'FULL_TIME');
    const range = entry.salary.range;
    if (range) {
      expect(range.max, 'the top of the range').toBeGreaterThan(range.min);
      expect(job.baseSalary).toEqual({
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: { '@type': 'QuantitativeValue', minValue: range.min, maxValue: range.max, unitText: 'YEAR' },
      });
    } else {
      expect(job.baseSalary).toBeUndefined();
    }
    if (entry.experience.max !== undefined) expect(entry.experience.max).toBeGreaterThan(entry.experience.min);
    expect(job.experienceRequirements).toEqual(
      entry.experience.min === 0
        ? 'no requirements'
        : { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: entry.experience.min * 12 },
    );
    expect(job.workHours).toBe(`${entry.hours.schedule}, ${entry.hours.timeZone}`);
    expect(entry.hours.timeZone).toMatch(/^IST\b/);
    expect(job.jobBenefits).toEqual(entry.benefits);
  });

  it('has a JobPosting whose description holds the summary, every task, every skill and every benefit', async () => {
    const job = jobPostingIn((await render(route)).head);
    const description = fragment(job.description);

    const tags = new Set([...description.querySelectorAll('*')].map((element) => element.tagName));
    expect([...tags].filter((tag) => !DESCRIPTION_TAGS.has(tag))).toEqual([]);
    expect(words(description.querySelector('p')?.textContent)).toBe(words(entry.summary));
    const items = [...description.querySelectorAll('li')].map((li) => words(li.textContent));
    for (const text of [...entry.work, ...entry.skills, ...entry.benefits]) expect(items).toContain(words(text));
    const text = words(description.textContent);
    expect(text).toContain(entry.seniority);
    expect(text).toContain(entry.hours.schedule);
    expect(text).toContain(words(entry.hours.overlap));
    if (entry.salary.range) expect(text).toContain(`${inr(entry.salary.range.min)} to ${inr(entry.salary.range.max)}`);
    else expect(text).toContain(entry.salary.reason);
  });

  it('shows the facts first, then the work, the skills, the interview steps in order and what we offer', async () => {
    const { html } = await render(route);
    const section = fragment(html).querySelector('[data-section="job-opening"]')!;
    const slot = (name: string) => words(section.querySelector(`[data-slot="${name}"]`)?.textContent);

    const range = entry.salary.range;
    expect(slot('salary')).toBe(range ? `${inr(range.min)} to ${inr(range.max)}` : entry.salary.reason);
    expect(slot('experience')).toContain(String(entry.experience.min || ''));
    if (entry.experience.max !== undefined) expect(slot('experience')).toContain(`${entry.experience.max} years`);
    expect(slot('seniority')).toBe(entry.seniority);
    expect(slot('location')).toBe(entry.location ?? 'Remote');
    expect(slot('hours')).toBe(words(`${entry.hours.schedule}, ${entry.hours.timeZone}`));
    expect(slot('overlap')).toBe(words(entry.hours.overlap));

    const steps = [...section.querySelectorAll('ol[data-slot="interview"] > li')].map((li) => words(li.textContent));
    expect(steps).toHaveLength(entry.interview.length);
    entry.interview.forEach((step, i) => {
      expect(steps[i]).toContain(words(step.name));
      expect(steps[i]).toContain(words(step.text));
    });
    const benefits = [...section.querySelectorAll('[data-slot="benefits"] > li')].map((li) => words(li.textContent));
    expect(benefits).toEqual(entry.benefits.map(words));
    const headings = [...section.querySelectorAll('h2, h3')].map((h) => words(h.textContent));
    expect(headings).toEqual(expect.arrayContaining(['How we interview', 'What we offer']));

    // Near the top: the facts come before the lists of the role.
    const order = ['facts', 'work', 'skills', 'interview', 'benefits'].map((name) => html.indexOf(`data-slot="${name}"`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('a role without a salary range', () => {
  it('states its reason on the page and in the description, and its JobPosting has no baseSalary', async () => {
    const root = mkdtempSync(join(tmpdir(), 'job-postings-'));
    try {
      cpSync(join(projectRoot, 'content'), join(root, 'content'), { recursive: true });
      const { slug, entry } = roles[0]!;
      const reason = 'Paid per project, at a rate agreed with each contractor';
      const file = join(root, 'content/roles', `${slug}.yaml`);
      const text = readFileSync(file, 'utf8').replace(/^salary:\n(?: {2}.*\n)+/m, `salary:\n  reason: ${reason}\n`);
      expect(text).toContain(reason);
      writeFileSync(file, text);
      const result = await checkContent({
        root,
        publicDir: join(projectRoot, 'public'),
        schemaDir: join(projectRoot, 'schemas'),
        today: String(entry.publishedAt),
      });
      expect(result.errors, formatProblems(result.problems)).toBe(0);
      const page = result.pages.find((p) => p.page.route === `/careers/${slug}`)!.page;

      const job = structuredData(result.site!.site, page).find((d) => (d as { '@type': string })['@type'] === 'JobPosting') as JobPosting;
      expect(job).not.toHaveProperty('baseSalary');
      expect(words(fragment(job.description).textContent)).toContain(reason);

      const section = page.sections.find((s) => s.type === 'job-opening') as JobOpeningSection;
      const html = renderToString(createElement(StaticRouter, { location: `/careers/${slug}` }, createElement(JobOpening, { section, index: 1 })));
      expect(words(fragment(html).querySelector('[data-slot="salary"]')?.textContent)).toBe(reason);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a new role from the template', () => {
  it('has a salary, hours, interview steps and benefits to write, which the build refuses until they are', async () => {
    const root = mkdtempSync(join(tmpdir(), 'job-postings-new-'));
    try {
      cpSync(join(projectRoot, 'content'), join(root, 'content'), { recursive: true });
      expect(newEntry({ collection: 'roles', label: 'Data Engineer', contentDir: join(root, 'content'), today: '2026-11-25' })).toMatchObject({
        ok: true,
      });
      const result = await checkContent({
        root,
        publicDir: join(projectRoot, 'public'),
        schemaDir: join(projectRoot, 'schemas'),
        unfinished: 'fail',
        today: '2026-11-25',
      });
      const refused = result.problems
        .filter((p) => p.file === 'content/roles/data-engineer.yaml' && p.severity === 'error' && p.code === 'PlaceholderText')
        .map((p) => p.path);
      for (const field of ['salary.reason', 'hours.overlap', 'interview[0].text', 'interview[1].name', 'benefits[0]']) {
        expect(refused).toContain(field);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('pay in rupees', () => {
  it('is grouped in lakh and crore as in India, for any amount', () => {
    // Seeded, so a failure can be replayed.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (amount) => rupees(amount) === inr(amount)),
      { seed: 38, numRuns: runs(2000, 10000) },
    );
  });
});
