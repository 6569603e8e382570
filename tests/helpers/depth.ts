/**
 * How many generated cases a class test runs: `TEST_DEPTH=gate` (the default, `npm test`) or `full`
 * (`npm run test:full`). Every generated test reads it here, so one setting deepens them all.
 */
export const FULL_DEPTH = process.env.TEST_DEPTH === 'full';

/** The number of cases: `gate` in the gate, `full` in the full sweep. */
export const runs = (gate: number, full: number): number => (FULL_DEPTH ? full : gate);
