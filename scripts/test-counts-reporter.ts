import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Appends, per project of a run, how many tests passed, failed and were skipped to $TEST_COUNTS_FILE
 * (one JSON line each), so `.ci/run` can print what every project ran (scripts/ci-summary.mjs).
 * A test that passed only on a retry is counted as passed and named under `flaky` with what its failed attempt
 * said, so a flake stays visible and its first clue is kept.
 */
export default class TestCountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const file = process.env.TEST_COUNTS_FILE;
    if (!file) return;
    const counts = new Map<
      string,
      { files: number; passed: number; failed: number; skipped: number; flaky: string[] }
    >();
    for (const module of testModules) {
      const project = `${module.project.name}${process.env.TEST_COUNTS_LABEL ?? ''}`;
      const row = counts.get(project) ?? { files: 0, passed: 0, failed: 0, skipped: 0, flaky: [] };
      row.files += 1;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') {
          row.passed += 1;
          if (test.diagnostic()?.flaky) {
            // What the failed attempt said (a passed result keeps its retries' errors): the flake's first clue.
            const said = test.result().errors?.[0]?.message.split('\n')[0]?.slice(0, 300);
            row.flaky.push(
              `${path.relative(process.cwd(), module.moduleId)} > ${test.fullName}${said ? `\n    first attempt: ${said}` : ''}`,
            );
          }
        } else if (state === 'failed') row.failed += 1;
        else row.skipped += 1;
      }
      counts.set(project, row);
    }
    const lines = [...counts].map(([project, row]) => JSON.stringify({ project, ...row }) + '\n');
    fs.appendFileSync(file, lines.join(''));
  }
}
