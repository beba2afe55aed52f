import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import {
  EXT_SERVICE_TYPES,
  type ExtServiceType,
  GROUPINGS_BY_KIND,
  type Grouping,
  type ItemKind,
  NONE_GROUP_KEY,
  PRIORITIES,
  type Priority,
  STATES,
  type State,
  groupKeyOf,
  groupingDef,
  serverGroupLabel,
} from '../../../../contract';
import { item, itemCounter, itemManager, workspace } from '../../../../server/db/schema';
import { type SignedInMember, asMember } from '../../support/members';
import { type Segment, createTeamWith, walkList } from '../../support/items';
import { type TestDatabase, createTestApp, createTestDatabase } from '../../support/test-app';
import { createWorkspaceWith } from '../../support/workspaces';

/**
 * Property test of the grouped lists' paging (docs/product.md "Grouped lists"): for generated goals and issues or
 * externals (states, priorities, managers — namesakes included —, goals with equal titles, tools) and any page
 * size 1–100, for every grouping the kind offers, reading all pages gives every group in the expected order with
 * its team-wide total on every page, the concatenated items of each group are exactly its items newest first
 * (no duplicates, nothing missing), every page but the last is full, and `hasNext` is false exactly on the last.
 * Group sizes come from `item_group_count`, which triggers keep (migration 0008): so each run then changes the items
 * through the app's write paths — partial updates (state, priority, managers, goal), deletes of items and of goals
 * (their issues lose the goal), creates, a member's manager rows deleted as a withdrawal does — and checks every
 * list again against the items as they are now in the database.
 * One app and team are reused; each run replaces the team's items.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let reader: SignedInMember;
let teamId: number;
let workspaceId: number;
/** The team's members: id and name (two are called 김민수). */
let people: { id: number; name: string }[];

const collator = new Intl.Collator('ko');
const SEGMENT: Record<ItemKind, Segment> = { goal: 'goals', issue: 'issues', external: 'externals' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await createTestApp({ database: testDb.database }));
  const ws = await createWorkspaceWith(app, 'Paging', '김민수', [
    '가나다',
    '이영희',
    'Alice',
    '김민수',
    'alice',
  ]);
  reader = ws.owner;
  workspaceId = ws.workspaceId;
  people = [ws.owner, ...ws.members].map((m) => ({ id: m.memberId, name: m.name }));
  teamId = await createTeamWith(
    app,
    ws.owner,
    'Property',
    ws.members.map((m) => m.memberId),
  );
  // Items created through the API take numbers far above the ones `store` gives.
  await testDb.database.db
    .insert(itemCounter)
    .values((['goal', 'issue', 'external'] as const).map((kind) => ({ workspaceId, kind, next: 1_000_000 })));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

interface GenItem {
  state: State;
  priority: Priority;
  /** Indexes into `people`. */
  managers: number[];
  /** Index into the generated goals (modulo their count), or null. */
  goal: number | null;
  ext: ExtServiceType;
}

const genItem = fc.record({
  state: fc.constantFrom(...STATES),
  priority: fc.constantFrom(...PRIORITIES),
  managers: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
  goal: fc.option(fc.nat({ max: 10 }), { nil: null }),
  ext: fc.constantFrom(...EXT_SERVICE_TYPES),
});

/** A change through one of the app's write paths; `target` picks an item (modulo their count). */
type Mutation =
  | { op: 'state'; target: number; state: State }
  | { op: 'priority'; target: number; priority: Priority }
  | { op: 'managers'; target: number; managers: number[] }
  | { op: 'goal'; target: number; goal: number | null }
  | { op: 'goalManagers'; target: number; managers: number[] }
  | { op: 'delete'; targets: number[] }
  | { op: 'deleteGoal'; target: number }
  | { op: 'create'; item: GenItem }
  | { op: 'unmanage'; person: number };

