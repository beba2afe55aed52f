import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { normalizeText } from '../contract/hangul';
import { searchStatement } from '../server/modules/search/service';
import { searchStatementBefore } from './search-before';
import { PgDialect } from 'drizzle-orm/pg-core';
const url = process.argv[2]!;
const ws = Number(process.argv[3] ?? 1);
const wsName = process.argv[4] ?? 'Bench';
const qs = process.argv.slice(5);
const pool = new pg.Pool({ connectionString: url });
const dialect = new PgDialect();
for (const raw of qs) {
  const q = normalizeText(raw);
  for (const [label, f] of [['before', searchStatementBefore], ['after', searchStatement]] as const) {
    const st = dialect.sqlToQuery(f(ws, wsName, { q, kinds: ['goal', 'issue', 'external'], teamId: null, limit: 20 }));
    const r = await pool.query(`explain (analyze, buffers off, timing ${process.env.TIMING ? "on" : "off"}, summary on) ${st.sql}`, st.params);
    const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
    if (process.env.FULL) console.log(lines.join('\n'));
    console.log(`${raw} ${label}: ${lines.filter((l) => /Execution Time/.test(l)).join(' ')}`);
  }
}
await pool.end();
