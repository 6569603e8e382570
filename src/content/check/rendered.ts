/**
 * What the rendered-page check found (src/content/rendered/), reported like any other problem: at the
 * line and column of the value that produced it, in the file that holds it. Each finding names its value
 * by origin and path (trace.ts), so nothing here searches a file for a text. A field the build derives
 * (a prose section's `blocks`) is reported at the field it is made from (`derivedFrom` of the section's
 * meta). What an earlier phase already said of the same field is not said again.
 */
import { metaOf } from '../../sections/meta.ts';
import { warningCodes, type Problem } from '../catalog.ts';
import type { RenderedFinding } from '../rendered/judge.ts';
import type { Shapes } from './shape.ts';
import { formatPath } from '../paths.ts';
import type { CheckRun, SourceFile } from './run.ts';
import { cardOrigin } from './listings.ts';
import type { Entry } from './collections.ts';

type Path = readonly (string | number)[];

export function reportRendered(
  run: CheckRun,
  findings: readonly RenderedFinding[],
  shapes: Shapes,
  entries: readonly Entry[],
  earlier: readonly Problem[],
): void {
  const byRoute = new Map<string, SourceFile>();
  for (const source of shapes.pages) {
    const route = (source.data as { route?: unknown } | null)?.route;
    if (typeof route === 'string') byRoute.set(route, source);
  }
  const said = new Set(earlier.map((problem) => `${problem.file} ${problem.path}`));
  for (const finding of findings) {
    const { origin } = finding.value;
    const page =
      origin.kind === 'page' ? byRoute.get(origin.route) : origin.kind === 'site' ? shapes.site : shapes.shared.get(origin.name);
    if (!page) continue;
    // A listing's card shows what its entry says: reported at the entry's field.
    const fromCard = cardOrigin(page.data, finding.path ?? finding.value.path, entries);
    const source = fromCard?.entry.source ?? page;
    const path = fromCard?.path ?? writtenPath(source, finding.path ?? finding.value.path);
    if (said.has(`${source.file} ${formatPath(path)}`)) continue;
    const severity = warningCodes.has(finding.code) ? 'warning' : 'error';
    run.report(source, { code: finding.code, path: [...path], message: finding.message, hint: finding.hint }, severity);
  }
}

/** The path of the field the writer wrote: a derived field's path leads to the field it is made from. */
function writtenPath(source: SourceFile, path: Path): Path {
  if (path[0] !== 'sections' || typeof path[1] !== 'number') return path;
  const section = (source.data as { sections?: { type?: unknown }[] } | null)?.sections?.[path[1]];
  const from = metaOf(section?.type)?.derivedFrom?.[String(path[2])];
  return from ? ['sections', path[1], from] : path;
}
