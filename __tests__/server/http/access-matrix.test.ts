import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { alarm } from '../../../server/db/schema';
import { openStream } from '../support/events';
import { createItemOk, createTeamWith } from '../support/items';
import { type SignedInMember, asMember, signIn } from '../support/members';
import { type TestDatabase, createTestApp, createTestDatabase } from '../support/test-app';
import { type TestWorkspace, createWorkspaceWith, joinWith } from '../support/workspaces';

/**
 * The access matrix and the input fuzz of docs/security.md, driven by the OpenAPI document so that a new route is
 * covered the day it is added:
 * - every bearer route × (no token, a withdrawn member, another workspace's member, malformed ids) answers
 *   401 / 401 / 404 / 400 — never the data, never a 5xx;
 * - issue #23 (teams): × a removed member (401 or 404, never the data), a non-member of a private team (the same
 *   404 as another workspace's member), a non-member of a public team (reads; writes 403 `TEAM403_1` or the
 *   documented team-settings answer), the team's member, an admin and the owner; private-team data never in joint
 *   lists, search, alarms or live streams of non-members;
 * - every JSON route, fed values shaped by its own schema with hostile values mixed in (NUL characters, year 0000,
 *   ids past int4, 70,000-element arrays, wrong types), never answers 5xx.
 * `FUZZ_SEED` / `FUZZ_RUNS` replay or widen the fuzz (the default seed keeps CI reproducible).
 */
jest.setTimeout(240_000);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: Method;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  bearer: boolean;
}

let testDb: TestDatabase;
let app: FastifyInstance;
let ws: TestWorkspace;
let other: TestWorkspace;
let withdrawn: SignedInMember;
/** issue #23: a member an admin removed from `ws` (set directly in the database, as the removal does). */
let removed: SignedInMember;
/** issue #23: `ws.members[1]`, made an admin. */
let admin: SignedInMember;
/** issue #23: ids of a private team of `ws` (owner only) and its items, by parameter name. */
let privateIds: Record<string, number>;
let operations: Operation[];
/** Real ids of workspace `ws`, by path/query parameter name. */
let ids: Record<string, number>;

/**
 * Path parameters that are no ids, with the value every request uses: the notifications tab of
 * `GET /api/alarms/{type}` (it names nothing of a workspace, so the foreign-member and malformed-id checks skip it).
 */
const NON_ID_PARAMS: Record<string, string> = { type: 'GOAL' };

/** `/api/teams/{teamId}/goals` → the concrete URL, each `{name}` replaced by `values[name]` (already encoded). */
const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? NON_ID_PARAMS[name] ?? 'MISSING');

function collectOperations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: Record<string, unknown>[];
      };
      result.push({
        method: method.toUpperCase() as Method,
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        bearer: (operation.security ?? []).some((s) => 'bearerAuth' in s),
      });
    }
  }
  return result;
}

/** Plausible query values for a route (required ones), ids pointing at workspace `ws` (or `of`). */
function sampleQuery(operation: Operation, of: Record<string, number> = ids): Record<string, string> {
  const ids = of;
  const query: Record<string, string> = {};
  for (const p of operation.parameters.filter((q) => q.in === 'query' && (q.required || q.name in ids))) {
    if (p.name in ids) query[p.name] = String(ids[p.name]);
    else if (p.schema?.enum) query[p.name] = String(p.schema.enum[0]);
    else query[p.name] = '1';
  }
  if (operation.path === '/api/comments' && operation.method === 'GET') {
    query.category = 'GOAL';
    query.targetId = String(ids.goalId);
  }
  return query;
}

