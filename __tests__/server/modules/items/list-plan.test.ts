import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import {
  EXT_SERVICE_TYPES,
  GROUPINGS,
  type Grouping,
  type ListPage,
  NONE_GROUP_KEY,
  PRIORITIES,
  STATES,
} from '../../../../contract';
import { type Db, analyze, migrationsFolder, schema } from '../../../../server/db';
import { item, itemManager } from '../../../../server/db/schema';
import { KIND_BY_NAME } from '../../../../server/modules/items/kinds';
import { decodeCursor } from '../../../../server/modules/items/cursor';
import { listPage, pageParams, pageStatement } from '../../../../server/modules/items/list';
import { groupingSql } from '../../../../server/modules/items/groupings';
import type { TeamScope } from '../../../../server/http/team-scope';
import { createTeamWith } from '../../support/items';
import { type PlanNode, explainPrepared } from '../../support/plans';
import { type TestDatabase, createTestApp, createTestDatabase, tempDir } from '../../support/test-app';
import { createWorkspaceWith } from '../../support/workspaces';
import { printReport } from '../../support/report';

/**
 * Query plans of the grouped lists (docs/performance.md "Lists"), on whatever database the suite runs on (in-memory PGlite,
 * or PostgreSQL with DATABASE_URL). Two teams of one workspace get 2,000 issues and 1,000 externals each, their ids
 * interleaved in batches of 100 (as in a shared database), then `ANALYZE`. A page is one prepared statement
 * (`pageStatement`, server/modules/items/list.ts); the test explains it as PostgreSQL runs it — with a custom plan
 * for the parameters and with the generic plan a prepared statement settles on — planned for one group of a few
 * of each grouping, from the group's top and from a cursor in the middle. Every read of `item` for the group's items
 * must come straight from an index in `ORDER BY id DESC` order: the grouping's `item_team_kind_*_id_idx` (MANAGER:
 * that or `item_manager_member_item_idx`), with no Sort above it, no Seq Scan of `item`, and the primary key only to
 * look items up by id. Run for real (`EXPLAIN ANALYZE`), every grouping's first page and the page after 1,000 items
 * read the sizes from `item_group_count`, a few times `2 × size + 1` items at most from the list indexes (the
 * cursor's group up to `size + 1`, the groups after it up to `size`), and look items up by primary key only by id. A page is one statement,
 * two when the MANAGER / GOAL order it assumed is stale.
 * Last, on an in-memory PGlite of its own: migration 0008 fills `item_group_count` with what counting the existing
 * items gives.
 * Control: the same statement sorted the way the queries were before (`ORDER BY id DESC`, i.e. NULLS FIRST, which
 * the list indexes — `id DESC NULLS LAST` — cannot give but the primary key can) fails the same check: the planner
 * walks the primary key or sorts.
 */
const ISSUES = 2_000;
const EXTERNALS = 1_000;

let testDb: TestDatabase;
let app: FastifyInstance;
let scope: TeamScope;
let goalIds: number[];
let people: number[];
/** An id in the middle of the team's issues, and of its externals (the cursors checked). */
let middleId: Record<'issue' | 'external', number>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await createTestApp({ database: testDb.database }));
  const ws = await createWorkspaceWith(app, 'Plans', '김민수', ['가나다', '이영희', 'Alice', 'Bob']);
  people = [ws.owner, ...ws.members].map((m) => m.memberId);
  const otherTeamId = await createTeamWith(app, ws.owner, 'Other', people.slice(1));
  scope = { teamId: ws.defaultTeamId, workspaceId: ws.workspaceId, workspaceName: 'Plans' };
  const db = testDb.database.db;

  let number = 0;
  const goalsOf = async (teamId: number) =>
    (
      await db
        .insert(item)
        .values(
          Array.from({ length: 8 }, (_, i) => {
            number += 1;
            return {
              kind: 'goal' as const,
              teamId,
              workspaceId: ws.workspaceId,
              number,
              name: `Plans-g${number}`,
              title: `목표 ${i}`,
            };
          }),
        )
        .returning({ id: item.id })
    ).map((r) => r.id);
  goalIds = await goalsOf(scope.teamId);
  const otherGoalIds = await goalsOf(otherTeamId);

  /** 100 items of `kind` for `teamId`, with a spread of states, priorities, goals, tools and 0–2 managers. */
  const batch = async (teamId: number, kind: 'issue' | 'external', goals: number[]) => {
    const rows = await db
      .insert(item)
      .values(
        Array.from({ length: 100 }, () => {
          number += 1;
          const n = number;
          return {
            kind,
            teamId,
            workspaceId: ws.workspaceId,
            number: n,
            name: `Plans-x${n}`,
            title: `항목 ${n}`,
            state: STATES[(n * 7) % STATES.length]!,
            priority: PRIORITIES[(n * 3) % PRIORITIES.length]!,
            goalId: n % 4 === 0 ? null : goals[n % goals.length]!,
            extServiceType: kind === 'external' ? EXT_SERVICE_TYPES[n % 2]! : null,
          };
        }),
      )
      .returning({ id: item.id });
    const managers = rows.flatMap((row, k) =>
      Array.from({ length: k % 3 }, (_, j) => ({
        itemId: row.id,
        memberId: people[(k + j * 2) % people.length]!,
      })),
    );
    if (managers.length > 0) await db.insert(itemManager).values(managers);
    return rows.map((r) => r.id);
  };
  const issues: number[] = [];
  const externals: number[] = [];
  for (let i = 0; i < ISSUES / 100; i++) {
    issues.push(...(await batch(scope.teamId, 'issue', goalIds)));
    await batch(otherTeamId, 'issue', otherGoalIds);
  }
  for (let i = 0; i < EXTERNALS / 100; i++) {
    externals.push(...(await batch(scope.teamId, 'external', goalIds)));
    await batch(otherTeamId, 'external', otherGoalIds);
  }
  const middle = (ids: number[]) => ids[Math.floor(ids.length / 2)]!;
  middleId = { issue: middle(issues), external: middle(externals) };
  await analyze(testDb.database);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

