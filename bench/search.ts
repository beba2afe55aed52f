/**
 * Benchmark of workspace search, `GET /api/search` (docs/performance.md "Search"; server/modules/search/).
 *
 *   node --import tsx bench/search.ts [--db pglite,postgres] [--items 20000] [--runs 60]
 *
 * For every database: builds the real app (`buildApp`) on
 * - `pglite`: the embedded database, file-backed in a temporary `DATA_DIR`, as `npm start` runs without
 *   `DATABASE_URL`;
 * - `postgres`: a scratch database (created, migrated by the app, dropped afterwards) on the server of
 *   `BENCH_POSTGRES_URL` (default `DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/postgres);
 * seeds one workspace with `--items` items over two teams (5% goals, 10% externals, the rest issues), Korean titles
 * of two or three words from a fixed vocabulary and one- or two-sentence descriptions (some with English words),
 * derived search columns as the app writes them, runs `ANALYZE`, then asks each query of a mix (초성, half-composed
 * syllables, substrings, generated names, description words, one- and two-character queries) `--runs` times after
 * 5 warm-ups, through `app.inject` (the whole route: bearer check, validation, the query, ranges, serialization).
 * Printed per query: hits, p50 and p95 in ms; then a Markdown table and the budget check (p95 of every query
 * ≤ 30 ms on PGlite, ≤ 15 ms on PostgreSQL). With both databases it also checks that every query returned the same
 * hits (names, how they matched, ranges and snippets) in the same order on both. Exit code 1 if a check fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { PRIORITIES, STATES, type ItemKind, type SearchHit } from '../contract';
import { plainTextToLexical } from '../contract/lexical';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { analyze } from '../server/db';
import { item } from '../server/db/schema';
import { searchColumnsFor } from '../server/modules/search/derive';
import { type SignedInMember, asMember } from '../__tests__/server/support/members';
import { createTeamWith } from '../__tests__/server/support/items';
import { createWorkspaceWith } from '../__tests__/server/support/workspaces';
import { type DbKind, appEnv, dbKinds, option, percentile, scratchPostgres } from './support';

const DBS = dbKinds();
const ITEMS = Number(option('items', '20000'));
const RUNS = Number(option('runs', '60'));
const WARM_UP = 5;
const BUDGET_MS: Record<DbKind, number> = { pglite: 30, postgres: 15 };

/** The query mix: [label, query string]. Names assume the workspace `Bench` and the seeding below. */
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
  ['name Bench-i12345', 'q=Bench-i12345'],
  ['name i777', 'q=i777'],
  ['name bench-g1', 'q=bench-g1'],
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

/** The `n`-th item of the seeding (1-based): kind, title, description. */
function seedItem(next: () => number): { kind: ItemKind; title: string; text: string } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const roll = next();
  const kind: ItemKind = roll < 0.05 ? 'goal' : roll < 0.15 ? 'external' : 'issue';
  const words = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(WORDS));
  const title = Array.from(words.join(' ')).slice(0, 20).join('').trim();
  const text = Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(SENTENCES)).join('\n');
  return { kind, title, text };
}

/** Inserts `count` items over `teams` (alternating in batches of 500), as the app would write them. */
async function seed(
  app: FastifyInstance,
  workspaceId: number,
  teams: number[],
  count: number,
): Promise<void> {
  const next = random(20_260_101);
  const numbers: Record<ItemKind, number> = { goal: 0, issue: 0, external: 0 };
  const prefix: Record<ItemKind, string> = { goal: 'g', issue: 'i', external: 'e' };
  for (let start = 0; start < count; start += 500) {
    const teamId = teams[(start / 500) % teams.length]!;
    const rows = Array.from({ length: Math.min(500, count - start) }, () => {
      const { kind, title, text } = seedItem(next);
      const number = ++numbers[kind];
      const content = plainTextToLexical(text, 100_000);
      return {
        kind,
        teamId,
        workspaceId,
        number,
        name: `Bench-${prefix[kind]}${number}`,
        title,
        content,
        ...searchColumnsFor({ title, content }),
        state: STATES[Math.floor(next() * STATES.length)]!,
        priority: PRIORITIES[Math.floor(next() * PRIORITIES.length)]!,
        extServiceType: kind === 'external' ? ('SLACK' as const) : null,
      };
    });
    await app.database.db.insert(item).values(rows);
  }
}

