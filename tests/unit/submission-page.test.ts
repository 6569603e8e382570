/**
 * The page recorded with a submission comes from the request's Referer header, which a sender chooses. Over
 * generated headers, well-formed or not (any text, NUL and control characters, 10,000 characters, other
 * schemes, queries and fragments carrying what someone typed), it never throws and gives either nothing
 * or a path: starting with `/`, at most 200 characters, without the query or fragment.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../src/server/api/submission.ts';
import { runs } from '../helpers/depth.ts';

const referer = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(
      fc.constantFrom('https://sutralabs.in', 'javascript:', 'data:text/html,', 'file://', 'http://x'),
      fc.string({ maxLength: 50 }),
    )
    .map(([start, rest]) => start + rest),
  fc.constant(`https://sutralabs.in/${'a'.repeat(10_000)}`),
);

describe('the page of a submission, read from its Referer', () => {
  it('is nothing or a short path without query or fragment, whatever the header (fast-check)', () => {
    fc.assert(
      fc.property(referer, (header) => {
        const page = pageOf(header);
        if (page === null) return;
        expect(page.startsWith('/')).toBe(true);
        expect(page.length).toBeLessThanOrEqual(200);
        expect(page).not.toMatch(/[?#]/);
        expect(new URL(header).pathname.replace(/\/+$/, '') || '/').toBe(page);
      }),
      { seed: 5302, numRuns: runs(500, 5000) },
    );
  });

  it('reads the site’s own pages as their paths, and nothing from other schemes', () => {
    expect(pageOf('https://sutralabs.in/careers/graphic-designer?email=a@b.in#apply')).toBe('/careers/graphic-designer');
    expect(pageOf('https://sutralabs.in/contact/')).toBe('/contact');
    expect(pageOf('https://sutralabs.in/')).toBe('/');
    expect(pageOf('javascript:alert(1)')).toBeNull();
    expect(pageOf(undefined)).toBeNull();
  });
});
