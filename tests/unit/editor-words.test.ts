// @vitest-environment happy-dom
/**
 * A marketer's words, everywhere the editor shows them, as a class: no schema key, type name, data
 * path, file path, command, commit hash or constant reaches a label, legend, help text, choice, button,
 * review line or undo label. The cases come from the schemas and the content: every node a form can
 * show, every form of every content file as it is drawn, and generated changes to every file, read as
 * the review and the Undo button name them. The oracle is tests/helpers/developer-words.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, openFile, type EditorCatalog } from '../../src/editor/api/api.ts';
import { describeFileChange, schemaOfFile } from '../../src/editor/shared/word-diff.ts';
import { describe as undoLabel } from '../../src/editor/ui/history.ts';
import type { FormContext } from '../../src/editor/ui/SchemaForm.tsx';
import { WordRuns } from '../../src/editor/ui/ChangeSets.tsx';
import { DrawnForm, formsOf, type Data } from './editor-form-driver.ts';
import { projectRoot } from './content-fixtures.ts';
import { developerWords } from '../helpers/developer-words.ts';
import { runs } from '../helpers/depth.ts';

type Node = Record<string, unknown>;

/** Identifiers of ours that read like hyphenated words: section types, and the values of choices. */
const identifiers = new Set<string>();
const schemaFiles: string[] = [];
const walkDir = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walkDir(path);
    else if (entry.name.endsWith('.schema.json') && !path.includes(`${join('schemas', 'api')}`)) schemaFiles.push(path);
  }
};
walkDir(join(projectRoot, 'schemas'));
for (const file of readdirSync(join(projectRoot, 'schemas/sections'))) identifiers.add(file.replace(/\.schema\.json$/, ''));

/** Nodes no form shows as such, and why. */
const notShown = new Set([
  // A section's kind is chosen in the section list, named by each section schema's editorName.
  `${join('schemas', 'page.schema.json')}#/properties/sections/items/properties/type`,
  // The pieces of a text as the build parses them: only under `blocks`, which the build fills in.
  `${join('schemas', 'sections', 'prose.schema.json')}#/definitions/proseNode`,
]);

/** Every node a form can show, with where it is: each property (but a fixed `type`, the editor's own pointer and what the build fills in) and each list's item. */
function shownNodes(): { where: string; node: Node }[] {
  const found: { where: string; node: Node }[] = [];
  for (const file of schemaFiles) {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as Node;
    const name = relative(projectRoot, file);
    // The file's own name and help: the title of its form.
    found.push({ where: `${name}#`, node: { editorName: schema.editorName ?? 'named by the editor', ...schema } });
    const visit = (node: unknown, path: string) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${path}/${i}`));
      const record = node as Node;
      if (Array.isArray(record.enum)) for (const v of record.enum) if (typeof v === 'string') identifiers.add(v);
      for (const [key, value] of Object.entries((record.properties ?? {}) as Record<string, Node>)) {
        if (key === '$schema' || value.filledByBuild || (key === 'type' && value.const !== undefined)) continue;
        if (notShown.has(`${name}#${path}/properties/${key}`)) continue;
        found.push({ where: `${name}#${path}/properties/${key}`, node: value });
        visit(value, `${path}/properties/${key}`);
      }
      if (record.items && typeof record.items === 'object' && !Array.isArray(record.items)) {
        found.push({ where: `${name}#${path}/items`, node: record.items as Node });
        visit(record.items, `${path}/items`);
      }
      for (const [key, value] of Object.entries((record.definitions ?? {}) as Record<string, Node>))
        if (!notShown.has(`${name}#${path}/definitions/${key}`)) visit(value, `${path}/definitions/${key}`);
      for (const key of ['oneOf', 'anyOf', 'allOf', 'then', 'else', 'additionalProperties'])
        if (record[key] && typeof record[key] === 'object') visit(record[key], `${path}/${key}`);
    };
    visit(schema, '');
  }
  return found;
}

const judge = (text: string) => developerWords(text, projectRoot, identifiers);

