/**
 * `npm start`: serves the built site and the form API. Configuration comes from environment variables (see
 * config.ts and docs/deploy.md): PORT, HOST, DATA_DIR, DATABASE_URL, REDIS_URL, API_ALLOWED_ORIGINS,
 * TRUST_PROXY, API_RATE_LIMIT_MAX, API_RATE_LIMIT_WINDOW_MS, LOG_LEVEL, CLIENT_DIR, SHUTDOWN_DRAIN_MS.
 */
import { Server, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { readServerConfig } from './config.ts';
import { SetupError } from './errors.ts';
import { Readiness } from './health.ts';
import { notificationChannels, startNotifications } from './notify/index.ts';
import { readServerFacts } from './server-facts.ts';
import { defaultClientDir } from './paths.ts';
import { createRateLimitRedis, waitForRateLimitRedis } from './rate-limit.ts';
import { loggerOptions } from './request-log.ts';
import { openStorage, type Storage } from './storage/index.ts';

/** How long in-flight requests get to finish after SIGINT/SIGTERM before the process exits anyway. */
const shutdownGraceMs = 10_000;

/**
 * Between no longer accepting connections and closing: a connection accepted a moment before may still have
 * its request on the wire, and closing at once would answer it 503 or drop it as idle, which a proxy does not
 * resend when it is a POST. Measured with a proxy in front of three instances restarted under load: a few
 * such failures per six restarts without the pause, none with it.
 */
const settleMs = 300;

async function main(): Promise<void> {
  const config = readServerConfig(process.env);
  let storage: Storage | undefined;
  let redis: Redis | undefined;
  // The server's log once it exists; every line an operator's tools read is JSON (the same shape as pino's).
  let log: FastifyBaseLogger | undefined;
  const warn = (msg: string, details: Record<string, unknown>) => {
    if (log) log.warn(details, msg);
    else process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, ...details, msg })}\n`);
  };
  try {
    storage = await openStorage(config.storage, {
      // A dropped idle connection is routine (a restart of PostgreSQL, a proxy's timeout): a warning, not an error.
      onIdleError: (error) =>
        warn('PostgreSQL dropped an idle connection; it will reconnect.', { event: 'db.idle_error', reason: error.message }),
      notify: notificationChannels(config.notify),
    });
    redis = config.redisUrl === undefined ? undefined : createRateLimitRedis(config.redisUrl);
    const readiness = new Readiness();
    const app = await buildApp({
      storage,
      ...(config.clientDir === undefined ? {} : { clientDir: config.clientDir }),
      allowedOrigins: config.allowedOrigins,
      trustProxy: config.trustProxy,
      rateLimit: config.rateLimit,
      ...(redis === undefined ? {} : { sharedRateLimit: { redis } }),
      readiness,
      logger: loggerOptions(config.logLevel),
      confirmations: config.notify.email !== undefined,
    });
    log = app.log;
    // onClose hooks run once the server has stopped listening and every in-flight request has been answered.
    const openedStorage = storage;
    const openedRedis = redis;
    // What the forms promise their senders, for the confirmation e-mails (the app read the same file to start).
    const { replies } = await readServerFacts(config.clientDir ?? defaultClientDir);
    const notifications = startNotifications(openedStorage, config.notify, app.log, replies);
    app.addHook('onClose', async () => {
      // The worker first: the sends under way record their outcome before the database closes.
      await notifications.stop();
      await openedStorage.close();
      await openedRedis?.quit().catch(() => openedRedis.disconnect());
    });
    if (redis !== undefined) await waitForRateLimitRedis(redis, app.log);

    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    app.log.info(
      `Serving the site on http://localhost:${port} (submissions in ${
        config.storage.kind === 'sqlite' ? config.storage.file : 'PostgreSQL'
      })`,
    );

    // Shutting down: /healthz answers 503 at once; after SHUTDOWN_DRAIN_MS (time for a load balancer to notice
    // and stop sending traffic) the server stops accepting connections, lets the requests of connections it
    // already accepted arrive, answers them, closes the database and exits 0.
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        app.log.warn(`${signal} again: exiting without waiting for requests to finish.`);
        process.exit(1);
      }
      stopping = true;
      readiness.stop();
      app.log.info(
        `${signal} received: ${
          config.shutdownDrainMs > 0 ? `/healthz reports stopping; closing in ${config.shutdownDrainMs} ms, then ` : ''
        }finishing in-flight requests and exiting.`,
      );
      setTimeout(() => {
        app.log.error(`Requests were still running ${shutdownGraceMs / 1000} s after ${signal}; exiting anyway.`);
        process.exit(1);
      }, config.shutdownDrainMs + shutdownGraceMs).unref();
      sleep(config.shutdownDrainMs)
        .then(() => {
          // net.Server's close stops listening only; http.Server's (called by app.close) also drops idle connections.
          Server.prototype.close.call(app.server);
          return sleep(settleMs);
        })
        .then(() => app.close())
        .then(
          () => {
            app.log.info('Stopped: every request was answered and the database is closed.');
            process.exit(0);
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'The server did not close cleanly.');
            process.exit(1);
          },
        );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    await storage?.close().catch(() => {});
    redis?.disconnect();
    throw error;
  }
}

main().catch((caught: unknown) => {
  const error =
    (caught as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE'
      ? new SetupError(
          'PortInUse',
          `Another program already listens on port ${process.env.PORT || 3000}. Stop it, or start the server with another PORT.`,
        )
      : caught;
  // Setup errors carry a permanent name and a message that says what to do. The line is JSON like every
  // other, at pino's fatal level, so that log tools read and alert on it; the message stays readable.
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, error: name, msg: `${name}: ${message}` })}\n`,
  );
  process.exitCode = 1;
});
