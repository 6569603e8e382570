/**
 * Imported first by scripts/prerender.ts: imports are evaluated in order, so React, loaded by the
 * imports after this one, picks its production build (it reads NODE_ENV once, when first loaded).
 */
process.env.NODE_ENV = 'production';
