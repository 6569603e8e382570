/**
 * Checks all content in one pass and prepares it for the app: parses every YAML file with
 * positions, validates it against its schema, cross-checks routes, links, icons, logos and media,
 * and fills in what the build adds (schema defaults, image sizes, inlined icons and logos).
 * Used by the Vite plugin, by `npm run content:check` and by the tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, basename } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { HireTemplate, Page, Site } from '../generated/schema-types.ts';
import { compileSchemas, type RawProblem, type Reference, type Validators } from './validate.ts';
import { codeFrame, formatPath, locate } from './locate.ts';
import { closest } from './suggest.ts';
import { imageSize, logoNames, lucideIcons, lucideRenamed, narrowTwin, NARROW_WIDTH, resolveLogo, siblings } from './assets.ts';
import { buildOnlyCodes, type Problem, type ProblemCode, type Severity } from './catalog.ts';
import { lintContent } from './lint.ts';
import { yamlTextProblems } from './yaml-text.ts';
import { diagnoseSyntax } from './yaml-syntax.ts';
import { repairFor } from './fixes.ts';
import type { CollectedAssets, IconNode, LogoData } from './module-types.ts';

/** Where content, schemas and public files live; defaults follow the project layout. */
export interface ContentOptions {
  readonly root: string;
  readonly contentDir?: string;
  readonly schemaDir?: string;
  readonly publicDir?: string;
  /**
   * Pages that are not files of `contentDir`, checked and prepared exactly like them: the dev
   * server's section gallery is one, made of the schemas' examples. `file` is relative to `root`.
   */
  readonly extraPages?: readonly { readonly file: string; readonly text: string }[];
  /**
   * What the template's `TODO` texts are: warnings while a page is being written (the dev server),
   * errors when the site is to be published (`npm run build`, `npm run content:check`).
   */
  readonly unfinished?: 'warn' | 'fail';
}

/** A page that passed every check, ready to be served as a module. */
export interface CheckedPage {
  /** Module name of the page: its file name without extension. */
  readonly name: string;
  readonly file: string;
  readonly page: Page;
  readonly assets: CollectedAssets;
  readonly usesHire: boolean;
}

/** Everything the check found and prepared. Content is only present when it has no errors. */
export interface ContentResult {
  readonly problems: readonly Problem[];
  readonly errors: number;
  readonly warnings: number;
  /** Every file that was read (content and schemas), for watching. */
  readonly files: readonly string[];
  readonly site?: { readonly site: Site; readonly assets: CollectedAssets };
  readonly hire?: { readonly template: HireTemplate; readonly assets: CollectedAssets };
  readonly pages: readonly CheckedPage[];
}

interface SourceFile {
  readonly file: string;
  readonly text: string;
  readonly doc: Document;
  readonly counter: LineCounter;
  data: unknown;
}

let cached: { key: string; validators: Validators } | undefined;
function validatorsFor(schemaDir: string): Validators {
  const files = listFiles(schemaDir, '.schema.json');
  const key = files.map((f) => `${f}:${statSync(f).mtimeMs}`).join('|');
  if (cached?.key !== key) cached = { key, validators: compileSchemas(schemaDir) };
  return cached.validators;
}

function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? listFiles(full, suffix) : name.endsWith(suffix) ? [full] : [];
    })
    .sort();
}

