// The thread of the dev server's content check (src/content/check-worker.ts, started by
// src/content/check-service.ts): plain Node runs the check from its bundle (scripts/bundle-cache.mjs).
// What the check saves between runs is keyed by that bundle, so a change to its code starts afresh.
import { parentPort, workerData } from 'node:worker_threads';
import { bundled, codeKeyOf } from './bundle-cache.mjs';

const url = await bundled('src/content/check-worker.ts');
const { serveChecks } = await import(url);
const { options, savedReads } = workerData;
serveChecks(parentPort, savedReads ? { ...options, savedReads: { file: savedReads, codeKey: codeKeyOf(url) } } : options);