function nodes<T extends PlanNode>(plan: T): T[] {
  return [plan, ...((plan.Plans ?? []) as T[]).flatMap((child) => nodes(child))];
}

const describePlan = (plan: PlanNode): string =>
  nodes(plan)
    .map((n) => `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`)
    .join(' → ');

/**
 * Indexes that may serve a group's `ORDER BY id DESC NULLS LAST`: the grouping's own list index, or the team's list
 * of the kind with the group's condition as a filter (the planner's choice for large groups, e.g. GOAL NONE);
 * MANAGER groups also a member's items from `item_manager_member_item_idx`.
 */
const INTENDED = Object.fromEntries(GROUPINGS.map((g) => [g, groupingSql(g).indexes])) as Record<
  Grouping,
  string[]
>;
const LIST_INDEXES = new Set([...Object.values(INTENDED).flat(), 'item_manager_member_item_idx']);

/** The groups checked: (kind, grouping, key). */
function cases(): ['issue' | 'external', Grouping, string][] {
  return [
    ['issue', 'STATE', 'TODO'],
    ['issue', 'STATE', 'NONE'],
    ['issue', 'PRIORITY', 'URGENT'],
    ['issue', 'GOAL', String(goalIds[1])],
    ['issue', 'GOAL', NONE_GROUP_KEY],
    ['issue', 'MANAGER', String(people[1])],
    ['issue', 'MANAGER', NONE_GROUP_KEY],
    ['external', 'EXT_TYPE', 'GITHUB'],
    ['external', 'STATE', 'REVIEW'],
  ];
}

/** Whether a node reads `item` for its order (not a primary-key lookup by id). */
const readsItemsInOrder = (node: PlanNode) =>
  nodes(node).some((n) => n['Relation Name'] === 'item' && n['Index Name'] !== 'item_pkey');

/**
 * What is wrong with the plans of every case's page statement (planned for that one group, from its top and after
 * a cursor; custom and generic plans), if anything; `shippedOrder`: sorted as before this check existed
 * (`ORDER BY id DESC`).
 */
async function badPlans(shippedOrder = false, seen: string[] = []): Promise<string[]> {
  const problems: string[] = [];
  for (const [kind, grouping, key] of cases()) {
    const { text } = pageStatement(grouping);
    const statement = shippedOrder ? text.replaceAll('desc nulls last', 'desc') : text;
    for (const beforeId of [null, middleId[kind]]) {
      const cursor = beforeId === null ? null : { g: grouping, k: key, i: beforeId };
      const params = pageParams(KIND_BY_NAME[kind], scope, cursor, 20, [key]);
      for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
        const plan = await explainPrepared(testDb.database, statement, params, { mode });
        const all = nodes(plan);
        const label =
          `${kind} ${grouping} ${key} ${beforeId === null ? 'top' : 'after cursor'} ` +
          `${mode === 'force_generic_plan' ? 'generic' : 'custom'}: ${describePlan(plan)}`;
        seen.push(label);
        if (all.some((n) => /Sort/.test(n['Node Type']) && readsItemsInOrder(n))) {
          problems.push(`sorts — ${label}`);
        }
        if (all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'item')) {
          problems.push(`scans item — ${label}`);
        }
        if (!all.some((n) => INTENDED[grouping].includes(n['Index Name'] ?? ''))) {
          problems.push(`not by ${INTENDED[grouping].join(' or ')} — ${label}`);
        }
        // The primary key only to look an item up by id (never walked for its order).
        if (all.some((n) => n['Index Name'] === 'item_pkey' && !/\bid = /.test(n['Index Cond'] ?? ''))) {
          problems.push(`walks item_pkey — ${label}`);
        }
      }
    }
  }
  return problems;
}