interface Measured {
  label: string;
  hits: number;
  p50: number;
  p95: number;
  /** What the query found, comparable across databases. */
  answer: string;
}

async function measure(db: DbKind): Promise<{ results: Measured[]; seedSeconds: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentum-bench-search-'));
  const scratch = db === 'postgres' ? await scratchPostgres() : null;
  const app = await buildApp(loadConfig(appEnv(dataDir, scratch?.url ?? null)));
  try {
    await app.ready();
    const ws = await createWorkspaceWith(app, 'Bench', '김민수');
    const second = await createTeamWith(app, ws.owner, '두번째 팀', [ws.owner.memberId]);
    const started = performance.now();
    await seed(app, ws.workspaceId, [ws.defaultTeamId, second], ITEMS);
    await analyze(app.database);
    const seedSeconds = (performance.now() - started) / 1000;

    const results: Measured[] = [];
    for (const [label, raw] of QUERIES) {
      const query = raw.replace('{team}', String(ws.defaultTeamId));
      const url = `/api/search?${new URLSearchParams(query.split('&').map((kv) => kv.split('=') as [string, string]))}`;
      const ask = async (who: SignedInMember) => {
        const res = await asMember(app, who, 'GET', url);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
        return res.json().result.items as SearchHit[];
      };
      let hits: SearchHit[] = [];
      for (let i = 0; i < WARM_UP; i++) hits = await ask(ws.owner);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await ask(ws.owner);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      results.push({
        label,
        hits: hits.length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        answer: JSON.stringify(hits.map((h) => [h.name, h.title, h.match, h.ranges, h.snippet ?? null])),
      });
      console.log(
        `${db.padEnd(8)} ${label.padEnd(28)} hits ${String(hits.length).padStart(2)}  p50 ${percentile(times, 50).toFixed(1).padStart(5)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(5)} ms`,
      );
    }
    return { results, seedSeconds };
  } finally {
    await app.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const all = new Map<DbKind, Measured[]>();
  for (const db of DBS) {
    const { results, seedSeconds } = await measure(db);
    console.log(
      `${db}: ${ITEMS.toLocaleString('en')} items seeded and analyzed in ${seedSeconds.toFixed(1)} s`,
    );
    all.set(db, results);
  }

  let failed = false;
  console.log(`\n${ITEMS.toLocaleString('en')} items in one workspace, ${RUNS} runs a query (ms):\n`);
  console.log(`| query | hits | ${DBS.map((db) => `${db} p50 | ${db} p95`).join(' | ')} |`);
  console.log(`| --- | ---: | ${DBS.map(() => '---: | ---:').join(' | ')} |`);
  QUERIES.forEach(([label], i) => {
    const cells = DBS.map((db) => {
      const r = all.get(db)![i]!;
      return `${r.p50.toFixed(1)} | ${r.p95.toFixed(1)}`;
    });
    console.log(`| ${label} | ${all.get(DBS[0]!)![i]!.hits} | ${cells.join(' | ')} |`);
  });
  console.log('');
  for (const db of DBS) {
    const worst = Math.max(...all.get(db)!.map((r) => r.p95));
    const ok = worst <= BUDGET_MS[db];
    failed ||= !ok;
    console.log(
      `${db}: worst p95 ${worst.toFixed(1)} ms, budget ${BUDGET_MS[db]} ms — ${ok ? 'within' : 'OVER'}`,
    );
  }
  if (DBS.length > 1) {
    const [a, b] = DBS as [DbKind, DbKind];
    const differing = QUERIES.filter((_q, i) => all.get(a)![i]!.answer !== all.get(b)![i]!.answer);
    failed ||= differing.length > 0;
    console.log(
      differing.length === 0
        ? `results identical on ${a} and ${b} (${QUERIES.length} queries)`
        : `results DIFFER on ${a} and ${b}: ${differing.map(([label]) => label).join(', ')}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
