/**
 * A page's sections in order: pick one to edit it, and add, duplicate, delete (with undo) and
 * reorder them, by drag or by keyboard (Alt+↑ / Alt+↓ on a section, or its move buttons).
 */
import { useState } from 'react';
import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';

export interface SectionSummary {
  readonly type: string;
  readonly label: string;
  readonly errors: number;
}

export interface SectionListProps {
  readonly sections: readonly SectionSummary[];
  readonly selected: number | 'page';
  /** The section types a marketer can add: code, name and what it is. */
  readonly types: readonly { readonly type: string; readonly name: string; readonly description: string }[];
  readonly onSelect: (index: number | 'page') => void;
  readonly onMove: (from: number, to: number) => void;
  readonly onDuplicate: (index: number) => void;
  readonly onDelete: (index: number) => void;
  readonly onAdd: (type: string, at: number) => void;
  readonly pageErrors: number;
}

export function SectionList(props: SectionListProps) {
  const { sections, selected } = props;
  const [dragged, setDragged] = useState<number>();
  const [type, setType] = useState(props.types[0]?.type ?? '');
  const nameOf = (code: string) => props.types.find((t) => t.type === code)?.name ?? code;
  const chosen = props.types.find((t) => t.type === type);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return;
    props.onMove(from, to);
    // Focus follows the moved section, so a keyboard user can keep moving it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-section-item="${to}"] .section-pick`)?.focus());
  };
  return (
    <nav aria-label="Sections of the page" className="sections">
      <button
        type="button"
        className={`section-pick page-pick${selected === 'page' ? ' is-selected' : ''}`}
        aria-current={selected === 'page' || undefined}
        onClick={() => props.onSelect('page')}
      >
        Page settings: address, title, description
        {props.pageErrors > 0 && <span className="badge">{props.pageErrors}</span>}
      </button>
      <ol className="section-items">
        {sections.map((section, index) => (
          <li
            key={`${index}-${section.type}`}
            data-section-item={index}
            className={`section-item${selected === index ? ' is-selected' : ''}${dragged === index ? ' is-dragged' : ''}`}
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              const from = Number(event.dataTransfer.getData('text/plain'));
              setDragged(undefined);
              if (Number.isInteger(from)) move(from, index);
            }}
            onDragEnd={() => setDragged(undefined)}
          >
            <button
              type="button"
              className="section-pick"
              aria-current={selected === index || undefined}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              onClick={() => props.onSelect(index)}
              onKeyDown={(event) => {
                if (!event.altKey) return;
                if (event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index, index - 1);
                } else if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  move(index, index + 1);
                }
              }}
            >
              <span className="section-number">{index + 1}</span>
              <span className="section-type">{nameOf(section.type)}</span>
              <span className="section-label">{section.label}</span>
              {section.errors > 0 && (
                <span className="badge" aria-label={`${section.errors} problem${section.errors === 1 ? '' : 's'}`}>
                  {section.errors}
                </span>
              )}
            </button>
            <span className="section-tools">
              <button
                type="button"
                aria-label={`Move section ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp size={16} aria-hidden />
              </button>
              <button
                type="button"
                aria-label={`Move section ${index + 1} down`}
                disabled={index === sections.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown size={16} aria-hidden />
              </button>
              <button type="button" aria-label={`Duplicate section ${index + 1}`} onClick={() => props.onDuplicate(index)}>
                <Copy size={16} aria-hidden />
              </button>
              <button type="button" aria-label={`Delete section ${index + 1}`} onClick={() => props.onDelete(index)}>
                <Trash2 size={16} aria-hidden />
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className="section-add">
        <label htmlFor="add-type">New section</label>
        <select id="add-type" value={type} onChange={(event) => setType(event.target.value)} aria-describedby="add-type-about">
          {[...props.types]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((t) => (
              <option key={t.type} value={t.type}>
                {t.name}
              </option>
            ))}
        </select>
        <p id="add-type-about" className="section-about">
          {chosen?.description}
        </p>
        {chosen && (
          // The section as the site draws it (docs/images/sections/, made by docs:screenshots).
          <img
            key={chosen.type}
            className="section-picture"
            src={`/docs/images/sections/${chosen.type}.webp`}
            alt=""
            loading="lazy"
            onError={(event) => (event.currentTarget.hidden = true)}
          />
        )}
        <button type="button" onClick={() => props.onAdd(type, selected === 'page' ? sections.length : selected + 1)}>
          Add {selected === 'page' ? 'at the end' : `after section ${selected + 1}`}
        </button>
      </div>
    </nav>
  );
}
