/**
 * The rendered-page check: judges the pages the build drew, as a visitor gets them, and names for each
 * finding the content value that produced it. The build (scripts/prerender.ts) draws every page twice,
 * as published and with its texts marked (trace.ts); this module reads the marked pages (shown.ts),
 * judges them (judge.ts) and checks that the marks changed nothing else. The content check then reports
 * the findings at their values' lines (check/rendered.ts).
 */
import { readShown } from './shown.ts';
import { judgeShown, type JudgeOptions, type RenderedFinding } from './judge.ts';
import { stripTrace, type TraceTable } from './trace.ts';
import { metaOf, sectionMeta } from '../../sections/meta.ts';

export type { RenderedFinding } from './judge.ts';

/** One page as the build drew it, and drawn again with its texts marked. */
export interface DrawnPage {
  readonly route: string;
  readonly html: string;
  readonly head: string;
  readonly traced: { readonly html: string; readonly head: string; readonly table: TraceTable };
}

/** A page whose marked drawing, marks removed, is not its published one: where the two first differ. */
export interface TraceChanged {
  readonly route: string;
  readonly published: string;
  readonly marked: string;
}

export interface DrawnCheck {
  readonly findings: readonly RenderedFinding[];
  /** Pages the marks changed: a section uses a marked text as more than text (trace.ts, `untracedKeys`). */
  readonly changed: readonly TraceChanged[];
}

/** The fields the build makes from a writer's Markdown (each section's `derivedFrom`), whose line breaks only wrap lines. */
const derivedFields: ReadonlySet<string> = new Set(
  Object.keys(sectionMeta).flatMap((type) => Object.keys(metaOf(type)?.derivedFrom ?? {})),
);

/** Judges the drawn pages; `sizeOf` gives the bytes the site serves at a path, for the pictures' budget. */
export function checkDrawnPages(pages: readonly DrawnPage[], options: Omit<JudgeOptions, 'derived'> = {}): DrawnCheck {
  const changed: TraceChanged[] = [];
  const read = pages.map((page) => {
    for (const [published, marked] of [
      [page.html, page.traced.html],
      [page.head, page.traced.head],
    ] as const) {
      const stripped = stripTrace(marked);
      if (stripped !== published) changed.push({ route: page.route, ...firstDifference(published, stripped) });
    }
    return { page, shown: readShown(page.traced.html, page.traced.head) };
  });
  const ids = new Map(read.map(({ page, shown }) => [page.route, new Set([...shown.ids].map(stripTrace))] as const));
  const findings = read.flatMap(({ page, shown }) =>
    judgeShown(page.route, shown, page.traced.table, ids, { ...options, derived: derivedFields }),
  );
  return { findings, changed };
}

function firstDifference(published: string, marked: string): { published: string; marked: string } {
  let at = 0;
  while (at < published.length && published[at] === marked[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 60), at + 60);
  return { published: around(published), marked: around(marked) };
}
