/**
 * The quick way to a content file's data. `yaml` keeps everything an editor and a problem report
 * need (positions, comments, styles) and is the reference for what a file means, but building that
 * document was half of a cold check (1,000 pages: about a second). js-yaml builds plain data about
 * eight times faster. Its plain scalars are typed here by `yaml`'s own core-schema rules, so both
 * give the same data; text where they could still differ, or where only `yaml`'s document shows a
 * problem, is left to `yaml` (see `yamlOnly`). read.ts builds `yaml`'s document anyway when a
 * problem needs a line and a column.
 */
import jsyaml from 'js-yaml';
import { Schema, isScalar } from 'yaml';

/** `yaml`'s YAML 1.2 core scalar types (null, bool, int, float), in its order, as js-yaml types. */
const coreScalars = new Schema({}).tags.flatMap((tag, index) => {
  const test = tag.test;
  if (!test || !tag.resolve) return [];
  const resolve = tag.resolve;
  return [
    new jsyaml.Type(`tag:devstaff,2026:core-${index}`, {
      kind: 'scalar',
      resolve: (source: string | null) => source !== null && test.test(source),
      construct: (source: string) => {
        const value: unknown = resolve(source, () => {}, { intAsBigInt: false } as never);
        // Floats come back as a node that keeps their written precision; the data is its value.
        return isScalar(value) ? value.value : value;
      },
    }),
  ];
});

/** Strings, sequences and mappings only (YAML's failsafe schema), plus `yaml`'s scalar rules. */
const schema = jsyaml.FAILSAFE_SCHEMA.extend({ implicit: coreScalars });

/**
 * Text that `yaml` reads: a comment after a value on its line (it may cut a marketer's text short,
 * which only `yaml`'s document shows: yaml-text.ts), anchors (the check reports unknown and
 * twice-defined ones, and refuses aliases that expand without end), tags and directives (`yaml`
 * warns and keeps a string where js-yaml converts; the check reports tags), merge keys (`<<:`, which
 * the check reports), and keys that are not plain text (`~`, `null`, `?`, `[…]`, `{…}`), which the two
 * turn into different strings. Prose that only looks like these costs a slower read, nothing more.
 */
const yamlOnly = /\S[ \t]+#|(?:^|[\s[{,])[&!]\S|^%|^[ \t]*(?:-[ \t]+)*(?:[?[{]|(?:~|null|Null|NULL|<<)[ \t]*:)|[{,][ \t]*<<[ \t]*:/m;

/**
 * A quoted text that goes on over the next line: js-yaml reads some of these where `yaml` finds a
 * mistake (an unclosed quote that swallows the lines below, whatever their indentation). Content
 * writes long texts as `>-` blocks, so this costs nothing but a slower read of the odd file.
 */
const openQuote = /(?:^|[\s[{,:-])(?:"(?:[^"\\\n]|\\.)*|'(?:[^'\n]|'')*)$/m;

/**
 * A list item whose plain text runs on to a deeper line (`- React` over `  Vue`): YAML joins the two,
 * which yaml-text.ts warns about from `yaml`'s document.
 */
const runOnItem = /^([ \t]*)-[ \t]+(?![>|"'&*!#[{])(?:(?!: )[^\n#])*[^\s:\n]\n\1[ \t]+(?![-#])(?:(?!: )[^\n])*[^\s:]$/m;

/**
 * A file's data as `yaml` would give it, or undefined when the text is one `yaml` must read itself:
 * it has a mistake (then `yaml` diagnoses it), a construct that `yamlOnly` names, or nothing at all
 * (an empty file, comments only, `~`: the check tells an empty file apart, from `yaml`'s document).
 * Several documents (`---` between two parts) make js-yaml throw, so `yaml` reads those too.
 */
export function quickRead(text: string): { readonly data: unknown } | undefined {
  if (yamlOnly.test(text) || openQuote.test(text) || runOnItem.test(text)) return undefined;
  try {
    const data: unknown = jsyaml.load(text, { schema });
    return data === null || data === undefined ? undefined : { data };
  } catch {
    return undefined;
  }
}