describe('the names and help a form shows', () => {
  const nodes = shownNodes();

  it('every field and list item a form can show has a name written for people (editorName)', () => {
    const unnamed = nodes.filter(({ node }) => typeof node.editorName !== 'string').map(({ where }) => where);
    expect(unnamed).toEqual([]);
  });

  it('every choice names its values in words (enumLabels), one label per value', () => {
    const unlabelled = nodes
      .filter(({ node }) => Array.isArray(node.enum))
      .filter(({ node }) => {
        const labels = node.enumLabels as Record<string, string> | undefined;
        return !labels || (node.enum as unknown[]).some((v) => typeof labels[String(v)] !== 'string');
      })
      .map(({ where }) => where);
    expect(unlabelled).toEqual([]);
  });

  it('no help text names a choice by its stored value where the form shows its label (“muted” for Soft tint)', () => {
    const stored = new Map<string, string>();
    for (const { node } of nodes)
      for (const [value, label] of Object.entries((node.enumLabels ?? {}) as Record<string, string>))
        if (value.toLowerCase() !== label.toLowerCase()) stored.set(value, label);
    const found = nodes.flatMap(({ where, node }) => {
      const help = String(node.editorHelp ?? node.description ?? '').replace(/`([^`]*)`/g, '“$1”');
      return [...help.matchAll(/“([^”]+)”/g)]
        .filter(([, quoted]) => stored.has(quoted!))
        .map(([, quoted]) => `${where}: “${quoted}” is shown as “${stored.get(quoted!)}”`);
    });
    expect(found).toEqual([]);
  });

  it('no name, help text or choice label holds a developer identifier', () => {
    const found = nodes.flatMap(({ where, node }) =>
      [node.editorName, node.editorHelp ?? node.description, ...Object.values((node.enumLabels ?? {}) as Record<string, string>)]
        .filter((text): text is string => typeof text === 'string')
        // The form shows a code mark as quotes (src/editor/api/form-schemas.ts); what is in them is judged.
        .map((text) => text.replace(/`([^`]*)`/g, '“$1”'))
        .flatMap((text) => judge(text).map((word) => `${where}: ${word} in “${text.slice(0, 100)}”`)),
    );
    expect([...new Set(found)]).toEqual([]);
  });
});

let editorCatalog: EditorCatalog;
let context: FormContext;
let files: { file: string; kind: string; data: Data }[];

beforeAll(async () => {
  editorCatalog = await catalog({ root: projectRoot });
  context = { catalog: editorCatalog, upload: () => Promise.reject(new Error('no uploads here')) };
  files = editorCatalog.files.map((entry) => ({
    file: entry.file,
    kind: entry.kind,
    data: openFile({ root: projectRoot }, entry.file).data as Data,
  }));
}, 120_000);

/** The text a person sees or hears in an element: each text node, and the names and hints of its controls. */
function shownText(host: Element): string[] {
  const texts: string[] = [];
  const walker = host.ownerDocument.createTreeWalker(host, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A text box, a preview of a text as typed and the suggestions of a field hold the marketer's own words.
    if (node.parentElement?.closest('.rich-shown, textarea, datalist')) continue;
    if (node.textContent?.trim()) texts.push(node.textContent.trim());
  }
  for (const element of host.querySelectorAll('[aria-label], [title], [placeholder]'))
    for (const name of ['aria-label', 'title', 'placeholder'])
      if (element.getAttribute(name)) texts.push(element.getAttribute(name)!);
  return texts;
}

describe('every form of every content file, as drawn', () => {
  it('shows no developer identifier in its labels, legends, help, choices or buttons', async () => {
    const found: string[] = [];
    for (const { file, kind, data } of files) {
      for (const form of formsOf(kind, file, data, editorCatalog)) {
        const drawn = new DrawnForm(form, context);
        await drawn.draw(data);
        const host = document.body.lastElementChild!;
        for (const text of shownText(host))
          for (const word of judge(text)) found.push(`${file}, ${form.name}: ${word} in “${text.slice(0, 80)}”`);
        drawn.unmount();
      }
    }
    expect([...new Set(found)]).toEqual([]);
  }, 300_000);
});

type Key = string | number;

/** The paths of every value in `data`, and of every list. */
function pathsIn(value: unknown, path: Key[] = [], out: Key[][] = []): Key[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => pathsIn(item, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsIn(v, [...path, k], out);
  return out;
}

const at = (data: unknown, path: readonly Key[]) =>
  path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<Key, unknown>)[key] : undefined), data);

