/**
 * `npm run new:page -- --route /kubernetes --template technology --label Kubernetes`: writes a new
 * page file into content/pages/ from a template in src/content/templates/page/. The page is valid at
 * once (the route exists as soon as the file does); its texts start with TODO, which the dev server
 * shows as warnings and `npm run content:check` and the build refuse until the page's own words are in.
 * Refuses a malformed route, a route or file that exists already, and an unknown template.
 *
 * `npm run new:page -- --collection roles --label "Data Engineer"` writes an entry of a collection
 * instead (content/roles/data-engineer.yaml, from src/content/templates/entry/roles.yaml): its page
 * exists at once, at the collection's route.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse, parseDocument } from 'yaml';

/**
 * The checkout this runs in: the nearest folder above this file that has the page templates. Found, not
 * counted: this file runs as source (src/content/cli/) and compiled into the editor service
 * (dist/editor-server/), at different depths.
 */
function checkoutOf(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'src/content/templates/page'))) return dir;
    if (dirname(dir) === dir) {
      throw new Error(`TemplatesMissing: no folder above ${start} has src/content/templates/page, so no page can be made from a template. Run this inside the site's checkout.`);
    }
  }
}
const projectRoot = checkoutOf(dirname(fileURLToPath(import.meta.url)));
const templateDir = join(projectRoot, 'src/content/templates/page');
const entryTemplateDir = join(projectRoot, 'src/content/templates/entry');

/** The page templates: the file names in src/content/templates/page/, without `.yaml`. */
export const templates = readdirSync(templateDir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.slice(0, -'.yaml'.length))
  .sort();

/** Where the new page's visitors come from: the hand-kept lists that should link to it. */
const linkFrom: Record<string, string> = {
  technology:
    'add a card for it to the "core technologies" card-grid in content/pages/technologies.yaml (that list is kept by hand), ' +
    'and a tile with `link:` in the tech-stack of related pages',
  service: 'add an item for it to the service-list in content/pages/services.yaml (that list is kept by hand)',
  page: 'add it to `navigation` or a footer group in content/site.yaml, or link to it from another page',
};

export interface NewPageOptions {
  readonly route: string;
  readonly template: string;
  /** The name the template's texts use (`Kubernetes`); by default made from the route. */
  readonly label?: string;
  /** The content folder; `content/` of the project by default. */
  readonly contentDir?: string;
}

export type NewPageResult =
  | { readonly ok: true; readonly file: string; readonly route: string; readonly label: string; readonly next: string }
  | { readonly ok: false; readonly error: string };

const routePattern = new RegExp(
  (
    JSON.parse(readFileSync(join(projectRoot, 'schemas/page.schema.json'), 'utf8')) as {
      properties: { route: { pattern: string } };
    }
  ).properties.route.pattern,
);

