/**
 * Benchmark of workspace search, `GET /api/search` (docs/performance.md "Search"; server/modules/search/).
 *
 *   node --import tsx bench/search.ts [--db pglite,postgres] [--sizes 100000,2000,4000,…] [--app-share 0.02]
 *                                     [--runs 40] [--compare] [--keep] [--explain <label text>]
 *
 * For every database: builds the real app (`buildApp`) on
 * - `pglite`: the embedded database, file-backed in a temporary `DATA_DIR`, as `npm start` runs without
 *   `DATABASE_URL`;
 * - `postgres`: a scratch database (created, migrated by the app, dropped afterwards) on the server of
 *   `BENCH_POSTGRES_URL` (default `DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/postgres);
 * creates one workspace per entry of `--sizes` (default ten: one of 100,000 items, the others 2,000–20,000; two
 * teams each) and seeds them in interleaved rounds, so their ids interleave as in a shared database: most items in
 * bulk inserts (5% goals, 10% externals, the rest issues; Korean titles of two or three words from a fixed
 * vocabulary, one- or two-sentence descriptions, some with English words; derived search columns as the app writes
 * them; the trigram indexes built after them, as after a restore), then `--app-share` of each workspace (default 2%)
 * created through the app's own route (`POST /api/teams/{teamId}/issues|goals`), each followed by an edit of an
 * earlier item through `PATCH …/{id}` (a new title or a new description), so the heap and the indexes carry
 * inserted and updated rows too. Then `ANALYZE` (the app runs it on PGlite by itself, server/db/index.ts `analyze`).
 *
 * Measured in the largest and the smallest workspace: each query of a mix (초성, half-composed syllables,
 * substrings, generated names, description words, one- and two-character queries) `--runs` times after 5 warm-ups,
 * through `app.inject` (the whole route: bearer check, validation, the query, ranges, serialization). Printed per
 * query: hits, p50 and p95 in ms; then a Markdown table, the growth from the smallest to the largest workspace
 * (p50 ratio; target ≤ 2×) and the budget check (p95 of every query in both workspaces ≤ 30 ms on PGlite, ≤ 15 ms on
 * PostgreSQL). With `--compare`, each query's statement alone is also run the way it was before issue #22
 * (bench/search-before.ts) and as it is now, alternately, `--runs` times each: p50 / p95 of both, and whether they
 * return the same rows in the same order. With both databases it also checks that every query returned the same
 * hits (names, how they matched, ranges and snippets) in the same order on both. Exit code 1 if a check fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ITEM_KINDS,
  PRIORITIES,
  SEARCH_LIMIT_DEFAULT,
  STATES,
  type ItemKind,
  type SearchHit,
} from '../contract';
import { normalizeText } from '../contract/hangul';
import { plainTextToLexical } from '../contract/lexical';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Db, analyze } from '../server/db';
import { item } from '../server/db/schema';
import { searchColumnsFor } from '../server/modules/search/derive';
import { type SearchInput, searchStatement } from '../server/modules/search/service';
import { type SignedInMember, asMember, signIn } from '../__tests__/server/support/members';
import { createTeamWith } from '../__tests__/server/support/items';
import { createWorkspaceWith } from '../__tests__/server/support/workspaces';
import { searchStatementBefore } from './search-before';
import { type DbKind, appEnv, dbKinds, median, option, percentile, scratchPostgres } from './support';

const DBS = dbKinds();
const SIZES = option('sizes', '100000,2000,4000,6000,8000,10000,12000,15000,18000,20000')
  .split(',')
  .map(Number);
const APP_SHARE = Number(option('app-share', '0.02'));
const RUNS = Number(option('runs', '40'));
const COMPARE = process.argv.includes('--compare');
/** `--explain <text>`: print EXPLAIN ANALYZE of the statement of every query whose label contains `<text>`. */
const EXPLAIN = option('explain', '');
/** `--keep`: leave the PostgreSQL scratch database in place (its name is printed), to inspect plans. */
const KEEP = process.argv.includes('--keep');
const WARM_UP = 5;
const ROUNDS = 100;
const BUDGET_MS: Record<DbKind, number> = { pglite: 30, postgres: 15 };
const GROWTH_TARGET = 2;
const NAMES = [
  'Bench',
  'Alpha',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliet',
];

