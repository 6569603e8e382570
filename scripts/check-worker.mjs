// The thread of the dev server's content check (src/content/check-worker.ts, started by
// src/content/check-service.ts): plain Node runs the check from its bundle (scripts/bundle-cache.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { bundled } from './bundle-cache.mjs';

const { serveChecks } = await import(await bundled('src/content/check-worker.ts'));
serveChecks(parentPort, workerData);
