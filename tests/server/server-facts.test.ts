import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkContent } from '../../src/content/check.ts';
import { applicableRoles, serverFacts, type ServerFacts } from '../../src/content/build/server-facts.ts';
import type { Section } from '../../src/generated/schema-types.ts';
import { repoRoot } from '../../src/server/paths.ts';
import { tempDir } from './helpers.ts';
import { runs } from '../helpers/depth.ts';

/** The day the copies below are built for: after the real roles were published, before they close. */
const today = '2026-12-01';

/** A copy of the real content, as `write` leaves it, checked and turned into facts as `npm run build` does. */
async function factsOfCopy(dir: string, write: (contentDir: string) => void): Promise<ServerFacts> {
  const contentDir = path.join(dir, 'content');
  cpSync(path.join(repoRoot, 'content'), contentDir, { recursive: true });
  write(contentDir);
  const result = await checkContent({ root: repoRoot, contentDir, unfinished: 'fail', today });
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return serverFacts(result, repoRoot);
}

/**
 * A role of the roles collection, written like a real one (content/roles/full-stack-developer.yaml,
 * open from 2026-11-02 to 2027-02-28), with `change` made to its text.
 */
function roleEntry(contentDir: string, slug: string, title: string, change: (text: string) => string = (text) => text): void {
  const model = readFileSync(path.join(contentDir, 'roles/full-stack-developer.yaml'), 'utf8');
  writeFileSync(
    path.join(contentDir, 'roles', `${slug}.yaml`),
    change(model.replace('title: Full Stack Developer', `title: ${title}`)),
  );
}

describe('the facts the build writes for the server', () => {
  const copy = tempDir('server-facts');
  let facts: ServerFacts;
  beforeAll(async () => {
    facts = await factsOfCopy(copy.dir, (contentDir) => {
      roleEntry(contentDir, 'site-reliability-engineer', 'Site Reliability Engineer');
      roleEntry(contentDir, 'data-engineer', 'Data Engineer', (text) => `${text}draft: true\n`);
      roleEntry(contentDir, 'qa-engineer', 'QA Engineer', (text) =>
        text.replace(/^publishedAt: .*$/m, 'publishedAt: 2027-01-10'),
      );
      roleEntry(contentDir, 'devops-engineer', 'DevOps Engineer', (text) =>
        text.replace(/^validThrough: .*$/m, 'validThrough: 2026-11-15'),
      );
    });
  });
  afterAll(() => copy.remove());

  it('list every role the built site offers an application for: each role published on the day of the build', () => {
    expect(facts.roles).toContain('Site Reliability Engineer');
    expect(facts.roles).toContain('Human Resources (HR) Manager');
    expect(facts.roles).toContain('Full Stack Developer');
    // A draft, a role not published yet and one whose closing date is past are on no page of the build.
    for (const role of ['Data Engineer', 'QA Engineer', 'DevOps Engineer']) expect(facts.roles).not.toContain(role);
    expect(new Set(facts.roles).size).toBe(facts.roles.length);
  });

  it('list the routes of the built site, with each published role’s page and without the others', () => {
    expect(facts.routes).toEqual([...facts.routes].sort());
    expect(facts.routes).toEqual(expect.arrayContaining(['/', '/careers', '/privacy', '/careers/site-reliability-engineer']));
    expect(facts.routes).not.toContain('/careers/data-engineer');
    expect(facts.routes).not.toContain('/careers/qa-engineer');
  });

  it('give the privacy notice’s version as the server gave it before the build did: its date and a hash of its file', () => {
    const text = readFileSync(path.join(repoRoot, 'content/pages/privacy.yaml'), 'utf8');
    const updated = /^\s+updated: "?(\d{4}-\d{2}-\d{2})"?$/m.exec(text)?.[1];
    expect(facts.noticeVersion).toBe(`${updated}+${createHash('sha256').update(text).digest('hex').slice(0, 10)}`);
  });

  it('give another notice version after any edit of the notice, even when its date stays the same', async () => {
    const edited = tempDir('server-facts-notice');
    try {
      const after = await factsOfCopy(edited.dir, (contentDir) => {
        const file = path.join(contentDir, 'pages/privacy.yaml');
        writeFileSync(file, readFileSync(file, 'utf8').replace('365 days', '180 days'));
      });
      expect(after.noticeVersion).not.toBe(facts.noticeVersion);
      expect(after.noticeVersion?.split('+')[0]).toBe(facts.noticeVersion?.split('+')[0]);
    } finally {
      edited.remove();
    }
  });
});

describe('the roles the facts give on any day of the build', () => {
  // The cases are the real roles and days drawn with a fixed seed, not picked by hand: on each day the
  // facts hold exactly the titles of the entries published that day (and any role written into a page).
  it('are the titles of the roles collection published that day, and none of the others', async () => {
    const entries = readdirSync(path.join(repoRoot, 'content/roles'))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => parse(readFileSync(path.join(repoRoot, 'content/roles', name), 'utf8')) as Record<string, unknown>);
    const pagesText = readdirSync(path.join(repoRoot, 'content/pages'))
      .map((name) => readFileSync(path.join(repoRoot, 'content/pages', name), 'utf8'))
      .join('\n');
    const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? ''));
    const publishedOn = (entry: Record<string, unknown>, today: string) =>
      entry.draft !== true &&
      (entry.publishedAt === undefined || day(entry.publishedAt) <= today) &&
      (entry.validThrough === undefined || day(entry.validThrough) >= today);
    const first = Date.UTC(2026, 8, 1);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 300 }), async (offset) => {
        const today = new Date(first + offset * 86_400_000).toISOString().slice(0, 10);
        const result = await checkContent({ root: repoRoot, unfinished: 'fail', today });
        const roles = new Set(serverFacts(result, repoRoot).roles);
        for (const entry of entries) {
          const title = String(entry.title);
          if (publishedOn(entry, today)) expect(roles, `${title} on ${today}`).toContain(title);
          else if (!pagesText.includes(title)) expect(roles, `${title} on ${today}`).not.toContain(title);
        }
      }),
      { seed: 3636, numRuns: runs(12, 60) },
    );
  }, 120_000);
});

describe('the roles a section offers', () => {
  const section = (value: object) => value as Section;

  it('are the roles written in each tab of a careers section, trimmed', () => {
    const careers = section({
      type: 'careers',
      tabs: [
        {
          name: 'Developer',
          roles: [
            { id: 'react', role: ' React Developer ' },
            { id: 'node', role: 'Node.js Developer' },
          ],
        },
        { name: 'Designer', roles: [{ id: 'ui', role: 'UI/UX Designer' }] },
        { name: 'Manager' },
      ],
    });

    expect(applicableRoles(careers)).toEqual(['React Developer', 'Node.js Developer', 'UI/UX Designer']);
  });

  it('are the role of a job opening, which has its own Apply button', () => {
    expect(applicableRoles(section({ type: 'job-opening', role: 'Data Engineer' }))).toEqual(['Data Engineer']);
  });

  it('are none for a section without an application dialog', () => {
    expect(applicableRoles(section({ type: 'hero', heading: 'Careers' }))).toEqual([]);
  });
});
