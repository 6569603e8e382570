import { execFileSync } from 'node:child_process';

/**
 * A port the operating system has free now (it hands one out for port 0), for a server a test run
 * starts: fixed ports, or a range picked by process id, failed whenever something else held one.
 * Synchronous, so that a spec or the Playwright config can name its server's address when it loads.
 */
export function freePort(): number {
  const script =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
