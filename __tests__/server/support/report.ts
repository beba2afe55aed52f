/**
 * Whether the suite prints the reports of its measuring tests: the query plans of list-plan.test.ts and
 * query-plans.test.ts, the page timings of items-performance.test.ts. Off by default so that `npm test` prints
 * only results; `MOMENTUM_TEST_VERBOSE=1 npx jest <file>` shows them (docs/performance.md, first section).
 */
export const TEST_VERBOSE = process.env.MOMENTUM_TEST_VERBOSE === '1';

/** Writes `text` (a report, newline-terminated) to stdout when `MOMENTUM_TEST_VERBOSE=1`; otherwise nothing. */
export function printReport(text: string): void {
  if (TEST_VERBOSE) process.stdout.write(text);
}
