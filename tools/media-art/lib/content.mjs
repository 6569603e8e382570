// What the art is for, read from content/: the pictures the site's pages name and each page's accent.
// The generator draws what content asks for, so a page added, renamed or dropped in content/ changes
// the list of pictures here without an edit to the generator's own lists.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './core.mjs';

export const CONTENT = join(ROOT, 'content');

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(e.name) ? [path] : [];
  });
}

function collectMedia(value, into) {
  if (typeof value === 'string') {
    const m = /^\/media\/(.+)\.[a-z0-9]+$/.exec(value);
    if (m) into.add(m[1]);
  } else if (Array.isArray(value)) for (const v of value) collectMedia(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectMedia(v, into);
}

let pictures;

/**
 * Every file under public/media/ that content names, as its path under public/media/ without the
 * extension (`art/react-hero` for `/media/art/react-hero.webp`), sorted.
 */
export function contentPictures() {
  if (!pictures) {
    const found = new Set();
    for (const file of yamlFiles(CONTENT)) {
      try {
        collectMedia(parse(readFileSync(file, 'utf8')), found);
      } catch (error) {
        throw new Error(
          `media-art could not read ${relative(ROOT, file)}: ${error.message}. ` +
            'The generator reads content/ to know which pictures to draw; fix the YAML (npm run content:check shows where) and run it again.',
          { cause: error },
        );
      }
    }
    pictures = [...found].sort();
  }
  return pictures;
}

/**
 * The accent of a page as its content sets it (`accent:` in content/pages/<slug>.yaml, `violet` when left
 * out, as in schemas/page.schema.json): a teal page's art leads with teal rather than violet, so the
 * page's pictures and its eyebrows, emphasis and buttons share one colour.
 */
export function pageAccent(slug) {
  let text;
  try {
    text = readFileSync(join(CONTENT, 'pages', `${slug}.yaml`), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return 'violet';
    throw error;
  }
  return parse(text)?.accent ?? 'violet';
}
