import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { formatProblems } from '../../src/content/cli/format.ts';
import { projectRoot } from './content-fixtures.ts';

const sectionsDir = join(projectRoot, 'schemas/sections');
const schemas = readdirSync(sectionsDir)
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => ({
    type: f.replace('.schema.json', ''),
    schema: JSON.parse(readFileSync(join(sectionsDir, f), 'utf8')) as { examples?: unknown[] },
  }));

describe('section schema examples', () => {
  it.each(schemas.map((s) => [s.type, s] as const))('`%s` documents at least one example', (_type, { schema }) => {
    expect(schema.examples?.length ?? 0).toBeGreaterThan(0);
  });

  it('every example passes the whole content check on a page beside the real content', async () => {
    // The real site, plus one page made of every example: links, icons, logos and files are
    // checked against what really exists, as they would be for a marketer copying an example.
    const root = mkdtempSync(join(tmpdir(), 'schema-examples-'));
    cpSync(join(projectRoot, 'content'), join(root, 'content'), { recursive: true });
    // The page opens with the page-hero's example, as a page must for its headings to be in order.
    const opener = (s: (typeof schemas)[number]) => (s.type === 'page-hero' ? 0 : 1);
    const sections = [...schemas].sort((a, b) => opener(a) - opener(b)).flatMap((s) => s.schema.examples ?? []);
    writeFileSync(
      join(root, 'content/pages/schema-examples.yaml'),
      stringify({
        route: '/schema-examples',
        title: 'Every section type, from the schema examples',
        description: 'A page assembled from the example of every section schema, used to prove the examples are valid content.',
        sections,
      }),
    );
    const result = await checkContent({ root, publicDir: join(projectRoot, 'public'), schemaDir: join(projectRoot, 'schemas') });
    expect(result.errors, formatProblems(result.problems)).toBe(0);
    const page = result.pages.find((p) => p.page.route === '/schema-examples')!;
    // Every example of every type: a schema may show its variants with several.
    expect(page.page.sections.map((s) => s.type).sort()).toEqual(
      schemas.flatMap((s) => (s.schema.examples ?? []).map(() => s.type)).sort(),
    );
  });
});
