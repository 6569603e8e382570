/**
 * Icons picked by their pictures: a searchable grid of every icon the site can draw, the current one
 * first and marked. The shapes come from the same Lucide package the build inlines icons from, loaded
 * only when the picker first opens (a chunk of its own), so the editor starts no slower for it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Glyph } from '../../components/Icon/index.tsx';
import { useModal } from './useModal.ts';

type Shape = readonly (readonly [string, Readonly<Record<string, string | number | undefined>>])[];

/** The grid shows this many at once; the search narrows the rest. */
const SHOWN = 180;

let shapes: Promise<Readonly<Record<string, Shape>>> | undefined;
/** Lucide's shapes by their PascalCase names, loaded once. */
function loadShapes(): Promise<Readonly<Record<string, Shape>>> {
  shapes ??= import('lucide').then(({ icons }) => icons as unknown as Record<string, Shape>);
  return shapes;
}

/** The shape of a name content uses (`arrow-down-0-1` is Lucide's ArrowDown01), as the build finds it. */
const shapeOf = (all: Readonly<Record<string, Shape>>, name: string) =>
  all[
    name
      .split('-')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('')
  ];

/** The current icon of a field, drawn beside it once the shapes are loaded. */
export function useIconShape(name: string | undefined): Shape | undefined {
  const [all, setAll] = useState<Readonly<Record<string, Shape>>>();
  useEffect(() => {
    if (name) void loadShapes().then(setAll, () => undefined);
  }, [name]);
  return all && name ? shapeOf(all, name) : undefined;
}

/** An icon's name in words: "cloud-cog" → "cloud cog". */
export const iconWords = (name: string) => name.replace(/-/g, ' ');

export interface IconPickerProps {
  readonly open: boolean;
  readonly names: readonly string[];
  readonly current?: string;
  readonly onPick: (name: string) => void;
  readonly onClose: () => void;
}

export function IconPicker({ open, names, current, onPick, onClose }: IconPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [drawn, setDrawn] = useState<Readonly<Record<string, Shape>>>();
  const [failed, setFailed] = useState<string>();
  const dialog = useModal(open, () => {
    setQuery('');
    loadShapes().then(setDrawn, () => setFailed('The icons could not be loaded. Close this and try again.'));
  });
  const words = query
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const matching = useMemo(
    () => names.filter((name) => words.every((word) => name.includes(word))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [names, query],
  );
  // The current icon comes first, so the marketer sees what the field holds now.
  const ordered = current && matching.includes(current) ? [current, ...matching.filter((n) => n !== current)] : matching;
  const shown = ordered.slice(0, SHOWN);
  return (
    <dialog ref={dialog} className="publish icon-picker" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>Choose an icon</h2>
      <label htmlFor={`${id}-search`}>Search the icons</label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        autoComplete="off"
        placeholder="such as cloud, rocket or shield"
        onChange={(event) => setQuery(event.target.value)}
      />
      <p role="status" className="hint">
        {failed ??
          (!drawn
            ? 'Loading the icons…'
            : matching.length === 0
              ? `No icon is called “${query.trim()}”. Try another word, such as what the icon shows.`
              : matching.length > SHOWN
                ? `${matching.length} icons; the first ${SHOWN} are shown. Type a word to narrow them.`
                : `${matching.length} ${matching.length === 1 ? 'icon' : 'icons'}.`)}
      </p>
      {drawn && (
        <ul className="icon-picker-grid">
          {shown.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={name === current ? 'icon-picker-current' : undefined}
                aria-pressed={name === current}
                onClick={() => {
                  onPick(name);
                  onClose();
                }}
              >
                <Glyph node={shapeOf(drawn, name)} size={28} />
                <span>{iconWords(name)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="publish-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
