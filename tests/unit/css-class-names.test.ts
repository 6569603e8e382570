import { describe, expect, it } from 'vitest';
import { shortClassNames } from '../../src/build/css-class-names.ts';

describe('short class names of a build', () => {
  it('gives a class the same short name each time, whichever build asks', () => {
    const client = shortClassNames('/site');
    const prerender = shortClassNames('/site');
    const name = client('arrow', '/site/src/components/Carousel/styles.module.css');
    expect(name).toMatch(/^_[0-9a-z]{6}$/);
    expect(prerender('arrow', '/site/src/components/Carousel/styles.module.css?used')).toBe(name);
  });

  it('gives the same class of two stylesheets, and two classes of one, different names', () => {
    const names = shortClassNames('/site');
    const a = names('title', '/site/src/sections/hire/styles.module.css');
    expect(names('title', '/site/src/sections/faq/styles.module.css')).not.toBe(a);
    expect(names('text', '/site/src/sections/hire/styles.module.css')).not.toBe(a);
  });

  it('fails the build with CssClassNameCollision when two classes hash to one name', () => {
    const names = shortClassNames('/site');
    let clash: unknown;
    // About 55,000 names make a clash likely among 36^6; the loop stops at the first.
    for (let i = 0; i < 1_000_000 && clash === undefined; i++) {
      try {
        names(`c${i}`, '/site/src/a.module.css');
      } catch (error) {
        clash = error;
      }
    }
    expect(clash).toMatchObject({
      message: expect.stringMatching(
        /^CssClassNameCollision: src\/a\.module\.css \.c\d+ and src\/a\.module\.css \.c\d+ both hash/,
      ),
    });
  });
});
