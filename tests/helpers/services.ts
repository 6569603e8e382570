/**
 * The services some server tests talk to (Redis, PostgreSQL) may not run on a developer's machine.
 * A test file asks here whether one answers: where it does not, the file's tests are skipped with a
 * line that names the service and how to start it, so a newcomer's run says what it left out. In CI
 * (`CI` set) a missing service fails instead: .ci/run starts them, and a silent skip there would hide
 * that the tests never ran.
 */
import net from 'node:net';

export async function serviceAnswers(url: string, name: string, howToStart: string): Promise<boolean> {
  const address = new URL(url);
  const port = Number(address.port) || (address.protocol.startsWith('redis') ? 6379 : 5432);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: address.hostname, port, timeout: 2_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
  if (answers) return true;
  const message = `${name} does not answer at ${address.host}. ${howToStart}`;
  if (process.env.CI) throw new Error(`ServiceMissing: ${message}`);
  console.warn(`ServiceMissing (tests skipped): ${message}`);
  return false;
}

export const startRedis =
  "Start it with `redis-server --daemonize yes --port 6379 --save ''` (Debian: `apt-get install redis-server`), or point TEST_REDIS_URL at one.";
