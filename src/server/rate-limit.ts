import { createRequire } from 'node:module';
import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type RateLimitOptions,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

/**
 * Where the rate limit keeps its counts when several instances share one limit: a Redis client (owned and
 * closed by the caller) and the prefix of its keys, so that other programs, or tests running at the same time,
 * can share the Redis without sharing counts.
 */
export interface SharedRateLimitStore {
  readonly redis: Redis;
  readonly keyPrefix?: string;
}

export const defaultKeyPrefix = 'sutra-site:rate-limit:';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type StoreMethod = (key: string, callback: StoreCallback, timeWindow: number, max: number) => void;

/** The stores @fastify/rate-limit ships; it exports them only by file, without types. */
interface PluginStore {
  incr: StoreMethod;
  read: StoreMethod;
  child(routeOptions: unknown): PluginStore;
}
type PluginStoreModule<Args extends unknown[]> = new (...args: Args) => PluginStore;

const requireStore = createRequire(import.meta.url);
// The plugin's own Redis store (its Lua script counts and expires a key atomically) and its in-memory store,
// used as they are so that the counting stays the plugin's; tests/server/rate-limit-redis.test.ts proves both.
const RedisStore = requireStore('@fastify/rate-limit/store/RedisStore.js') as PluginStoreModule<
  [continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, keyPrefix: string]
>;
const LocalStore = requireStore('@fastify/rate-limit/store/LocalStore.js') as PluginStoreModule<
  [continueExceeding: boolean, exponentialBackoff: boolean]
>;

/** Remembers whether Redis answered last time, so that an outage is logged once, not on every submission. */
class RedisHealth {
  private failing = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  failed(error: Error): void {
    if (this.failing) return;
    this.failing = true;
    this.log.warn(
      { err: { type: error.name, message: error.message } },
      'The rate limit cannot reach Redis (REDIS_URL), so each instance counts submissions on its own until Redis answers again. Submissions are still accepted.',
    );
  }

  succeeded(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.info('The rate limit reaches Redis again; instances share their counts once more.');
  }
}

/**
 * Counts in Redis and, when Redis fails, in this process.
 *
 * Redis being down fails open, to this instance's own counts, rather than closed: the limit exists to slow
 * down floods of junk, and refusing every enquiry and application because a cache is down would lose the
 * visitors the site is for. Counting locally meanwhile keeps a flood from one address bounded (by the limit
 * times the number of instances) instead of unlimited. The switch is logged as a warning, once.
 */
class FailoverStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
    private readonly health: RedisHealth,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.call('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.call('read', key, callback, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FailoverStore {
    return new FailoverStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.health);
  }

  private call(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.shared[method](
      key,
      (error, result) => {
        if (error) {
          this.health.failed(error);
          this.local[method](key, callback, timeWindow, max);
          return;
        }
        this.health.succeeded();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/**
 * Registers @fastify/rate-limit for the routes that ask for it (`config.rateLimit`), counting in this process,
 * or in Redis when `shared` is given so that every instance behind a load balancer counts the same visitor.
 */
export async function registerRateLimit(app: FastifyInstance, shared: SharedRateLimitStore | undefined): Promise<void> {
  const options: RateLimitPluginOptions = {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError('RateLimited', {
        message: `Too many submissions came from your network in a short time, so this one was refused. Wait ${context.after} and send the form again.`,
      }),
  };
  if (shared !== undefined) {
    const health = new RedisHealth(app.log);
    const { redis, keyPrefix = defaultKeyPrefix } = shared;
    options.store = class extends FailoverStore {
      // The plugin constructs its store with its global settings.
      constructor(settings: FastifyRateLimitOptions) {
        const { continueExceeding = false, exponentialBackoff = false } = settings as RateLimitOptions;
        super(
          new RedisStore(continueExceeding, exponentialBackoff, redis, keyPrefix),
          new LocalStore(continueExceeding, exponentialBackoff),
          health,
        );
      }
    };
  }
  await app.register(rateLimit, options);
}

/** How long a submission may wait for Redis before it is counted locally instead. */
const redisCommandTimeoutMs = 500;

/**
 * A client for the Redis at REDIS_URL, tuned for the rate limit: commands fail at once while Redis is
 * unreachable (see FailoverStore) and the client keeps reconnecting in the background. Close it with `quit()`
 * after the server has closed.
 */
export function createRateLimitRedis(url: string): Redis {
  const redis = new Redis(url, {
    // Fail a command at once while disconnected instead of queueing it: a visitor's submission must not wait
    // for Redis to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: redisCommandTimeoutMs,
    connectTimeout: 2000,
    // Keep trying, at most every 2 s, for as long as the server runs.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnection to stderr; the store logs an outage once.
  redis.on('error', () => {});
  return redis;
}

/**
 * Waits up to `timeoutMs` for the client to connect, so that the first submissions are counted in Redis, and
 * says in the log whether they are. An unreachable Redis does not stop the server (see FailoverStore).
 */
export async function waitForRateLimitRedis(
  redis: Redis,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  timeoutMs = 3000,
): Promise<boolean> {
  const ready =
    redis.status === 'ready' ||
    (await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        redis.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      redis.once('ready', onReady);
    }));
  if (ready) log.info('The rate limit counts in Redis, shared with every instance that uses the same REDIS_URL.');
  else {
    log.warn(
      `Redis (REDIS_URL) did not answer within ${timeoutMs / 1000} s, so each instance counts submissions on its own until it does. Check that Redis runs and that this machine may reach it.`,
    );
  }
  return ready;
}
