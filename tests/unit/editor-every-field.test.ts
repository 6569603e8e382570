// @vitest-environment happy-dom
/**
 * Every field of every content file, through the editor's own form: the cases are generated from
 * the content and the schemas, not listed by hand. For each field the form draws (page settings,
 * each section, site settings, shared blocks, entries of collections), a valid value of its kind
 * is entered as a marketer would, the form's answer is saved through the editor's API, and:
 * the content check passes, the diff touches only that value's lines, and undoing the change
 * saves the file back byte for byte.
 *
 * Drawing a form and entering a value takes a few milliseconds, saving runs the whole content check
 * (about 50 ms once warm): the first field of every form is entered, then a fixed-seed sample of all
 * fields (EVERY_FIELD_RUNS, 60 in the gate and 1,500 in the full sweep; 1,500 passed when it was written), and a smaller one is
 * saved and checked (EVERY_FIELD_SAVES, 15; 150).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, openFile, saveFile, type EditorCatalog, type FileEntry } from '../../src/editor/api/api.ts';
import { rewriteYaml } from '../../src/editor/shared/yaml-edit.ts';
import { YamlSource } from '../../src/editor/shared/yaml-source.ts';
import { same } from '../../src/editor/ui/same.ts';
import type { FormContext } from '../../src/editor/ui/SchemaForm.tsx';
import {
  DrawnForm,
  type FormOfFile,
  formsOf,
  otherValue,
  pathOfId,
  schemaAt,
  valueAt,
  type Data,
  type Key,
  type Schema,
} from './editor-form-driver.ts';
import { projectRoot } from './content-fixtures.ts';
import { runs } from '../helpers/depth.ts';

/** One field of one form of one file. */
interface Field {
  readonly file: string;
  readonly text: string;
  readonly data: Data;
  readonly form: FormOfFile;
  readonly id: string;
  /** Where the value is in the file's data. */
  readonly path: readonly Key[];
}

/** A field with a new value entered in it: the file's data and text after the edit. */
interface FieldCase extends Field {
  readonly after: string;
  readonly next: Data;
}

let root: string;
let editorCatalog: EditorCatalog;
let context: FormContext;
let seen: Map<string, unknown[]>;
const fields: Field[] = [];

