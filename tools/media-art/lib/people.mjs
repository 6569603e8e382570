// Team portraits from the DiceBear "Lorelei" style (design by Lisa Wischofsky,
// CC0 1.0; DiceBear code MIT). Options are pinned per person so the output is
// deterministic and every portrait has a friendly, professional expression.
import { createAvatar } from '@dicebear/core';
import { lorelei } from '@dicebear/collection';

export const STYLE = { name: 'Lorelei', meta: lorelei.meta };

// Brand-palette tints for the portrait backgrounds.
const BG = { violet: 'e6e0ff', teal: 'd3f4ef', blue: 'dde6ff', lilac: 'efe9ff' };

// Eight people, alternating women and men.
export const TEAM = [
  {
    seed: 'sutra-ananya',
    hair: 'variant21',
    eyes: 'variant04',
    mouth: 'happy02',
    eyebrows: 'variant03',
    skin: 'c68a63',
    hairColor: '1c120d',
    bg: BG.violet,
    earrings: 'variant01',
  },
  {
    seed: 'sutra-rohan',
    hair: 'variant03',
    eyes: 'variant04',
    mouth: 'happy05',
    eyebrows: 'variant01',
    skin: 'b47a55',
    hairColor: '16100c',
    bg: BG.teal,
  },
  {
    seed: 'sutra-meera',
    hair: 'variant45',
    eyes: 'variant13',
    mouth: 'happy04',
    eyebrows: 'variant05',
    skin: 'e0a985',
    hairColor: '2b1a12',
    bg: BG.blue,
    glasses: 'variant03',
  },
  {
    seed: 'sutra-arjun',
    hair: 'variant08',
    eyes: 'variant20',
    mouth: 'happy01',
    eyebrows: 'variant10',
    skin: '9a6440',
    hairColor: '120c09',
    bg: BG.lilac,
  },
  {
    seed: 'sutra-priya',
    hair: 'variant35',
    eyes: 'variant24',
    mouth: 'happy03',
    eyebrows: 'variant02',
    skin: 'd49a74',
    hairColor: '24160f',
    bg: BG.teal,
    earrings: 'variant03',
  },
  {
    seed: 'sutra-vikram',
    hair: 'variant39',
    eyes: 'variant02',
    mouth: 'happy06',
    eyebrows: 'variant12',
    skin: 'a86f4c',
    hairColor: '15100d',
    bg: BG.violet,
    glasses: 'variant04',
  },
  {
    seed: 'sutra-kavya',
    hair: 'variant15',
    eyes: 'variant12',
    mouth: 'happy13',
    eyebrows: 'variant06',
    skin: 'c98e69',
    hairColor: '3a2418',
    bg: BG.blue,
  },
  {
    seed: 'sutra-nikhil',
    hair: 'variant04',
    eyes: 'variant12',
    mouth: 'happy05',
    eyebrows: 'variant09',
    skin: 'e3b08f',
    hairColor: '2a1d15',
    bg: BG.lilac,
  },
];

function options(p, { background = true } = {}) {
  return {
    seed: p.seed,
    hair: [p.hair],
    eyes: [p.eyes],
    mouth: [p.mouth],
    eyebrows: [p.eyebrows],
    skinColor: [p.skin],
    hairColor: [p.hairColor],
    backgroundColor: background ? [p.bg] : [],
    glasses: p.glasses ? [p.glasses] : undefined,
    glassesProbability: p.glasses ? 100 : 0,
    beard: p.beard ? [p.beard] : undefined,
    beardProbability: p.beard ? 100 : 0,
    earrings: p.earrings ? [p.earrings] : undefined,
    earringsProbability: p.earrings ? 100 : 0,
    frecklesProbability: 0,
    hairAccessoriesProbability: 0,
  };
}

/** Full portrait SVG (keeps DiceBear's licence metadata). */
export function portraitSvg(i) {
  return createAvatar(lorelei, options(TEAM[i % TEAM.length])).toString();
}

/**
 * Portrait as an inline fragment for embedding in a larger SVG: placed in a
 * square (x, y, size), ids made unique, metadata dropped.
 */
export function portraitFragment(i, x, y, size, idPrefix, { background = false } = {}) {
  let s = createAvatar(lorelei, options(TEAM[i % TEAM.length], { background })).toString();
  s = s.replace(/<metadata>[\s\S]*?<\/metadata>/, '').replace(/<metadata[\s\S]*?<\/metadata>/, '');
  s = s.replace(/id="([^"]+)"/g, `id="${idPrefix}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}$1)`);
  return s.replace(/^<svg /, `<svg x="${x}" y="${y}" width="${size}" height="${size}" `);
}
