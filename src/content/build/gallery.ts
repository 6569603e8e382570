/**
 * The section gallery of the dev server (`/__sections`): every section type drawn from the
 * `examples` of its schema. The examples are checked and prepared as one more page of content
 * (defaults, image sizes, icons, logos, the shared hiring template), so the gallery shows them as
 * a real page would. Dev only: the content plugin refuses to serve it to a production build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, isSeq, type Node } from 'yaml';
import type { Section, SharedContent } from '../../generated/schema-types.ts';
import { checkContent, type ContentOptions, type ContentResult } from '../check.ts';
import type { CollectedAssets } from './module-types.ts';

/** The gallery's stand-in for a content file; problems in the examples are reported against it. */
export const GALLERY_FILE = 'schemas/sections/*.schema.json#examples';
const GALLERY_ROUTE = '/section-gallery-examples';

/** One section type of the gallery: what its schema says about it and its examples, prepared. */
export interface GallerySectionType {
  readonly type: string;
  /** The schema's `description` of the section type. */
  readonly description: string;
  /** Path of the schema file, relative to the project root. */
  readonly schema: string;
  readonly examples: readonly Section[];
}

interface SchemaDoc {
  readonly description?: string;
  readonly examples?: readonly unknown[];
}

function readSectionSchemas(schemaDir: string): { type: string; schema: SchemaDoc }[] {
  const dir = join(schemaDir, 'sections');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((name) => ({
      type: name.slice(0, -'.schema.json'.length),
      schema: JSON.parse(readFileSync(join(dir, name), 'utf8')) as SchemaDoc,
    }));
}

/**
 * The gallery as a page of content: every example of every section type, in type order, each
 * preceded by a comment naming its type and number, so a problem's code frame says which it is.
 */
export function galleryPage(schemaDir: string): { file: string; text: string; counts: Map<string, number> } {
  const schemas = readSectionSchemas(schemaDir);
  const counts = new Map(schemas.map(({ type, schema }) => [type, schema.examples?.length ?? 0]));
  const doc = new Document({
    route: GALLERY_ROUTE,
    title: 'Section gallery: every section type',
    description: 'Every section type of the site drawn from the examples in its schema, for developers and marketers.',
    sections: schemas.flatMap(({ schema }) => schema.examples ?? []),
  });
  const items = doc.get('sections', true);
  if (isSeq<Node>(items)) {
    let i = 0;
    for (const { type, schema } of schemas) {
      (schema.examples ?? []).forEach((_example, n) => {
        items.items[i++]!.commentBefore = ` ${type}, example ${n + 1} (schemas/sections/${type}.schema.json)`;
      });
    }
  }
  return { file: GALLERY_FILE, text: String(doc), counts };
}

/** The checked gallery, or the content problems that keep it from being drawn. */
export interface GalleryResult {
  readonly result: ContentResult;
  readonly sections: readonly GallerySectionType[];
  readonly assets: CollectedAssets;
  /** The shared content the examples draw on. */
  readonly shared: Partial<SharedContent>;
}

/** Checks all content plus the gallery page, and splits the prepared examples by section type. */
export async function checkGallery(options: ContentOptions): Promise<GalleryResult> {
  const schemaDir = options.schemaDir ?? join(options.root, 'schemas');
  const page = galleryPage(schemaDir);
  const result = await checkContent({ ...options, extraPages: [{ file: page.file, text: page.text }] });
  const checked = result.pages.find((p) => p.file === page.file);
  if (!checked) return { result, sections: [], assets: { icons: {}, logos: {} }, shared: {} };
  const descriptions = new Map(readSectionSchemas(schemaDir).map(({ type, schema }) => [type, schema.description ?? '']));
  let start = 0;
  const sections = [...page.counts].map(([type, count]) => {
    const examples = checked.page.sections.slice(start, start + count);
    start += count;
    return { type, description: descriptions.get(type) ?? '', schema: `schemas/sections/${type}.schema.json`, examples };
  });
  return {
    result: { ...result, pages: result.pages.filter((p) => p !== checked) },
    sections,
    assets: checked.assets,
    shared: checked.shared,
  };
}