const target = fc.nat({ max: 40 });
const managers = fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 3 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('state' as const), target, state: fc.constantFrom(...STATES) }),
  fc.record({ op: fc.constant('priority' as const), target, priority: fc.constantFrom(...PRIORITIES) }),
  fc.record({ op: fc.constant('managers' as const), target, managers }),
  fc.record({
    op: fc.constant('goal' as const),
    target,
    goal: fc.option(fc.nat({ max: 10 }), { nil: null }),
  }),
  fc.record({ op: fc.constant('goalManagers' as const), target, managers }),
  fc.record({
    op: fc.constant('delete' as const),
    targets: fc.array(target, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('deleteGoal' as const), target }),
  fc.record({ op: fc.constant('create' as const), item: genItem }),
  fc.record({ op: fc.constant('unmanage' as const), person: fc.integer({ min: 0, max: 5 }) }),
);

const scenario = fc.record({
  kind: fc.constantFrom<'issue' | 'external'>('issue', 'external'),
  goalTitles: fc.array(fc.constantFrom('가을 출시', 'Beta', '이번 분기', 'beta', '목표'), { maxLength: 4 }),
  goals: fc.array(genItem, { maxLength: 8 }),
  items: fc.array(genItem, { maxLength: 30 }),
  size: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 100 })),
  mutations: fc.array(mutation, { maxLength: 6 }),
});

/** A stored item as the expectation sees it. */
interface Stored {
  id: number;
  state: State;
  priority: Priority;
  managerIds: number[];
  goalId: number | null;
  ext: ExtServiceType | null;
}

let nextNumber = 1;

/** Replaces the team's items with `rows` of `kind` (bulk insert); returns them with their ids, in insert order. */
async function store(kind: ItemKind, rows: GenItem[], goalIds: number[]): Promise<Stored[]> {
  if (rows.length === 0) return [];
  const db = testDb.database.db;
  const inserted = await db
    .insert(item)
    .values(
      rows.map((row) => {
        const number = nextNumber++;
        return {
          kind,
          teamId,
          workspaceId,
          number,
          name: `Paging-x${number}`,
          title: `${kind} ${number}`,
          state: row.state,
          priority: row.priority,
          goalId:
            kind === 'goal' || row.goal === null || goalIds.length === 0
              ? null
              : goalIds[row.goal % goalIds.length]!,
          extServiceType: kind === 'external' ? row.ext : null,
        };
      }),
    )
    .returning({ id: item.id, goalId: item.goalId, extServiceType: item.extServiceType });
  const managerRows = inserted.flatMap((stored, i) =>
    rows[i]!.managers.map((index) => ({ itemId: stored.id, memberId: people[index]!.id })),
  );
  if (managerRows.length > 0) await db.insert(itemManager).values(managerRows);
  return inserted.map((stored, i) => ({
    id: stored.id,
    state: rows[i]!.state,
    priority: rows[i]!.priority,
    managerIds: rows[i]!.managers.map((index) => people[index]!.id),
    goalId: stored.goalId,
    ext: stored.extServiceType,
  }));
}

interface ExpectedGroup {
  groupKey: string;
  filterName: string;
  ids: number[];
}

/** The team's items of `kind` as they are in the database now (after the app changed them). */
async function reload(kind: ItemKind): Promise<Stored[]> {
  const db = testDb.database.db;
  const rows = await db
    .select({
      id: item.id,
      state: item.state,
      priority: item.priority,
      goalId: item.goalId,
      ext: item.extServiceType,
    })
    .from(item)
    .where(and(eq(item.teamId, teamId), eq(item.kind, kind)));
  const ids = rows.map((r) => r.id);
  const managerRows =
    ids.length === 0 ? [] : await db.select().from(itemManager).where(inArray(itemManager.itemId, ids));
  return rows.map((r) => ({
    ...r,
    managerIds: managerRows.filter((m) => m.itemId === r.id).map((m) => m.memberId),
  }));
}

