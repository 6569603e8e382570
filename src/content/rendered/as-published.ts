/**
 * The content check a publish runs: the files, then the pages drawn from them as a visitor would get
 * them (the rendered-page check), each problem reported at its content value. The build does the
 * same with the pages it writes (scripts/prerender.ts); the editor service, which has no build of a
 * change set, draws them with the site's own code (src/app/entry-draw.tsx).
 */
import { checkContent, type ContentOptions, type ContentResult } from '../check.ts';
import type { Problem } from '../catalog.ts';
import { dayOf } from '../check/run.ts';
import { scheduledMoments, type ScheduledMoment } from '../schedule.ts';
import { contentModules, LogoFiles } from '../build/modules.ts';
import type { DrawSite } from '../../app/entry-draw.tsx';
import { checkDrawnPages, type TraceChanged } from './index.ts';

export async function checkAsPublished(options: ContentOptions, draw: DrawSite): Promise<ContentResult> {
  const today = dayOf(options);
  const result = await checkOnDay({ ...options, today }, draw);
  if (result.errors > 0 || !result.site) return result;
  return withScheduledDays(result, options, today, draw);
}

/**
 * A job opening or story dated to go live later is drawn by a build on that day, which nobody watches: the
 * service's build hook asks for it (src/editor/service/build-hook.ts), and a build that fails leaves the site
 * as it was, so the opening silently never appears. So a publish also judges the site as each coming day
 * will draw it, and an error that only that day would meet stops the publish now, said with its day.
 */
async function withScheduledDays(result: ContentResult, options: ContentOptions, today: string, draw: DrawSite): Promise<ContentResult> {
  const days = new Map<string, ScheduledMoment[]>();
  for (const moment of scheduledMoments(options.root)) {
    const day = moment.at.slice(0, 10);
    if (day > today) days.set(day, [...(days.get(day) ?? []), moment]);
  }
  const known = new Set(result.problems.filter((p) => p.severity === 'error').map(problemKey));
  const later: Problem[] = [];
  for (const [day, moments] of days) {
    const then = await checkOnDay({ ...options, today: day }, draw);
    const what = moments.map((m) => `${m.file} ${m.what}`).join(', ');
    for (const problem of then.problems) {
      if (problem.severity !== 'error' || known.has(problemKey(problem))) continue;
      known.add(problemKey(problem));
      later.push({ ...problem, message: `From ${day}, when ${what}: ${problem.message}` });
    }
  }
  if (later.length === 0) return result;
  const problems = [...result.problems, ...later].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { ...result, problems, errors: result.errors + later.length };
}

const problemKey = (p: Problem) => `${p.file}:${p.line}:${p.column}:${p.code}:${p.message}`;

/** The check of the files, then of the pages drawn from them, for the day in `options.today`. */
async function checkOnDay(options: ContentOptions, draw: DrawSite): Promise<ContentResult> {
  const result = await checkContent(options);
  if (result.errors > 0 || !result.site) return result;
  const { pageData } = contentModules(new LogoFiles());
  const pages = await draw({
    site: { site: result.site.site, ...new LogoFiles().inline(result.site.assets) },
    pages: result.pages.map((page) => pageData(page, result.site)),
  });
  const { findings, changed } = checkDrawnPages(pages);
  if (changed.length > 0) throw traceChanged(changed);
  return findings.length === 0 ? result : checkContent({ ...options, rendered: findings });
}

/** The marks changed what a page draws, so the rendered check's findings cannot be trusted: a fault of the code. */
export function traceChanged(changed: readonly TraceChanged[]): Error {
  const [first] = changed;
  return new Error(
    `RenderedTraceChanged: marking the texts of ${changed.length} page(s) for the rendered-page check changed what they draw, so its findings could not be trusted. ` +
      `First on ${first!.route}, where the page has\n  ${JSON.stringify(first!.published)}\nand the marked one, marks removed,\n  ${JSON.stringify(first!.marked)}\n` +
      'A section uses one of its texts as more than text (to look something up, compare or parse it): add its key to `untracedKeys` in src/content/rendered/trace.ts.',
  );
}