/** `/cloud-native` → `Cloud Native`. */
const labelFor = (route: string) =>
  route
    .slice(1)
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The route each page file of the folder claims (read as the content check reads it). */
function routesIn(pagesDir: string): Map<string, string> {
  const routes = new Map<string, string>();
  if (!existsSync(pagesDir)) return routes;
  for (const name of readdirSync(pagesDir).filter((f) => /\.ya?ml$/.test(f))) {
    const text = readFileSync(join(pagesDir, name), 'utf8');
    let route: unknown;
    try {
      route = (parse(text) as { route?: unknown } | null)?.route;
    } catch {
      route = text.match(/^route:\s*["']?([^\s"'#]+)/m)?.[1];
    }
    if (typeof route === 'string') routes.set(route, name);
  }
  return routes;
}

/** Writes the page, or says why it did not. Never overwrites anything. */
export function newPage(options: NewPageOptions): NewPageResult {
  const contentDir = resolve(options.contentDir ?? join(projectRoot, 'content'));
  const { route, template } = options;
  if (!templates.includes(template)) {
    return {
      ok: false,
      error: `UnknownTemplate: \`${template}\` is not a page template. Use one of ${templates.map((t) => `\`${t}\``).join(', ')} (files in src/content/templates/page/).`,
    };
  }
  // A page under another (`/careers/full-stack-developer`) is an entry of a collection, written with
  // `--collection`; a page file gets a route of one part.
  if (!routePattern.test(route) || route === '/' || route.lastIndexOf('/') > 0) {
    return {
      ok: false,
      error:
        `BadRoute: \`${route}\` is not a route for a new page. Write / followed by lowercase words joined by hyphens, ` +
        `such as \`/kubernetes\` or \`/cloud-native\` (no capitals, spaces, dots or further slashes; a page under another is an entry of a collection: \`--collection\`).`,
    };
  }
  const label = (options.label ?? labelFor(route)).trim();
  // The label goes into quoted texts and comments of the template, so it keeps to what names need.
  if (!/^[\p{L}\p{N} .+#/&()'-]{1,40}$/u.test(label)) {
    return {
      ok: false,
      error:
        `BadLabel: \`${label}\` cannot be used as the page's name. Use up to 40 letters, digits, spaces ` +
        "and . + # / & ( ) ' - (for example `Node.js`, `C#` or `UI/UX Design`).",
    };
  }
  const pagesDir = join(contentDir, 'pages');
  const fileName = `${route.slice(1)}.yaml`;
  const file = join(pagesDir, fileName);
  const taken = routesIn(pagesDir).get(route);
  if (taken) {
    return {
      ok: false,
      error: `RouteTaken: ${relative(process.cwd(), join(pagesDir, taken))} already has the route \`${route}\`. Edit that file, or choose another route.`,
    };
  }
  if (existsSync(file) || existsSync(file.replace(/\.yaml$/, '.yml'))) {
    return {
      ok: false,
      error: `FileExists: ${relative(process.cwd(), file)} exists already (with another route). Nothing was written; rename that file or choose another route.`,
    };
  }

  // The schemas beside the content folder when it has them (a copy of the whole project), else this project's.
  const beside = join(contentDir, '..', 'schemas/page.schema.json');
  const schemaFile = existsSync(beside) ? beside : join(projectRoot, 'schemas/page.schema.json');
  const schema = relative(pagesDir, schemaFile).split('\\').join('/');
  const text = readFileSync(join(templateDir, `${template}.yaml`), 'utf8')
    .replaceAll('{{schema}}', schema)
    .replaceAll('{{route}}', route)
    .replaceAll('{{label}}', label);
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    return {
      ok: false,
      error: `TemplateBroken: src/content/templates/page/${template}.yaml with this label is not valid YAML: ${doc.errors[0]!.message}`,
    };
  }
  writeFileSync(file, text, { flag: 'wx' });

  const shown = relative(process.cwd(), file);
  const next = [
    `Created ${shown} from the ${template} template: the page ${route} exists now.`,
    '',
    'Next:',
    `  1. Open ${shown} and replace every text that starts with TODO, and the notes marked TODO.`,
    '     `npm run content:check` lists each one that is left (PlaceholderText).',
    "  2. Put the page's own pictures under public/media/art/ and change the `src:` paths; the template borrows other pages' pictures.",
    `  3. See it while you write: \`npm run dev\`, then open ${route} at the address it prints (http://localhost:5173${route}).`,
    `  4. Help visitors find it: ${linkFrom[template] ?? linkFrom.page}.`,
    '  5. Run `npm run content:check` until it reports no errors and no TODO.',
  ].join('\n');
  return { ok: true, file, route, label, next };
}

export interface NewEntryOptions {
  /** The collection: a folder of content/ with a schema in schemas/collections/. */
  readonly collection: string;
  /** The entry's title; its file name is made from it unless `slug` is given. */
  readonly label: string;
  readonly slug?: string;
  readonly contentDir?: string;
  /** The day the entry is published from (YYYY-MM-DD); today by default. */
  readonly today?: string;
}

