/**
 * How long tests wait for what they caused, in one place. These are deadlines, never pauses: a test goes on
 * the moment the event happens, and the figure only says when to give up and fail. They are generous because
 * the suite runs on two-core machines beside other work: there, with two busy processes beside it, servers
 * took over 30 s to start listening.
 */

/** From spawning a server (tsx compiles it first) to its "Serving the site on …" line. */
export const listenDeadlineMs = 60_000;

/** For anything a test caused to happen: a delivery, a log line, a port closing, a process exiting. */
export const eventDeadlineMs = 30_000;

/** The timeout of a test that starts a server or a program through tsx: the listen deadline, and as long again. */
export const spawningTestTimeoutMs = 2 * listenDeadlineMs;
