import type { FastifyInstance } from 'fastify';
import type { Storage } from './storage/index.ts';

/** The path load balancers and orchestrators probe. */
export const healthPath = '/healthz';

/** Whether this instance should still get traffic; `main.ts` calls `stop()` when asked to shut down. */
export class Readiness {
  #stopping = false;

  get stopping(): boolean {
    return this.#stopping;
  }

  stop(): void {
    this.#stopping = true;
  }
}

export interface HealthCheckOptions {
  readonly storage: Storage;
  readonly readiness: Readiness;
  /** How long the database gets to answer before the instance counts as unhealthy. */
  readonly timeoutMs?: number;
}

/** Body of /healthz: `ok`, or `unavailable` with a reason an operator can act on. */
export type HealthBody = { readonly status: 'ok' } | { readonly status: 'unavailable'; readonly reason: string };

/**
 * GET /healthz: 200 `{"status":"ok"}` when the database answers `select 1`, 503 with a reason when it does not
 * or when the server is shutting down, so that a load balancer sends submissions only to instances that can
 * store them. Never cached, never rate-limited, and logged at debug level (the request log) except when the
 * answer changes, so that probes every few seconds do not fill the log. The reason names no host or file: the
 * endpoint is public, and the log line has the details.
 */
export function registerHealthCheck(app: FastifyInstance, options: HealthCheckOptions): void {
  const timeoutMs = options.timeoutMs ?? 2000;
  let lastStatus: HealthBody['status'] = 'ok';

  const check = async (): Promise<HealthBody> => {
    if (options.readiness.stopping) return { status: 'unavailable', reason: 'The server is shutting down.' };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        options.storage.ping(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { status: 'ok' };
    } catch (error) {
      const { name, message } = error as Error;
      if (lastStatus === 'ok') {
        app.log.warn(
          { err: { type: name, message } },
          `Health check failed: the ${options.storage.kind === 'sqlite' ? 'SQLite file' : 'PostgreSQL database'} did not answer, so /healthz answers 503.`,
        );
      }
      return { status: 'unavailable', reason: 'The database did not answer.' };
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(healthPath, { config: { quietLog: true } }, async (_request, reply) => {
    const body = await check();
    if (body.status === 'ok' && lastStatus !== 'ok') app.log.info('Health check passes again: the database answers.');
    lastStatus = body.status;
    return reply
      .code(body.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Log this route's requests at debug level: load balancers probe it every few seconds. */
    quietLog?: boolean;
  }
}