function url(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** A body that passes validation for the routes whose foreign-member answer depends on what the body names. */
function sampleBody(operation: Operation, of: Record<string, number> = ids): unknown {
  const ids = of;
  if (operation.path === '/api/comments' && operation.method === 'POST') {
    return { category: 'GOAL', targetId: ids.goalId, content: '침입' };
  }
  if (operation.method === 'DELETE' && operation.path.startsWith('/api/teams/{teamId}/')) {
    const key = { goals: 'goalIds', issues: 'issueIds', externals: 'externalIds' }[
      operation.path.split('/')[4] ?? ''
    ];
    return key ? { [key]: [ids.issueId] } : {};
  }
  // issue #23 (teams): bodies that pass validation, so the membership answer is what is tested.
  if (
    operation.method === 'POST' &&
    /^\/api\/teams\/\{teamId\}\/(goals|issues|externals)$/.test(operation.path)
  ) {
    return { title: '침입' };
  }
  if (
    operation.method === 'PATCH' &&
    /^\/api\/teams\/\{teamId\}\/(goals|issues|externals)\/\{\w+\}$/.test(operation.path)
  ) {
    return { title: '침입' };
  }
  if (operation.method === 'PATCH' && operation.path === '/api/teams/{teamId}')
    return { teamName: '빼앗은 팀' };
  if (operation.method === 'DELETE' && operation.path === '/api/teams/{teamId}')
    return { teamName: '매트릭스 팀' };
  if (operation.method === 'POST' && operation.path === '/api/teams/{teamId}/members') {
    return { memberId: [ids.memberId] };
  }
  return operation.body ? {} : undefined;
}

const pathParams = (operation: Operation) => operation.parameters.filter((p) => p.in === 'path');
/** The path parameters that are ids. */
const idPathParams = (operation: Operation) =>
  pathParams(operation).filter((p) => !(p.name in NON_ID_PARAMS));

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await createTestApp({ database: testDb.database }));
  // issue #23: the live-event stream of the leak check needs a real listener.
  await app.listen({ port: 0, host: '127.0.0.1' });
  ws = await createWorkspaceWith(app, 'Matrix', '주인', ['동료', '관리자', '내보낼 사람']);
  other = await createWorkspaceWith(app, 'Outside', '남');
  const teamId = await createTeamWith(app, ws.owner, '매트릭스 팀', [ws.owner.memberId]);
  ids = {
    teamId,
    goalId: await createItemOk(app, ws.owner, teamId, 'goals', { title: '목표' }),
    issueId: await createItemOk(app, ws.owner, teamId, 'issues', { title: '이슈' }),
    extId: await createItemOk(app, ws.owner, teamId, 'externals', { title: '외부' }),
  };
  ids.targetId = ids.goalId!;
  // issue #23 (teams): a member of no team but the default one, for `/api/teams/{teamId}/members/{memberId}`.
  ids.memberId = ws.members[2]!.memberId;
  // An alarm of the owner's (a notification about the goal), for `PATCH /api/alarms/{alarmId}`.
  const [ownerAlarm] = await app.database.db
    .insert(alarm)
    .values({ memberId: ws.owner.memberId, itemId: ids.goalId!, reason: 'DEADLINE', day: '2026-11-23' })
    .returning({ id: alarm.id });
  ids.alarmId = ownerAlarm!.id;

  withdrawn = await signIn(app, '떠난 사람');
  await joinWith(app, withdrawn, ws.token, ws.password);
  const left = await asMember(app, withdrawn, 'DELETE', '/api/workspace/setting/my-profile');
  expect(left.statusCode).toBe(200);

  // issue #23 (teams): roles, a removed member and a private team.
  admin = ws.members[1]!;
  await app.database.db.execute(sql`update member set role = 'admin' where id = ${admin.memberId}`);
  removed = ws.members[2]!;
  const privateTeamId = await createTeamWith(app, ws.owner, '비밀 매트릭스', [ws.owner.memberId]);
  const madePrivate = await asMember(app, admin, 'PATCH', `/api/teams/${privateTeamId}`, {
    payload: { visibility: 'private' },
  });
  expect(madePrivate.statusCode).toBe(200);
  privateIds = {
    teamId: privateTeamId,
    goalId: await createItemOk(app, ws.owner, privateTeamId, 'goals', { title: '비밀 목표' }),
    issueId: await createItemOk(app, ws.owner, privateTeamId, 'issues', { title: '비밀 이슈' }),
    extId: await createItemOk(app, ws.owner, privateTeamId, 'externals', { title: '비밀 외부' }),
    memberId: ws.owner.memberId,
    alarmId: ids.alarmId,
  };
  privateIds.targetId = privateIds.goalId!;

  const doc = app.swagger() as unknown as Parameters<typeof collectOperations>[0];
  operations = collectOperations(doc);
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

