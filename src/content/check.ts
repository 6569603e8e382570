/**
 * Checks all content in one pass and prepares it for the app. The check is a sequence of phases,
 * each in a file of its own under check/, each given the context (check/run.ts: the options, where
 * things are, the files as read) and the data of the phases before it, and each returning its data
 * and the problems it found (`phase`); no phase changes another's data or imports a later one. In
 * order: collections and the pages their entries make (check/collections.ts), reading every file
 * (check/read.ts), filling in listings (check/listings.ts), validating every file against its schema
 * (check/shape.ts), entries no listing shows and notes on what is not published, routes
 * (check/routes.ts), what content refers to (check/references.ts), the shared content pages use
 * (check/shared.ts), search-engine texts (check/search-texts.ts), what schemas cannot say
 * (check/judge.ts), and that every section type can be drawn (check/registry.ts). Their problems
 * are then moved from made pages to the entries they come from and settled (check/settle.ts).
 * Only content without errors is then prepared: schema defaults (filled in by the validator),
 * inlined icons and logos, measured pictures (prepare-images.ts), and the site settings without the
 * entries that go to draft pages, as the references phase found them.
 * Used by the Vite plugin, by `npm run content:check` and by the tests.
 */import { fillSitePlaceholders } from './site-placeholders.ts';
import { withProseBlocks } from './markdown.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Page, SharedContent, Site } from '../generated/schema-types.ts';
import type { Problem } from './catalog.ts';
import { checkReferences } from './check/references.ts';
import { forgetReads, readContent } from './check/read.ts';
import { withListings } from './check/listings.ts';
import { valueAt } from './paths.ts';
import { checkRegistry } from './check/registry.ts';
import { checkRoutes } from './check/routes.ts';
import { listFiles, phase, startContext, withPages, type ContentOptions } from './check/run.ts';
import { settleProblems } from './check/settle.ts';
import { checkShapes, type ShapedFile } from './check/shape.ts';
import { readCollections, relocateMadePages } from './check/collections.ts';
import { reportUnlisted } from './check/listings.ts';
import { reportUnpublished } from './check/unpublished.ts';
import { checkShared, sharedUsedBy } from './check/shared.ts';
import { checkSearchTexts } from './check/search-texts.ts';
import { judgeContent } from './check/judge.ts';
import { reportRendered } from './check/rendered.ts';
import type { CollectedAssets } from './build/module-types.ts';
import { preparePictures, type PictureMemo } from './build/prepare-images.ts';
import { compileSchemas, type Validators } from './rules/validate.ts';

export type { ContentOptions } from './check/run.ts';

/** A page that passed every check, ready to be served as a module. */
export interface CheckedPage {
  /** Module name of the page: its file name without extension. */
  readonly name: string;
  readonly file: string;
  readonly page: Page;
  readonly assets: CollectedAssets;
  /** The shared content the page's sections draw on (content/shared/), prepared like the page. */
  readonly shared: Partial<SharedContent>;
}

/** Everything the check found and prepared. Content is only present when it has no errors. */
export interface ContentResult {
  readonly problems: readonly Problem[];
  readonly errors: number;
  readonly warnings: number;
  /** Every file that was read (content and schemas), for watching. */
  readonly files: readonly string[];
  readonly site?: { readonly site: Site; readonly assets: CollectedAssets };
  /** Shared content by name, prepared, with the assets it uses. */
  readonly shared: ReadonlyMap<string, { readonly data: unknown; readonly assets: CollectedAssets }>;
  readonly pages: readonly CheckedPage[];
}

/**
 * Compiled validators by the text of the schemas they were compiled from, not by where the files
 * are: the shared editor checks one copy of the site per change set, and keyed by path, each switch
 * between two change sets compiled the same schemas again and forgot every file read (180 ms of a
 * blocked server each time). Reads are forgotten only when the schemas really differ, since a file's
 * data holds its schema's defaults.
 */
const compiled = new LRUCache<string, Validators>({ max: 4 });
let lastSchemas: string | undefined;
function validatorsFor(schemaDir: string): Validators {
  const hash = createHash('sha256');
  for (const file of listFiles(schemaDir, '.schema.json')) hash.update(`${relative(schemaDir, file)}\0`).update(readFileSync(file));
  const key = hash.digest('base64');
  let validators = compiled.get(key);
  if (!validators) {
    validators = compileSchemas(schemaDir);
    compiled.set(key, validators);
  }
  if (lastSchemas !== undefined && lastSchemas !== key) forgetReads();
  lastSchemas = key;
  return validators;
}