/** The query mix: [label, query string]. `{ws}`: the workspace's name; `{i}`: an existing issue number; `{team}`. */
const QUERIES: Array<[string, string]> = [
  ['초성 ㄹㄱㅇ', 'q=ㄹㄱㅇ'],
  ['초성 ㅂㅍ ㅇㅈ', 'q=ㅂㅍ ㅇㅈ'],
  ['초성 ㄷㅇㅌㅂㅇㅅ', 'q=ㄷㅇㅌㅂㅇㅅ'],
  ['초성 ㄱㅅ (2 letters)', 'q=ㄱㅅ'],
  ['jamo 로그이', 'q=로그이'],
  ['jamo 결제 모', 'q=결제 모'],
  ['jamo 마이그레이셔', 'q=마이그레이셔'],
  ['substring 비밀번호', 'q=비밀번호'],
  ['substring 성능 개선', 'q=성능 개선'],
  ['substring 오류 (2 chars)', 'q=오류'],
  ['substring 검 (1 char)', 'q=검'],
  ['name {ws}-i{i}', 'q={ws}-i{i}'],
  ['name i{i7}', 'q=i{i7}'],
  ['name {ws}-g1', 'q={ws}-g1'],
  ['description timeout', 'q=timeout'],
  ['description 사파리에서', 'q=사파리에서'],
  ['nothing found', 'q=존재하지않는검색어'],
  ['초성, issues of one team', 'q=ㄹㄱㅇ&kinds=issue&teamId={team}'],
];

const WORDS = [
  '로그인',
  '리다이렉트',
  '오류',
  '결제',
  '모듈',
  '정산',
  '배포',
  '일정',
  '알림',
  '설정',
  '화면',
  '검색',
  '성능',
  '개선',
  '회원가입',
  '비밀번호',
  '변경',
  '다크모드',
  '푸시',
  '서버',
  '응답',
  '지연',
  '데이터베이스',
  '마이그레이션',
  '권한',
  '관리',
  '대시보드',
  '차트',
  '내보내기',
  '업로드',
  '이미지',
  '캐시',
  '토큰',
  '갱신',
  '버그',
  '수정',
  '추가',
  '삭제',
  '페이지',
  '온보딩',
];
const SENTENCES = [
  '사파리에서 버튼이 눌리지 않습니다.',
  '응답이 3초 이상 걸립니다.',
  'API timeout 이 자주 발생합니다.',
  '재현 방법을 아래에 적었습니다.',
  '디자인 시안은 피그마에 있습니다.',
  'null pointer exception in the worker.',
  '다음 스프린트에 배포할 예정입니다.',
  '고객 문의가 여러 건 들어왔습니다.',
];

/** A small deterministic PRNG (mulberry32), so both databases get the same items. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The next seeded item: kind, title, description. */
function seedItem(next: () => number): { kind: ItemKind; title: string; text: string } {
  const roll = next();
  const kind: ItemKind = roll < 0.05 ? 'goal' : roll < 0.15 ? 'external' : 'issue';
  return { kind, title: seedTitle(next), text: seedText(next) };
}
const pickOf =
  (next: () => number) =>
  <T>(list: readonly T[]) =>
    list[Math.floor(next() * list.length)]!;
function seedTitle(next: () => number): string {
  const words = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pickOf(next)(WORDS));
  return Array.from(words.join(' ')).slice(0, 20).join('').trim();
}
const seedText = (next: () => number) =>
  Array.from({ length: 1 + Math.floor(next() * 2) }, () => pickOf(next)(SENTENCES)).join('\n');

const SEGMENT: Record<ItemKind, 'goals' | 'issues' | 'externals'> = {
  goal: 'goals',
  issue: 'issues',
  external: 'externals',
};
const PREFIX: Record<ItemKind, string> = { goal: 'g', issue: 'i', external: 'e' };

