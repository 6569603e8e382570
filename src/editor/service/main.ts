/**
 * `npm run editor:start`: the editor as the company's shared service (see app.ts and
 * docs/deploy.md, "The editor service"). Settings come from the environment (config.ts). It logs JSON
 * lines, answers /healthz, and on SIGINT/SIGTERM finishes the requests under way, closes the
 * database and exits 0.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { checkContent } from '../../content/check.ts';
import { drawSite } from '../../app/entry-draw.tsx';
import { accountsConfig, openAccounts } from './accounts/index.ts';
import { buildEditorService } from './app.ts';
import { ChangeSets } from './change-sets.ts';
import { EditorSetupError, readEditorServiceConfig } from './config.ts';
import { reviewNotifier, writerNotifier } from './notify.ts';
import { readOidcSettings } from './oidc.ts';
import { prepareWorkingCopy } from './working-copy.ts';
import { BuildSchedule, buildHook } from './build-hook.ts';
import { readStorageConfig } from '../../server/config.ts';
import { openStorage } from '../../server/storage/index.ts';

// This file runs compiled as dist/editor-server/main.mjs, two folders deep like src/editor/: the
// checkout is two folders up from either.
const codeRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const startedAt = performance.now();

/**
 * The secret that signs shared preview links, made once and kept in EDITOR_DATA_DIR (readable by the
 * service's user only), so links keep working across restarts. Deleting the file withdraws every link.
 */
function shareSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'editor-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file);
}

function fail(error: unknown): never {
  const e = error as Error;
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: e.message, error: e.name })}\n`);
  process.exit(1);
}

try {
  const config = readEditorServiceConfig(process.env, codeRoot);
  const uiDir = join(codeRoot, 'dist/editor/ui');
  if (!existsSync(join(uiDir, 'src/editor/ui/index.html')))
    throw new EditorSetupError(
      'EditorUiMissing',
      `The editor is not built (${uiDir} is missing): run \`npx tsx scripts/build-editor.ts\`, or start it with \`npm run editor:start\`, which builds it when needed.`,
    );
  const copy = await prepareWorkingCopy(config.repo, join(config.dataDir, 'editor-site'), config.branch);
  const accounts = await openAccounts(accountsConfig(process.env));
  // The inbox reads the submissions where the site's server writes them: DATABASE_URL, else
  // DATA_DIR/submissions.db (the same default folder as the site's server on one machine).
  const submissions = await openStorage(readStorageConfig(process.env));
  const notifyReview = reviewNotifier(process.env, config.publicUrl);
  const notifyWriter = writerNotifier(process.env, config.publicUrl);
  const oidc = readOidcSettings(process.env, config.publicUrl);
  const changeSets = new ChangeSets({
    live: copy.root,
    dir: join(config.dataDir, 'change-sets'),
    draw: drawSite,
    ...(config.branch ? { branch: config.branch } : {}),
  });
  // A publish a kill interrupted is finished or undone first, so that its merge is not taken for edits.
  const interrupted = await changeSets.recoverPublish();
  const recovered = await changeSets.recoverLiveEdits();
  // The first check compiles the schemas (about half a second): done now, so that no one's first
  // request waits for it, and nobody else's is held up behind it.
  await checkContent({ root: copy.root, unfinished: 'warn' });
  const hook = config.buildHookUrl && buildHook(config.buildHookUrl);
  const app = await buildEditorService({
    ...(hook ? { buildHook: hook } : {}),
    accounts,
    project: { root: copy.root },
    changeSets,
    ...(notifyReview ? { notifyReview } : {}),
    ...(notifyWriter ? { notifyWriter } : {}),
    ...(oidc ? { oidc } : {}),
    shareSecret: shareSecret(config.dataDir),
    submissions,
    uiDir,
    codeRoot,
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    trustProxy: config.trustProxy,
    review: config.review,
    logLevel: config.logLevel,
    ping: () => accounts.listAudit(1).then(() => undefined),
  });
  app.addHook('onClose', async () => {
    await accounts.close();
    await submissions.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    {
      event: 'editor.started',
      port,
      workingCopy: copy.root,
      cloned: copy.cloned,
      head: copy.head,
      startupMs: Math.round(performance.now() - startedAt),
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    },
    `The editor service is at ${config.publicUrl.origin} (listening on ${config.host}:${port}).`,
  );
  // scripts/editor-start.mjs and the Dockerfile start the service so; a hand-made start may not.
  if (![...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--disable-proto')))
    app.log.warn(
      { event: 'editor.proto-enabled' },
      'Started without --disable-proto=throw: start the service with `npm run editor:start`, or add the flag to `node`, so that no request can reach an object prototype through `__proto__`.',
    );
  if (interrupted)
    app.log.warn(
      { event: 'editor.publish-recovered', changeSet: interrupted.changeSet.id, published: interrupted.published },
      interrupted.published
        ? `The publish of "${interrupted.changeSet.title}" had reached the live branch when the service stopped; it is recorded as published.`
        : `The publish of "${interrupted.changeSet.title}" had not reached the live branch when the service stopped; it waits in review to be published again.`,
    );
  if (recovered)
    app.log.warn(
      { event: 'editor.recovered-edits', changeSet: recovered.id },
      `Edits left in the live copy were moved into the change set "${recovered.title}" for a publisher to review.`,
    );
  if ((await accounts.list()).length === 0)
    app.log.warn(
      { event: 'editor.no-accounts' },
      'No one can sign in yet: create the first administrator with `npm run editor:users -- add --email you@example.com --role admin` and open the link it prints.',
    );

  // Scheduled content goes live (and comes off) by itself: a look every ten minutes asks for a build once a
  // publishedAt or validThrough day has come.
  if (hook) {
    const schedule = new BuildSchedule({
      hook,
      liveRoot: () => copy.root,
      stateFile: join(config.dataDir, 'build-schedule.json'),
      record: async (reason, outcome) => {
        await accounts.audit({
          action: outcome.ok ? 'build.requested' : 'build.request-failed',
          actor: 'schedule',
          subject: reason.slice(0, 200),
          detail: outcome.said.slice(0, 500),
        });
        app.log[outcome.ok ? 'info' : 'warn'](
          { event: 'editor.build-hook', ok: outcome.ok },
          `Build asked for: ${reason} (${outcome.said}).`,
        );
      },
    });
    const look = () =>
      schedule
        .tick()
        .catch((error: unknown) =>
          app.log.warn({ err: error, event: 'editor.build-schedule-failed' }, 'The build schedule could not be read.'),
        );
    await look();
    setInterval(look, 10 * 60_000).unref();
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ event: 'editor.stopping' }, `${signal}: finishing the requests under way, then stopping.`);
    setTimeout(() => {
      app.log.error('Requests were still running 10 s later; exiting anyway.');
      process.exit(1);
    }, 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'The editor did not close cleanly.');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  fail(error);
}
