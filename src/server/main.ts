/**
 * `npm start`: serves the built site and the form API. Configuration comes from environment variables (see
 * config.ts): PORT, HOST, DATA_DIR, DATABASE_URL, API_ALLOWED_ORIGINS, TRUST_PROXY, API_RATE_LIMIT_MAX,
 * API_RATE_LIMIT_WINDOW_MS, LOG_LEVEL, CLIENT_DIR.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { readServerConfig } from './config.ts';
import { SetupError } from './errors.ts';
import { loggerOptions } from './request-log.ts';
import { openStorage, type Storage } from './storage/index.ts';

/** How long in-flight requests get to finish after SIGINT/SIGTERM before the process exits anyway. */
const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = readServerConfig(process.env);
  let storage: Storage | undefined;
  try {
    storage = await openStorage(config.storage, {
      onIdleError: (error) => console.error(`PostgreSQL dropped an idle connection (${error.message}); it will reconnect.`),
    });
    const app = await buildApp({
      storage,
      ...(config.clientDir === undefined ? {} : { clientDir: config.clientDir }),
      allowedOrigins: config.allowedOrigins,
      trustProxy: config.trustProxy,
      rateLimit: config.rateLimit,
      logger: loggerOptions(config.logLevel),
    });
    const openedStorage = storage;
    app.addHook('onClose', async () => {
      await openedStorage.close();
    });

    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    app.log.info(
      `Serving the site on http://localhost:${port} (submissions in ${
        config.storage.kind === 'sqlite' ? config.storage.file : 'PostgreSQL'
      })`,
    );

    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        app.log.warn(`${signal} again: exiting without waiting for requests to finish.`);
        process.exit(1);
      }
      stopping = true;
      app.log.info(`${signal} received: finishing in-flight requests, then exiting.`);
      setTimeout(() => {
        app.log.error(`Requests were still running ${shutdownGraceMs / 1000} s after ${signal}; exiting anyway.`);
        process.exit(1);
      }, shutdownGraceMs).unref();
      app.close().then(
        () => process.exit(0),
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
  // Setup errors carry a permanent name and a message that says what to do; print them as they are.
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
});