/** Applies `m` through the API (or, for `unmanage`, as a withdrawal deletes a member's manager rows). */
async function apply(
  m: Mutation,
  kind: 'issue' | 'external',
  goals: Stored[],
  items: Stored[],
): Promise<void> {
  const segment = SEGMENT[kind];
  const pick = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length]);
  const ok = (res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) throw new Error(`${m.op}: ${res.statusCode} ${res.body}`);
  };
  const patch = async (seg: Segment, id: number, payload: Record<string, unknown>) =>
    ok(await asMember(app, reader, 'PATCH', `/api/teams/${teamId}/${seg}/${id}`, { payload }));
  const ids = (indexes: number[]) => indexes.map((i) => people[i]!.id);
  switch (m.op) {
    case 'state':
    case 'priority':
    case 'managers':
    case 'goal': {
      const it = pick(items, m.target);
      if (!it) return;
      const payload =
        m.op === 'state'
          ? { state: m.state }
          : m.op === 'priority'
            ? { priority: m.priority }
            : m.op === 'managers'
              ? { managersId: ids(m.managers) }
              : { goalId: m.goal === null || goals.length === 0 ? null : pick(goals, m.goal)!.id };
      return patch(segment, it.id, payload);
    }
    case 'goalManagers': {
      const goal = pick(goals, m.target);
      if (goal) await patch('goals', goal.id, { managersId: ids(m.managers) });
      return;
    }
    case 'delete': {
      const chosen = [...new Set(m.targets.map((t) => pick(items, t)?.id).filter((id) => id !== undefined))];
      if (chosen.length === 0) return;
      const key = kind === 'issue' ? 'issueIds' : 'externalIds';
      ok(
        await asMember(app, reader, 'DELETE', `/api/teams/${teamId}/${segment}`, {
          payload: { [key]: chosen },
        }),
      );
      return;
    }
    case 'deleteGoal': {
      const goal = pick(goals, m.target);
      if (goal) {
        ok(
          await asMember(app, reader, 'DELETE', `/api/teams/${teamId}/goals`, {
            payload: { goalIds: [goal.id] },
          }),
        );
      }
      return;
    }
    case 'create': {
      const goal = m.item.goal === null ? undefined : pick(goals, m.item.goal);
      ok(
        await asMember(app, reader, 'POST', `/api/teams/${teamId}/${segment}`, {
          payload: {
            title: '새 항목',
            state: m.item.state,
            priority: m.item.priority,
            managersId: ids(m.item.managers),
            ...(goal ? { goalId: goal.id } : {}),
            ...(kind === 'external' ? { extServiceType: 'SLACK' } : {}),
          },
        }),
      );
      return;
    }
    case 'unmanage':
      await testDb.database.db.delete(itemManager).where(eq(itemManager.memberId, people[m.person]!.id));
      return;
  }
}

/** The groups a list must show, in order, each with its items' ids newest first — computed from scratch. */
function expectedGroups(
  grouping: Grouping,
  items: Stored[],
  goalTitles: Map<number, string>,
): ExpectedGroup[] {
  const buckets = new Map<string, { label: string; ids: number[] }>();
  const put = (key: string, label: string, id: number) => {
    const bucket = buckets.get(key) ?? { label, ids: [] };
    bucket.ids.push(id);
    buckets.set(key, bucket);
  };
  // The keys come from the registry (contract/groupings.ts `groupKeyOf`, as the client's live patching reads them);
  // the labels are looked up here: member names and goal titles for MANAGER / GOAL, the key itself otherwise.
  const lookup = (key: string) =>
    grouping === 'MANAGER'
      ? (people.find((p) => String(p.id) === key)?.name ?? null)
      : grouping === 'GOAL'
        ? (goalTitles.get(Number(key)) ?? null)
        : null;
  for (const it of items) {
    const row = {
      state: it.state,
      priority: it.priority,
      deadline: { start: null, end: null },
      managers: { info: it.managerIds.map((memberId) => ({ memberId })) },
      goal: it.goalId === null ? null : { id: it.goalId },
      extServiceType: it.ext,
    };
    for (const key of groupKeyOf(grouping, row))
      put(key, serverGroupLabel(grouping, key, lookup(key)), it.id);
  }
  const { order: registryOrder } = groupingDef(grouping);
  const fixed: readonly string[] | undefined = registryOrder === 'collated' ? undefined : registryOrder;
  const order = ([ka, a]: [string, { label: string }], [kb, b]: [string, { label: string }]) => {
    if (fixed) return fixed.indexOf(ka) - fixed.indexOf(kb);
    if (ka === NONE_GROUP_KEY) return -1;
    if (kb === NONE_GROUP_KEY) return 1;
    return collator.compare(a.label, b.label) || Number(ka) - Number(kb) || (ka < kb ? -1 : 1);
  };
  return [...buckets.entries()].sort(order).map(([groupKey, { label, ids }]) => ({
    groupKey,
    filterName: label,
    ids: [...ids].sort((a, b) => b - a),
  }));
}

