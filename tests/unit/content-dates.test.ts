import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/**
 * Issue 52, the family "dates that contradict each other": an entry whose last day is before its
 * publication is never published, and its page disappeared with only a note. Generated last days before
 * each entry's publication, in every entry of the real content, must stop the check at that line.
 */

/** The entries of the real content with a publication day and a last day (the roles), as their files write them. */
const entries = [...listFiles(join(projectRoot, 'content'), '.yaml')].sort().flatMap((abs) => {
  const text = readFileSync(abs, 'utf8');
  const data = parseDocument(text).toJS() as { publishedAt?: unknown };
  return typeof data.publishedAt === 'string' && /^validThrough: /m.test(text)
    ? [{ abs, text, publishedAt: data.publishedAt }]
    : [];
});

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('an entry whose last day is before its publication', () => {
  it('is found in the content (or this proves nothing)', () => {
    expect(entries.length).toBeGreaterThanOrEqual(5);
  });

  it('stops the check at its validThrough line, whatever the days, in every entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 3650 }), async (n, days) => {
        const entry = entries[n % entries.length]!;
        const end = dayBefore(entry.publishedAt, days);
        const mutated = entry.text.replace(/^validThrough: .*$/m, `validThrough: ${end}`);
        const line = mutated.split('\n').findIndex((l) => l.startsWith('validThrough:')) + 1;
        const { problems } = await checkContent({
          root: projectRoot,
          unfinished: 'fail',
          drafts: new Map([[entry.abs, mutated]]),
        });
        const file = entry.abs.slice(projectRoot.length + 1);
        const found = problems.filter((p) => p.code === 'DatesContradict' && p.file === file);
        expect(
          found.map((p) => `${p.line} ${p.severity}`),
          `${file} publishedAt ${entry.publishedAt} validThrough ${end}`,
        ).toEqual([`${line} error`]);
        // In the entry's own words: its `publishedAt`, not the `datePublished` of the page its template makes.
        expect(found[0]!.message).toMatch(/before `publishedAt: .*never appear/);
      }),
      { seed: 52, numRuns: runs(20, 100) },
    );
  });

  it('is not found where the last day is the publication day or later', async () => {
    const entry = entries[0]!;
    const same = entry.text.replace(/^validThrough: .*$/m, `validThrough: ${entry.publishedAt}`);
    const { problems } = await checkContent({ root: projectRoot, unfinished: 'fail', drafts: new Map([[entry.abs, same]]) });
    expect(problems.filter((p) => p.code === 'DatesContradict')).toEqual([]);
  });
});
