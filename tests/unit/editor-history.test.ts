import fc from 'fast-check';
import { describe as suite, expect, it } from 'vitest';
import { describe, emptyHistory, record, redo, undo, type History } from '../../src/editor/ui/history.ts';
import { runs } from '../helpers/depth.ts';

type Page = { title: string; sections: { type: string; heading?: string; cards?: { title: string }[] }[] };

const page: Page = {
  title: 'React developers',
  sections: [
    { type: 'page-hero', heading: 'React apps' },
    { type: 'card-grid', heading: 'What we build', cards: [{ title: 'Dashboards' }, { title: 'Portals' }] },
  ],
};

/** A change a marketer makes to a page: any kind the editor offers. */
const changeOf = fc.oneof(
  fc.record({ kind: fc.constant('type' as const), text: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('clear' as const) }),
  fc.record({ kind: fc.constant('removeCard' as const), at: fc.nat(3) }),
  fc.record({ kind: fc.constant('addCard' as const), text: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('moveSection' as const) }),
  fc.record({ kind: fc.constant('deleteSection' as const), at: fc.nat(3) }),
);

function apply(data: Page, change: { kind: string; text?: string; at?: number }): Page {
  const next = structuredClone(data);
  const grid = next.sections.find((s) => s.cards);
  switch (change.kind) {
    case 'type':
      next.title = `${next.title}${String(change.text)}`;
      break;
    case 'clear':
      if (next.sections[0]) delete next.sections[0].heading;
      break;
    case 'removeCard':
      grid?.cards?.splice(Number(change.at) % Math.max(1, grid.cards.length), 1);
      break;
    case 'addCard':
      grid?.cards?.push({ title: String(change.text) });
      break;
    case 'moveSection':
      next.sections.reverse();
      break;
    case 'deleteSection':
      next.sections.splice(Number(change.at) % Math.max(1, next.sections.length), 1);
      break;
  }
  return next;
}

suite('undo and redo in the editor', () => {
  it('any sequence of changes undoes back to the file as it was opened, and redoes to the last', () => {
    fc.assert(
      fc.property(fc.array(changeOf, { maxLength: 30 }), (changes) => {
        let history: History<Page> = emptyHistory();
        let data = page;
        const states = [page];
        for (const change of changes) {
          const next = apply(data, change);
          history = record(history, data, next);
          data = next;
          states.push(next);
        }
        let step = undo(history, data);
        while (step) {
          ({ data, history } = step);
          step = undo(history, data);
        }
        expect(data).toEqual(page);
        step = redo(history, data);
        while (step) {
          ({ data, history } = step);
          step = redo(history, data);
        }
        expect(data).toEqual(states.at(-1));
      }),
      { seed: 33, numRuns: runs(300, 1500) },
    );
  });

  it('keystrokes into one field are one step, and clearing a field is a step of its own', () => {
    let history: History<Page> = emptyHistory();
    let data = page;
    for (const letter of [' ', 'p', 'r', 'o']) {
      const next = { ...data, title: data.title + letter };
      history = record(history, data, next);
      data = next;
    }
    expect(history.undo).toHaveLength(1);
    const cleared = { ...data, sections: [{ type: 'page-hero' }, data.sections[1]!] };
    history = record(history, data, cleared);
    expect(history.undo.map((s) => s.what)).toEqual(['typing in Title', 'clearing Heading of Section 1']);
    const back = undo(history, cleared)!;
    expect(back.data.sections[0]!.heading).toBe('React apps');
    expect(undo(back.history, back.data)!.data.title).toBe('React developers');
  });

  it('a new change after an undo drops what could be redone', () => {
    let history = record(emptyHistory<Page>(), page, { ...page, title: 'A' });
    const back = undo(history, { ...page, title: 'A' })!;
    expect(back.history.redo).toHaveLength(1);
    history = record(back.history, back.data, { ...page, title: 'B' }, 'renaming');
    expect(history.redo).toHaveLength(0);
  });

  it('names each kind of change in words', () => {
    const withCards = page.sections[1]!;
    expect(describe(page, { ...page, sections: [page.sections[0]!, { ...withCards, cards: withCards.cards!.slice(1) }] })).toBe(
      'removing Card “Dashboards”',
    );
    expect(describe(page, { ...page, sections: [...page.sections].reverse() })).toMatch(/^moving Section “/);
    expect(describe({ a: 1 }, { a: 2 })).toBe('changing A');
    expect(describe({ heading: 'x' }, {})).toBe('clearing Heading');
    expect(describe({}, { heading: 'x' })).toBe('filling in Heading');
  });
});
