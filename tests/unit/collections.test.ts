import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { structuredData } from '../../src/app/head.ts';
import { checkContent, type ContentResult } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import type { CareersSection, CollectionListSection } from '../../src/generated/schema-types.ts';
import { fixture } from './content-fixtures.ts';

// The fixture's roles: two open, one draft, one not yet published (2030), one closed (2020).
const TODAY = '2026-11-25';
const build = (project = fixture('collections')) => checkContent({ ...project, unfinished: 'fail', today: TODAY });
const dev = (project = fixture('collections')) => checkContent({ ...project, today: TODAY });

const routes = (result: ContentResult) => result.pages.map((p) => p.page.route).sort();
const pageAt = (result: ContentResult, route: string) => result.pages.find((p) => p.page.route === route)!;
/** The errors and warnings; the notes on the fixture's unpublished roles have a test of their own. */
const problemsOf = (result: ContentResult) =>
  result.problems.filter((p) => p.severity !== 'info').map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.path}`);

/** The fixture with `change` applied to one of its files. */
function changed(file: string, change: (text: string) => string) {
  const project = fixture('collections');
  const abs = join(project.contentDir, file);
  writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  return project;
}

describe('content that exists but is not published', () => {
  it('is a note at the line that decides it, saying when it appears or since when it is gone', async () => {
    const notes = (await build()).problems.filter((p) => p.severity === 'info');

    expect(notes.map((p) => `${p.file}:${p.line} ${p.code} ${p.path}`)).toEqual([
      'content/roles/data-engineer.yaml:9 NotPublished publishedAt',
      'content/roles/qa-engineer.yaml:10 NotPublished validThrough',
      expect.stringMatching(/^content\/roles\/ui-designer\.yaml:\d+ NotPublished draft$/),
    ]);
    expect(notes[0]!.message).toContain(
      'its `publishedAt` is 2030-01-01, so the published site shows it from the first build on or after that day',
    );
    expect(notes[1]!.message).toContain('its `validThrough` was 2020-12-31');
    // Notes stop nothing: the build goes on.
    expect((await build()).errors).toBe(0);
  });
});

describe('collections: one YAML file per entry, one page per entry', () => {
  it('gives every published entry its own page at the collection route, named after its file', async () => {
    const result = await build();

    expect(formatProblems(result.problems.filter((p) => p.severity !== 'info'))).toBe(formatProblems([]));
    expect(routes(result)).toEqual([
      '/',
      '/about',
      '/careers',
      '/careers/backend-developer',
      '/careers/full-stack-developer',
      '/careers/thank-you',
      '/stories',
      '/success-stories/medstudy',
      '/success-stories/parcelpoint',
    ]);
    const role = pageAt(result, '/careers/full-stack-developer');
    expect(role.name).toBe('roles/full-stack-developer');
    expect(role.file).toBe('content/roles/full-stack-developer.yaml');
    expect(role.page.title).toBe('Full Stack Developer job, remote in India');
    const section = role.page.sections[0]!;
    expect(section).toMatchObject({ type: 'job-opening', role: 'Full Stack Developer', skills: ['Git'], location: 'Remote' });
    // Pictures from an entry are measured like any other.
    const story = pageAt(result, '/success-stories/parcelpoint').page.sections[0]!;
    expect(story).toMatchObject({ type: 'page-hero', image: { src: '/media/pic.webp', width: 64, height: 48 } });
  });

  it('keeps drafts, roles not yet published and closed roles off the built site, and shows them in the dev server', async () => {
    expect(routes(await build())).not.toEqual(expect.arrayContaining(['/careers/ui-designer']));
    for (const route of ['/careers/ui-designer', '/careers/data-engineer', '/careers/qa-engineer']) {
      expect(routes(await build())).not.toContain(route);
      const page = pageAt(await dev(), route);
      expect(page.page.draft, route).toBe(true);
    }
  });

  it('fills the careers tabs from the roles collection in its order, each role linked to its page', async () => {
    const careers = pageAt(await build(), '/careers').page.sections[1] as CareersSection;

    expect(careers.tabs.map((t) => [t.name, t.roles?.map((r) => `${r.role} ${r.link}`)])).toEqual([
      ['Developer', ['Backend Developer /careers/backend-developer', 'Full Stack Developer /careers/full-stack-developer']],
      // The designer's only role is a draft: the tab says there is none open.
      ['Designer', []],
    ]);
    expect(careers.tabs[1]!.empty).toMatch(/No openings/);
  });

  it('lists a collection with a filter, an order and a limit', async () => {
    const [all, healthcare] = pageAt(await build(), '/stories').page.sections as CollectionListSection[];

    expect(all!.entries!.map((e) => `${e.title} ${e.link}`)).toEqual([
      'MedStudy Learning Platform /success-stories/medstudy',
      'ParcelPoint Courier Platform /success-stories/parcelpoint',
    ]);
    expect(all!.entries![1]!.image).toMatchObject({ src: '/media/pic.webp', width: 64 });
    expect(healthcare!.entries!.map((e) => e.title)).toEqual(['MedStudy Learning Platform']);
  });

  it('reports a wrong value of an entry at the entry’s own line, not in the page made from it', async () => {
    const result = await build(changed('roles/full-stack-developer.yaml', (t) => t.replace('  - Git', '  - Git\n  - ""')));

    expect(problemsOf(result)).toEqual(['content/roles/full-stack-developer.yaml:7:5 TooFew skills[1]']);
  });

  it('reports a problem of the template once, at the template, whatever the number of entries', async () => {
    const project = changed('collections/roles.yaml', (t) =>
      t.replace('      heading: "{entry.title}"', '      heading: "{entry.title}"\n      colour: violet'),
    );
    const result = await build(project);

    expect(problemsOf(result)).toEqual(['content/collections/roles.yaml:26:7 UnknownProperty page.sections[0].colour']);
    expect(result.problems[0]!.frame).toContain('colour: violet');
  });

  it('reports a mistake in the words a template writes around a placeholder once, at the template; an entry’s own at the entry', async () => {
    const template = await build(
      changed('collections/roles.yaml', (t) =>
        t.replace('"{entry.title} job, remote in India"', '"{entry.title} job, *remote* in India"'),
      ),
    );
    expect(problemsOf(template)).toEqual(['content/collections/roles.yaml:5:10 MarkdownEmphasis page.title']);

    const entry = await build(
      changed('roles/data-engineer.yaml', (t) => t.replace('title: Data Engineer', 'title: Data *Engineer*')),
    );
    expect(problemsOf(entry)).toEqual([
      expect.stringMatching(/^content\/roles\/data-engineer\.yaml:1:\d+ MarkdownEmphasis title$/),
    ]);
  });

  it('names a placeholder that no entry field matches, with the field it resembles', async () => {
    const result = await build(
      changed('collections/roles.yaml', (t) => t.replace('role: "{entry.title}"', 'role: "{entry.titel}"')),
    );

    expect(problemsOf(result)).toEqual(['content/collections/roles.yaml:26:13 UnknownEntryField page.sections[0].role']);
    expect(result.problems.find((p) => p.code === 'UnknownEntryField')!.hint).toMatch(/^Did you mean `title`\?/);
  });

  it('checks a link to an entry like any link, suggesting the entry that was meant', async () => {
    const result = await build(
      changed('pages/home.yaml', (t) => t.replace('link: /about', 'link: /careers/full-stack-develper')),
    );

    expect(problemsOf(result)).toEqual(['content/pages/home.yaml:9:13 UnknownRoute sections[0].action.link']);
    expect(result.problems[0]!.hint).toMatch(/^Did you mean `\/careers\/full-stack-developer`\?/);
  });

  it('stops a published link to a role that is no longer open', async () => {
    const result = await build(changed('pages/home.yaml', (t) => t.replace('link: /about', 'link: /careers/qa-engineer')));

    expect(problemsOf(result)).toEqual(['content/pages/home.yaml:9:13 LinkToDraft sections[0].action.link']);
  });

  it('names a listing’s unknown collection and filter field, with what they resemble', async () => {
    const project = changed('pages/stories.yaml', (t) =>
      t.replace('collection: case-studies\n', 'collection: case-study\n').replace('tags: healthcare', 'tag: healthcare'),
    );
    const result = await build(project);

    expect(problemsOf(result)).toEqual([
      'content/pages/stories.yaml:7:17 UnknownCollection sections[0].collection',
      'content/pages/stories.yaml:12:12 UnknownEntryField sections[1].filter.tag',
    ]);
    expect(result.problems.filter((p) => p.severity !== 'info').map((p) => p.hint)).toEqual([
      expect.stringMatching(/^Did you mean `case-studies`\?/),
      expect.stringMatching(/^Did you mean `tags`\?/),
    ]);
  });

  it('reports a role whose team is a tab of no careers section that lists it', async () => {
    const result = await build(changed('roles/backend-developer.yaml', (t) => t.replace('team: Developer', 'team: Developers')));

    expect(problemsOf(result)).toEqual(['content/roles/backend-developer.yaml:3:7 EntryNotListed team']);
    expect(result.problems[0]!.hint).toMatch(/^Did you mean `Developer`\?/);
  });

  it('refuses a site whose pages offer an application and that has no page to confirm one, at every page with the form', async () => {
    const project = fixture('collections');
    rmSync(join(project.contentDir, 'pages/careers-thank-you.yaml'));
    const result = await build(project);

    // The careers page's dialog and each role's own page (made from the collection's template).
    expect(problemsOf(result)).toEqual([
      'content/collections/roles.yaml:24:5 FormConfirmationMissing page.sections',
      'content/pages/careers.yaml:5:3 FormConfirmationMissing sections',
    ]);
    expect(result.problems[0]!.message).toContain('/careers/thank-you');
    expect(result.problems[0]!.hint).toContain('route: /careers/thank-you');
  });

  it('refuses an entry file name that cannot end a page address', async () => {
    const project = fixture('collections');
    const from = join(project.contentDir, 'roles/backend-developer.yaml');
    writeFileSync(
      join(project.contentDir, 'roles/Backend Developer.yaml'),
      readFileSync(from, 'utf8').replace('Backend Developer', 'Backend Engineer'),
    );
    const result = await build(project);

    expect(problemsOf(result)).toEqual(['content/roles/Backend Developer.yaml:1:1 BadFormat ']);
    expect(result.problems[0]!.hint).toMatch(/`backend-developer\.yaml`/);
  });

  it('tells search engines about one job on each role’s page, and about none on the careers page', async () => {
    const result = await build();
    const site = result.site!.site;
    const jobs = (route: string) =>
      structuredData(site, pageAt(result, route).page, [{ route: '/careers', name: 'Careers' }]).filter(
        (d) => (d as { '@type': string })['@type'] === 'JobPosting',
      );

    expect(jobs('/careers')).toEqual([]);
    const [job] = jobs('/careers/full-stack-developer');
    expect(job).toMatchObject({
      title: 'Full Stack Developer',
      datePosted: '2026-01-01',
      validThrough: '2027-12-31T23:59:59+05:30',
      employmentType: 'FULL_TIME',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'India' },
      url: `${site.url}/careers/full-stack-developer`,
    });
    const [crumbs] = structuredData(site, pageAt(result, '/careers/full-stack-developer').page, [
      { route: '/careers', name: 'Careers' },
    ]);
    expect((crumbs as { itemListElement: { name: string }[] }).itemListElement.map((i) => i.name)).toEqual([
      'Home',
      'Careers',
      'Full Stack Developer',
    ]);
  });
});
