/**
 * `npm run new:section -- <type>`: adds a section type in the places a section lives (see
 * docs/sections.md): its schema `schemas/sections/<type>.schema.json`, its component folder
 * `src/sections/<type>/` (component, styles, test), and its lines in `src/sections/registry.ts`
 * (its component) and `src/sections/meta.ts` (what the engine knows of it: nothing beyond the defaults).
 * Then it runs the type generator, which adds the type to the page schema's list and to the
 * generated types, so typecheck, content check and tests pass straight away and the section shows
 * in the dev server's gallery (`/__sections`).
 *
 * Nothing is written until every check has passed, and if the type generator fails, everything
 * written is taken back, so a refused or failed run leaves the tree as it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const templates = join(root, 'scripts/templates/section');
const rel = (file: string) => relative(root, file);

/** A refusal: the permanent name, what is wrong, and what to do. */
class Refusal extends Error {
  constructor(code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** `stats_Band`, `StatsBand`, `stats band` → `stats-band`: what the author probably meant. */
const toKebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^[0-9-]+/, '');

const pascal = (type: string) => type.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase());
const label = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replace(/-/g, ' ');

function validateName(args: readonly string[]): string {
  const options = args.filter((a) => a.startsWith('-'));
  if (options.length > 0) {
    throw new Refusal(
      'UnknownOption',
      `new:section takes only the name of the type, not ${options.map((o) => `\`${o}\``).join(', ')}.`,
    );
  }
  const names = args;
  if (names.length === 0) {
    throw new Refusal('SectionNameMissing', 'give the name of the new section type: `npm run new:section -- stats-band`.');
  }
  if (names.length > 1) {
    throw new Refusal(
      'OneSectionAtATime',
      `one name at a time, got ${names.map((n) => `\`${n}\``).join(', ')}. Run the command once per section type.`,
    );
  }
  const name = names[0]!;
  if (!KEBAB.test(name)) {
    const guess = toKebab(name);
    throw new Refusal(
      'SectionNameInvalid',
      `\`${name}\` cannot be a section type. Types are kebab-case: lowercase letters and digits, words joined by single ` +
        `hyphens, starting with a letter, as content writes them (\`type: stats-band\`).` +
        (guess && KEBAB.test(guess) && guess !== name ? ` Did you mean \`${guess}\`?` : ''),
    );
  }
  return name;
}

/** Every `title` in the schemas: each becomes a generated type name, so a new one must be free. */
function titlesInSchemas(): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (node: unknown, file: string) => {
    if (Array.isArray(node)) node.forEach((n) => walk(n, file));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'title' && typeof value === 'string') titles.set(value, file);
        else if (key !== 'examples') walk(value, file);
      }
    }
  };
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (name.endsWith('.schema.json')) walk(JSON.parse(readFileSync(full, 'utf8')), rel(full));
    }
  };
  visit(join(root, 'schemas'));
  return titles;
}

/** A map of the section types in a source file: where it starts and ends, and the entry a type gets. */
interface TypeMap {
  readonly file: string;
  readonly start: string;
  readonly end: string;
  entry(key: string, type: string): string;
}

const REGISTRY: TypeMap = {
  file: 'src/sections/registry.ts',
  start: 'export const registry = {',
  end: '} satisfies Registry;',
  entry: (key, type) => `  ${key}: () => import('./${type}/index.tsx'),`,
};
// The generated section draws one heading, its own (its item titles are not headings), and has
// nothing else the engine needs to know: the defaults, so it needs no meta.ts of its own.
const META: TypeMap = {
  file: 'src/sections/meta.ts',
  start: 'export const sectionMeta = {',
  end: '} satisfies',
  entry: (key) => `  ${key}: {},`,
};

/** The map with one more line, in alphabetical order of the types, above the next type's comment. */
function mapWith(map: TypeMap, source: string, type: string): string {
  const start = source.indexOf(map.start);
  const end = source.indexOf(map.end, start);
  if (start < 0 || end < 0) {
    throw new Refusal(
      'RegistryUnreadable',
      `${map.file} has no \`${map.start} … ${map.end}\` block to add to. Nothing was written.`,
    );
  }
  const lines = source
    .slice(start + map.start.length, end)
    .split('\n')
    .filter((l) => l.trim() !== '');
  // `'card-grid': cardGrid,` or, when the type is its own variable's name, `careers,`.
  const keyOf = (line: string) => line.trim().match(/^'?([a-z0-9-]+)'?\s*[:,]/)?.[1] ?? '';
  if (lines.some((line) => keyOf(line) === type)) {
    throw new Refusal('SectionExists', `${map.file} already has an entry for \`${type}\`. Choose another name.`);
  }
  const key = /^[a-z][a-z0-9]*$/.test(type) ? type : `'${type}'`;
  let at = lines.findIndex((line) => keyOf(line) !== '' && keyOf(line) > type);
  if (at < 0) at = lines.length;
  while (at > 0 && lines[at - 1]!.trim().startsWith('//')) at--;
  lines.splice(at, 0, map.entry(key, type));
  return `${source.slice(0, start + map.start.length)}\n${lines.join('\n')}\n${source.slice(end)}`;
}

