import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads, located from this file rather than from the working directory, so that
 * `npm start` behaves the same whatever directory it is started from. The compiled server
 * (dist/server/main.mjs, scripts/build-server.mjs) is as deep in the project as this file, so the
 * same relative addresses hold for it.
 */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The client build written by `npm run build`. */
export const defaultClientDir = fileURLToPath(new URL('../../dist/client/', import.meta.url));

/** JSON Schemas of the API request bodies. */
export const apiSchemasDir = fileURLToPath(new URL('../../schemas/api/', import.meta.url));