/** Every value found in the content at each path shape (`sections.*.cards.*.link`), for fields with a pattern. */
function valuesByShape(files: readonly { data: unknown }[]): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  const walk = (value: unknown, shape: string) => {
    if (Array.isArray(value)) value.forEach((item) => walk(item, `${shape}.*`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${shape}.${k}`);
    else found.set(shape, [...(found.get(shape) ?? []), value]);
  };
  for (const f of files) walk(f.data, '');
  return found;
}

/** Whether `key` is one of the fields of which `schema` takes exactly one, and `data` has another of them. */
function exclusiveWithPresent(schema: Schema | undefined, data: unknown, key: string): boolean {
  const choices = (schema?.oneOf ?? [])
    .map((option) => option.required ?? [])
    .filter((r) => r.length === 1)
    .flat();
  return choices.includes(key) && !!data && typeof data === 'object' && choices.some((c) => c !== key && c in data);
}

const shapeOf = (path: readonly Key[]) => `.${path.map((k) => (typeof k === 'number' ? '*' : k)).join('.')}`;

/** The lines that differ between two texts: those of `before` and of `after` between their common first and last lines. */
function differingLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { first: start, removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

/** The lines (0-based, inclusive) the value at `path` is written on, with its key. */
function linesOf(text: string, path: readonly Key[]): [number, number] | undefined {
  const node = parseDocument(text).getIn(path, true) as { range?: [number, number, number] } | undefined;
  if (!node?.range) return undefined;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  return [lineAt(node.range[0]), lineAt(Math.max(node.range[0], node.range[1] - 1))];
}

/** Whether a field belongs to a choice of one (an icon or a picture) whose other field the data has. */
function takenChoice(form: FormOfFile, data: Data, inForm: readonly Key[]): boolean {
  return inForm.some(
    (key, k) =>
      typeof key === 'string' &&
      exclusiveWithPresent(schemaAt(form.schema, inForm.slice(0, k)), valueAt(form.part(data), inForm.slice(0, k)), key),
  );
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'editor-every-field-'));
  for (const folder of ['content', 'schemas', 'public'])
    cpSync(join(projectRoot, folder), join(root, folder), { recursive: true });
  editorCatalog = await catalog({ root });
  context = { catalog: editorCatalog, upload: () => Promise.reject(new Error('no uploads here')) };
  const opened = editorCatalog.files.map((entry: FileEntry) => ({ entry, ...openFile({ root }, entry.file) }));
  seen = valuesByShape(opened);
  for (const { entry, text, data } of opened) {
    for (const form of formsOf(entry.kind, entry.file, data as Data, editorCatalog)) {
      const drawn = new DrawnForm(form, context);
      await drawn.draw(data as Data);
      const prefix = form.idPrefix === 'page' ? [] : ['sections', Number(form.idPrefix.slice(1))];
      for (const { id } of drawn.fields()) {
        const inForm = pathOfId(id);
        if (!schemaAt(form.schema, inForm))
          throw new Error(`${entry.file}: the form draws ${id}, which its schema does not have`);
        // A new route is a rename, which changes other files too: it has tests of its own.
        if (inForm.length === 1 && inForm[0] === 'route') continue;
        // Adding the second of a choice of one is refused at its field, as it should be.
        if (takenChoice(form, data as Data, inForm)) continue;
        fields.push({ file: entry.file, text, data: data as Data, form, id, path: [...prefix, ...inForm] });
      }
      drawn.unmount();
    }
  }
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Enters a new valid value in the field, through the form, as a marketer would. */
/** Every value of an `id` key anywhere in a file's data. */
function idsIn(data: unknown, found = new Set<unknown>()): Set<unknown> {
  if (Array.isArray(data)) for (const item of data) idsIn(item, found);
  else if (data !== null && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) {
      if (key === 'id') found.add(value);
      idsIn(value, found);
    }
  return found;
}

async function drive(field: Field): Promise<FieldCase> {
  const { form, data, id } = field;
  const inForm = field.path.slice(form.idPrefix === 'page' ? 0 : 2);
  const prefix = field.path.slice(0, field.path.length - inForm.length);
  // An id names one thing in its file (the check refuses a second, DuplicateId): a marketer's new id is
  // one the file does not use yet, so the values seen elsewhere that this file uses are not offered.
  const taken = field.path.at(-1) === 'id' ? idsIn(data) : new Set<unknown>();
  const value = otherValue(
    schemaAt(form.schema, inForm)!,
    valueAt(data, field.path),
    editorCatalog,
    seen.get(shapeOf(field.path)) ?? [],
    taken,
  );
  if (value === undefined) throw new Error(`${field.file} ${id}: no other valid value`);
  const drawn = new DrawnForm(form, context);
  try {
    await drawn.draw(structuredClone(data));
    await drawn.enter(drawn.field(id)!, value);
    let next = form.join(data, drawn.answers.at(-1));
    // A field of a group the file does not have yet (a page's share picture, its structured
    // data): the group's other fields are filled too, as a marketer fills a new group.
    const created = inForm.findIndex((_, i) => valueAt(form.part(data), inForm.slice(0, i + 1)) === undefined);
    if (created !== -1 && created < inForm.length - 1) {
      const group = inForm.slice(0, created + 1);
      const groupId = [form.idPrefix, ...group].join('_');
      await drawn.draw(next);
      const others = drawn
        .fields()
        .map((el) => el.id)
        .filter((other) => other.startsWith(`${groupId}_`) && other !== id);
      for (const otherId of others) {
        const otherInForm = pathOfId(otherId);
        if (valueAt(form.part(next), otherInForm) !== undefined || takenChoice(form, next, otherInForm)) continue;
        await drawn.draw(next);
        const otherField = drawn.field(otherId);
        if (!otherField) continue;
        const otherPath = [...prefix, ...otherInForm];
        await drawn.enter(
          otherField,
          otherValue(schemaAt(form.schema, otherInForm)!, undefined, editorCatalog, seen.get(shapeOf(otherPath)) ?? []),
        );
        next = form.join(next, drawn.answers.at(-1));
      }
    }
    return { ...field, next, after: rewriteYaml(field.text, next, field.file) };
  } finally {
    drawn.unmount();
  }
}

/** The index in the path of the first group the edit created, or the last index when it created none. */
function createdAt(c: FieldCase): number {
  const at = c.path.findIndex((_, i) => valueAt(c.data, c.path.slice(0, i + 1)) === undefined);
  return at === -1 ? c.path.length - 1 : at;
}

/** What is wrong with an edit, or undefined: the value changed and nothing else, the diff is that value's lines, undo gives the file back. */
function faultOf(c: FieldCase): string | undefined {
  const name = `${c.file} ${c.id}`;
  const before = c.data;
  if (same(valueAt(c.next, c.path), valueAt(before, c.path))) return `${name}: the value did not change`;
  // The data with the edited value (and the group it created) put back is the data before.
  const restored = structuredClone(c.next);
  const created = createdAt(c);
  const holder = valueAt(restored, c.path.slice(0, created)) as Record<Key, unknown>;
  const old = valueAt(before, c.path.slice(0, created + 1));
  if (old === undefined) delete holder[c.path[created]!];
  else holder[c.path[created]!] = old;
  if (!same(restored, before)) return `${name}: other values changed too`;
  const { first, removed } = differingLines(c.text, c.after);
  if (removed.length > 0) {
    const span = linesOf(c.text, c.path.slice(0, created + 1));
    if (!span) return `${name}: adding the value removed lines ${JSON.stringify(removed)}`;
    if (first < span[0] - 1 || first + removed.length - 1 > span[1])
      return `${name}: lines ${first + 1} to ${first + removed.length} changed; the value is on ${span[0] + 1} to ${span[1] + 1}`;
  }
  // Written back from the edited text (the API writes the earlier text itself, tested below),
  // the data is the old one and only the value's lines differ (a folded paragraph may re-wrap).
  const undone = rewriteYaml(c.after, before, c.file);
  if (!same(YamlSource.parse(undone).toJS(), before)) return `${name}: undo did not give the data back`;
  const back = differingLines(c.text, undone);
  const span = linesOf(c.text, c.path.slice(0, created + 1));
  if (back.removed.length > 0 && (!span || back.first < span[0] - 1 || back.first + back.removed.length - 1 > span[1]))
    return `${name}: undo changed lines ${back.first + 1} to ${back.first + back.removed.length}, outside the value`;
  return undefined;
}

describe('every field of every content file, through the editor', () => {
  it('the forms draw every content file, with a field for each value a marketer writes', () => {
    expect(editorCatalog.files.length).toBeGreaterThan(40);
    expect(new Set(fields.map((f) => f.file)).size).toBe(editorCatalog.files.length);
    expect(fields.length).toBeGreaterThan(1500);
  });

  it('the first field of every form takes a new value that changes that value only, and undo gives its data back', async () => {
    const firsts = [...new Map(fields.map((f) => [`${f.file} ${f.form.name}`, f])).values()].reverse();
    const faults: string[] = [];
    for (const field of firsts) {
      const fault = faultOf(await drive(field));
      if (fault) faults.push(fault);
    }
    expect(faults).toEqual([]);
  }, 300_000);

  const randomFields = Number(process.env.EVERY_FIELD_RUNS ?? runs(60, 480));
  it(
    'any field, picked at random, takes a new value that changes that value only, and undo gives its data back',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(fields.length - 1), async (i) => {
          expect(faultOf(await drive(fields[i]!))).toBeUndefined();
        }),
        { seed: 33, numRuns: randomFields },
      );
      // A deadline against a hung case, from the cases' cost: about 0.1 s each quiet, three times that with two
      // CPU hogs beside the suite (stress-test, 2026-11-29, where a fixed 300 s ran out at full depth).
    },
    Math.max(300_000, randomFields * 600),
  );

  it('edits picked at random save through the content check, and undoing them saves the file back as it was', async () => {
    // Fields of groups the file has: a new group (structured data on a page that has none) can
    // need more than one value to pass, and is covered by the tests above.
    // An anchor that links name (a footer link to `/services#hiring-models`) cannot change alone: the
    // check refuses the links it would break (UnknownAnchor), which is right, and tested elsewhere.
    const linkedAnchors = new Set(fields.flatMap((f) => [...f.text.matchAll(/link: \S*#([a-z][a-z0-9-]*)/g)].map((m) => m[1]!)));
    const inPlace = fields.filter(
      (f) =>
        valueAt(f.data, f.path.slice(0, -1)) !== undefined &&
        !(f.path.at(-1) === 'id' && linkedAnchors.has(String(valueAt(f.data, f.path)))),
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(inPlace.length - 1), async (i) => {
        const c = await drive(inPlace[i]!);
        const opened = openFile({ root }, c.file);
        const saved = await saveFile({ root }, c.file, opened.version, c.next).catch((error: { problems?: unknown }) => {
          throw new Error(`${c.file} ${c.id}: ${JSON.stringify(error.problems ?? error.toString())}`);
        });
        expect(readFileSync(join(root, c.file), 'utf8')).toBe(c.after);
        await saveFile({ root }, c.file, saved.version, c.data);
        expect(readFileSync(join(root, c.file), 'utf8')).toBe(c.text);
      }),
      { seed: 34, numRuns: Number(process.env.EVERY_FIELD_SAVES ?? runs(15, 60)) },
    );
  }, 300_000);
});
