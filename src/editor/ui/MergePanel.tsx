/**
 * The values both the marketer and someone else changed since the file was opened, one by one:
 * what they wrote, what the marketer wrote, and a choice for each. Everything else of both edits
 * is already kept (merge.ts); nothing is dropped without being shown here.
 */
import type { MergeConflict } from '../shared/merge.ts';
import { placeOf } from './words.ts';

/** A value as a marketer reads it. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '(removed)';
  if (typeof value === 'string') return value.length > 160 ? `“${value.slice(0, 160)}…”` : `“${value}”`;
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'a group of values';
  return String(value);
}

export function MergePanel({
  conflicts,
  onChoose,
}: {
  readonly conflicts: readonly MergeConflict[];
  readonly onChoose: (path: readonly (string | number)[], choice: 'theirs' | 'mine') => void;
}) {
  if (conflicts.length === 0) return null;
  return (
    <section className="merge" aria-labelledby="merge-title">
      <h2 id="merge-title">
        {conflicts.length === 1 ? 'One value was' : `${conflicts.length} values were`} changed both by you and by someone else
      </h2>
      <ul>
        {conflicts.map((conflict) => {
          const place = placeOf(conflict.path);
          return (
            <li key={JSON.stringify(conflict.path)} className="merge-item">
              <h3>{place}</h3>
              <dl>
                <dt>Their version</dt>
                <dd>{shown(conflict.theirs)}</dd>
                <dt>Your version</dt>
                <dd>{shown(conflict.mine)}</dd>
              </dl>
              <button
                type="button"
                onClick={() => onChoose(conflict.path, 'theirs')}
                aria-label={`Keep their version of ${place}`}
              >
                Keep theirs
              </button>{' '}
              <button type="button" onClick={() => onChoose(conflict.path, 'mine')} aria-label={`Keep your version of ${place}`}>
                Keep yours
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
