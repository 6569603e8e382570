/**
 * Builds without anyone remembering (issue 54): static hosts and CI services rebuild a site when an address
 * of theirs is POSTed to (a "build hook"). With EDITOR_BUILD_HOOK_URL set, the service asks for a build after
 * each publish, and at each scheduled moment of the live content: the day an entry's `publishedAt` comes
 * (it goes live) and the day after its `validThrough` (it comes off). The build decides by the UTC day
 * (src/content/check/run.ts, dayOf), so the moments are UTC midnights. Each request, and how it went, goes
 * into the audit log; a hook that fails never fails a publish.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { scheduledMoments, type ScheduledMoment } from '../../content/schedule.ts';

export { scheduledMoments, type ScheduledMoment };

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
