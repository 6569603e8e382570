/**
 * Every page the build writes passes the W3C HTML checker (the Nu Html Checker, `vnu.jar` from the
 * `vnu-jar` package) with no error. The pages are the build's own list: every `*.html.br` under
 * dist/client, which must hold one for each route of `routes.json`. They are decoded into a temporary
 * folder (nothing is written into dist) and checked by one run of the checker, one JVM for all of them.
 *
 * The checker runs on the machine's Java (`$JAVA_HOME/bin/java`, else `java` on the PATH). Without one
 * this test fails and says how to install it: an HTML check that cannot run must not pass quietly.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from 'vitest';

const client = resolve(import.meta.dirname, '../../dist/client');
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** The stored pages of the build, relative to dist/client (`react/index.html.br`, `404.html.br`). */
function builtPages(folder = client): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) return builtPages(full);
    return name.endsWith('.html.br') ? [relative(client, full)] : [];
  });
}

/** The Java the checker runs on, or why there is none. */
function findJava(): { java: string } | { missing: string } {
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (probe.status === 0) return { java };
  return {
    missing:
      `JavaMissing: the W3C HTML checker (vnu.jar) needs Java 11 or newer, and ${java} ` +
      `${probe.error ? `could not be run (${probe.error.message})` : `exited with ${probe.status}`}.\n` +
      'Install a Java runtime with:  sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless\n' +
      '(or set JAVA_HOME to an installed one), then run `npm test` again. `.ci/run` installs it on a fresh machine.',
  };
}

interface VnuMessage {
  readonly type: string;
  readonly subType?: string;
  readonly url?: string;
  readonly lastLine?: number;
  readonly lastColumn?: number;
  readonly message: string;
  readonly extract?: string;
}

/**
 * What the checker's CSS validator says of CSS it is too old to know, each with why it is sound. Matched
 * word for word, so any other CSS error, in any property, still fails the test.
 */
const UNKNOWN_TO_THE_CHECKER: readonly RegExp[] = [
  // CSS Properties and Values API: registered custom properties that can be animated (Chromium 85, Safari
  // 16.4, Firefox 128). The careers tab bar fades its edges with them (src/components/Tabs).
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  // Scroll-driven animations (Chromium 115, Safari 26), inside @supports: other browsers skip the rule.
  /^CSS: “animation-timeline”: Property “animation-timeline” doesn't exist\.?$/,
];

test('every page the build writes has no error from the W3C HTML checker (vnu)', { timeout: 300_000 }, async () => {
  const found = findJava();
  if ('missing' in found) throw new Error(found.missing);
  expect(existsSync(join(client, 'routes.json')), 'a build in dist/client: run `npm run build` first').toBe(true);

  const pages = builtPages();
  const routes = JSON.parse(readFileSync(join(client, 'routes.json'), 'utf8')) as string[];
  const pageOf = (route: string) => join(route.slice(1), 'index.html.br');
  expect(
    routes.filter((route) => !pages.includes(pageOf(route))),
    'each route of routes.json has its page',
  ).toEqual([]);

  const folder = mkdtempSync(join(tmpdir(), 'html-valid-'));
  try {
    for (const page of pages) {
      const plain = join(folder, page.slice(0, -'.br'.length));
      mkdirSync(dirname(plain), { recursive: true });
      writeFileSync(plain, brotliDecompressSync(readFileSync(join(client, page))));
    }
    const started = performance.now();
    // One short-lived JVM: the quick compiler alone and the serial collector take half the CPU time of the
    // defaults on two cores; the quick compiler's larger frames need the bigger stack. Exits 1 when it
    // reports an error; the JSON report is what counts.
    const jvm = ['-Xss4m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1'];
    const output = await new Promise<string>((done, fail) => {
      execFile(
        found.java,
        [...jvm, '-jar', vnuJar, '--format', 'json', '--errors-only', '--stdout', folder],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (stdout.trim().startsWith('{')) done(stdout);
          else fail(new Error(`vnu gave no report: ${error?.message ?? ''}\n${stderr}`));
        },
      );
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`vnu: ${pages.length} pages checked in ${seconds.toFixed(1)} s (one JVM)`);

    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .filter((m) => !UNKNOWN_TO_THE_CHECKER.some((known) => known.test(m.message.trim())))
      .map((m) => {
        const file = m.url ? relative(folder, new URL(m.url).pathname) : '(no file)';
        const where = m.lastLine ? `${file}:${m.lastLine}:${m.lastColumn ?? 0}` : file;
        return `${where}: ${m.message}${m.extract ? `  «${m.extract.replace(/\s+/g, ' ').trim()}»` : ''}`;
      });
    expect(errors, `vnu reported ${errors.length} errors in ${pages.length} pages`).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
