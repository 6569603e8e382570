#!/usr/bin/env node
// Proves that the gate (`npm test`) catches each kind of fault its sweeps exist for. Each fault is planted
// in a scratch copy of this commit (a git worktree under the system's temporary folder; this checkout is
// never touched), the copy is built, and the gate's tests that look at that kind of thing are run, as the
// gate runs them (TEST_DEPTH=gate; a sweep narrowed with ROUTE= runs the gate's own per-route test). A row
// says which test failed and its first line, or that nothing failed, which is a defect in the gate.
//
//   node scripts/planted-faults.mjs            every fault
//   node scripts/planted-faults.mjs axe        the faults whose name contains "axe"
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const playwright = (spec, route) => ({ tool: 'playwright', args: [spec], env: route ? { ROUTE: route } : {} });
const vitest = (...files) => ({ tool: 'vitest', args: files, env: {} });

/** Each fault: where it is planted (a text replaced once), and the gate's tests that should fail. */
const FAULTS = [
  {
    name: 'a card title clipped at 1920 px',
    file: 'src/sections/card-grid/styles.module.css',
    find: '.title {\n  font-size: var(--text-lg);',
    replace:
      '@media (min-width: 1800px) { .title { white-space: nowrap; overflow: hidden; max-width: 6ch; } }\n.title {\n  font-size: var(--text-lg);',
    runs: [playwright('tests/e2e/sweep.spec.ts', '/react')],
  },
  {
    name: 'an axe violation (a link with no name)',
    file: 'src/app/Footer/index.tsx',
    find: '          {footer.about && <p>{footer.about}</p>}',
    replace: '          {footer.about && <p>{footer.about}</p>}\n          <a href="/contact" className={styles.brand}></a>',
    runs: [playwright('tests/e2e/sweep.spec.ts', '/privacy')],
  },
  {
    name: 'a broken internal link',
    file: 'src/app/Footer/index.tsx',
    find: '<Link to="/" className={styles.brand}>',
    replace: '<Link to="/servicez" className={styles.brand}>',
    runs: [vitest('tests/built/pages-html.test.ts')],
  },
  {
    name: 'a lost first press (held presses never replayed)',
    file: 'src/app/startup/boot.ts',
    find: '    if (now) replay(now);',
    replace: '    void now;',
    runs: [playwright('tests/e2e/early-input.spec.ts')],
  },
  {
    name: 'a console error',
    file: 'src/sections/cta-banner/index.tsx',
    find: '  const headingId = useId();',
    replace:
      "  const headingId = useId();\n  if (typeof window !== 'undefined') console.error('planted: the banner could not read its settings');",
    runs: [playwright('tests/e2e/sweep.spec.ts', '/privacy')],
  },
  {
    name: 'a missing JSON-LD property (datePosted)',
    file: 'src/app/head.ts',
    find: '    datePosted: about.datePublished,\n',
    replace: '',
    runs: [vitest('tests/built/pages-html.test.ts')],
  },
  {
    name: 'a form that accepts a bad e-mail',
    file: 'schemas/api/contact.schema.json',
    find: '"format": "email",',
    replace: '',
    runs: [vitest('tests/server/validation.test.ts', 'tests/unit/forms.test.ts'), playwright('tests/e2e/forms.spec.ts')],
  },
  {
    name: 'a section that never hydrates (locations)',
    file: 'src/app/startup/loader.ts',
    find: '    loading = gate(index).opened.then(() => loadComponent(type));',
    replace:
      "    loading = type === 'locations' ? new Promise<AnySectionComponent>(() => {}) : gate(index).opened.then(() => loadComponent(type));",
    runs: [playwright('tests/e2e/sweep.spec.ts', '/contact')],
  },
];

const only = process.argv[2];
const faults = FAULTS.filter((fault) => !only || fault.name.includes(only));
const scratch = mkdtempSync(join(tmpdir(), 'planted-faults-'));
const copy = join(scratch, 'site');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
git('worktree', 'add', '--detach', copy, 'HEAD');
symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));

/** The first failing test and the first line of its error, from a JSON report. */
function firstFailure(tool, report) {
  if (!existsSync(report)) return undefined;
  const data = JSON.parse(readFileSync(report, 'utf8'));
  if (tool === 'vitest') {
    for (const file of data.testResults)
      for (const test of file.assertionResults)
        if (test.status === 'failed') return { test: test.fullName, why: test.failureMessages[0] };
    return undefined;
  }
  const failed = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky')
          failed.push({ test: spec.title, why: test.results[0]?.error?.message });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of data.suites) walk(suite);
  return failed[0];
}

const rows = [];
try {
  for (const fault of faults) {
    git('-C', copy, 'checkout', '--', '.');
    const path = join(copy, fault.file);
    const text = readFileSync(path, 'utf8');
    if (!text.includes(fault.find))
      throw new Error(`PlantMissed: "${fault.name}": ${fault.file} no longer holds the text to replace`);
    writeFileSync(path, text.replace(fault.find, fault.replace));
    console.log(`\n▶ ${fault.name} (${fault.file})`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: copy, encoding: 'utf8' });
    if (build.status !== 0) {
      rows.push({
        fault: fault.name,
        caught: 'the build',
        test: 'npm run build',
        why: build.stderr.trim().split('\n').slice(-3).join(' '),
      });
      continue;
    }
    let found;
    for (const run of fault.runs) {
      const report = join(scratch, `report-${rows.length}-${run.tool}.json`);
      const env = { ...process.env, ...run.env, TEST_DEPTH: 'gate', CI: '', NO_COLOR: '1' };
      const args =
        run.tool === 'vitest'
          ? ['vitest', 'run', ...run.args, '--reporter=json', `--outputFile=${report}`]
          : ['playwright', 'test', ...run.args, '--reporter=json', '--retries=0'];
      if (run.tool === 'playwright') env.PLAYWRIGHT_JSON_OUTPUT_NAME = report;
      const result = spawnSync('npx', args, { cwd: copy, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const failure = result.status === 0 ? undefined : firstFailure(run.tool, report);
      if (failure) {
        found = { caught: `${run.tool} ${run.args.join(' ')}${run.env.ROUTE ? ` (ROUTE=${run.env.ROUTE})` : ''}`, ...failure };
        break;
      }
    }
    rows.push({ fault: fault.name, caught: found?.caught ?? 'NOT CAUGHT', test: found?.test ?? '', why: found?.why ?? '' });
    console.log(found ? `  caught by ${found.test}` : '  NOT CAUGHT');
  }
} finally {
  git('worktree', 'remove', '--force', copy);
  rmSync(scratch, { recursive: true, force: true });
}

const clean = (text) =>
  String(text ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ')
    .replace(/\|/g, '\\|')
    .slice(0, 220);
console.log('\n| fault | caught by | test | first line |\n| --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.fault} | ${row.caught} | ${clean(row.test)} | ${clean(row.why)} |`);
process.exit(rows.some((row) => row.caught === 'NOT CAUGHT') ? 1 : 0);
