import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isScalar, parseDocument, visit } from 'yaml';
import { describe, expect, it } from 'vitest';
import { addressProblem, numberProblem } from '../../src/content/rules/addresses.ts';
import { checkContent } from '../../src/content/check.ts';
import { listFiles } from '../../src/content/files.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/**
 * Issue 52, the family "a link that cannot work": an address the schema's pattern lets through and no
 * visitor can use. Each kind of breakage is generated over hosts, paths and numbers, and then typed into
 * every link of the real content, where the check must stop at its line.
 */

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
const path = fc
  .array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { maxLength: 3 })
  .map((parts) => parts.map((p) => `/${p}`).join(''));
const publicHost = fc
  .tuple(
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'in', 'org', 'io', 'co.in', 'dev', 'xn--h2brj9c'),
  )
  .map(([labels, tld]) => `${labels.join('.')}.${tld}`);
const octet = fc.integer({ min: 0, max: 255 });

/** Hosts only one's own computer or network can reach. */
const localHost = fc.oneof(
  fc.constantFrom('localhost', 'LOCALHOST', '[::1]', '[fe80::1]', '[fd12:3456::1]'),
  label.map((l) => `${l}.localhost`),
  label.map((l) => `${l}.local`),
  label.map((l) => `${l}.internal`),
  fc.tuple(octet, octet).map(([a, b]) => `192.168.${a}.${b}`),
  fc.tuple(octet, octet, octet).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([a, b, c]) => `172.${a}.${b}.${c}`),
  fc.tuple(octet, octet, octet).map(([a, b, c]) => `127.${a}.${b}.${c}`),
);
const port = fc.option(
  fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`),
  { nil: '' },
);

/** Each way a web, mail or phone address is broken while still matching the schema's `link` pattern. */
const broken = {
  'a host of your own computer or network': fc.tuple(localHost, port, path).map(([h, p, r]) => `https://${h}${p}${r}`),
  'a scheme typed twice': fc
    .tuple(fc.constantFrom('https://', 'http://', 'https//', 'www.https://', 'http:'), publicHost, path)
    .map(([second, h, r]) => `https://${second}${h}${r}`),
  'a host without a public domain': fc.tuple(label, path).map(([h, r]) => `https://${h}${r}`),
  'a user name or password in the address': fc
    .tuple(label, fc.option(label, { nil: undefined }), publicHost)
    .map(([u, pw, h]) => `https://${u}${pw ? `:${pw}` : ''}@${h}/`),
  'an e-mail link to no address': fc.oneof(
    label.map((l) => `mailto:${l}`),
    label.map((l) => `mailto:${l}@`),
    fc.tuple(label, label).map(([l, d]) => `mailto:${l}@${d}`),
    publicHost.map((h) => `mailto:@${h}`),
    fc.tuple(label, publicHost).map(([l, h]) => `mailto:${l}@@${h}`),
  ),
  'a phone number no phone can dial': fc.oneof(
    fc.stringMatching(/^[0-9]{1,4}$/).map((d) => `tel:+${d}`),
    fc.stringMatching(/^[0-9]{1,5}$/).map((d) => `tel:${d}`),
    fc.stringMatching(/^[0-9]{14,15}$/).map((d) => `tel:+91${d}`),
  ),
};

/** Addresses that work: each must pass. */
const working = fc.oneof(
  fc.tuple(publicHost, port, path).map(([h, p, r]) => `https://${h}${p}${r}`),
  fc.tuple(label, publicHost).map(([l, h]) => `mailto:${l}@${h}`),
  fc.tuple(label, publicHost, label).map(([l, h, s]) => `mailto:${l}@${h}?subject=${s}`),
  fc.constantFrom('tel:+911204567800', 'tel:+919810745210', 'tel:9810745210', 'tel:+442079460958', 'tel:+14155550132'),
);

describe('an address that cannot work', () => {
  it.each(Object.entries(broken))('is found when it is %s, whatever the host, path or digits', (_kind, addresses) =>
    fc.assert(
      fc.property(addresses, (address) => {
        expect(addressProblem(address), address).toBeDefined();
      }),
      { seed: 52, numRuns: runs(60, 400) },
    ),
  );

  it('is not found in an address that works: a public web address, an e-mail address, a dialable number', () =>
    fc.assert(
      fc.property(working, (address) => {
        expect(addressProblem(address), address).toBeUndefined();
      }),
      { seed: 52, numRuns: runs(100, 800) },
    ));

  it('says why and what to write instead, in words a marketer reads', () => {
    expect(addressProblem('https://localhost:5173/careers')).toMatchObject({
      reason: expect.stringMatching(/`localhost:5173` is a computer of your own/),
      hint: expect.stringMatching(/left over from a preview/),
    });
    expect(numberProblem('+91 120 456')?.hint).toMatch(/\+91 120 456 7800/);
  });
});

/** Every link value of the real content, where the file writes it: the links, the map's addresses, the site's own address. */
const contentLinks = [...listFiles(join(projectRoot, 'content'), '.yaml')].sort().flatMap((abs) => {
  const text = readFileSync(abs, 'utf8');
  const found: { abs: string; start: number; end: number; value: string }[] = [];
  visit(parseDocument(text), {
    Pair(_, pair) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      const value = pair.value;
      const linkKey = key === 'link' || key === 'embed' || (key === 'url' && abs.endsWith('/site.yaml'));
      if (linkKey && isScalar(value) && typeof value.value === 'string' && value.range)
        found.push({ abs, start: value.range[0], end: value.range[1], value: value.value });
    },
  });
  return found;
});

describe('every link of the real content', () => {
  it('is found (or this proves nothing), and none of them is reported as it is', async () => {
    expect(contentLinks.length).toBeGreaterThan(50);
    const { problems } = await checkContent({ root: projectRoot, unfinished: 'fail' });
    expect(problems.filter((p) => p.code === 'LinkUnusable')).toEqual([]);
  });

  it('is stopped at its line when an address that cannot work is typed into it, of any kind', async () => {
    const any = fc.oneof(...Object.values(broken));
    await fc.assert(
      fc.asyncProperty(fc.nat(), any, async (n, address) => {
        const link = contentLinks[n % contentLinks.length]!;
        const text = readFileSync(link.abs, 'utf8');
        const mutated = text.slice(0, link.start) + JSON.stringify(address) + text.slice(link.end);
        const line = text.slice(0, link.start).split('\n').length;
        const { problems } = await checkContent({
          root: projectRoot,
          unfinished: 'fail',
          drafts: new Map([[link.abs, mutated]]),
        });
        const file = link.abs.slice(projectRoot.length + 1);
        // LinkUnusable, or BadFormat where the field's own pattern already refuses the kind (a `mailto:` as a map's address).
        const here = problems.filter((p) => p.severity === 'error' && p.line === line && p.file === file).map((p) => p.code);
        expect(here, `${file}:${line} ${address}`).toEqual(
          expect.arrayContaining([expect.stringMatching(/^(LinkUnusable|BadFormat)$/)]),
        );
      }),
      { seed: 52, numRuns: runs(25, 150) },
    );
  });
});
