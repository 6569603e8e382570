/**
 * A refusal of the editor's server as a dialog shows it: its message and, when the content check
 * stopped it, each problem as the file and what is wrong in a marketer's words. One place, so that
 * publishing, review and the other dialogs say it alike.
 */
import type { ApiError } from './api.ts';
import { plainWords } from './words.ts';

export function Refusal({ failure }: { readonly failure: Error | undefined }) {
  if (!failure) return null;
  const problems = (failure as Partial<ApiError>).problems ?? [];
  return (
    <div className="status status-error" role="alert">
      <p>{failure.message}</p>
      {problems.length > 0 && (
        <ul>
          {problems.map((p, i) => (
            <li key={i}>
              {p.file.replace(/^content\/|\.ya?ml$/g, '')}: {plainWords(p.message)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
