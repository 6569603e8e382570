/**
 * Builds without anyone remembering (issue 54): static hosts and CI services rebuild a site when an address
 * of theirs is POSTed to (a "build hook"). With EDITOR_BUILD_HOOK_URL set, the service asks for a build after
 * each publish, and at each scheduled moment of the live content: the day an entry's `publishedAt` comes
 * (it goes live) and the day after its `validThrough` (it comes off). The build decides by the UTC day
 * (src/content/check/run.ts, dayOf), so the moments are UTC midnights. Each request, and how it went, goes
 * into the audit log; a hook that fails never fails a publish.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

export interface BuildHook {
  /** POSTs to the hook; resolves with how it went, never rejects. */
  request(reason: string): Promise<{ readonly ok: boolean; readonly said: string }>;
}

/** The hook at `url`, asked with a JSON body `{ "reason": … }` and given 10 s to answer. */
export function buildHook(url: URL, fetchImpl: typeof fetch = fetch): BuildHook {
  return {
    async request(reason) {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'site-editor build hook' },
          body: JSON.stringify({ reason }),
          signal: AbortSignal.timeout(10_000),
        });
        return { ok: response.ok, said: `${url.host} answered ${response.status}` };
      } catch (error) {
        return { ok: false, said: `${url.host} could not be reached (${(error as Error).message})` };
      }
    },
  };
}

/** A moment the published site changes by itself: an entry goes live, or comes off. */
export interface ScheduledMoment {
  /** The content file, relative to the site (`content/roles/data-engineer.yaml`). */
  readonly file: string;
  readonly what: 'goes live' | 'comes off';
  /** The day as the content says it (`2026-12-03`). */
  readonly day: string;
  /** When the build first sees the change: that day's UTC midnight, or the next day's for an end. */
  readonly at: string;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** Every scheduled moment of the content under `root`, from each file's `publishedAt` and `validThrough`. */
export function scheduledMoments(root: string): ScheduledMoment[] {
  const content = join(root, 'content');
  if (!existsSync(content)) return [];
  const moments: ScheduledMoment[] = [];
  for (const name of readdirSync(content, { recursive: true }).map(String)) {
    if (!/\.ya?ml$/.test(name)) continue;
    const file = join(content, name);
    let data: unknown;
    try {
      data = parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // The check reports an unreadable file; it has no schedule meanwhile.
    }
    if (!data || typeof data !== 'object' || (data as { draft?: unknown }).draft === true) continue;
    const { publishedAt, validThrough } = data as { publishedAt?: unknown; validThrough?: unknown };
    const where = relative(root, file).split('\\').join('/');
    if (typeof publishedAt === 'string' && dayPattern.test(publishedAt))
      moments.push({ file: where, what: 'goes live', day: publishedAt, at: `${publishedAt}T00:00:00.000Z` });
    if (typeof validThrough === 'string' && dayPattern.test(validThrough))
      moments.push({ file: where, what: 'comes off', day: validThrough, at: nextDay(validThrough) });
  }
  return moments.sort((a, b) => a.at.localeCompare(b.at) || a.file.localeCompare(b.file));
}

const keyOf = (moment: ScheduledMoment) => `${moment.at} ${moment.what} ${moment.file}`;

/**
 * Asks for a build once for the moments that have come since the last look. What was asked for is kept in
 * `stateFile`, so a restart neither repeats nor misses one; at the very first start, moments already past
 * are taken as built (the site was built when they were published).
 */
export class BuildSchedule {
  constructor(
    private readonly options: {
      readonly hook: BuildHook;
      readonly liveRoot: () => string;
      readonly stateFile: string;
      readonly now?: () => Date;
      readonly record: (reason: string, outcome: { ok: boolean; said: string }) => Promise<void>;
    },
  ) {}

  private done(): Set<string> | undefined {
    if (!existsSync(this.options.stateFile)) return undefined;
    try {
      return new Set(JSON.parse(readFileSync(this.options.stateFile, 'utf8')) as string[]);
    } catch {
      return new Set();
    }
  }

  /** Looks once: asks for one build if any moment has come; resolves with the moments it asked for. */
  async tick(): Promise<ScheduledMoment[]> {
    const now = (this.options.now?.() ?? new Date()).toISOString();
    const moments = scheduledMoments(this.options.liveRoot());
    const past = moments.filter((m) => m.at <= now);
    const done = this.done();
    if (done === undefined) {
      writeFileSync(this.options.stateFile, JSON.stringify(past.map(keyOf)));
      return [];
    }
    const due = past.filter((m) => !done.has(keyOf(m)));
    if (due.length === 0) return [];
    const reason = `scheduled: ${due.map((m) => `${m.file} ${m.what} (${m.day})`).join('; ')}`;
    const outcome = await this.options.hook.request(reason);
    await this.options.record(reason, outcome);
    // A hook that failed is asked again at the next look; each attempt is in the audit.
    if (outcome.ok) writeFileSync(this.options.stateFile, JSON.stringify([...done, ...due.map(keyOf)]));
    return due;
  }
}