/** `data` with the value at `path` replaced by what `change` makes of it (undefined removes it). */
function changed(data: unknown, path: readonly Key[], change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(data);
  const [key, ...rest] = path;
  if (Array.isArray(data)) {
    const next = changed(data[key as number], rest, change);
    return next === undefined ? data.toSpliced(key as number, 1) : data.toSpliced(key as number, 1, next);
  }
  const record = { ...(data as Record<string, unknown>) };
  const next = changed(record[key as string], rest, change);
  if (next === undefined) delete record[key as string];
  else record[key as string] = next;
  return record;
}

/** An edit a marketer can make in a form: a text typed in, a value cleared, an item removed, copied or moved. */
const edits = ['type', 'clear', 'remove', 'copy', 'move'] as const;
function edit(kind: (typeof edits)[number], value: unknown): unknown {
  switch (kind) {
    case 'type':
      return typeof value === 'string'
        ? `${value} Sutra`
        : typeof value === 'number'
          ? value + 1
          : typeof value === 'boolean'
            ? !value
            : value;
    case 'clear':
      return undefined;
    case 'remove':
      return Array.isArray(value) && value.length > 0 ? value.slice(1) : value;
    case 'copy':
      return Array.isArray(value) && value.length > 0 ? [...value, structuredClone(value[0])] : value;
    case 'move':
      return Array.isArray(value) && value.length > 1 ? [...value.slice(1), value[0]] : value;
  }
}

describe('the review and the Undo button, over generated changes to every file', () => {
  it('name every change in words: where it is, what happened, and from where to where', () => {
    const pick = fc.record({ file: fc.nat(), path: fc.nat(), edit: fc.constantFrom(...edits) });
    fc.assert(
      fc.property(pick, ({ file: f, path: p, edit: kind }) => {
        const { file, data } = files[f % files.length]!;
        const paths = pathsIn(data).filter((path) => path.length > 0);
        const path = paths[p % paths.length]!;
        const after = changed(data, path, (value) => edit(kind, value)) as Data;
        const schema = schemaOfFile(file, editorCatalog.schemas);
        const review = describeFileChange(file, data, after, schema);
        const names = [
          review.title,
          ...review.changes.flatMap((c) => [c.place, c.fromPlace ?? '', c.what]),
          undoLabel(data, after, schema),
        ];
        // A value shown before and after is the marketer's own text (a picture's file, a link): judged only for
        // what the page would not show as is, a text's marks and a choice's stored constant.
        const values = review.changes.flatMap((c) => [c.before ?? '', c.after ?? '']);
        const found = [
          // A quoted text in a name is the item's own content (Card “Fast performance”).
          ...names.flatMap((text) => judge(text.replace(/“[^”]*”/g, '“”')).map((word) => `${word} in “${text}”`)),
          ...values.flatMap((text) =>
            judge(text)
              .filter((word) => /^(Markdown|a constant|an identifier)/.test(word))
              .map((word) => `${word} in “${text}”`),
          ),
        ];
        expect(found, `${file}: ${kind} at ${path.join('.')} (${JSON.stringify(at(data, path))?.slice(0, 60)})`).toEqual([]);
      }),
      { numRuns: runs(300, 3000), seed: 54 },
    );
  });
});

describe('a text changed in place, in the review', () => {
  it('shows its bold as the page will, without the marks, for the words kept, removed and added', () => {
    const page = schemaOfFile('content/pages/react.yaml', editorCatalog.schemas);
    const before = { sections: [{ type: 'card-grid', heading: 'ReactJS development **services**' }] };
    const after = { sections: [{ type: 'card-grid', heading: 'ReactJS **teams and services**' }] };
    const [change] = describeFileChange('content/pages/react.yaml', before, after, page).changes;
    const html = renderToStaticMarkup(createElement(WordRuns, { runs: change!.words! }));
    expect(html).not.toContain('**');
    expect(html).toBe(
      '<span>ReactJS </span><del>development </del><ins><strong>teams and </strong></ins><span><strong>services</strong></span>',
    );
  });
});
