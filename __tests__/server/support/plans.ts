import type { Database } from '../../../server/db';

/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan; with `analyze`, the actual rows and loops too. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Parent Relationship'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** A SQL literal of a statement's parameter (numbers, booleans, strings, arrays, null). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An empty array as an untyped literal, which takes the parameter's type (`array[]` has none).
  if (Array.isArray(value)) return value.length === 0 ? `'{}'` : `array[${value.map(literal).join(', ')}]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The plan of `text` with `params` as a prepared statement runs it, on either driver of `database`: `mode`
 * `force_custom_plan` (planned for these values, as the first runs and unnamed statements are; the default) or
 * `force_generic_plan` (the plan PostgreSQL may cache for every later run); `analyze`: run it and report actual
 * rows. Used by the list and query plan tests (docs/performance.md "Lists", "Search").
 */
export async function explainPrepared(
  database: Database,
  text: string,
  params: unknown[],
  {
    mode = 'force_custom_plan',
    analyze = false,
  }: { mode?: 'force_custom_plan' | 'force_generic_plan'; analyze?: boolean } = {},
): Promise<PlanNode> {
  const { driver } = database;
  const statements = [
    `set plan_cache_mode = ${mode}`,
    `prepare explain_target as ${text}`,
    `explain (format json${analyze ? ', analyze' : ''}) execute explain_target${
      params.length > 0 ? `(${params.map(literal).join(', ')})` : ''
    }`,
  ];
  const cleanup = ['deallocate explain_target', 'reset plan_cache_mode'];
  let value: unknown;
  if (driver.kind === 'pglite') {
    try {
      for (const statement of statements) value = (await driver.client.query(statement)).rows[0];
    } finally {
      for (const statement of cleanup) await driver.client.query(statement).catch(() => undefined);
    }
  } else {
    const client = await driver.client.connect();
    try {
      for (const statement of statements) value = (await client.query(statement)).rows[0];
    } finally {
      for (const statement of cleanup) await client.query(statement).catch(() => undefined);
      client.release();
    }
  }
  const plan = Object.values(value as Record<string, unknown>)[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}