/** Runs every check over the content folder. Never throws for bad content: it reports problems. */
export async function checkContent(options: ContentOptions): Promise<ContentResult> {
  const context = startContext(options);
  const validators = validatorsFor(context.schemaDir);
  // Each phase returns its data and its problems; later phases read earlier ones' data, never change it.
  const collected = phase(context, (run) => readCollections(run, validators));
  const collections = collected.value;
  // The pages made from entries are read, listed and checked like the files of content/pages/.
  const checked = withPages(context, collections.pages);
  const read = phase(checked, (run) => readContent(run, validators.shared.keys()));
  // Listings are filled in before their pages are validated, so the cards they fill are checked like any.
  const listed = phase(checked, (run) => read.value.pages.map((page) => withListings(run, page, collections)));
  const shaped = phase(checked, (run) => checkShapes(run, validators, { ...read.value, pages: listed.value }));
  const shapes = shaped.value;
  const entries = [...collections.byName.values()].flatMap((c) => c.entries);
  const unlisted = phase(checked, (run) => reportUnlisted(run, collections, listed.value));
  const unpublishedNotes = phase(checked, (run) => reportUnpublished(run, shapes.pages, collections));
  const routed = phase(checked, (run) => checkRoutes(run, shapes.pages));
  const routes = routed.value;
  const drafts = new Set(shapes.pages.filter((p) => (p.data as { draft?: unknown } | null)?.draft === true).map((p) => p.file));
  const referenced = phase(checked, (run) => checkReferences(run, shapes.references, routes, drafts));
  const { assetsOf, leftOut } = await referenced.value;
  const earlier = [
    collected,
    read,
    listed,
    shaped,
    unlisted,
    unpublishedNotes,
    routed,
    referenced,
    phase(checked, (run) => checkShared(run, shapes.pages, validators.sharedUses)),
    phase(checked, (run) => checkSearchTexts(run, shapes.pages)),
  ].flatMap((p) => p.problems);
  // What schemas cannot say is judged only of files whose shape is right (judge.ts).
  const judged = phase(checked, (run) => judgeContent(run, shapes.references, routes, earlier, entries),
  );
  const registered = phase(checked, (run) => checkRegistry(run, validators.sectionTypes));
  const drawn = phase(checked, (run) => reportRendered(run, options.rendered ?? [], shapes, entries, [...earlier, ...judged.problems]));
  const found = [...earlier, ...judged.problems, ...registered.problems, ...drawn.problems];
  // Template text in a draft entry, or one whose time is over, stops nothing, as in a draft page. A scheduled
  // one is published by a build on its day that nobody watches, so its template text stops publishing now.
  const unpublished = [...collections.made.values()]
    .filter((m) => m.entry.unpublished === 'draft' || m.entry.unpublished === 'expired')
    .map((m) => m.entry.source.file);
  const problems = settleProblems(checked, relocateMadePages(found, collections), new Set([...drafts, ...unpublished]));

  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const files = [
    ...listFiles(context.contentDir, '.yaml'),
    ...listFiles(context.contentDir, '.yml'),
    ...validators.schemaFiles,
  ];
  if (errors > 0) return { problems, errors, warnings, files, shared: new Map(), pages: [] };

  const pictures: PictureMemo = new Map();
  const prepared = <T>(source: ShapedFile) => preparePictures(source.data as T, shapes.references.get(source) ?? [], context.publicDir, pictures);
  const shared = new Map(
    [...shapes.shared].map(([name, source]) => [name, { data: prepared<unknown>(source), assets: assetsOf.get(source)! }]),
  );
  const site = withoutDraftEntries(prepared<Site>(shapes.site!), leftOut);
  return {
    problems,
    errors,
    warnings,
    files,
    site: { site, assets: assetsOf.get(shapes.site!)! },
    shared,
    // Drafts are part of the dev server and the editor, never of what is published.
    pages: shapes.pages.filter((source) => options.unfinished !== 'fail' || !drafts.has(source.file)).map((source) => {
      // A page carries the shared content its sections draw on, and the icons and logos in it.
      const drawn = sharedUsedBy(source, validators.sharedUses).flatMap((name) => {
        const found = shared.get(name);
        return found ? [[name, found] as const] : [];
      });
      const assets = [assetsOf.get(source)!, ...drawn.map(([, s]) => s.assets)];
      const made = collections.made.get(source.file);
      return {
        // A page made from an entry is named after its collection and entry: `roles/full-stack-developer`.
        name: made ? `${basename(dirname(made.entry.source.file))}/${made.entry.slug}` : basename(source.file).replace(/\.ya?ml$/, ''),
        file: made ? made.entry.source.file : source.file,
        // Prose is parsed once its placeholders hold the site's values, as the page shows them.
        page: withProseBlocks(fillSitePlaceholders(prepared<Page>(source), site)),
        shared: Object.fromEntries(drawn.map(([name, s]) => [name, s.data])) as Partial<SharedContent>,
        assets: {
          icons: Object.assign({}, ...assets.map((a) => a.icons)) as CollectedAssets['icons'],
          logos: Object.assign({}, ...assets.map((a) => a.logos)) as CollectedAssets['logos'],
        },
      };
    }),
  };
}

/** The site settings without the navigation and footer entries that go to draft pages (DraftLeftOut). */
function withoutDraftEntries(site: Site, leftOut: readonly (string | number)[][]): Site {
  if (leftOut.length === 0) return site;
  // A copy: the prepared site may be shared with the next check (prepare-images.ts).
  site = structuredClone(site);
  // From the last entry back, so each index still points at its entry.
  for (const path of [...leftOut].sort((a, b) => Number(b[b.length - 1]) - Number(a[a.length - 1]))) {
    const list = valueAt(site, path.slice(0, -1));
    if (Array.isArray(list)) list.splice(Number(path[path.length - 1]), 1);
  }
  return site;
}
