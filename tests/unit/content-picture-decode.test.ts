import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isScalar, parseDocument, visit } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/**
 * Issue 52, the family "a picture that is not a picture": a file under public/ with the right name that
 * does not decode. Each kind of damage is done, with generated cuts and bytes, to a picture the real
 * content uses, in a copy of public/; the check must stop at the line of a `src` that names it.
 */

// The pictures' folder copied once (7 MB): each case damages one file of the copy and puts it back.
const publicCopy = mkdtempSync(join(tmpdir(), 'public-'));
cpSync(join(projectRoot, 'public'), publicCopy, { recursive: true });
afterAll(() => rmSync(publicCopy, { recursive: true, force: true }));

/** Every `src:` of a picture in the real content, with its file and line. */
const uses = [...listFiles(join(projectRoot, 'content'), '.yaml')].sort().flatMap((abs) => {
  const text = readFileSync(abs, 'utf8');
  const found: { file: string; line: number; src: string }[] = [];
  visit(parseDocument(text), {
    Map(_, map) {
      if (!isMap(map)) return;
      const src = map.items.find((pair) => isScalar(pair.key) && pair.key.value === 'src');
      const value = src?.value;
      const hasAlt = map.items.some((pair) => isScalar(pair.key) && pair.key.value === 'alt');
      if (hasAlt && isScalar(value) && typeof value.value === 'string' && value.range)
        found.push({
          file: abs.slice(projectRoot.length + 1),
          line: text.slice(0, value.range[0]).split('\n').length,
          src: value.value,
        });
    },
  });
  return found;
});

/** Ways a picture file is damaged while it keeps its name. */
const damage = fc.oneof(
  fc.double({ min: 0.05, max: 0.9, noNaN: true }).map((share) => ({
    kind: `cut short at ${Math.round(share * 100)} %`,
    make: (bytes: Buffer) => bytes.subarray(0, Math.max(1, Math.floor(bytes.length * share))),
  })),
  fc.constant({ kind: 'empty', make: () => Buffer.alloc(0) }),
  fc.constant({
    kind: 'a web page saved under its name',
    make: () => Buffer.from('<!doctype html><title>404 Not Found</title><h1>Not Found</h1>'),
  }),
  fc.uint8Array({ minLength: 64, maxLength: 4096 }).map((noise) => ({
    kind: 'its header, then other bytes',
    make: (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 32), Buffer.from(noise)]),
  })),
);

const check = () => checkContent({ root: projectRoot, publicDir: publicCopy, unfinished: 'fail' });

describe('a picture that is not a picture', () => {
  it('is not found in the real pictures, which all decode', async () => {
    expect(uses.length).toBeGreaterThan(20);
    const { problems } = await check();
    expect(problems.filter((p) => p.code === 'PictureUnreadable')).toEqual([]);
  });

  it('is stopped at the line of a src that names it, however the file is damaged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), damage, async (n, { kind, make }) => {
        const use = uses[n % uses.length]!;
        const file = join(publicCopy, use.src);
        const original = readFileSync(file);
        writeFileSync(file, make(original));
        try {
          const { problems } = await check();
          const found = problems.filter((p) => p.code === 'PictureUnreadable' && p.file === use.file && p.line === use.line);
          expect(found, `${use.file}:${use.line} ${use.src} ${kind}`).toHaveLength(1);
          expect(found[0]!.message).toContain(`public${use.src}`);
        } finally {
          writeFileSync(file, original);
        }
      }),
      { seed: 52, numRuns: runs(12, 60) },
    );
  });
});