interface SeededWorkspace {
  name: string;
  size: number;
  workspaceId: number;
  teams: number[];
  owner: SignedInMember;
  numbers: Record<ItemKind, number>;
  /** Items an edit may pick: [id, kind, teamId] (goals and issues). */
  editable: [number, ItemKind, number][];
}

/**
 * Seeds `workspaces` (see the file's comment): first the bulk share in `ROUNDS` interleaved rounds, with the trigram
 * indexes dropped meanwhile and then created again from their own definitions (as after a restore: inserting
 * 190,000 items into five GIN indexes one by one takes the better part of an hour on this machine), then the app's
 * share, also in interleaved rounds, through the routes with every index in place: creates, and as many edits of
 * earlier items. Returns how many items went through the app's routes (created, edited).
 */
async function seed(
  app: FastifyInstance,
  workspaces: SeededWorkspace[],
): Promise<{ created: number; edited: number }> {
  const next = random(20_260_101);
  const db = app.database.db;
  const trigramIndexes = (
    (await db.execute(sql`
      select indexname, indexdef from pg_indexes where tablename = 'item' and indexname like '%trgm%'`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    }
  ).rows;
  for (const { indexname } of trigramIndexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  for (let round = 0; round < ROUNDS; round++) {
    for (const ws of workspaces) {
      const quota = Math.floor((ws.size * (round + 1)) / ROUNDS) - Math.floor((ws.size * round) / ROUNDS);
      const bulk = quota - Math.round(quota * APP_SHARE);
      for (let start = 0; start < bulk; start += 1000) {
        const teamId = ws.teams[(round + start / 1000) % ws.teams.length]!;
        const rows = Array.from({ length: Math.min(1000, bulk - start) }, () => {
          const { kind, title, text } = seedItem(next);
          const number = ++ws.numbers[kind];
          const content = plainTextToLexical(text, 100_000);
          return {
            kind,
            teamId,
            workspaceId: ws.workspaceId,
            number,
            name: `${ws.name}-${PREFIX[kind]}${number}`,
            title,
            content,
            ...searchColumnsFor({ title, content }),
            state: STATES[Math.floor(next() * STATES.length)]!,
            priority: PRIORITIES[Math.floor(next() * PRIORITIES.length)]!,
            extServiceType: kind === 'external' ? ('SLACK' as const) : null,
          };
        });
        const ids = await db.insert(item).values(rows).returning({ id: item.id });
        ids.forEach(({ id }, k) => {
          const row = rows[k]!;
          if (row.kind !== 'external' && next() < 0.05) ws.editable.push([id, row.kind, teamId]);
        });
      }
      // The numbers the app's create takes next (items/service.ts `takeNumber`).
      await db.execute(sql`
        insert into item_counter (workspace_id, kind, next)
        select ${ws.workspaceId}, k, n + 1 from (values ('goal', ${ws.numbers.goal}::int),
          ('issue', ${ws.numbers.issue}::int), ('external', ${ws.numbers.external}::int)) v(k, n)
        on conflict (workspace_id, kind) do update set next = excluded.next`);
    }
  }
  for (const { indexdef } of trigramIndexes) await db.execute(sql.raw(indexdef));

  let created = 0;
  let edited = 0;
  const appRounds = 20;
  for (let round = 0; round < appRounds; round++) {
    for (const ws of workspaces) {
      const share = Math.round(ws.size * APP_SHARE);
      const quota = Math.floor((share * (round + 1)) / appRounds) - Math.floor((share * round) / appRounds);
      for (let k = 0; k < quota; k++) {
        await freshOwner(app, ws);
        const teamId = ws.teams[k % ws.teams.length]!;
        const kind: ItemKind = next() < 0.1 ? 'goal' : 'issue';
        const res = await asMember(app, ws.owner, 'POST', `/api/teams/${teamId}/${SEGMENT[kind]}`, {
          payload: { title: seedTitle(next), content: plainTextToLexical(seedText(next), 100_000) },
        });
        if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
        ws.numbers[kind] += 1;
        ws.editable.push([Object.values(res.json().result as Record<string, number>)[0]!, kind, teamId]);
        created += 1;
        // An edit of an earlier item: a new title or a new description.
        const [id, editKind, editTeam] = ws.editable[Math.floor(next() * ws.editable.length)]!;
        const payload =
          next() < 0.5
            ? { title: seedTitle(next) }
            : { content: plainTextToLexical(seedText(next), 100_000) };
        const edit = await asMember(
          app,
          ws.owner,
          'PATCH',
          `/api/teams/${editTeam}/${SEGMENT[editKind]}/${id}`,
          {
            payload,
          },
        );
        if (edit.statusCode !== 200) throw new Error(`edit: ${edit.statusCode} ${edit.body}`);
        edited += 1;
      }
    }
  }
  return { created, edited };
}

/** Signs the owner in again when the token is 5+ minutes old (access tokens last 15 minutes; seeding takes longer). */
const signedAt = new WeakMap<SeededWorkspace, number>();
async function freshOwner(app: FastifyInstance, ws: SeededWorkspace): Promise<SignedInMember> {
  const at = signedAt.get(ws) ?? 0;
  if (performance.now() - at > 5 * 60_000) {
    ws.owner = await signIn(app, '김민수', ws.owner.email);
    signedAt.set(ws, performance.now());
  }
  return ws.owner;
}

/** The query string of `raw` in workspace `ws`. */
function queryOf(raw: string, ws: SeededWorkspace): string {
  return raw
    .replace('{ws}', ws.name)
    .replace('{i7}', String(Math.max(1, Math.floor(ws.numbers.issue * 0.07))))
    .replace('{i}', String(Math.max(1, Math.floor(ws.numbers.issue * 0.6))))
    .replace('{team}', String(ws.teams[0]));
}

interface Measured {
  label: string;
  workspace: string;
  hits: number;
  p50: number;
  p95: number;
  /** What the query found, comparable across databases. */
  answer: string;
  /** `--compare`: the statement alone, before and after (ms), and whether both return the same rows. */
  before?: { p50: number; p95: number };
  after?: { p50: number; p95: number };
  same?: boolean;
}

/** The statement-level input of a query string (as the route would pass it). */
function inputOf(query: string): SearchInput {
  const params = new URLSearchParams(query);
  const kinds = params.get('kinds');
  const teamId = params.get('teamId');
  return {
    q: normalizeText(params.get('q')!.trim()),
    kinds: kinds ? (kinds.split(',') as ItemKind[]) : ITEM_KINDS,
    teamId: teamId ? Number(teamId) : null,
    limit: SEARCH_LIMIT_DEFAULT,
  };
}

const rowsOf = async (db: Db, statement: ReturnType<typeof sql>) =>
  (await db.execute(statement)) as unknown as { rows: { id: number; rank: number }[] };

async function compareStatements(db: Db, ws: SeededWorkspace, query: string) {
  const input = inputOf(query);
  const before = () => searchStatementBefore(ws.workspaceId, ws.name, input);
  const after = () => searchStatement(ws.workspaceId, ws.name, input);
  const key = (r: { rows: { id: number; rank: number }[] }) =>
    JSON.stringify(r.rows.map((row) => [Number(row.id), Number(row.rank)]));
  const same = key(await rowsOf(db, before())) === key(await rowsOf(db, after()));
  for (let i = 0; i < WARM_UP; i++) {
    await rowsOf(db, before());
    await rowsOf(db, after());
  }
  const times = { before: [] as number[], after: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const which of i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const t0 = performance.now();
      await rowsOf(db, which === 'before' ? before() : after());
      times[which].push(performance.now() - t0);
    }
  }
  const stats = (values: number[]) => {
    values.sort((a, b) => a - b);
    return { p50: percentile(values, 50), p95: percentile(values, 95) };
  };
  return { same, before: stats(times.before), after: stats(times.after) };
}

async function measure(db: DbKind): Promise<{ results: Measured[]; seedSeconds: number; via: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-search-'));
  const scratch = db === 'postgres' ? await scratchPostgres() : null;
  const app = await buildApp(loadConfig(appEnv(dataDir, scratch?.url ?? null)));
  try {
    await app.ready();
    const workspaces: SeededWorkspace[] = [];
    for (const [k, size] of SIZES.entries()) {
      const name = NAMES[k] ?? `Bench${k}`;
      const ws = await createWorkspaceWith(app, name, '김민수');
      const second = await createTeamWith(app, ws.owner, '두번째 팀', [ws.owner.memberId]);
      workspaces.push({
        name,
        size,
        workspaceId: ws.workspaceId,
        teams: [ws.defaultTeamId, second],
        owner: ws.owner,
        numbers: { goal: 0, issue: 0, external: 0 },
        editable: [],
      });
    }
    const started = performance.now();
    const { created, edited } = await seed(app, workspaces);
    await analyze(app.database);
    const seedSeconds = (performance.now() - started) / 1000;
    const via = `${created.toLocaleString('en')} created and ${edited.toLocaleString('en')} edited through the app`;

    const bySize = [...workspaces].sort((a, b) => b.size - a.size);
    const measured = [bySize[0]!, bySize[bySize.length - 1]!];
    const results: Measured[] = [];
    for (const ws of measured) {
      for (const [rawLabel, raw] of QUERIES) {
        const query = queryOf(raw, ws);
        const label = queryOf(rawLabel, { ...ws, name: '{ws}' });
        const url = `/api/search?${new URLSearchParams(query)}`;
        const ask = async (who: SignedInMember) => {
          const res = await asMember(app, who, 'GET', url);
          if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
          return res.json().result.items as SearchHit[];
        };
        await freshOwner(app, ws);
        let hits: SearchHit[] = [];
        for (let i = 0; i < WARM_UP; i++) hits = await ask(ws.owner);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          await ask(ws.owner);
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const result: Measured = {
          label: rawLabel,
          workspace: `${ws.name} (${ws.size.toLocaleString('en')})`,
          hits: hits.length,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          answer: JSON.stringify(hits.map((h) => [h.name, h.title, h.match, h.ranges, h.snippet ?? null])),
          ...(COMPARE ? await compareStatements(app.database.db, ws, query) : {}),
        };
        results.push(result);
        if (EXPLAIN && rawLabel.includes(EXPLAIN)) {
          const plan = (await app.database.db.execute(
            sql`explain (analyze, costs off) ${searchStatement(ws.workspaceId, ws.name, inputOf(query))}`,
          )) as unknown as { rows: Array<Record<string, string>> };
          console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
        }
        const compared = result.before
          ? `  statement before ${result.before.p50.toFixed(1)} / ${result.before.p95.toFixed(1)} → after ${result.after!.p50.toFixed(1)} / ${result.after!.p95.toFixed(1)} ms${result.same ? '' : '  ROWS DIFFER'}`
          : '';
        console.log(
          `${db.padEnd(8)} ${ws.name.padEnd(7)} ${label.padEnd(28)} hits ${String(hits.length).padStart(2)}  p50 ${result.p50.toFixed(1).padStart(5)} ms  p95 ${result.p95.toFixed(1).padStart(5)} ms${compared}`,
        );
      }
    }
    return { results, seedSeconds, via };
  } finally {
    await app.close();
    if (KEEP && scratch) console.log(`kept ${scratch.url}`);
    else await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const all = new Map<DbKind, Measured[]>();
  const total = SIZES.reduce((a, b) => a + b, 0);
  for (const db of DBS) {
    const { results, seedSeconds, via } = await measure(db);
    console.log(
      `${db}: ${SIZES.length} workspaces, ${total.toLocaleString('en')} items (${via}) seeded and analyzed in ${f(seedSeconds)} s`,
    );
    all.set(db, results);
  }

  let failed = false;
  const largest = Math.max(...SIZES);
  const smallest = Math.min(...SIZES);
  console.log(
    `\n${SIZES.length} workspaces (${SIZES.map((s) => s.toLocaleString('en')).join(', ')} items), ` +
      `${RUNS} runs a query, route p50 / p95 (ms) in the workspace of ${largest.toLocaleString('en')} and of ` +
      `${smallest.toLocaleString('en')} items; growth = p50 ratio:\n`,
  );
  console.log(
    `| query | hits | ${DBS.map((db) => `${db} ${largest} | ${db} ${smallest} | ${db} growth`).join(' | ')} |`,
  );
  console.log(`| --- | ---: | ${DBS.map(() => '---: | ---: | ---:').join(' | ')} |`);
  QUERIES.forEach(([label], i) => {
    const cells = DBS.map((db) => {
      const big = all.get(db)![i]!;
      const small = all.get(db)![i + QUERIES.length]!;
      return `${f(big.p50)} / ${f(big.p95)} | ${f(small.p50)} / ${f(small.p95)} | ${(big.p50 / small.p50).toFixed(2)}×`;
    });
    console.log(`| ${label} | ${all.get(DBS[0]!)![i]!.hits} | ${cells.join(' | ')} |`);
  });
  if (COMPARE) {
    console.log(`\nThe statement alone, before → after, p50 / p95 (ms), ${RUNS} alternating runs each:\n`);
    console.log(
      `| query | workspace | ${DBS.map((db) => `${db} before | ${db} after`).join(' | ')} | same rows |`,
    );
    console.log(`| --- | --- | ${DBS.map(() => '---: | ---:').join(' | ')} | --- |`);
    all.get(DBS[0]!)!.forEach((r, i) => {
      const cells = DBS.map((db) => {
        const m = all.get(db)![i]!;
        return `${f(m.before!.p50)} / ${f(m.before!.p95)} | ${f(m.after!.p50)} / ${f(m.after!.p95)}`;
      });
      const same = DBS.every((db) => all.get(db)![i]!.same);
      console.log(`| ${r.label} | ${r.workspace} | ${cells.join(' | ')} | ${same ? 'yes' : 'NO'} |`);
    });
  }
  console.log('');
  for (const db of DBS) {
    const results = all.get(db)!;
    const worst = Math.max(...results.map((r) => r.p95));
    const ok = worst <= BUDGET_MS[db];
    const growth = QUERIES.map((_q, i) => results[i]!.p50 / results[i + QUERIES.length]!.p50);
    const worstGrowth = Math.max(...growth);
    failed ||= !ok || worstGrowth > GROWTH_TARGET;
    console.log(
      `${db}: worst p95 ${f(worst)} ms, budget ${BUDGET_MS[db]} ms — ${ok ? 'within' : 'OVER'}; growth ` +
        `${smallest.toLocaleString('en')} → ${largest.toLocaleString('en')} items: median ${median(growth).toFixed(2)}×, ` +
        `worst ${worstGrowth.toFixed(2)}× (${QUERIES[growth.indexOf(worstGrowth)]![0]}), target ≤ ${GROWTH_TARGET}× — ` +
        `${worstGrowth <= GROWTH_TARGET ? 'within' : 'OVER'}`,
    );
    if (COMPARE) {
      const differ = results.filter((r) => !r.same);
      failed ||= differ.length > 0;
      const ratio = results.map((r) => r.before!.p95 / r.after!.p95);
      console.log(
        `${db}: statement p95 before / after: median ${median(ratio).toFixed(1)}×; rows ${differ.length === 0 ? 'identical' : `DIFFER for ${differ.map((r) => `${r.label} in ${r.workspace}`).join(', ')}`}`,
      );
    }
  }
  if (DBS.length > 1) {
    const [a, b] = DBS as [DbKind, DbKind];
    const differing = all.get(a)!.filter((r, i) => r.answer !== all.get(b)![i]!.answer);
    failed ||= differing.length > 0;
    console.log(
      differing.length === 0
        ? `results identical on ${a} and ${b} (${all.get(a)!.length} queries)`
        : `results DIFFER on ${a} and ${b}: ${differing.map((r) => `${r.label} in ${r.workspace}`).join(', ')}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
