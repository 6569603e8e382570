/**
 * When the published site changes by itself: the day an entry's `publishedAt` comes (it goes live) and the
 * day after its `validThrough` (it comes off). The build decides by the UTC day (src/content/check/run.ts,
 * dayOf), so the moments are UTC midnights. The shared editor asks for a build at each of them
 * (src/editor/service/build-hook.ts), and its publish check judges the site as each of them will draw it
 * (src/content/rendered/as-published.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

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
/**
 * A day of the calendar, written as the content writes it: `2026-13-45` or `2026-02-30` is none. A file pushed
 * past the check may hold one, and one such date must not stop the schedule of every other file.
 */
const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  dayPattern.test(value) &&
  Number.isFinite(Date.parse(`${value}T00:00:00.000Z`)) &&
  new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);
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
    if (isDay(publishedAt))
      moments.push({ file: where, what: 'goes live', day: publishedAt, at: `${publishedAt}T00:00:00.000Z` });
    if (isDay(validThrough))
      moments.push({ file: where, what: 'comes off', day: validThrough, at: nextDay(validThrough) });
  }
  return moments.sort((a, b) => a.at.localeCompare(b.at) || a.file.localeCompare(b.file));
}