/** Checks every page of `kind` grouped by `grouping` with `size` against the expectation. */
async function checkList(
  kind: ItemKind,
  grouping: Grouping,
  size: number,
  items: Stored[],
  goalTitles: Map<number, string>,
): Promise<void> {
  const expected = expectedGroups(grouping, items, goalTitles);
  const total = expected.reduce((sum, g) => sum + g.ids.length, 0);
  const walked = await walkList(app, reader, teamId, SEGMENT[kind], grouping.toLowerCase(), size, 1_000);
  const context = `${kind} ${grouping} size ${size}`;

  const header = expected.map((g) => [g.groupKey, g.filterName, g.ids.length]);
  for (const page of walked.pages) {
    expect([context, page.data.map((g) => [g.groupKey, g.filterName, g.dataCnt])]).toEqual([context, header]);
  }
  for (const group of expected) {
    const got = (walked.items.get(group.groupKey) ?? []).map((i) => i.id);
    expect([context, group.groupKey, got]).toEqual([context, group.groupKey, group.ids]);
  }
  const counts = walked.pages.map((p) => p.data.reduce((sum, g) => sum + g.items.length, 0));
  const pages = Math.max(1, Math.ceil(total / size));
  expect([context, counts.length]).toEqual([context, pages]);
  walked.pages.forEach((page, index) => {
    const last = index === pages - 1;
    expect([context, index, page.hasNext, page.nextCursor === null]).toEqual([context, index, !last, last]);
    expect([context, index, counts[index]]).toEqual([
      context,
      index,
      last ? total - size * (pages - 1) : size,
    ]);
  });
  // Items carry their goal and all their managers.
  for (const listed of walked.pages.flatMap((p) => p.data.flatMap((g) => g.items))) {
    const source = items.find((i) => i.id === listed.id)!;
    expect(listed.managers.info.map((m) => m.memberId).sort()).toEqual([...source.managerIds].sort());
    expect(listed.goal).toEqual(
      source.goalId === null ? null : { id: source.goalId, title: goalTitles.get(source.goalId) },
    );
  }
}

it('concatenating the pages of every grouping gives each group exactly, newest first, for any page size', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ kind, goalTitles, goals, items, size, mutations }) => {
      const db = testDb.database.db;
      await db.delete(item).where(eq(item.teamId, teamId));
      // Goals: titles from the generated list (repeats and Korean/Latin mixes), default when none.
      const storedGoals = await store('goal', goals, []);
      const titles = new Map<number, string>();
      for (const [index, goal] of storedGoals.entries()) {
        const title = goalTitles.length === 0 ? '목표' : goalTitles[index % goalTitles.length]!;
        await db.update(item).set({ title }).where(eq(item.id, goal.id));
        titles.set(goal.id, title);
      }
      const stored = await store(
        kind,
        items,
        storedGoals.map((g) => g.id),
      );

      for (const grouping of GROUPINGS_BY_KIND.goal)
        await checkList('goal', grouping, size, storedGoals, titles);
      for (const grouping of GROUPINGS_BY_KIND[kind]) await checkList(kind, grouping, size, stored, titles);

      if (mutations.length === 0) return;
      for (const m of mutations) await apply(m, kind, await reload('goal'), await reload(kind));
      const goalsNow = await reload('goal');
      for (const goal of storedGoals) if (!goalsNow.some((g) => g.id === goal.id)) titles.delete(goal.id);
      for (const grouping of GROUPINGS_BY_KIND.goal)
        await checkList('goal', grouping, size, goalsNow, titles);
      const itemsNow = await reload(kind);
      for (const grouping of GROUPINGS_BY_KIND[kind]) await checkList(kind, grouping, size, itemsNow, titles);
    }),
    { numRuns: 25 },
  );
}, 120_000);

