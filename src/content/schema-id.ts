/**
 * How the build names a schema: by where it lives under `schemas/`. The files themselves declare no
 * `$id`. An editor resolves a schema's `$ref`s against its `$id`; with an address such as
 * `https://schemas.local/…` the YAML extension (yaml-language-server 1.25 and later) tries to
 * download every referenced file, fails, and then checks nothing at all. Without `$id`, editors
 * resolve `common.schema.json#/…` next to the file, and ajv resolves it against the name given here.
 */
import { relative, sep } from 'node:path';

const base = 'https://schemas.local/';

/** The name of a schema file in ajv and in generated code: `https://schemas.local/sections/hero.schema.json`. */
export function schemaIdOf(schemaDir: string, file: string): string {
  return base + relative(schemaDir, file).split(sep).join('/');
}

/** The name of the schema at `path` under `schemas/`, such as `page.schema.json`. */
export const schemaId = (path: string): string => base + path;

/**
 * The request schemas (`schemas/api/`) are compiled into the forms and the server by their own `$id`
 * and never opened by the YAML editor; every other schema must leave `$id` out.
 */
export function idMistake(schemaDir: string, file: string, schema: object): string | undefined {
  if (!('$id' in schema) || relative(schemaDir, file).startsWith(`api${sep}`)) return undefined;
  const shown = `schemas/${relative(schemaDir, file).split(sep).join('/')}`;
  return (
    `SchemaIdDeclared: ${shown} declares "$id". The YAML editor resolves the schema's $refs against it, ` +
    `cannot download them, and then checks nothing in the files that use it. Remove the "$id" line; ` +
    `the build names each schema by its path.`
  );
}