/** Writes an entry of a collection from its template, or says why it did not. Never overwrites anything. */
export function newEntry(options: NewEntryOptions): NewPageResult {
  const contentDir = resolve(options.contentDir ?? join(projectRoot, 'content'));
  const schemaDir = existsSync(join(contentDir, '..', 'schemas'))
    ? join(contentDir, '..', 'schemas')
    : join(projectRoot, 'schemas');
  const collections = existsSync(join(schemaDir, 'collections'))
    ? readdirSync(join(schemaDir, 'collections'))
        .filter((f) => f.endsWith('.schema.json'))
        .map((f) => f.slice(0, -'.schema.json'.length))
        .sort()
    : [];
  const { collection } = options;
  if (!collections.includes(collection)) {
    return {
      ok: false,
      error: `UnknownCollection: there is no collection \`${collection}\`. Collections: ${collections.map((c) => `\`${c}\``).join(', ') || 'none yet'} (schemas in schemas/collections/).`,
    };
  }
  const template = join(entryTemplateDir, `${collection}.yaml`);
  if (!existsSync(template)) {
    return {
      ok: false,
      error: `TemplateMissing: the collection \`${collection}\` has no template to start an entry from. Add src/content/templates/entry/${collection}.yaml (see the others there).`,
    };
  }
  const label = options.label.trim();
  if (!/^[\p{L}\p{N} .+#/&()'-]{1,60}$/u.test(label)) {
    return {
      ok: false,
      error: `BadLabel: \`${label}\` cannot be used as the entry's title. Use up to 60 letters, digits, spaces and . + # / & ( ) ' -.`,
    };
  }
  const slug = options.slug ?? slugFor(label);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
    return {
      ok: false,
      error: `BadSlug: \`${slug}\` cannot end a page address. Give \`--slug\` in lowercase words joined by hyphens, such as \`data-engineer\`.`,
    };
  }
  const dir = join(contentDir, collection);
  const file = join(dir, `${slug}.yaml`);
  if (existsSync(file) || existsSync(file.replace(/\.yaml$/, '.yml'))) {
    return {
      ok: false,
      error: `FileExists: ${relative(process.cwd(), file)} exists already. Nothing was written; edit that entry, or give another \`--slug\`.`,
    };
  }
  const definition = join(contentDir, 'collections', `${collection}.yaml`);
  const pattern = existsSync(definition)
    ? (parse(readFileSync(definition, 'utf8')) as { route?: string } | null)?.route
    : undefined;
  const route = pattern?.replace('{slug}', slug) ?? '';
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const later = new Date(Date.parse(today) + 90 * 86_400_000).toISOString().slice(0, 10);
  const text = readFileSync(template, 'utf8')
    .replaceAll(
      '{{schema}}',
      relative(dir, join(schemaDir, 'collections', `${collection}.schema.json`))
        .split('\\')
        .join('/'),
    )
    .replaceAll('{{label}}', label)
    .replaceAll('{{slug}}', slug)
    .replaceAll('{{today}}', today)
    .replaceAll('{{in90days}}', later);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text, { flag: 'wx' });
  const shown = relative(process.cwd(), file);
  const next = [
    `Created ${shown}: ${route ? `its page ${route} exists now` : `add content/collections/${collection}.yaml to give it a page`}.`,
    '',
    'Next:',
    `  1. Open ${shown} and replace every text that starts with TODO, and the notes marked TODO.`,
    `  2. See it while you write: \`npm run dev\`, then open ${route || 'its page'} at the address it prints.`,
    '  3. Run `npm run content:check` until it reports no errors and no TODO.',
  ].join('\n');
  return { ok: true, file, route, label, next };
}

/** `Data Engineer (BI)` → `data-engineer-bi`. */
const slugFor = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `--route /x --template t --label L --content-dir d` (or `--collection c --label L [--slug s]`), in any order; `--name=value` works too. */
export function parseArgs(argv: readonly string[]): { options?: NewPageOptions; entry?: NewEntryOptions; error?: string } {
  const values: Record<string, string> = {};
  const known = ['route', 'template', 'label', 'content-dir', 'collection', 'slug'];
  for (let i = 0; i < argv.length; i++) {
    const match = argv[i]!.match(/^--([a-z-]+)(?:=(.*))?$/);
    if (!match || !known.includes(match[1]!)) {
      return {
        error: `UnknownOption: new:page does not know \`${argv[i]}\`. Options: ${known.map((k) => `--${k}`).join(', ')}.`,
      };
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) return { error: `MissingValue: \`--${match[1]}\` needs a value.` };
    values[match[1]!] = value;
  }
  const contentDir = values['content-dir'] ? { contentDir: values['content-dir'] } : {};
  if (values.collection) {
    if (!values.label)
      return {
        error:
          'MissingLabel: say what the entry is called, for example\n  npm run new:page -- --collection roles --label "Data Engineer"',
      };
    return {
      entry: { collection: values.collection, label: values.label, ...(values.slug ? { slug: values.slug } : {}), ...contentDir },
    };
  }
  if (!values.route) {
    return {
      error:
        'MissingRoute: say which address the page gets, for example\n' +
        '  npm run new:page -- --route /kubernetes --template technology --label Kubernetes\n' +
        `Templates: ${templates.join(', ')} (page when left out).\n` +
        'For an entry of a collection (a role, a case study): npm run new:page -- --collection roles --label "Data Engineer"',
    };
  }
  return {
    options: {
      route: values.route,
      template: values.template ?? 'page',
      ...(values.label ? { label: values.label } : {}),
      ...(values['content-dir'] ? { contentDir: values['content-dir'] } : {}),
    },
  };
}

// Run as `npm run new:page`, not when bundled into a program of its own (the editor service), whose
// main file would otherwise pass for this one.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && /new-page\.ts$/.test(import.meta.url)) {
  const { options, entry, error } = parseArgs(process.argv.slice(2));
  const result = entry ? newEntry(entry) : options ? newPage(options) : { ok: false as const, error: error! };
  if (!result.ok) {
    console.error(result.error);
    process.exit(1);
  }
  console.log(result.next);
}
