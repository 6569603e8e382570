/**
 * Routes. Each page has its own, and together they are the set every internal link is
 * checked against.
 */
import { explain } from '../catalog.ts';
import { repairFor } from '../fixes.ts';
import type { CheckRun } from './run.ts';
import type { ShapedFile } from './shape.ts';

/** Every route, with the file that defines it. */
export function checkRoutes(run: CheckRun, pages: readonly ShapedFile[]): Map<string, string> {
  const routes = new Map<string, string>();
  // A page whose YAML could not be read still claims its route, so its syntax error is not
  // followed by a false "unknown route" in every file that links to it.
  const read = new Set(pages.map((s) => s.file));
  for (const abs of run.pagePaths) {
    if (read.has(run.rel(abs))) continue;
    // A tag or an anchor before the value (`route: !!str /react`, reported on its page) is not the route.
    const route = run.textOf(abs).match(/^route:\s*(?:[!&]\S*\s+)*["']?([^\s"'#]+)/m)?.[1];
    if (route) routes.set(route, run.rel(abs));
  }
  // A route of the wrong form is reported on its page; the links elsewhere are checked against the
  // route it is about to become (`React` → `/react`), never suggested the misspelling itself.
  const rule = routeRule(run);
  for (const source of pages) {
    const written = (source.data as { route?: unknown } | null)?.route;
    if (typeof written !== 'string') continue;
    const route = new RegExp(rule).test(written) ? written : repairFor(written, rule);
    if (route === undefined) continue;
    const first = routes.get(route);
    if (first) {
      run.report(source, { code: 'DuplicateRoute', path: ['route'], ...explain.DuplicateRoute(route, first) });
    } else routes.set(route, source.file);
  }
  return routes;
}

function routeRule(run: CheckRun): string {
  const schema = JSON.parse(run.textOf(`${run.schemaDir}/page.schema.json`)) as { properties: { route: { pattern: string } } };
  return schema.properties.route.pattern;
}