it('reads every group newest first straight from its index (no Sort, no scan of item), custom and generic plans', async () => {
  const seen: string[] = [];
  const problems = await badPlans(false, seen);
  printReport(`\n[list-plan] ${testDb.database.kind}:\n${seen.map((line) => `  ${line}\n`).join('')}`);
  expect(problems).toEqual([]);
}, 60_000);

it('control: the same statement sorted `ORDER BY id DESC` (as shipped before) fails the check', async () => {
  const problems = await badPlans(true);
  // The STATE, PRIORITY and GOAL groups and the members' MANAGER groups walk the primary key or sort.
  const flagged = (what: string) => problems.some((p) => p.includes(what));
  expect(flagged('issue STATE TODO top')).toBe(true);
  expect(flagged('issue PRIORITY URGENT top')).toBe(true);
  expect(flagged(`issue GOAL ${goalIds[1]} top`)).toBe(true);
  expect(flagged(`issue MANAGER ${people[1]} top`)).toBe(true);
}, 60_000);

/** `db`, with a list of the statements it sends (through its driver's client; a Proxy is still a pg.Pool). */
function countingDb(): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const { driver } = testDb.database;
  const count = <C extends object>(client: C): C =>
    new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (property === 'query') {
            const first = args[0] as string | { text: string };
            statements.push(typeof first === 'string' ? first : first.text);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const db: Db =
    driver.kind === 'pglite'
      ? drizzlePglite({ client: count(driver.client), schema })
      : drizzlePg({ client: count(driver.client), schema });
  return { db, statements };
}

it('runs one statement a page; MANAGER / GOAL one more when the group order it assumed is stale', async () => {
  for (const kind of ['issue', 'external'] as const) {
    for (const grouping of KIND_BY_NAME[kind].groupings) {
      const { db, statements } = countingDb();
      const first = await listPage(db, KIND_BY_NAME[kind], scope, grouping, null, 20);
      const fixed = grouping === 'STATE' || grouping === 'PRIORITY' || grouping === 'EXT_TYPE';
      expect([kind, grouping, statements.length]).toEqual([kind, grouping, fixed ? 1 : 2]);
      const cursor = decodeCursor(first.nextCursor ?? undefined, grouping);
      await listPage(db, KIND_BY_NAME[kind], scope, grouping, cursor, 20);
      expect([kind, grouping, statements.length]).toEqual([kind, grouping, fixed ? 2 : 3]);
    }
  }
});

