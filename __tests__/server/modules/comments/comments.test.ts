import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type CommentList, commentListSchema } from '../../../../contract';
import { comment } from '../../../../server/db/schema';
import { type SignedInMember, asMember } from '../../support/members';
import { createItemOk, createTeamWith } from '../../support/items';
import { type TestDatabase, useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Issue #6, server half: comments (docs/product.md "Comments").
 */
let testDb: TestDatabase;
let app: FastifyInstance;
/** 'Comments': owner 김민수, then 이영희 and 박서준. */
let ws: TestWorkspace;
let other: TestWorkspace;
let teamId: number;

useTestApp({}, async (started) => {
  ({ app, testDb } = started);
  ws = await createWorkspaceWith(app, 'Comments', '김민수', ['이영희', '박서준']);
  other = await createWorkspaceWith(app, 'Elsewhere', 'Bob');
  teamId = await createTeamWith(
    app,
    ws.owner,
    'Talk Team',
    ws.members.map((m) => m.memberId),
  );
});

const ISO_SEOUL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
type Category = 'GOAL' | 'ISSUE' | 'EXTERNAL';

const post = (who: SignedInMember | null, payload: object) =>
  asMember(app, who, 'POST', '/api/comments', { payload });
const list = (who: SignedInMember | null, category: string, targetId: number | string) =>
  asMember(app, who, 'GET', `/api/comments?category=${category}&targetId=${targetId}`);

async function commentOk(who: SignedInMember, category: Category, targetId: number, content: string) {
  const res = await post(who, { category, targetId, content });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  expect(res.json().code).toBe('COMMENT201_0');
  return res.json().result.commentId as number;
}

async function listOk(who: SignedInMember, category: Category, targetId: number): Promise<CommentList> {
  const res = await list(who, category, targetId);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  expect(res.json().code).toBe('COMMENT200_0');
  return commentListSchema.parse(res.json().result);
}

describe('comments', () => {
  it.each([
    ['GOAL', 'goals'],
    ['ISSUE', 'issues'],
    ['EXTERNAL', 'externals'],
  ] as const)('%s: created and listed oldest first, content trimmed', async (category, segment) => {
    const id = await createItemOk(app, ws.owner, teamId, segment, { title: '댓글 대상' });
    expect(await listOk(ws.owner, category, id)).toEqual({ cnt: 0, info: [] });
    const first = await commentOk(ws.members[0]!, category, id, '  첫 댓글  ');
    const second = await commentOk(ws.owner, category, id, '두 번째');
    const third = await commentOk(ws.members[0]!, category, id, '세 번째\n줄바꿈');
    const result = await listOk(ws.members[1]!, category, id);
    expect(result).toEqual({
      cnt: 3,
      info: [
        {
          id: first,
          name: '이영희',
          profileUrl: null,
          content: '첫 댓글',
          createdAt: expect.stringMatching(ISO_SEOUL),
        },
        {
          id: second,
          name: '김민수',
          profileUrl: null,
          content: '두 번째',
          createdAt: expect.stringMatching(ISO_SEOUL),
        },
        {
          id: third,
          name: '이영희',
          profileUrl: null,
          content: '세 번째\n줄바꿈',
          createdAt: expect.stringMatching(ISO_SEOUL),
        },
      ],
    });
  });

  it('content: empty after trimming or over 2000 characters → 400; exactly 2000 is fine', async () => {
    const id = await createItemOk(app, ws.owner, teamId, 'issues', { title: '길이' });
    for (const content of ['', '   \n ', 'a'.repeat(2001), '가'.repeat(2001), '😀'.repeat(2001)]) {
      const res = await post(ws.owner, { category: 'ISSUE', targetId: id, content });
      expect([content.length, res.statusCode, res.json().code]).toEqual([content.length, 400, 'VALID400_1']);
      expect(res.json().result).toHaveProperty('content');
    }
    await commentOk(ws.owner, 'ISSUE', id, '가'.repeat(2000));
    await commentOk(ws.owner, 'ISSUE', id, '😀'.repeat(2000));
    for (const payload of [
      { category: 'TASK', targetId: id, content: '분류' },
      { targetId: id, content: '분류 없음' },
      { category: 'ISSUE', content: '대상 없음' },
      { category: 'ISSUE', targetId: 'x', content: '대상' },
      { category: 'ISSUE', targetId: id },
    ]) {
      const res = await post(ws.owner, payload);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALID400_1']);
    }
    for (const [category, targetId] of [
      ['TASK', id],
      ['ISSUE', 'abc'],
      ['', id],
    ] as const) {
      const res = await list(ws.owner, category, targetId);
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALID400_1']);
    }
    expect((await listOk(ws.owner, 'ISSUE', id)).cnt).toBe(2);
  });

  it('target: unknown or another kind → 404, another workspace → 404, no token → 401', async () => {
    const goalId = await createItemOk(app, ws.owner, teamId, 'goals', { title: '목표' });
    const extId = await createItemOk(app, ws.owner, teamId, 'externals', { title: '외부' });
    const cases: [Category, number, number, string][] = [
      ['GOAL', 987654, 404, 'GOAL404_0'],
      ['ISSUE', goalId, 404, 'ISSUE404_0'],
      ['EXTERNAL', goalId, 404, 'EXTERNAL404_0'],
      ['GOAL', extId, 404, 'GOAL404_0'],
    ];
    for (const [category, targetId, status, code] of cases) {
      const created = await post(ws.owner, { category, targetId, content: '없는 대상' });
      expect([category, targetId, created.statusCode, created.json().code]).toEqual([
        category,
        targetId,
        status,
        code,
      ]);
      const listed = await list(ws.owner, category, targetId);
      expect([category, targetId, listed.statusCode, listed.json().code]).toEqual([
        category,
        targetId,
        status,
        code,
      ]);
    }
    await commentOk(ws.owner, 'GOAL', goalId, '우리끼리');
    const foreign = await post(other.owner, { category: 'GOAL', targetId: goalId, content: '침입' });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'GOAL404_0']);
    const foreignList = await list(other.owner, 'GOAL', goalId);
    expect([foreignList.statusCode, foreignList.json().code]).toEqual([404, 'GOAL404_0']);
    expect((await post(null, { category: 'GOAL', targetId: goalId, content: '익명' })).statusCode).toBe(401);
    expect((await list(null, 'GOAL', goalId)).statusCode).toBe(401);
    expect((await listOk(ws.owner, 'GOAL', goalId)).info.map((c) => c.content)).toEqual(['우리끼리']);
  });

  it('deleting an item deletes its comments', async () => {
    const keep = await createItemOk(app, ws.owner, teamId, 'issues', { title: '남는 이슈' });
    const gone = await createItemOk(app, ws.owner, teamId, 'issues', { title: '지울 이슈' });
    const kept = await commentOk(ws.owner, 'ISSUE', keep, '남는 댓글');
    const removed = [
      await commentOk(ws.owner, 'ISSUE', gone, '지워질 댓글 1'),
      await commentOk(ws.members[0]!, 'ISSUE', gone, '지워질 댓글 2'),
    ];
    const res = await asMember(app, ws.owner, 'DELETE', `/api/teams/${teamId}/issues`, {
      payload: { issueIds: [gone] },
    });
    expect(res.statusCode).toBe(200);
    const db = testDb.database.db;
    for (const id of removed) expect(await db.select().from(comment).where(eq(comment.id, id))).toEqual([]);
    expect(await db.select({ id: comment.id }).from(comment).where(eq(comment.id, kept))).toEqual([
      { id: kept },
    ]);
    const listed = await list(ws.owner, 'ISSUE', gone);
    expect([listed.statusCode, listed.json().code]).toEqual([404, 'ISSUE404_0']);
  });

  it("a withdrawn author's comments stay, shown as '탈퇴한 사용자' without a photo", async () => {
    const goalId = await createItemOk(app, ws.owner, teamId, 'goals', { title: '탈퇴 전' });
    const leaver = ws.members[1]!;
    const theirs = await commentOk(leaver, 'GOAL', goalId, '떠나기 전 댓글');
    const mine = await commentOk(ws.owner, 'GOAL', goalId, '남은 사람 댓글');
    const res = await asMember(app, leaver, 'DELETE', '/api/workspace/setting/my-profile');
    expect(res.statusCode).toBe(200);
    const [row] = await testDb.database.db.select().from(comment).where(eq(comment.id, theirs));
    expect(row!.authorId).toBeNull();
    expect((await listOk(ws.owner, 'GOAL', goalId)).info).toEqual([
      expect.objectContaining({
        id: theirs,
        name: '탈퇴한 사용자',
        profileUrl: null,
        content: '떠나기 전 댓글',
      }),
      expect.objectContaining({ id: mine, name: '김민수', content: '남은 사람 댓글' }),
    ]);
    // Their access token no longer works.
    expect((await post(leaver, { category: 'GOAL', targetId: goalId, content: '유령' })).statusCode).toBe(
      401,
    );
  });
});