async function pretty(file: string, text: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

async function main() {
  const type = validateName(process.argv.slice(2));
  const schemaFile = join(root, 'schemas/sections', `${type}.schema.json`);
  const folder = join(root, 'src/sections', type);
  const registryFile = join(root, REGISTRY.file);
  const metaFile = join(root, META.file);

  const taken = [schemaFile, folder].filter((p) => existsSync(p)).map(rel);
  if (taken.length > 0) {
    throw new Refusal(
      'SectionExists',
      `\`${type}\` is already a section type, or partly one: ${taken.join(' and ')} exist${taken.length === 1 ? 's' : ''}. ` +
        'Choose another name, or finish that section by hand (docs/sections.md lists its places).',
    );
  }
  const names = { type, Name: pascal(type), Title: `${pascal(type)}Section`, Item: `${pascal(type)}Item`, Label: label(type) };
  const titles = titlesInSchemas();
  const clash = [names.Title, names.Item].filter((t) => titles.has(t));
  if (clash.length > 0) {
    throw new Refusal(
      'SectionTypeNameTaken',
      `the generated type name${clash.length === 1 ? '' : 's'} ${clash.map((t) => `\`${t}\` (${titles.get(t)})`).join(', ')} ` +
        `already exist${clash.length === 1 ? 's' : ''}; \`${type}\` would make two types of that name. Choose another name.`,
    );
  }
  const registryBefore = readFileSync(registryFile, 'utf8');
  const metaBefore = readFileSync(metaFile, 'utf8');
  const fill = (template: string) =>
    readFileSync(join(templates, template), 'utf8').replace(
      /\{\{(type|Name|Title|Item|Label)\}\}/g,
      (_m, key: keyof typeof names) => names[key],
    );

  const files: [string, string][] = [
    [schemaFile, fill('schema.json.tpl')],
    [join(folder, 'index.tsx'), fill('index.tsx.tpl')],
    [join(folder, 'styles.module.css'), fill('styles.module.css.tpl')],
    [join(folder, 'index.test.tsx'), fill('index.test.tsx.tpl')],
  ];
  const registryAfter = await pretty(registryFile, mapWith(REGISTRY, registryBefore, type));
  const metaAfter = await pretty(metaFile, mapWith(META, metaBefore, type));
  const formatted = await Promise.all(files.map(async ([file, text]) => [file, await pretty(file, text)] as const));

  // Everything is prepared and checked: write it.
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of formatted) writeFileSync(file, text);
  writeFileSync(registryFile, registryAfter);
  writeFileSync(metaFile, metaAfter);

  const gen = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/gen-types.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (gen.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    rmSync(schemaFile, { force: true });
    writeFileSync(registryFile, registryBefore);
    writeFileSync(metaFile, metaBefore);
    throw new Refusal(
      'TypeGenerationFailed',
      `\`npm run gen:types\` failed, so the new files were removed and the registry and the meta map restored:\n${gen.stderr || gen.stdout}`,
    );
  }

  // The content guide documents every type with its field table and a picture of its example
  // (tests/unit/content-guide.test.ts holds it to that): both are made now, not left for later.
  const docs = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/section-screenshots.ts'), '--only', type], {
    cwd: root,
    encoding: 'utf8',
  });
  const pictured = docs.status === 0;
  const created = [...formatted.map(([file]) => rel(file)), ...(pictured ? [`docs/images/sections/${type}.webp`] : [])];
  console.log(`Added the section type \`${type}\`:
${created.map((f) => `  created  ${f}`).join('\n')}
  changed  ${rel(registryFile)} (one line)
  changed  ${rel(metaFile)} (one line: \`{}\`, one heading and nothing else for the engine to know)
  changed  docs/content-guide.md (its field table)
${gen.stdout
  .trim()
  .split('\n')
  .map((line) => `  ${line}`)
  .join('\n')}

Next steps:
  1. Shape its fields in ${rel(schemaFile)} (a description on each, an example that shows it),
     then run \`npm run gen:types\`.
  2. Draw it in src/sections/${type}/index.tsx and styles.module.css. See it with \`npm run dev\`
     at /__sections#${type}.
     If it draws more headings than its own, opens a page, is a carousel or lists a collection,
     say so in a src/sections/${type}/meta.ts and name it in src/sections/meta.ts (docs/sections.md).
  3. Take its picture for the content guide again: \`npm run docs:screenshots -- --only ${type}\`.
  4. Check: \`npm run typecheck && npm run content:check && npx vitest run src/sections/${type}\`.
  5. Use it in a page: \`- type: ${type}\` under \`sections:\` in content/pages/<page>.yaml.
docs/sections.md explains how a section is validated, typed, registered, rendered and tested.`);
  if (!pictured) {
    const why = `${docs.stderr}${docs.stdout}`.split('\n').find((line) => /^\w+: /.test(line)) ?? docs.stderr.trim();
    console.error(
      `\nGuidePictureMissing: the section was added, but its picture for docs/content-guide.md was not taken.\n${why}\n` +
        `Mend that and run \`npm run docs:screenshots -- --only ${type}\`; until then tests/unit/content-guide.test.ts fails, naming \`${type}\`.`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Refusal ? error.message : error);
  process.exit(1);
});
