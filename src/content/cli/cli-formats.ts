/**
 * The output formats of `npm run content:check`: `text` for people (the default), `github` for
 * GitHub Actions, which turns each problem into an annotation on the file and line of a pull
 * request, and `json` for other tools.
 */
import type { Problem } from '../catalog.ts';
import { errorsFirst, formatProblems } from './format.ts';

export const outputFormats = ['text', 'github', 'json'] as const;
export type OutputFormat = (typeof outputFormats)[number];

/** What the command line asked for, or the mistake in it. */
export type CliOptions =
  | { readonly format: OutputFormat; readonly fix: boolean; readonly errorsOnly: boolean }
  | { readonly error: string };

const usage = `Use \`--format text\` (the default), \`--format github\` or \`--format json\`; \`--fix\` to apply every fix the check offers; \`--errors-only\` to leave warnings out.`;

/** Reads `--format <name>` or `--format=<name>`, `--fix` and `--errors-only`; anything else is a mistake with a fix. */
export function parseArgs(argv: readonly string[]): CliOptions {
  let format: string = 'text';
  let fix = false;
  let errorsOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg === '--format' ? argv[++i] : arg.slice('--format='.length);
      if (!value) return { error: `MissingFormat: \`--format\` needs a name. ${usage}` };
      format = value;
    } else if (arg === '--fix') {
      fix = true;
    } else if (arg === '--errors-only') {
      errorsOnly = true;
    } else {
      return { error: `UnknownOption: content:check does not know \`${arg}\`. ${usage}` };
    }
  }
  if (!(outputFormats as readonly string[]).includes(format)) {
    return { error: `UnknownFormat: \`${format}\` is not an output format of content:check. ${usage}` };
  }
  return { format: format as OutputFormat, fix, errorsOnly };
}

// GitHub's workflow commands end a value at a line break, and a property at `,` or `:`; these are
// the escapes its runner decodes (as in @actions/core's command.ts).
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One workflow command per problem: `::error file=…,line=…,col=…,title=<Code>::<message>`, the
 * message starting with the field's path and followed by the hint on its own line.
 */
export function formatGithub(problems: readonly Problem[]): string {
  return problems
    .map((p) => {
      const properties = [`file=${p.file}`, `line=${p.line}`, `col=${p.column}`, `title=${p.code}`].map((property) => {
        const [key, ...value] = property.split('=');
        return `${key}=${escapeProperty(value.join('='))}`;
      });
      const message = `${p.path ? `${p.path}: ` : ''}${p.message}${p.hint ? `\n${p.hint}` : ''}`;
      // GitHub calls a note `notice`.
      return `::${p.severity === 'info' ? 'notice' : p.severity} ${properties.join(',')}::${escapeData(message)}`;
    })
    .join('\n');
}

/** One JSON array of problems, each `{ severity, code, file, line, column, path, message, hint, fix }`. */
export function formatJson(problems: readonly Problem[]): string {
  return JSON.stringify(
    problems.map(({ severity, code, file, line, column, path, message, hint, fix }) => ({
      severity,
      code,
      file,
      line,
      column,
      path,
      message,
      hint: hint ?? null,
      fix: fix ?? null,
    })),
    null,
    2,
  );
}

/** The whole report in a format; `text` is what people read (with colour on a terminal). */
export function formatReport(problems: readonly Problem[], format: OutputFormat, color = false): string {
  const ordered = errorsFirst(problems);
  if (format === 'json') return formatJson(ordered);
  if (problems.length === 0) return '';
  return format === 'github' ? formatGithub(ordered) : formatProblems(ordered, color);
}
