import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Retries are for the browser's own stalls only (issue 50): headless Chromium on a busy two-core
 * machine sometimes stops drawing a page (`ChromiumStoppedResponding`, fixtures.ts) or loses its page
 * or browser. A test that passed only on its retry after any other failure is flaky in our code, so
 * it fails the run. Every retry is listed at the end, with the first line of what failed first.
 */
// A test's own time limit running out is counted with them: on a two-core machine under load it is
// how a stalled page most often shows, and telling the two apart would take the trace a retry keeps.
const browserStall =
  /ChromiumStoppedResponding|Target page, context or browser has been closed|browser has disconnected|Test timeout of \d+ms exceeded/;

export default class RetryReporter implements Reporter {
  private readonly retried: { title: string; first: string; stall: boolean; passed: boolean; group: boolean }[] = [];

  private readonly recovered: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // A page that stopped drawing and was reloaded within its test (scrollThrough, fixtures.ts) is listed too.
    for (const note of result.annotations ?? [])
      if (note.type === 'browser-stall') this.recovered.push(`${test.title}: ${note.description ?? ''}`);
    if (result.retry === 0 || result.status === 'skipped') return;
    const firstResult = test.results[0];
    const title = `${test.location.file.replace(/^.*tests\/e2e\//, '')}:${test.location.line} › ${test.title}`;
    // In a serial spec (editor.spec: one editor service and one copy of the project) Playwright runs the
    // whole group again when one of its tests fails, so a test that passed, or never ran, comes back with
    // it. Its retry says nothing about itself: the test that failed is listed, and judged, on its own.
    if (firstResult && firstResult.status !== 'failed' && firstResult.status !== 'timedOut') {
      this.retried.push({
        title,
        first: `ran again with its serial group (first: ${firstResult.status})`,
        stall: false,
        passed: result.status === 'passed',
        group: true,
      });
      return;
    }
    const first = firstResult?.errors[0]?.message ?? firstResult?.error?.message ?? 'no message';
    this.retried.push({
      title,
      first: first.split('\n')[0]!.slice(0, 200),
      stall: browserStall.test(first),
      passed: result.status === 'passed',
      group: false,
    });
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (this.recovered.length > 0) {
      console.log(`\nPages reloaded after the browser stopped drawing them (${this.recovered.length}):`);
      for (const line of this.recovered) console.log(`  ${line}`);
    }
    if (this.retried.length === 0) return undefined;
    console.log(`\nRetried (${this.retried.length}):`);
    for (const r of this.retried)
      console.log(
        `  ${r.group ? 'with its group' : r.stall ? 'browser stall' : 'NOT a browser stall'}, ${r.passed ? 'passed on retry' : 'failed again'}: ${r.title}\n    first: ${r.first}`,
      );
    const flaky = this.retried.filter((r) => !r.group && !r.stall && r.passed);
    if (flaky.length === 0) return undefined;
    console.log(
      `\n${flaky.length} test(s) passed only on a retry after a failure that was not the browser's: fix them, the run fails.`,
    );
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }
}