describe('access matrix', () => {
  it('covers the routes it claims to (the OpenAPI document lists the API)', () => {
    const bearer = operations.filter((o) => o.bearer);
    expect(bearer.length).toBeGreaterThan(30);
    for (const expected of [
      'GET /api/teams/{teamId}/issues',
      'PATCH /api/teams/{teamId}/externals/{extId}',
      'GET /api/goals/{goalId}',
      'POST /api/comments',
      'GET /api/github/connect',
    ]) {
      expect(bearer.map((o) => `${o.method} ${o.path}`)).toContain(expected);
    }
  });

  it('no token → 401 on every bearer route', async () => {
    for (const operation of operations.filter((o) => o.bearer)) {
      const target = url(
        fill(operation.path, Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)]))),
        sampleQuery(operation),
      );
      const res = await asMember(app, null, operation.method, target);
      expect([operation.method, target, res.statusCode]).toEqual([operation.method, target, 401]);
    }
  });

  it('a withdrawn member → 401 on every bearer route', async () => {
    for (const operation of operations.filter((o) => o.bearer)) {
      const target = url(
        fill(operation.path, Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)]))),
        sampleQuery(operation),
      );
      const body = sampleBody(operation);
      const res = await asMember(app, withdrawn, operation.method, target, body ? { payload: body } : {});
      expect([operation.method, target, res.statusCode, res.json().code]).toEqual([
        operation.method,
        target,
        401,
        'JWT401_1',
      ]);
    }
  });

  it("another workspace's member → 404 on every route naming this workspace's ids, and nothing changes", async () => {
    let checked = 0;
    for (const operation of operations.filter((o) => o.bearer)) {
      const names = [
        ...idPathParams(operation).map((p) => p.name),
        ...operation.parameters.filter((p) => p.in === 'query' && p.name in ids).map((p) => p.name),
      ];
      const namesIds =
        names.length > 0 || (operation.path === '/api/comments' && operation.method === 'POST');
      if (!namesIds) continue;
      checked += 1;
      const target = url(
        fill(operation.path, Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)]))),
        sampleQuery(operation),
      );
      const body = sampleBody(operation);
      const res = await asMember(app, other.owner, operation.method, target, body ? { payload: body } : {});
      expect([operation.method, target, res.statusCode]).toEqual([operation.method, target, 404]);
      expect(res.json().result).toBeNull();
    }
    expect(checked).toBeGreaterThan(20);
    // Everything of `ws` is still there, unchanged.
    const detail = await asMember(app, ws.owner, 'GET', `/api/goals/${ids.goalId}`);
    expect(detail.json().result.title).toBe('목표');
    const comments = await asMember(
      app,
      ws.owner,
      'GET',
      `/api/comments?category=GOAL&targetId=${ids.goalId}`,
    );
    expect(comments.json().result.cnt).toBe(0);
    const issue = await asMember(app, ws.owner, 'GET', `/api/issues/${ids.issueId}`);
    expect(issue.statusCode).toBe(200);
    const unread = await asMember(app, ws.owner, 'GET', '/api/alarms/unread-count');
    expect(unread.json().result.GOAL).toBe(1);
  });

  it('malformed ids → 400 VALID400_1 on every route with an id in its path; leading zeros name the same id', async () => {
    const malformed = [
      '8e0',
      '%2B8',
      '%208',
      '8%20',
      '0',
      '-1',
      '2147483648',
      '99999999999',
      'abc',
      '1.5',
      '0x8',
    ];
    let checked = 0;
    for (const operation of operations.filter((o) => o.bearer)) {
      for (const param of idPathParams(operation)) {
        const valid = Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)]));
        for (const bad of malformed) {
          const target = url(fill(operation.path, { ...valid, [param.name]: bad }), sampleQuery(operation));
          const body = sampleBody(operation);
          const res = await asMember(app, ws.owner, operation.method, target, body ? { payload: body } : {});
          expect([operation.method, target, res.statusCode, res.json().code]).toEqual([
            operation.method,
            target,
            400,
            'VALID400_1',
          ]);
          checked += 1;
        }
        if (operation.method === 'GET') {
          const padded = fill(operation.path, { ...valid, [param.name]: `00${valid[param.name]}` });
          const plain = fill(operation.path, valid);
          const [a, b] = await Promise.all([
            asMember(app, ws.owner, 'GET', url(padded, sampleQuery(operation))),
            asMember(app, ws.owner, 'GET', url(plain, sampleQuery(operation))),
          ]);
          expect([padded, a.statusCode, a.json().result]).toEqual([padded, b.statusCode, b.json().result]);
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// issue #23 (teams and membership): removed members, private teams, public teams' non-members writing, roles

/** The bearer routes that name one of `ws`'s ids (path or query), or comment on one (`POST /api/comments`). */
const namingIds = () =>
  operations.filter(
    (o) =>
      o.bearer &&
      (idPathParams(o).length > 0 ||
        o.parameters.some((p) => p.in === 'query' && p.name in ids) ||
        (o.path === '/api/comments' && o.method === 'POST')),
  );
const filled = (operation: Operation, of: Record<string, number>) =>
  url(
    fill(operation.path, Object.fromEntries(Object.entries(of).map(([k, v]) => [k, String(v)]))),
    sampleQuery(operation, of),
  );
const isWrite = (o: Operation) => o.method !== 'GET';

describe('access matrix: teams and roles (issue #23)', () => {
  it('a removed member (workspace_id null, removed_at set) gets nothing of the workspace on any route naming its ids', async () => {
    await app.database.db.execute(
      sql`update member set workspace_id = null, removed_at = now(), removed_from_workspace_id = ${ws.workspaceId}
          where id = ${removed.memberId}`,
    );
    await app.database.db.execute(sql`delete from team_member where member_id = ${removed.memberId}`);
    try {
      let checked = 0;
      for (const operation of namingIds()) {
        const target = filled(operation, ids);
        const body = sampleBody(operation);
        const res = await asMember(app, removed, operation.method, target, body ? { payload: body } : {});
        // Tokens issued before `removed_at` are refused (docs/security.md "Roles"): never the data, never a change.
        expect([operation.method, target, res.statusCode]).toEqual([operation.method, target, 401]);
        expect(res.json().result).toBeNull();
        checked += 1;
      }
      expect(checked).toBeGreaterThan(20);
      const lists = await asMember(app, removed, 'GET', '/api/workspace/setting/teams');
      expect(lists.statusCode).toBe(401);
      const search = await asMember(app, removed, 'GET', `/api/search?q=${encodeURIComponent('목표')}`);
      expect(search.statusCode).toBe(401);
    } finally {
      await app.database.db.execute(
        sql`update member set workspace_id = ${ws.workspaceId}, removed_at = null, removed_from_workspace_id = null
            where id = ${removed.memberId}`,
      );
      await app.database.db.execute(
        sql`insert into team_member (team_id, member_id) values (${ws.defaultTeamId}, ${removed.memberId})`,
      );
    }
  });

  it("a non-member of a private team gets 404 on every route naming its ids, exactly like another workspace's member", async () => {
    const outsider = ws.members[0]!;
    let checked = 0;
    for (const operation of namingIds()) {
      // The alarm is the owner's own (another member's alarm is a 404 anyway); skip routes that name only it.
      if (operation.path.startsWith('/api/alarms/')) continue;
      // Workspace member routes (roles, removal) name a workspace member, not the private team: the roles tests
      // (__tests__/server/modules/admin/roles.test.ts) and the columns above cover them.
      if (operation.path.startsWith('/api/workspace/setting/members/')) continue;
      const target = filled(operation, privateIds);
      const body = sampleBody(operation, privateIds);
      const res = await asMember(app, outsider, operation.method, target, body ? { payload: body } : {});
      const foreign = await asMember(
        app,
        other.owner,
        operation.method,
        target,
        body ? { payload: body } : {},
      );
      expect([operation.method, target, res.statusCode, res.json().code]).toEqual([
        operation.method,
        target,
        404,
        foreign.json().code,
      ]);
      expect(res.json().result).toBeNull();
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
    // Nothing changed: the owner still reads everything of it.
    const detail = await asMember(app, ws.owner, 'GET', `/api/goals/${privateIds.goalId}`);
    expect(detail.json().result.title).toBe('비밀 목표');
    const settings = await asMember(app, ws.owner, 'GET', `/api/teams/${privateIds.teamId}/settings`);
    expect(settings.json().result.members.map((m: { memberId: number }) => m.memberId)).toEqual([
      ws.owner.memberId,
    ]);
  });

  it('a non-member of a public team reads it, and every write in it is refused with the documented answer', async () => {
    const outsider = ws.members[0]!;
    const teamRoutes = operations.filter((o) => o.bearer && o.path.startsWith('/api/teams/{teamId}'));
    /** Team routes whose answer to a non-member is not `TEAM403_1` (docs/security.md "Teams", "Roles"). */
    const documented: Record<string, [number, string]> = {
      'DELETE /api/teams/{teamId}/membership': [404, 'TEAM404_1'],
      'PATCH /api/teams/{teamId}': [403, 'TEAM403_2'],
      'POST /api/teams/{teamId}/members': [403, 'TEAM403_2'],
      'DELETE /api/teams/{teamId}/members/{memberId}': [403, 'TEAM403_2'],
      'DELETE /api/teams/{teamId}/image': [403, 'TEAM403_2'],
      'PUT /api/teams/{teamId}/image': [403, 'TEAM403_2'],
      'DELETE /api/teams/{teamId}': [403, 'ROLE403_0'],
    };
    let checked = 0;
    for (const operation of teamRoutes) {
      const key = `${operation.method} ${operation.path}`;
      // Joining is what a non-member may do; integrations follow their own rules (docs/security.md "GitHub
      // installations") and are tested there.
      if (key === 'POST /api/teams/{teamId}/membership' || /github|integrations/.test(operation.path))
        continue;
      const target = filled(operation, ids);
      const body = sampleBody(operation);
      const res = await asMember(app, outsider, operation.method, target, body ? { payload: body } : {});
      if (!isWrite(operation)) {
        expect([key, res.statusCode]).toEqual([key, 200]);
      } else {
        expect([key, res.statusCode, res.json().code]).toEqual([
          key,
          ...(documented[key] ?? [403, 'TEAM403_1']),
        ]);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(15);
    for (const category of ['GOAL', 'ISSUE', 'EXTERNAL'] as const) {
      const targetId = { GOAL: ids.goalId, ISSUE: ids.issueId, EXTERNAL: ids.extId }[category];
      const res = await asMember(app, outsider, 'POST', '/api/comments', {
        payload: { category, targetId, content: '남의 팀 댓글' },
      });
      expect([category, res.statusCode, res.json().code]).toEqual([category, 403, 'TEAM403_1']);
      const read = await asMember(
        app,
        outsider,
        'GET',
        `/api/comments?category=${category}&targetId=${targetId}`,
      );
      expect(read.statusCode).toBe(200);
    }
    const issue = await asMember(app, ws.owner, 'GET', `/api/issues/${ids.issueId}`);
    expect(issue.json().result.title).toBe('이슈');
  });

  it('member of the team, admin and owner read every team route; only admins and the owner change visibility or delete', async () => {
    const teamId = await createTeamWith(app, ws.members[0]!, '역할 팀', [ws.members[0]!.memberId]);
    const member = ws.members[0]!;
    const of = { ...ids, teamId };
    for (const who of [member, admin, ws.owner]) {
      for (const operation of operations.filter(
        (o) =>
          o.bearer &&
          o.method === 'GET' &&
          o.path.startsWith('/api/teams/{teamId}') &&
          !/github/.test(o.path),
      )) {
        const res = await asMember(app, who, 'GET', filled(operation, of));
        // Item routes of the matrix team's ids (`{goalId}` etc.) are another team's: only the lists are asked.
        if (idPathParams(operation).length > 1) continue;
        expect([who.name, operation.path, res.statusCode]).toEqual([who.name, operation.path, 200]);
      }
    }
    const byMember = await asMember(app, member, 'PATCH', `/api/teams/${teamId}`, {
      payload: { visibility: 'private' },
    });
    expect([byMember.statusCode, byMember.json().code]).toEqual([403, 'ROLE403_0']);
    const byAdmin = await asMember(app, admin, 'PATCH', `/api/teams/${teamId}`, {
      payload: { visibility: 'private' },
    });
    expect(byAdmin.statusCode).toBe(200);
    // Private now: the admin is not in it, so its item routes are a 404 for them — but they still see it in the
    // settings list to administer it.
    expect((await asMember(app, admin, 'GET', `/api/teams/${teamId}/issues`)).statusCode).toBe(404);
    const listed = await asMember(app, admin, 'GET', '/api/workspace/setting/teams?size=100');
    expect(listed.json().result.teamList.map((t: { teamName: string }) => t.teamName)).toContain('역할 팀');
    const deleteByMember = await asMember(app, member, 'DELETE', `/api/teams/${teamId}`, {
      payload: { teamName: '역할 팀' },
    });
    expect([deleteByMember.statusCode, deleteByMember.json().code]).toEqual([403, 'ROLE403_0']);
    // Admins administer it without joining: its settings page, and deleting it (docs/security.md "Roles").
    const adminSettings = await asMember(app, admin, 'GET', `/api/teams/${teamId}/settings`);
    expect([adminSettings.statusCode, adminSettings.json().result.canAdminister]).toEqual([200, true]);
    // A member of the workspace who is not in it still gets the 404 there.
    const stranger = await asMember(app, ws.members[2]!, 'GET', `/api/teams/${teamId}/settings`);
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'TEAM404_0']);
    const deleteByAdmin = await asMember(app, admin, 'DELETE', `/api/teams/${teamId}`, {
      payload: { teamName: '역할 팀' },
    });
    expect([deleteByAdmin.statusCode, deleteByAdmin.json().code]).toEqual([200, 'TEAM200_10']);
  });

  it('private-team data never leaks into joint lists, search, alarms or streams', async () => {
    const outsider = ws.members[0]!;
    const stream = await openStream(app, outsider);
    try {
      const secretIssue = await createItemOk(app, ws.owner, privateIds.teamId!, 'issues', {
        title: '극비 스트림',
        managersId: [ws.owner.memberId],
      });
      const marker = await createItemOk(app, ws.owner, ws.defaultTeamId, 'issues', { title: '공개 표식' });
      await stream.next((e) => e.type === 'item.created' && e.id === marker, 'the public marker');
      expect(stream.events.some((e) => e.type === 'item.created' && e.id === secretIssue)).toBe(false);
    } finally {
      stream.close();
    }
    for (const kind of ['goals', 'issues', 'externals']) {
      const joint = await asMember(app, outsider, 'GET', `/api/teams/${ws.defaultTeamId}/${kind}?size=100`);
      expect(JSON.stringify(joint.json().result)).not.toMatch(/비밀|극비/);
    }
    for (const q of ['비밀', '극비', 'ㅂㅁ', 'ㄱㅂ']) {
      const hits = await asMember(app, outsider, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
      expect([q, hits.json().result.items]).toEqual([q, []]);
    }
    const owner = await asMember(app, ws.owner, 'GET', `/api/search?q=${encodeURIComponent('비밀')}`);
    expect(owner.json().result.items.length).toBeGreaterThan(0);
    const alarms = await asMember(app, outsider, 'GET', '/api/alarms/ISSUE');
    expect(JSON.stringify(alarms.json().result)).not.toMatch(/비밀|극비/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Fuzz

const hostileString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '08',
  '8e0',
  '+8',
  '-1',
  '0',
  '2147483648',
  '9'.repeat(40),
  '0000-01-01',
  '2026-02-30',
  '99999-01-01',
  'null',
  'undefined',
  '__proto__',
  '<script>alert(1)</script>',
  "'; drop table item; --",
  '한글 제목',
  '가'.repeat(21),
  '🙂'.repeat(30),
  '\uD800',
  'x'.repeat(3000),
);
const hostileNumber = fc.constantFrom(0, -1, 1, 1.5, -0, 2147483647, 2147483648, 1e308, -1e308, 2 ** 53 + 1);
const hugeArray = fc.constant(Array.from({ length: 70_000 }, (_, i) => i + 1));
const nulString = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: nulString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: hugeArray },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Every position in a JSON value (the root, each property and element) as a path of keys. */
function positions(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [path];
  if (Array.isArray(value)) value.forEach((child, i) => found.push(...positions(child, [...path, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) found.push(...positions(child, [...path, key]));
  }
  return found;
}

/** `value` with the node at `path` replaced by `replacement` (a copy; the root itself when `path` is empty). */
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const [head, ...rest] = path;
  (copy as Record<string | number, unknown>)[head!] = replaceAt(
    (value as Record<string | number, unknown>)[head!],
    rest,
    replacement,
  );
  return copy;
}

/**
 * Values of `schema`'s shape where exactly one position (often a leaf) holds a hostile value, so the rest of the
 * request stays valid enough to reach the code behind validation; a quarter are left well formed.
 */
function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wellFormed = wellFormedOf(schema, depth);
  const mutated = fc.tuple(wellFormed, hostileValue, fc.nat()).map(([value, hostile, n]) => {
    const all = positions(value);
    const leaves = all.filter((p) => p.length > 0);
    const pool = leaves.length > 0 && n % 4 !== 0 ? leaves : all;
    return replaceAt(value, pool[n % pool.length]!, hostile);
  });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: wellFormed });
}

function wellFormedOf(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => wellFormedOf(s, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) return wellFormedOf(schema.allOf[0], depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of entries) record[key] = wellFormedOf(child, depth + 1);
      const required = schema.required?.filter((k) => k in record) ?? [];
      // Half the time only the required keys: fewer fields, fewer unrelated reasons for a 400.
      const minimal = fc.record(Object.fromEntries(required.map((k) => [k, record[k]!])));
      return fc.oneof(minimal, fc.record(record, { requiredKeys: required }));
    }
    case 'array':
      return fc.array(wellFormedOf(schema.items, depth + 1), { maxLength: 5 });
    case 'string':
      if (schema.format === 'date') {
        return fc
          .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      }
      return fc.oneof(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), fc.constant(''));
    case 'integer':
      // Mostly the ids this workspace really has, so bodies reach the code behind the membership checks.
      return fc.oneof(fc.constantFrom(...Object.values(ids)), fc.integer({ min: -5, max: 2_147_483_650 }));
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** Path parameter text: this workspace's real id most of the time, else something hostile. */
function pathValue(name: string): fc.Arbitrary<string> {
  const real = ids[name] === undefined ? (NON_ID_PARAMS[name] ?? '1') : String(ids[name]);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(real) },
    {
      weight: 1,
      arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
    },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%E0%A4%A', '..', '%2F') },
  );
}

function queryValue(param: Parameter): fc.Arbitrary<string> {
  const real = param.name in ids ? fc.constant(String(ids[param.name])) : undefined;
  const shaped = wellFormedOf(param.schema, 1).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return fc.oneof(...(real ? [real] : []), shaped, hostileString);
}

describe('fuzz: no JSON route answers 5xx', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
  const numRuns = Number(process.env.FUZZ_RUNS ?? 20);

  it('every route, its own schema with hostile values mixed in', async () => {
    // Not fuzzed: withdrawal and logout end the fuzzing member's session, which is all they would test.
    const skipped = new Set(['DELETE /api/workspace/setting/my-profile', 'POST /api/token/logout']);
    const targets = operations.filter((o) => !skipped.has(`${o.method} ${o.path}`));
    expect(targets.length).toBeGreaterThan(35);
    for (const operation of targets) {
      const params = fc.record(
        Object.fromEntries(pathParams(operation).map((p) => [p.name, pathValue(p.name)])) as Record<
          string,
          fc.Arbitrary<string>
        >,
      );
      const queryParams = operation.parameters.filter((p) => p.in === 'query');
      const query = fc.record(
        Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p)])) as Record<
          string,
          fc.Arbitrary<string>
        >,
        { requiredKeys: [] },
      );
      const body = operation.body ? arbitraryOf(operation.body) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(params, query, body, async (p, q, b) => {
          const target = url(fill(operation.path, p), q as Record<string, string>);
          const res = await app.inject({
            method: operation.method,
            url: target,
            headers: {
              authorization: `Bearer ${ws.members[0]!.accessToken}`,
              ...(b !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(b !== undefined ? { payload: JSON.stringify(b) } : {}),
          });
          // 503 "GitHub/Slack not configured on this server" is an honest answer of the test app, not a crash.
          const notConfigured = res.statusCode === 503 && /^(GITHUB|SLACK)503_0$/.test(res.json().code);
          if (res.statusCode >= 500 && !notConfigured) {
            throw new Error(`${operation.method} ${target} → ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
        }),
        { seed, numRuns, endOnFailure: true },
      );
    }
  });
});

describe('bad input found by the hardening review answers 400 with a code, never 500', () => {
  const expect400 = (res: { statusCode: number; json: () => { code: string } }, what: string) =>
    expect([what, res.statusCode, res.json().code]).toEqual([what, 400, 'VALID400_1']);

  it('a NUL character in a title, a comment, a join token or a sign-in name', async () => {
    const teamId = ids.teamId!;
    expect400(
      await asMember(app, ws.owner, 'POST', `/api/teams/${teamId}/issues`, {
        payload: { title: '널\u0000문자' },
      }),
      'title',
    );
    expect400(
      await asMember(app, ws.owner, 'PATCH', `/api/teams/${teamId}/issues/${ids.issueId}`, {
        payload: { title: 'a\u0000' },
      }),
      'patched title',
    );
    expect400(
      await asMember(app, ws.owner, 'POST', '/api/comments', {
        payload: { category: 'ISSUE', targetId: ids.issueId, content: '댓글\u0000' },
      }),
      'comment',
    );
    const newcomer = await signIn(app, '새 사람');
    expect400(
      await asMember(app, newcomer, 'POST', '/api/workspace/join', {
        payload: { token: 'abc\u0000', password: 'abcd1234' },
      }),
      'join token',
    );
    const signInRes = await app.inject({
      method: 'POST',
      url: '/oauth2/dev/google',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: '이름\u0000', email: 'nul@example.com' }).toString(),
    });
    expect400(signInRes, 'sign-in name');
    // Nothing was stored.
    const issue = await asMember(app, ws.owner, 'GET', `/api/issues/${ids.issueId}`);
    expect(issue.json().result.title).toBe('이슈');
  });

  it('year 0000 (and other dates outside the pickers’ range) in a deadline', async () => {
    for (const date of ['0000-01-01', '1899-12-31', '2100-01-01']) {
      expect400(
        await asMember(app, ws.owner, 'POST', `/api/teams/${ids.teamId}/goals`, {
          payload: { title: '날짜', deadline: { start: date, end: null } },
        }),
        `create ${date}`,
      );
      expect400(
        await asMember(app, ws.owner, 'PATCH', `/api/teams/${ids.teamId}/goals/${ids.goalId}`, {
          payload: { deadline: { end: date } },
        }),
        `patch ${date}`,
      );
    }
  });

  it('teamId=2147483648 on the connect routes', async () => {
    for (const path of ['/api/github/connect?teamId=2147483648', '/slack/connect?teamId=2147483648']) {
      expect400(await asMember(app, ws.owner, 'GET', path), path);
    }
  });

  it('more than 65,535 ids in one array (more than 1,000 are refused)', async () => {
    const many = Array.from({ length: 65_536 }, (_, i) => i + 1);
    expect400(
      await asMember(app, ws.owner, 'DELETE', `/api/teams/${ids.teamId}/issues`, {
        payload: { issueIds: many },
      }),
      'delete',
    );
    expect400(
      await asMember(app, ws.owner, 'PATCH', `/api/teams/${ids.teamId}/goals/${ids.goalId}`, {
        payload: { issuesId: many },
      }),
      'link issues',
    );
    expect400(
      await asMember(app, ws.owner, 'POST', '/api/workspace/setting/teams', {
        payload: { teamName: '많은 팀원', memberId: many },
      }),
      'team members',
    );
    const teams = await asMember(app, ws.owner, 'GET', '/api/workspace/setting/teams');
    expect(teams.statusCode).toBe(200);
  });
});

describe('API documentation in production', () => {
  it('is not served unless API_DOCS enables it', async () => {
    const production = await createTestApp({ database: testDb.database, env: { NODE_ENV: 'production' } });
    const enabled = await createTestApp({
      database: testDb.database,
      env: { NODE_ENV: 'production', API_DOCS: 'true' },
    });
    try {
      for (const path of ['/api/docs', '/api/docs/json']) {
        const res = await production.app.inject({ method: 'GET', url: path });
        expect([path, res.statusCode, res.json().code]).toEqual([path, 404, 'COMMON404']);
      }
      expect((await enabled.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await production.app.close();
      await enabled.app.close();
    }
  });
});