it('reads the sizes from item_group_count and a bounded number of items a page (every grouping, two positions)', async () => {
  const problems: string[] = [];
  let explained = 0;
  const db = testDb.database.db;
  for (const kind of ['issue', 'external'] as const) {
    for (const grouping of KIND_BY_NAME[kind].groupings) {
      // The cursor after 1,000 items (ten pages of 100), and the order the pages settled on.
      let cursor: string | undefined;
      let first: ListPage | undefined;
      for (let page = 0; page < 10; page++) {
        const next = await listPage(
          db,
          KIND_BY_NAME[kind],
          scope,
          grouping,
          decodeCursor(cursor, grouping),
          100,
        );
        first ??= next;
        cursor = next.nextCursor ?? undefined;
      }
      const order = first!.data.map((g) => g.groupKey);
      for (const position of [undefined, cursor]) {
        const { text } = pageStatement(grouping);
        const params = pageParams(KIND_BY_NAME[kind], scope, decodeCursor(position, grouping), 20, order);
        const plan = await explainPrepared(testDb.database, text, params, { analyze: true });
        explained += 1;
        const label = `${kind} ${grouping} ${position === undefined ? 'first page' : 'later page'}: ${describePlan(plan)}`;
        const all = nodes(plan);
        if (!all.some((n) => n['Relation Name'] === 'item_group_count')) problems.push(`no sizes — ${label}`);
        // Items read for their order: rows out of the list indexes of `item` (all their loops). The cursor's group
        // gives up to size + 1, the groups after it up to size (as if it gave nothing); groups whose condition is a
        // filter on the team's list (MANAGER NONE, EXT_TYPE) pass over the team's other items too — a few times
        // the page, never the team. (A member's MANAGER group walks their `item_manager` entries, shape-checked above.)
        const read = all
          .filter((n) => n['Relation Name'] === 'item' && LIST_INDEXES.has(n['Index Name'] ?? ''))
          .reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0);
        if (read > 3 * 41) problems.push(`reads ${read} items — ${label}`);
        if (all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'item'))
          problems.push(`scans item — ${label}`);
        if (all.some((n) => n['Index Name'] === 'item_pkey' && !/\bid = /.test(n['Index Cond'] ?? '')))
          problems.push(`walks item_pkey — ${label}`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(explained).toBe(18);
  // And the sizes are what counting the items gives.
  const [row] = (
    (await db.execute(sql`
      select count(*)::int as n from item where team_id = ${scope.teamId} and kind = 'issue' and state = 'TODO'
    `)) as unknown as { rows: { n: number }[] }
  ).rows;
  const page = await listPage(db, KIND_BY_NAME.issue, scope, 'STATE', null, 20);
  expect(page.data.find((g) => g.groupKey === 'TODO')?.dataCnt).toBe(row!.n);
}, 120_000);

it('migration 0008 counts the items already there (backfill)', async () => {
  // A database migrated up to 0007, with items and managers, then migrated to the end.
  const all = migrationsFolder();
  const upTo7 = tempDir('momentum-migrations-');
  fs.cpSync(all, upTo7, { recursive: true });
  const journalPath = path.join(upTo7, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 8))
    fs.rmSync(path.join(upTo7, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 8);
  fs.writeFileSync(journalPath, JSON.stringify(journal));

  // Migration 0010 creates pg_trgm, which PGlite can only do when opened with it (server/db/index.ts).
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: upTo7 });
    await client.exec(`
      insert into workspace (name, slug, invite_token, invite_password) values ('Old', 'old', 't', 'p');
      insert into team (workspace_id, name, is_default) values (1, 'Team', true), (1, 'Other', false);
      insert into member (provider, provider_user_id, name, workspace_id)
        values ('dev', '1', 'A', 1), ('dev', '2', 'B', 1), ('dev', '3', 'C', 1);
      insert into item (kind, team_id, workspace_id, number, name, title)
        select 'goal', 1 + n % 2, 1, n, 'Old-g' || n, 'goal ' || n from generate_series(1, 4) n;
      insert into item (kind, team_id, workspace_id, number, name, title, state, priority, goal_id, ext_service_type)
        select case when n % 5 = 0 then 'external' else 'issue' end, 1 + n % 2, 1, n, 'Old-x' || n, 'item ' || n,
               (array['NONE','IN_PROGRESS','TODO','FINISH','REVIEW','DELETE'])[1 + n % 6],
               (array['NONE','URGENT','HIGH','NORMAL','LOW'])[1 + n % 5],
               case when n % 3 = 0 then null else 1 + n % 4 end,
               case when n % 5 = 0 then (array['GITHUB','SLACK'])[1 + n % 2] end
          from generate_series(1, 300) n;
      insert into item_manager (item_id, member_id)
        select i.id, m from item i cross join generate_series(1, 3) m where (i.id + m) % 3 = 0 or i.id % 7 = m;
    `);
    // What the lists counted before 0008: GROUP BY over the items.
    const counted = `
      select team_id, kind, 'STATE' as g, state as k, count(*)::int as n from item group by 1, 2, 3, 4
      union all select team_id, kind, 'PRIORITY', priority, count(*) from item group by 1, 2, 3, 4
      union all select team_id, kind, 'GOAL', coalesce(goal_id::text, 'NONE'), count(*) from item group by 1, 2, 3, 4
      union all select team_id, kind, 'EXT_TYPE', coalesce(ext_service_type, 'NONE'), count(*) from item
        group by 1, 2, 3, 4
      union all select i.team_id, i.kind, 'MANAGER', coalesce(m.member_id::text, 'NONE'), count(*)
        from item i left join item_manager m on m.item_id = i.id group by 1, 2, 3, 4
      order by 1, 2, 3, 4`;
    const before = (await client.query(counted)).rows;
    await migratePglite(db, { migrationsFolder: all });
    const kept = (
      await client.query(`
        select team_id, kind, group_by as g, group_key as k, sum(delta)::int as n from item_group_count
        group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4`)
    ).rows;
    expect(before.length).toBeGreaterThan(40);
    expect(kept).toEqual(before);
    // And the triggers keep them from there on (a delete cascading to managers, a goal's issues losing their goal).
    await client.exec(`delete from item where id in (1, 10, 11, 12)`);
    expect((await client.query(counted)).rows).toEqual(
      (
        await client.query(`
          select team_id, kind, group_by as g, group_key as k, sum(delta)::int as n from item_group_count
          group by 1, 2, 3, 4 having sum(delta) <> 0 order by 1, 2, 3, 4`)
      ).rows,
    );
  } finally {
    await client.close();
    fs.rmSync(upTo7, { recursive: true, force: true });
  }
}, 60_000);
