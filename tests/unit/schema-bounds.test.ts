/**
 * Every text a content file can hold has a bound in its schema: `maxLength`, or a closed list of
 * values, or a date. The editor checks every draft against these schemas, so one writer cannot save a
 * seven-megabyte title that every later check, merge and review then carries. Read from the schema
 * files themselves, so a field added later without a bound fails here, by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './content-fixtures.ts';

const dir = join(projectRoot, 'schemas');
const contentSchemas = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.schema.json') && !file.startsWith('api'));

/** Each string-typed place of a schema, by its JSON pointer. */
function strings(node: unknown, pointer = ''): { pointer: string; schema: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => strings(item, `${pointer}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const schema = node as Record<string, unknown>;
  const type = schema.type;
  const own = type === 'string' || (Array.isArray(type) && type.includes('string')) ? [{ pointer: pointer || '/', schema }] : [];
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => strings(value, `${pointer}/${key}`))];
}

describe('schema bounds', () => {
  it('finds the content schemas', () => {
    expect(contentSchemas).toContain('page.schema.json');
    expect(contentSchemas.length).toBeGreaterThan(20);
  });

  it.each(contentSchemas)('%s: every text field has a maxLength, a closed list of values or a date format', (file) => {
    const unbounded = strings(JSON.parse(readFileSync(join(dir, file), 'utf8')))
      .filter(
        ({ schema }) =>
          !(typeof schema.maxLength === 'number' || 'enum' in schema || 'const' in schema || schema.format === 'date'),
      )
      .map(({ pointer }) => pointer);
    expect(unbounded).toEqual([]);
  });
});