/** Runs every check over the content folder. Never throws for bad content: it reports problems. */
export async function checkContent(options: ContentOptions): Promise<ContentResult> {
  const root = options.root;
  const contentDir = options.contentDir ?? join(root, 'content');
  const schemaDir = options.schemaDir ?? join(root, 'schemas');
  const publicDir = options.publicDir ?? join(root, 'public');
  const validators = validatorsFor(schemaDir);
  const problems: Problem[] = [];
  const rel = (abs: string) => relative(root, abs).split('\\').join('/');
  const extraPages = new Map((options.extraPages ?? []).map((p) => [join(root, p.file), p.text]));
  const textOf = (abs: string) => extraPages.get(abs) ?? readFileSync(abs, 'utf8');

  const report = (
    source: SourceFile,
    raw: Omit<RawProblem, 'code'> & { code: ProblemCode },
    severity: Severity = 'error',
  ) => {
    const position = locate(source.doc, source.counter, raw.path, raw.key);
    const keyed = raw.code === 'UnknownProperty' || raw.code === 'RenamedProperty';
    const path = formatPath(raw.key && keyed ? [...raw.path, raw.key] : raw.path);
    problems.push({
      code: raw.code,
      severity,
      file: source.file,
      line: position.line,
      column: position.column,
      path,
      message: raw.message,
      ...(raw.hint ? { hint: raw.hint } : {}),
      frame: codeFrame(source.text, position),
    });
  };

  const read = (abs: string): SourceFile | undefined => {
    const file = rel(abs);
    const text = textOf(abs);
    const counter = new LineCounter();
    const doc = parseDocument(text, { lineCounter: counter, prettyErrors: true, uniqueKeys: true });
    const source: SourceFile = { file, text, doc, counter, data: undefined };
    if (doc.errors.length > 0) {
      // One mistake, one message: the parser's later errors are echoes of its first.
      const { line, column, message, hint } = diagnoseSyntax(text, doc.errors, counter);
      problems.push({
        code: 'YamlSyntax',
        severity: 'error',
        file,
        line,
        column,
        path: '',
        message,
        hint,
        frame: codeFrame(text, { line, column }),
      });
      return undefined;
    }
    const textProblems = yamlTextProblems(doc, text);
    for (const problem of textProblems) {
      const { line, col } = counter.linePos(problem.offset);
      problems.push({
        code: problem.code,
        severity: 'error',
        file,
        line,
        column: col,
        path: '',
        message: problem.message,
        hint: problem.hint,
        frame: codeFrame(text, { line, column: col }),
      });
    }
    // Without its anchor an alias has no value, and the file none as data.
    if (textProblems.some((p) => p.code === 'UnknownAlias')) return undefined;
    try {
      source.data = doc.toJS();
    } catch (error) {
      // What YAML refuses to expand, such as aliases nested into millions of copies: reported, never a crash.
      problems.push({
        code: 'YamlSyntax',
        severity: 'error',
        file,
        line: 1,
        column: 1,
        path: '',
        message: `The YAML could not be turned into content: ${(error as Error).message}.`,
        hint: 'Write the values out instead of repeating them with `&name` and `*name`.',
        frame: codeFrame(text, { line: 1, column: 1 }),
      });
      return undefined;
    }
    return source;
  };

  // 1. Parse and validate every file against its schema.
  const sitePath = join(contentDir, 'site.yaml');
  const hirePath = join(contentDir, 'shared', 'hire.yaml');
  const pagePaths = [
    ...listFiles(join(contentDir, 'pages'), '.yaml'),
    ...listFiles(join(contentDir, 'pages'), '.yml'),
    ...extraPages.keys(),
  ].sort();
  const references = new Map<SourceFile, Reference[]>();
  const validateFile = (abs: string, validate: Validators['site']) => {
    const source = read(abs);
    if (!source) return undefined;
    const result = validators.run(validate, source.data);
    for (const raw of result.problems) report(source, raw);
    references.set(source, result.references);
    return result.problems.length === 0 ? source : { ...source, invalid: true as const };
  };

  let siteSource: (SourceFile & { invalid?: true }) | undefined;
  if (existsSync(sitePath)) siteSource = validateFile(sitePath, validators.site);
  else problems.push(fileMissing(rel(sitePath), 'It holds the brand, navigation and footer of every page.'));

  const hireSource = existsSync(hirePath) ? validateFile(hirePath, validators.hire) : undefined;
  const pageSources = pagePaths.map((p) => validateFile(p, validators.page)).filter((s) => s !== undefined);

  // 2. Routes: unique, and the set every internal link is checked against. A page whose YAML
  // could not be read still claims its route, so its syntax error is not followed by a false
  // "unknown route" in every file that links to it.
  const routes = new Map<string, string>();
  for (const abs of pagePaths) {
    if (pageSources.some((s) => s.file === rel(abs))) continue;
    const route = textOf(abs).match(/^route:\s*["']?([^\s"'#]+)/m)?.[1];
    if (route) routes.set(route, rel(abs));
  }
  // A route of the wrong form is reported on its page; the links elsewhere are checked against the
  // route it is about to become (`React` → `/react`), never suggested the misspelling itself.
  const routeRule = (JSON.parse(textOf(join(schemaDir, 'page.schema.json'))) as { properties: { route: { pattern: string } } })
    .properties.route.pattern;
  for (const source of pageSources) {
    const written = (source.data as { route?: unknown } | null)?.route;
    if (typeof written !== 'string') continue;
    const route = new RegExp(routeRule).test(written) ? written : repairFor(written, routeRule);
    if (route === undefined) continue;
    const first = routes.get(route);
    if (first) {
      report(source, {
        code: 'DuplicateRoute',
        path: ['route'],
        message: `The route \`${route}\` is already used by ${first}.`,
        hint: 'Every page needs its own route: change this one, or remove one of the two files.',
      });
    } else routes.set(route, source.file);
  }

  // 3. References: links, icons, logos, images and videos; identifiers unique within a file.
  const icons = lucideIcons();
  let allLogos: string[] | undefined;
  const assetsOf = new Map<SourceFile, { icons: Record<string, IconNode>; logos: Record<string, LogoData> }>();
  for (const [source, refs] of references) {
    const assets = { icons: {} as Record<string, IconNode>, logos: {} as Record<string, LogoData> };
    assetsOf.set(source, assets);
    for (const ref of refs) {
      if (ref.kind === 'link' && typeof ref.value === 'string' && ref.value.startsWith('/')) {
        const route = ref.value.replace(/#.*$/, '');
        if (!routes.has(route)) {
          const guess = closest(route, routes.keys());
          report(source, {
            code: 'UnknownRoute',
            path: ref.path,
            message: `The link \`${ref.value}\` goes to a route that no page defines.`,
            hint: `${guess ? `Did you mean \`${guess}\`? ` : ''}Routes come from the \`route\` of each file in content/pages/.`,
          });
        }
      } else if (ref.kind === 'icon' && typeof ref.value === 'string') {
        const node = icons.get(ref.value);
        if (node) assets.icons[ref.value] = node;
        else {
          const renamed = lucideRenamed(ref.value);
          const guess = renamed ?? closest(ref.value, icons.keys());
          report(source, {
            code: 'UnknownIcon',
            path: ref.path,
            message: renamed
              ? `\`${ref.value}\` is an old Lucide name; the icon is now called \`${renamed}\`.`
              : `\`${ref.value}\` is not the name of a Lucide icon.`,
            hint: `${guess ? `Use \`${guess}\`. ` : ''}Names are listed at https://lucide.dev/icons (kebab-case, such as \`cloud-cog\`).`,
          });
        }
      } else if (ref.kind === 'logo' && typeof ref.value === 'string') {
        const logo = await resolveLogo(ref.value);
        if (logo) assets.logos[ref.value] = logo;
        else {
          allLogos ??= await logoNames();
          const guess = closest(ref.value, allLogos);
          report(source, {
            code: 'UnknownLogo',
            path: ref.path,
            message: `\`${ref.value}\` is not a logo of the Iconify \`logos\` set or of Simple Icons.`,
            hint: `${guess ? `Did you mean \`${guess}\`? ` : ''}Look the name up at https://icon-sets.iconify.design/logos/ or https://simpleicons.org.`,
          });
        }
      } else if (ref.kind === 'image' && isRecord(ref.value) && typeof ref.value.src === 'string') {
        const image = ref.value as {
          src: string;
          width?: number;
          height?: number;
          avif?: string;
          narrow?: { src: string; avif?: string; width: number };
        };
        const file = join(publicDir, image.src);
        if (!existsSync(file)) {
          reportMissing(source, [...ref.path, 'src'], image.src);
          continue;
        }
        const size = imageSize(file);
        image.width ??= size?.width;
        image.height ??= size?.height;
        const twin = image.src.replace(/\.[a-z]+$/, '.avif');
        if (twin !== image.src && !image.src.endsWith('.svg') && existsSync(join(publicDir, twin))) image.avif ??= twin;
        // A narrow copy for phones, when the picture is wider than it (scripts/media/narrow.mjs).
        const narrow = narrowTwin(image.src);
        if (!image.narrow && !image.src.endsWith('.svg') && (image.width ?? 0) > NARROW_WIDTH && existsSync(join(publicDir, narrow))) {
          const narrowAvif = narrowTwin(twin);
          image.narrow = {
            src: narrow,
            width: NARROW_WIDTH,
            ...(image.avif && existsSync(join(publicDir, narrowAvif)) ? { avif: narrowAvif } : {}),
          };
        }
      } else if (ref.kind === 'video' && isRecord(ref.value)) {
        for (const key of ['webm', 'mp4'] as const) {
          const src = ref.value[key];
          if (typeof src === 'string' && !existsSync(join(publicDir, src))) reportMissing(source, [...ref.path, key], src);
        }
      }
    }
    findDuplicateIds(source).forEach((raw) => report(source, raw));
  }

  function reportMissing(source: SourceFile, path: (string | number)[], src: string) {
    const guess = closest(src, siblings(publicDir, src));
    report(source, {
      code: 'MissingAsset',
      path,
      message: `The file \`public${src}\` does not exist.`,
      hint: `${guess ? `Did you mean \`${guess}\`? ` : ''}Put the file under public/ and write its path from there, starting with \`/\`.`,
    });
  }

  // 4. Pages that include the shared hiring template need it.
  const hirePages = pageSources.filter((s) => sectionsOf(s).some((sec) => sec.type === 'hire'));
  if (hirePages.length > 0 && !existsSync(hirePath)) {
    problems.push(
      fileMissing(rel(hirePath), `${hirePages[0]!.file} has a \`hire\` section, whose slides, steps and reasons come from this file.`),
    );
  }

  // 5. Search-engine texts: warnings, not errors.
  for (const source of pageSources) {
    const data = source.data as { title?: unknown; description?: unknown } | null;
    lengthWarning(source, 'title', data?.title, 30, 60, 'TitleLength');
    lengthWarning(source, 'description', data?.description, 70, 160, 'DescriptionLength');
  }
  function lengthWarning(source: SourceFile, key: string, value: unknown, min: number, max: number, code: ProblemCode) {
    if (typeof value !== 'string') return;
    if (value.length >= min && value.length <= max) return;
    report(
      source,
      {
        code,
        path: [key],
        message: `The ${key} has ${value.length} characters; search engines show ${min} to ${max} best.`,
        hint: value.length < min ? `Say a little more about the page in the ${key}.` : `Shorten the ${key}; search results cut it off.`,
      },
      'warning',
    );
  }

  // 6. Lint: what the schemas cannot say (src/content/lint.ts). Files whose shape is wrong are left
  // out, and so is anything that is not a file of the content folder.
  const misshapen = new Set(problems.filter((p) => p.severity === 'error' && !buildOnlyCodes.has(p.code)).map((p) => p.file));
  const contentPrefix = `${rel(contentDir)}/`;
  const linted = [...references].filter(([source]) => source.file.startsWith(contentPrefix) && !misshapen.has(source.file));
  const findings = lintContent({
    files: linted.map(([source, refs]) => ({
      file: source.file,
      kind: source.file === rel(sitePath) ? 'site' : source.file === rel(hirePath) ? 'hire' : 'page',
      data: source.data,
      references: refs,
      text: source.text,
    })),
    routes,
    root,
    publicDir,
    complete: misshapen.size === 0 && !problems.some((p) => p.code === 'FileUnreadable'),
  });
  for (const { file, path, at, code, severity, message, hint } of findings) {
    const source = linted.find(([s]) => s.file === file)?.[0];
    if (source && at) problems.push({ code, severity, file, ...at, path: formatPath(path), message, hint, frame: codeFrame(source.text, at) });
    else if (source) report(source, { code, path, message, hint }, severity);
    else problems.push({ code, severity, file, line: 1, column: 1, path: formatPath(path), message, hint, frame: '' });
  }

  // A text cut short by ` #` explains whatever else is said of it (a title too short, say): one
  // mistake, one message.
  const cut = new Set(problems.filter((p) => p.code === 'CommentInText').map((p) => `${p.file}:${p.line}`));
  for (let i = problems.length - 1; i >= 0; i--) {
    const p = problems[i]!;
    if (p.code !== 'CommentInText' && cut.has(`${p.file}:${p.line}`)) problems.splice(i, 1);
  }
  if (options.unfinished === 'fail') {
    problems.forEach((p, i) => {
      if (p.code !== 'PlaceholderText') return;
      const hint = `${p.hint ?? ''} A page with the template's text is not published, so the build stops here.`.trim();
      problems[i] = { ...p, severity: 'error', hint };
    });
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const files = [...listFiles(contentDir, '.yaml'), ...listFiles(contentDir, '.yml'), ...validators.schemaFiles];
  if (errors > 0) return { problems, errors, warnings: problems.length - errors, files, pages: [] };

  const hire = hireSource && { template: hireSource.data as HireTemplate, assets: assetsOf.get(hireSource)! };
  return {
    problems,
    errors,
    warnings: problems.length,
    files,
    site: { site: siteSource!.data as Site, assets: assetsOf.get(siteSource!)! },
    ...(hire ? { hire } : {}),
    pages: pageSources.map((source) => {
      const usesHire = sectionsOf(source).some((s) => s.type === 'hire');
      const own = assetsOf.get(source)!;
      return {
        name: basename(source.file).replace(/\.ya?ml$/, ''),
        file: source.file,
        page: source.data as Page,
        usesHire,
        assets:
          usesHire && hire
            ? { icons: { ...own.icons, ...hire.assets.icons }, logos: { ...own.logos, ...hire.assets.logos } }
            : own,
      };
    }),
  };
}

function sectionsOf(source: SourceFile): { type?: unknown }[] {
  const sections = (source.data as { sections?: unknown } | null)?.sections;
  return Array.isArray(sections) ? sections.filter(isRecord) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every `id:` in a file names one thing: a section anchor or a careers role. */
function findDuplicateIds(source: SourceFile): RawProblem[] {
  const seen = new Map<string, (string | number)[]>();
  const found: RawProblem[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isRecord(value)) {
      if (typeof value.id === 'string' && path.length > 0) {
        const first = seen.get(value.id);
        if (first)
          found.push({
            code: 'DuplicateId',
            path: [...path, 'id'],
            message: `The id \`${value.id}\` is already used at \`${formatPath(first)}\`.`,
            hint: 'Ids name one thing each within a file; choose another.',
          });
        else seen.set(value.id, path);
      }
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(source.data, []);
  return found;
}

function fileMissing(file: string, why: string): Problem {
  return {
    code: 'FileUnreadable',
    severity: 'error',
    file,
    line: 1,
    column: 1,
    path: '',
    message: `${file} does not exist.`,
    hint: `Create it. ${why}`,
    frame: '',
  };
}
