/**
 * A clock to move forward, for a service process under test (preloaded with `node --import`): the editor
 * service asks for a build when a scheduled day comes (src/editor/service/build-hook.ts), and a test cannot
 * wait for the day. `FAKE_CLOCK_FILE` holds how many milliseconds to add to the real time (none while the
 * file is missing or empty); the service's ten-minute look at the schedule runs every 300 ms instead. Only
 * tests load this file.
 */
import { readFileSync } from 'node:fs';

const file = process.env.FAKE_CLOCK_FILE;
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
const offset = () => {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
};
class FakeDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + offset());
    else super(...args);
  }
  static now() {
    return realNow() + offset();
  }
}
if (file) {
  globalThis.Date = FakeDate;
  const realSetInterval = globalThis.setInterval;
  globalThis.setInterval = (callback, ms, ...rest) => realSetInterval(callback, ms === 10 * 60_000 ? 300 : ms, ...rest);
}
