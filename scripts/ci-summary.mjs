// Prints the phases of a `.ci/run` with their seconds, and the tests each project ran (docs/testing.md).
// Usage: node scripts/ci-summary.mjs <phases file: "name<TAB>seconds" lines> <test counts file: JSON lines>
import fs from 'node:fs';

const [phasesFile, countsFile] = process.argv.slice(2);
const lines = (file) => (file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

const phases = lines(phasesFile).map((line) => line.split('\t'));
const total = phases.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
console.log('\nphase                          seconds');
for (const [name, seconds] of phases) console.log(`${name.padEnd(30)} ${seconds.padStart(7)}`);
console.log(`${'total'.padEnd(30)} ${String(total).padStart(7)}`);

const counts = lines(countsFile).map((line) => JSON.parse(line));
console.log('\nproject                 files  passed  failed  skipped');
const sum = { files: 0, passed: 0, failed: 0, skipped: 0 };
for (const row of counts) {
  console.log(
    `${row.project.padEnd(22)} ${[row.files, row.passed, row.failed, row.skipped].map((n, i) => String(n).padStart(i ? 7 : 6)).join(' ')}`,
  );
  for (const key of Object.keys(sum)) sum[key] += row[key];
}
const flaky = counts.flatMap((row) => row.flaky ?? []);
console.log(
  `${'all'.padEnd(22)} ${[sum.files, sum.passed, sum.failed, sum.skipped].map((n, i) => String(n).padStart(i ? 7 : 6)).join(' ')}`,
);
if (flaky.length) {
  console.log(`\n${flaky.length} test(s) passed only on a retry (web and e2e retry once; see docs/testing.md):`);
  for (const name of flaky) console.log(`  ${name}`);
}