it('keeps the group sizes exact when the app writes concurrently (creates, updates, deletes, withdrawals)', async () => {
  const db = testDb.database.db;
  await db.delete(item).where(eq(item.teamId, teamId));
  const gen = fc.sample(genItem, { numRuns: 60, seed: 7 });
  const goals = await store('goal', gen.slice(0, 4), []);
  const issues = await store(
    'issue',
    gen.slice(4),
    goals.map((g) => g.id),
  );
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  const others = people.slice(1);
  const ops: (() => Promise<{ statusCode: number; body: string }>)[] = [];
  for (let n = 0; n < 60; n++) {
    const issue = pick(issues, n * 7);
    const url = `/api/teams/${teamId}/issues`;
    const managers = [pick(others, n).id, pick(others, n + 2).id];
    switch (n % 6) {
      case 0:
        ops.push(() =>
          asMember(app, reader, 'PATCH', `${url}/${issue.id}`, { payload: { managersId: managers } }),
        );
        break;
      case 1:
        ops.push(() =>
          asMember(app, reader, 'PATCH', `${url}/${issue.id}`, {
            payload: { state: pick(STATES, n), managersId: n % 4 === 1 ? [] : managers.slice(1) },
          }),
        );
        break;
      case 2:
        ops.push(() =>
          asMember(app, reader, 'PATCH', `${url}/${issue.id}`, {
            payload: { goalId: n % 4 === 0 ? null : pick(goals, n).id, priority: pick(PRIORITIES, n) },
          }),
        );
        break;
      case 3:
        ops.push(() => asMember(app, reader, 'DELETE', url, { payload: { issueIds: [issue.id] } }));
        break;
      case 4:
        ops.push(() =>
          asMember(app, reader, 'POST', url, {
            payload: { title: '동시 생성', managersId: n % 3 === 0 ? [] : managers, state: pick(STATES, n) },
          }),
        );
        break;
      case 5:
        // A member's manager rows go as a withdrawal removes them: the workspace locked first, then the rows.
        ops.push(async () => {
          await db.transaction(async (tx) => {
            await tx
              .select({ id: workspace.id })
              .from(workspace)
              .where(eq(workspace.id, workspaceId))
              .for('update');
            await tx.delete(itemManager).where(eq(itemManager.memberId, pick(others, n).id));
          });
          return { statusCode: 200, body: '' };
        });
        break;
    }
  }
  const results = await Promise.all(ops.map((op) => op()));
  // 404: an item deleted by another request first; nothing may fail otherwise (no deadlock, no error).
  expect(results.filter((r) => r.statusCode >= 300 && r.statusCode !== 404).map((r) => r.body)).toEqual([]);

  const goalsNow = await reload('goal');
  const titleRows = await db
    .select({ id: item.id, title: item.title })
    .from(item)
    .where(and(eq(item.teamId, teamId), eq(item.kind, 'goal')));
  const titles = new Map(titleRows.map((r) => [r.id, r.title]));
  const issuesNow = await reload('issue');
  for (const grouping of GROUPINGS_BY_KIND.issue) await checkList('issue', grouping, 100, issuesNow, titles);
  for (const grouping of GROUPINGS_BY_KIND.goal) await checkList('goal', grouping, 100, goalsNow, titles);
}, 120_000);
