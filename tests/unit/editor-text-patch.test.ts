import { describe, expect, it } from 'vitest';
import { patchTexts } from '../../src/editor/ui/text-patch.ts';

describe('the preview draws typed texts before the server has checked them', () => {
  const before = { heading: 'Contact Us', image: { src: '/a.webp', alt: '' }, cards: [{ title: 'One' }] };
  const prepared = {
    heading: 'Contact Us',
    image: { src: '/a.webp', alt: '', width: 800, height: 600 },
    cards: [{ title: 'One', icon: 'x' }],
  };

  it('puts each changed text into the prepared data and keeps what the build added', () => {
    const after = { ...before, heading: 'Talk to Us', cards: [{ title: 'Uno' }] };
    expect(patchTexts(before, after, prepared)).toEqual({
      heading: 'Talk to Us',
      image: { src: '/a.webp', alt: '', width: 800, height: 600 },
      cards: [{ title: 'Uno', icon: 'x' }],
    });
    // The prepared data is not changed in place.
    expect(prepared.heading).toBe('Contact Us');
  });

  it.each([
    ['a list item added', { ...before, cards: [{ title: 'One' }, { title: 'Two' }] }],
    ['a field emptied', { image: before.image, cards: before.cards }],
    ['a text turned into something else', { ...before, heading: 2024 }],
    ['a text with a placeholder the build fills', { ...before, heading: 'Call {site.contact.phone}' }],
  ])('waits for the check when %s', (_case, after) => {
    expect(patchTexts(before, after, prepared)).toBeUndefined();
  });
});
