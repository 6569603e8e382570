/**
 * The editor's forms driven as a marketer drives them, without a browser: the real SchemaForm
 * (react-jsonschema-form with our widgets) rendered into happy-dom, a field found by its id, a new
 * value typed, ticked or picked in it, and the form's answer passed through `settle` exactly as
 * EditorApp does. The tests generate their cases from the content and the schemas with this.
 */
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { SchemaForm, type FormContext } from '../../src/editor/ui/SchemaForm.tsx';
import { settle } from '../../src/editor/ui/form-model.ts';
import type { EditorCatalog } from '../../src/editor/api/api.ts';
import { join } from 'node:path';
import { listFiles } from '../../src/content/files.ts';
import { projectRoot } from './content-fixtures.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  examples?: unknown[];
  contentKind?: string;
  'x-widget'?: string;
  oneOf?: Schema[];
};
export type Key = string | number;
export type Data = Record<string, unknown>;

/** One form of a file, as EditorApp draws it: its schema, the data it shows, and how its answer joins the file's data. */
export interface FormOfFile {
  readonly name: string;
  readonly schema: Schema;
  readonly idPrefix: string;
  /** The part of the file's data the form shows. */
  readonly part: (data: Data) => Data;
  /** The file's data with the form's settled answer in place. */
  readonly join: (data: Data, answer: unknown) => Data;
}

/** The forms EditorApp draws for a file: a page's settings and each of its sections, or the whole file. */
export function formsOf(kind: string, file: string, data: Data, catalog: EditorCatalog): FormOfFile[] {
  const schemas = catalog.schemas as unknown as {
    page: Schema;
    site: Schema;
    sections: Record<string, { schema: Schema }>;
    shared: Record<string, Schema>;
    collections: Record<string, Schema>;
  };
  if (kind === 'page') {
    const sections = (data.sections ?? []) as Data[];
    return [
      {
        name: 'page settings',
        schema: schemas.page,
        idPrefix: 'page',
        part: (d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'sections')),
        join: (d, answer) => settle({ ...(answer as Data), sections: d.sections }, d, schemas.page) as Data,
      },
      ...sections.map((section, i): FormOfFile => {
        const schema = schemas.sections[String(section.type)]!.schema;
        return {
          name: `section ${i + 1} (${String(section.type)})`,
          schema,
          idPrefix: `s${i}`,
          part: (d) => (d.sections as Data[])[i]!,
          join: (d, answer) => {
            const list = d.sections as Data[];
            return { ...d, sections: list.toSpliced(i, 1, settle(answer, list[i], schema) as Data) };
          },
        };
      }),
    ];
  }
  const schema =
    kind === 'site'
      ? schemas.site
      : kind === 'shared'
        ? schemas.shared[file.replace(/^content\/shared\/|\.ya?ml$/g, '')]!
        : schemas.collections[file.split('/')[1]!]!;
  return [{ name: 'the file', schema, idPrefix: 'page', part: (d) => d, join: (d, answer) => settle(answer, d, schema) as Data }];
}

/** A form drawn into the document; `answers` holds every data the form reported. */
export class DrawnForm {
  readonly answers: unknown[] = [];
  private readonly host = document.createElement('div');
  private readonly root = createRoot(this.host);

  constructor(
    private readonly form: FormOfFile,
    private readonly context: FormContext,
  ) {
    document.body.append(this.host);
  }

  async draw(data: Data): Promise<void> {
    await act(async () =>
      this.root.render(
        createElement(SchemaForm, {
          schema: this.form.schema as never,
          data: this.form.part(data),
          errors: {},
          context: this.context,
          idPrefix: this.form.idPrefix,
          onChange: (answer: unknown) => this.answers.push(answer),
        }),
      ),
    );
  }

  /** The fields a marketer can type in, tick or pick from, by id. */
  fields(): HTMLElement[] {
    return [...this.host.querySelectorAll<HTMLElement>('input, textarea, select')].filter(
      (el) =>
        el.id.startsWith(`${this.form.idPrefix}_`) &&
        !el.id.includes('__') &&
        (el as HTMLInputElement).type !== 'file' &&
        (el as HTMLInputElement).type !== 'hidden',
    );
  }

  field(id: string): HTMLElement | undefined {
    return this.fields().find((el) => el.id === id);
  }

