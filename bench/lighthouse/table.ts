// The Lighthouse bench's tables: every load, then the median per preset and page (issue 55).

export interface Row {
  /** 'this build', or 'baseline' (LIGHTHOUSE_BASELINE). */
  build: string;
  page: string;
  preset: string;
  run: number;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  finalUrl: string;
  /** The 1-minute load average when the load started. */
  load: number;
  /** Score per category asked for, and the audits below full marks in the categories other than performance. */
  scores: Record<string, number>;
  failing: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Scores of the other categories, with each page's failing audits. */
export function printCategories(rows: Row[], categories: string[]) {
  console.log(`\n| preset | page | ${categories.join(' | ')} | failing audits | final path |`);
  console.log(`|---|---|${categories.map(() => '---|').join('')}---|---|`);
  for (const r of rows) {
    const scores = categories.map((c) => r.scores[c]).join(' | ');
    console.log(`| ${r.preset} | ${r.page} | ${scores} | ${r.failing.join(', ') || 'none'} | ${r.finalUrl} |`);
  }
}

/** Every load as measured, then per preset and page the median of its runs with TBT's range and the loads. */
export function printPerformance(rows: Row[], method: string) {
  console.log(`\n${method}\n\nEvery load:\n`);
  console.log('| build | preset | page | run | load avg | score | FCP | LCP | TBT | CLS | transferred | final path |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.build} | ${r.preset} | ${r.page} | ${r.run} | ${r.load.toFixed(2)} | ${r.score} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.bytes / 1024)} KiB | ${r.finalUrl} |`,
    );
  }
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.preset}\t${r.page}\t${r.build}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  console.log('\nMedian of the runs:\n');
  console.log(
    '| preset | page | build | runs | score | FCP | LCP | TBT (median) | TBT (min–max) | CLS | load avg (min–max) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, group] of groups) {
    const [preset, page, build] = key.split('\t');
    const of = (pick: (r: Row) => number) => median(group.map(pick));
    const tbts = group.map((r) => r.tbt);
    const loads = group.map((r) => r.load);
    console.log(
      `| ${preset} | ${page} | ${build} | ${group.length} | ${of((r) => r.score)} | ${seconds(of((r) => r.fcp))} | ${seconds(of((r) => r.lcp))} | ${Math.round(of((r) => r.tbt))} ms | ${Math.round(Math.min(...tbts))}–${Math.round(Math.max(...tbts))} ms | ${of((r) => r.cls).toFixed(3)} | ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} |`,
    );
  }
}
