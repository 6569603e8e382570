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
  const found: { abs: string; file: string; line: number; src: string; alt: { start: number; end: number; line: number } }[] = [];
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  visit(parseDocument(text), {
    Map(_, map) {
      if (!isMap(map)) return;
      const value = map.items.find((pair) => isScalar(pair.key) && pair.key.value === 'src')?.value;
      const alt = map.items.find((pair) => isScalar(pair.key) && pair.key.value === 'alt')?.value;
      if (isScalar(alt) && alt.range && isScalar(value) && typeof value.value === 'string' && value.range)
        found.push({
          abs,
          file: abs.slice(projectRoot.length + 1),
          line: lineAt(value.range[0]),
          src: value.value,
          // A block text (`>-`) ends with its line break, which the replacement must keep.
          alt: {
            start: alt.range[0],
            end: text[alt.range[1] - 1] === '\n' ? alt.range[1] - 1 : alt.range[1],
            line: lineAt(alt.range[0]),
          },
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

describe('an alt text that names the file', () => {
  const name = (src: string) =>
    src
      .split('/')
      .pop()!
      .replace(/\.[a-z0-9]+$/i, '');
  const fileNames = fc.oneof(
    fc.constant((src: string) => src.split('/').pop()!),
    fc.constant((src: string) => name(src)),
    fc.constant((src: string) => name(src).replace(/-/g, ' ')),
    fc.integer({ min: 1, max: 99999 }).map((n) => () => `IMG_${String(n).padStart(4, '0')}.jpg`),
    fc.integer({ min: 1, max: 99999 }).map((n) => () => `DSC${String(n).padStart(5, '0')}`),
  );

  it('is warned about at the alt line of any picture of the content, in any of the forms it takes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fileNames, async (n, make) => {
        const use = uses[n % uses.length]!;
        const text = readFileSync(use.abs, 'utf8');
        const alt = make(use.src);
        const mutated = text.slice(0, use.alt.start) + JSON.stringify(alt) + text.slice(use.alt.end);
        const { problems } = await checkContent({ root: projectRoot, unfinished: 'fail', drafts: new Map([[use.abs, mutated]]) });
        const found = problems.filter((p) => p.code === 'AltTextIsFileName' && p.file === use.file && p.line === use.alt.line);
        expect(
          found.map((p) => p.severity),
          `${use.file}:${use.alt.line} ${alt}`,
        ).toEqual(['warning']);
      }),
      { seed: 52, numRuns: runs(20, 100) },
    );
  });

  it('is not found in an alt text written as a sentence, when the file was named from it (as the editor names uploads)', async () => {
    const use = uses[0]!;
    const text = readFileSync(use.abs, 'utf8');
    const alt = 'Our team planning a release at the Greater Noida office';
    const renamed = text
      .slice(0, use.alt.start)
      .concat(JSON.stringify(alt), text.slice(use.alt.end))
      .replace(use.src, '/media/uploads/our-team-planning-a-release-at-the-greater-noida-office.webp');
    const { problems } = await checkContent({ root: projectRoot, unfinished: 'warn', drafts: new Map([[use.abs, renamed]]) });
    expect(problems.filter((p) => p.code === 'AltTextIsFileName')).toEqual([]);
  });

  it('is not found in the alt texts the content has, which say what each picture shows', async () => {
    const { problems } = await checkContent({ root: projectRoot, unfinished: 'fail' });
    expect(problems.filter((p) => p.code === 'AltTextIsFileName')).toEqual([]);
  });
});