  /** Gives `value` to the field as a person would (typing, ticking, picking). */
  async enter(element: HTMLElement, value: unknown): Promise<void> {
    await act(async () => {
      if (element instanceof HTMLInputElement && element.type === 'checkbox') {
        if (element.checked !== value) element.click();
        return;
      }
      const prototype = Object.getPrototypeOf(element) as object;
      const setter = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
      if (element instanceof HTMLSelectElement) {
        // A person picks a choice by the words it shows (its enumLabels), the form stores the value.
        const labels = (schemaAt(this.form.schema, pathOfId(element.id)) as { enumLabels?: Record<string, string> } | undefined)
          ?.enumLabels;
        const shown = labels?.[String(value)] ?? String(value);
        const index = [...element.options].findIndex((o) => o.textContent === shown || o.value === String(value));
        setter.call(element, element.options[index]?.value ?? String(value));
        element.dispatchEvent(new Event('change', { bubbles: true }));
        return;
      }
      setter.call(element, String(value));
      element.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  unmount(): void {
    act(() => this.root.unmount());
    this.host.remove();
  }
}

let publicFiles: string[] | undefined;
const catalogRoot = projectRoot;

/** The path of a field from its id (`s3_cards_0_title` → cards, 0, title). */
export function pathOfId(id: string): Key[] {
  return id
    .split('_')
    .slice(1)
    .map((k) => (/^\d+$/.test(k) ? Number(k) : k));
}

/** The schema of the value at `path` under `schema`. */
export function schemaAt(schema: Schema, path: readonly Key[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const key of path) {
    if (!node) return undefined;
    node = typeof key === 'number' ? node.items : node.properties?.[key];
  }
  return node;
}

export function valueAt(data: unknown, path: readonly Key[]): unknown {
  let node = data;
  for (const key of path) node = node === null || typeof node !== 'object' ? undefined : (node as Record<Key, unknown>)[key];
  return node;
}

/**
 * A valid value of the field's kind that differs from `current`: another choice of a list, the
 * other state of a tick box, a number in range, a route, icon, logo or picture the site has, a
 * date, or the text with a word added (within its length).
 */
export function otherValue(
  schema: Schema,
  current: unknown,
  catalog: EditorCatalog,
  seen: readonly unknown[],
  /** Values the field must not take (ids the file already uses). */
  taken: ReadonlySet<unknown> = new Set(),
): unknown {
  publicFiles ??= listFiles(join(catalogRoot, 'public', 'media'), '').map((f) =>
    f.slice(join(catalogRoot, 'public').length).split('\\').join('/'),
  );
  // A field left out holds its default: picking the default would change nothing.
  const effective = current ?? schema.default;
  const pick = (options: readonly unknown[]) => options.find((o) => o !== effective && o !== undefined && o !== null);
  if (schema.enum) return pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return effective !== true;
  if (type === 'integer' || type === 'number') {
    const base =
      typeof current === 'number' ? current : typeof schema.default === 'number' ? schema.default : (schema.minimum ?? 1);
    const up = base + 1;
    return schema.maximum !== undefined && up > schema.maximum ? Math.max(schema.minimum ?? 0, base - 1) : up;
  }
  switch (schema.contentKind) {
    case 'link':
      return pick(['/contact', '/about', '/careers']);
    case 'icon':
      return pick(['rocket', 'star', 'shield']);
    case 'logo':
      return pick(['react', 'vue', 'angular-icon']);
    case 'image':
      return pick(catalog.media.filter((m) => m.startsWith('/media/art/') && m.endsWith('.webp')));
  }
  // A file under public/ (a video, a poster): another file of the same kind.
  const extension = typeof current === 'string' ? current.match(/^\/media\/.+(\.\w+)$/)?.[1] : undefined;
  const sameKind = extension ? pick(publicFiles.filter((f) => f.endsWith(extension))) : undefined;
  if (sameKind !== undefined) return sameKind;
  if (schema.format === 'date') return pick(['2025-06-30', '2025-05-31']);
  if (schema.format === 'email') return pick(['hello@example.com', 'team@example.com']);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    // A value another file has in the same field, the schema's own example, or a file the site has that fits
    // (a picture path where this file is the only one with the field, as site.yaml's share picture).
    const fits = [...(schema.examples ?? []), ...seen, ...catalog.media].filter(
      (v) => typeof v === 'string' && pattern.test(v) && !taken.has(v),
    );
    const other = pick(fits);
    if (other !== undefined) return other;
  }
  const text = typeof current === 'string' ? current : '';
  const word = 'Sutra';
  const max = schema.maxLength ?? Infinity;
  if (text === '') return word;
  if (text.length + word.length + 1 <= max) return `${text} ${word}`;
  return `${text.slice(0, Math.max(0, max - word.length - 1)).trimEnd()} ${word}`;
}
