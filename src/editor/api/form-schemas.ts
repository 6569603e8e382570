/**
 * The schemas as the editor's forms read them: each one whole, with every `$ref` written out, so a
 * form library needs no resolver for our files; the schemas in `schemas/` stay the only source.
 * On the way each node gets what the form shows: its label (the schema's `editorName`; a schema's
 * `title` names a TypeScript type and is not shown), and `x-widget` for the fields with a picker of their own (a link, an icon, a logo,
 * a picture, a text with **bold**). Values the build fills in (`filledByBuild`) are left out.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { listFiles } from '../../content/files.ts';
import { words } from '../ui/words.ts';

type Schema = Record<string, unknown>;

/** The common definitions that get a picker, by the name the schemas refer to them with. */
const widgets: Record<string, string> = {
  link: 'link',
  icon: 'icon',
  logo: 'logo',
  image: 'image',
  heading: 'rich',
  richText: 'rich',
};

/** What the editor's forms are made from. */
export interface FormSchemas {
  /** The page's own fields (route, title, description …), without its sections. */
  readonly page: Schema;
  /** Each section type: its form schema and the example content a new section starts from. */
  readonly sections: Readonly<
    Record<string, { readonly schema: Schema; readonly name: string; readonly description: string; readonly example: unknown }>
  >;
  readonly site: Schema;
  /** Shared content (content/shared/<name>.yaml), by name. */
  readonly shared: Readonly<Record<string, Schema>>;
  /** The entries of each collection (content/<name>/*.yaml), by collection name. */
  readonly collections: Readonly<Record<string, Schema>>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Schema;

export function formSchemas(schemaDir: string): FormSchemas {
  const common = readJson(join(schemaDir, 'common.schema.json'));
  const commonDefs = (common.definitions ?? {}) as Record<string, Schema>;

  /** `schema` with its references written out; `local` holds the definitions `#/…` refers to. */
  const inline = (schema: unknown, local: Record<string, Schema>, label?: string): unknown => {
    if (Array.isArray(schema)) return schema.map((s) => inline(s, local));
    if (!schema || typeof schema !== 'object') return schema;
    const node = { ...(schema as Schema) };
    let widget: string | undefined;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      delete node.$ref;
      if (!ref.includes('#')) {
        // A whole schema file, such as the site's closing banner, a section (`sections/cta-banner.schema.json`).
        const file = readJson(join(schemaDir, ref.replace(/^(\.\.\/)+/, '')));
        const resolved = inline(file, (file.definitions ?? {}) as Record<string, Schema>) as Schema;
        Object.assign(node, { ...resolved, ...node });
        return inline(node, local, label);
      }
      const name = ref.split('/').pop()!;
      const fromCommon = ref.includes('common.schema.json') || !(name in local);
      const target = fromCommon ? commonDefs[name] : local[name];
      if (!target) throw new Error(`The schema refers to ${ref}, which does not exist.`);
      if (fromCommon || local === commonDefs) widget = widgets[name];
      const resolved = inline(target, fromCommon ? commonDefs : local) as Schema;
      // The property's own name and description say what it is for here; the definition's name a kind.
      Object.assign(node, { ...resolved, ...node });
    }
    // A schema's `title` names its TypeScript type ("NavItem"); what a form shows is its editorName.
    const name = typeof node.editorName === 'string' ? node.editorName : label;
    if (name !== undefined) node.title = name;
    else delete node.title;
    for (const key of [
      '$schema',
      '$id',
      '$comment',
      'definitions',
      'examples',
      'patternErrorMessage',
      'filledByBuild',
    ] as const) {
      delete node[key];
    }
    if (widget) node['x-widget'] = widget;
    // Help texts are read by marketers in the form: `editorHelp` where the description speaks to developers,
    // and a code mark shown as quotes.
    if (typeof node.editorHelp === 'string') node.description = node.editorHelp;
    if (typeof node.description === 'string') node.description = node.description.replace(/`([^`]*)`/g, '“$1”');
    if (node.properties && typeof node.properties === 'object') {
      const properties: Schema = {};
      for (const [key, value] of Object.entries(node.properties as Record<string, Schema>)) {
        if ((value as { filledByBuild?: boolean }).filledByBuild) continue;
        // Every field a form shows has an editorName (tests/unit/editor-words.test.ts); the key in words is a last resort.
        properties[key] = inline(value, local, words(key)) as Schema;
      }
      node.properties = properties;
    }
    if (node.items) node.items = inline(node.items, local);
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (node[key]) node[key] = inline(node[key], local);
    return node;
  };
  const bundle = (file: string, title?: string): Schema => {
    const schema = readJson(file);
    const result = inline(schema, (schema.definitions ?? {}) as Record<string, Schema>) as Schema;
    if (title) result.title = title;
    // The editor's own pointer for VS Code; not content a marketer fills in.
    delete (result.properties as Schema | undefined)?.$schema;
    return result;
  };

  const sections: Record<string, { schema: Schema; name: string; description: string; example: unknown }> = {};
  for (const file of listFiles(join(schemaDir, 'sections'), '.schema.json')) {
    const raw = readJson(file);
    const type = basename(file, '.schema.json');
    sections[type] = {
      schema: bundle(file, typeof raw.editorName === 'string' ? raw.editorName : words(type)),
      name: typeof raw.editorName === 'string' ? raw.editorName : words(type),
      // The first sentence: what the chooser shows under the name (the rest is for developers).
      description: String(raw.description ?? '')
        .split(/(?<=\.)\s/)[0]!
        .replace(/`/g, ''),
      example: structuredClone((raw.examples as unknown[] | undefined)?.[0] ?? { type }),
    };
  }
  const page = bundle(join(schemaDir, 'page.schema.json'), 'Page');
  const pageProperties = { ...(page.properties as Schema) };
  delete pageProperties.sections;
  const shared: Record<string, Schema> = {};
  for (const file of listFiles(join(schemaDir, 'shared'), '.schema.json')) {
    shared[basename(file, '.schema.json')] = bundle(file);
  }
  const site = bundle(join(schemaDir, 'site.schema.json'), 'Site settings');
  const collections: Record<string, Schema> = {};
  for (const file of listFiles(join(schemaDir, 'collections'), '.schema.json')) {
    collections[basename(file, '.schema.json')] = bundle(file);
  }
  return {
    collections,
    page: { ...page, properties: pageProperties, required: (page.required as string[]).filter((k) => k !== 'sections') },
    sections,
    site,
    shared,
  };
}
