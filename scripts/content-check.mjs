#!/usr/bin/env node
// `npm run content:check`: runs src/content/cli.ts from one bundled file (scripts/bundle-cache.mjs):
// a marketer runs it after every edit, so it should answer in well under a second.
import { bundled } from './bundle-cache.mjs';

await import(await bundled('src/content/cli.ts'));
