import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidePath, refreshGuide, sectionTypes } from '../../scripts/section-screenshots.ts';
import { projectRoot } from './content-fixtures.ts';

describe('the content guide stays current', () => {
  it("has the field tables of today's schemas and the problems of today's catalogue", () => {
    const guide = readFileSync(guidePath, 'utf8');
    // On failure: run `npm run docs:screenshots -- --tables-only` and commit docs/content-guide.md.
    expect(refreshGuide(guide)).toBe(guide);
  });

  it('has a picture of every section type', () => {
    const missing = sectionTypes().filter((type) => !existsSync(join(projectRoot, 'docs/images/sections', `${type}.webp`)));
    // On failure: run `npm run docs:screenshots` and commit docs/images/sections/.
    expect(missing).toEqual([]);
  });

  it('links only to sections of itself that exist', () => {
    const guide = readFileSync(guidePath, 'utf8');
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-');
    const anchors = new Set([...guide.matchAll(/^#{2,3} (.+)$/gm)].map((m) => slug(m[1]!)));
    const links = [...guide.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });
});
