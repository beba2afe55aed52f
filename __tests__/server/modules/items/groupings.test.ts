import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { GROUPINGS, type ItemKind, groupKeyOf } from '../../../../contract';
import { itemGroupCount } from '../../../../server/db/schema';
import { itemGroupKeysBody, itemGroupKeysMigration } from '../../../../server/modules/items/groupings';
import { itemListRow } from '../../../../server/modules/items/live';
import { asMember } from '../../support/members';
import { type Segment, createItemOk, createTeamWith } from '../../support/items';
import { type TestDatabase, useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * The grouping registry against the database (contract/groupings.ts, server/modules/items/groupings.ts;
 * docs/architecture.md "Groupings"): the group-size triggers count every grouping of the registry, with the keys
 * `groupKeyOf` gives a list row. A grouping added to the registry but not to the triggers fails both tests.
 */

let testDb: TestDatabase;
let app: FastifyInstance;
let ws: TestWorkspace;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
  ws = await createWorkspaceWith(app, 'Grouped', '김민수', ['이영희', 'Alice']);
});

it('installs the registry’s item_group_keys (a new grouping needs its migration)', async () => {
  const result = await testDb.database.db.execute(
    sql`select prosrc from pg_proc where proname = 'item_group_keys'`,
  );
  const installed = (result as unknown as { rows: { prosrc: string }[] }).rows.map((r) => r.prosrc);
  const counted = GROUPINGS.filter((g) => installed[0]?.includes(`('${g}', `));
  const missing = GROUPINGS.filter((g) => !counted.includes(g));
  // On failure: add a migration under drizzle/ with this text (and its entry in drizzle/meta/_journal.json).
  expect({ installed, migration: missing.length ? itemGroupKeysMigration(missing) : null }).toEqual({
    installed: [itemGroupKeysBody()],
    migration: null,
  });
});

it('counts every item in the groups groupKeyOf gives it, for every grouping, through creates, updates and deletes', async () => {
  const [lee, alice] = ws.members.map((m) => m.memberId) as [number, number];
  const teamId = await createTeamWith(app, ws.owner, 'Counted', [lee, alice]);
  const create = (segment: Segment, payload: Record<string, unknown>) =>
    createItemOk(app, ws.owner, teamId, segment, payload);
  const goal = await create('goals', { title: '목표', state: 'TODO', managersId: [lee] });
  const ids = [
    goal,
    await create('goals', { title: '다른 목표', priority: 'HIGH' }),
    await create('issues', {
      title: '일',
      goalId: goal,
      managersId: [lee, alice],
      deadline: { end: '2030-01-02' },
    }),
    await create('issues', { title: '이', state: 'REVIEW', priority: 'URGENT' }),
    await create('issues', { title: '삼', managersId: [alice] }),
    await create('externals', { title: '외부', goalId: goal, extServiceType: 'SLACK' }),
    await create('externals', { title: '외부 둘', priority: 'LOW', managersId: [lee] }),
  ];
  const patch = async (segment: Segment, id: number, payload: Record<string, unknown>) => {
    const res = await asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/${segment}/${id}`, { payload });
    expect(res.statusCode).toBe(200);
  };
  await patch('issues', ids[2]!, { state: 'FINISH', managersId: [alice] });
  await patch('issues', ids[3]!, { goalId: goal, deadline: { start: '2030-01-01', end: '2030-02-01' } });
  await patch('goals', ids[1]!, { title: '새 이름' });
  const gone = await asMember(app, ws.owner, 'DELETE', `/api/teams/${teamId}/issues`, {
    payload: { issueIds: [ids[4]] },
  });
  expect(gone.statusCode).toBe(200);

  const expected = new Map<string, number>();
  for (const id of ids) {
    const found = await itemListRow(testDb.database.db, id);
    if (!found) continue;
    for (const grouping of GROUPINGS) {
      for (const key of groupKeyOf(grouping, found.row)) {
        const at = `${found.kind} ${grouping} ${key}`;
        expected.set(at, (expected.get(at) ?? 0) + 1);
      }
    }
  }
  const sizes = await testDb.database.db
    .select({
      kind: itemGroupCount.kind,
      groupBy: itemGroupCount.groupBy,
      groupKey: itemGroupCount.groupKey,
      total: sql<number>`sum(${itemGroupCount.delta})::integer`,
    })
    .from(itemGroupCount)
    .where(and(eq(itemGroupCount.teamId, teamId)))
    .groupBy(itemGroupCount.kind, itemGroupCount.groupBy, itemGroupCount.groupKey)
    .having(sql`sum(${itemGroupCount.delta}) <> 0`);
  const actual = new Map(sizes.map((s) => [`${s.kind as ItemKind} ${s.groupBy} ${s.groupKey}`, s.total]));
  const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  expect(sorted(actual)).toEqual(sorted(expected));
  // Every grouping of the registry has groups of every kind (each kind has items).
  for (const grouping of GROUPINGS) expect(sizes.some((s) => s.groupBy === grouping)).toBe(true);
}, 60_000);
