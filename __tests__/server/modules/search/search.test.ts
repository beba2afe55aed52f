import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import type { SearchHit } from '../../../../contract';
import { choseongOf, jamoOf } from '../../../../contract/hangul';
import { plainTextToLexical } from '../../../../contract/lexical';
import {
  FAKE_GITHUB_ACCOUNT,
  FAKE_INSTALLATION_ID,
  type FakeIntegrations,
} from '../../../../scripts/fake-integrations';
import { item } from '../../../../server/db/schema';
import { upsertGithubInstallation } from '../../../../server/modules/integrations/store';
import { backfillSearchColumns } from '../../../../server/modules/search/backfill';
import { searchColumnsFor } from '../../../../server/modules/search/derive';
import {
  deliverWebhook,
  githubAppEnv,
  issuesPayload,
  startTestIntegrationsFake,
} from '../../support/integrations';
import { createItemOk, createTeamWith } from '../../support/items';
import { type SignedInMember, asMember } from '../../support/members';
import { type TestDatabase, useTestApp } from '../../support/test-app';
import { type TestWorkspace, createWorkspaceWith } from '../../support/workspaces';

/**
 * Workspace search `GET /api/search` (docs/product.md "Search"; server/modules/search/): 초성 and half-composed
 * queries find any Hangul title, results never cross workspaces, the ranking, the derived columns following every
 * write (create, rename, description, delete, GitHub webhook, start-up backfill), and the input and access answers.
 */
jest.setTimeout(120_000);

const WEBHOOK_SECRET = 'webhook-secret-for-search-tests-0123';
const REPO = 'search-demo';

let testDb: TestDatabase;
let fake: FakeIntegrations;
let app: FastifyInstance;
let ws: TestWorkspace;
let other: TestWorkspace;
/** Teams of `ws`: one per group of tests, so their items never meet (searches pass `teamId`). */
let propertyTeam: number;
let rankTeam: number;
let writeTeam: number;
let hookTeam: number;
let otherTeam: number;

beforeAll(async () => {
  fake = await startTestIntegrationsFake();
});

useTestApp(
  () => ({ env: { ...githubAppEnv(fake.url), GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET } }),
  async (started) => {
    ({ app, testDb } = started);
    ws = await createWorkspaceWith(app, 'Acme', '김민수');
    other = await createWorkspaceWith(app, 'Other', '남궁민');
    const me = [ws.owner.memberId];
    propertyTeam = await createTeamWith(app, ws.owner, '속성 검사 팀', me);
    rankTeam = await createTeamWith(app, ws.owner, '순위 검사 팀', me);
    writeTeam = await createTeamWith(app, ws.owner, '쓰기 검사 팀', me);
    hookTeam = await createTeamWith(app, ws.owner, '웹훅 검사 팀', me);
    otherTeam = await createTeamWith(app, other.owner, '남의 팀 하나', [other.owner.memberId]);
    await upsertGithubInstallation(testDb.database.db, {
      teamId: hookTeam,
      installationId: FAKE_INSTALLATION_ID,
      account: FAKE_GITHUB_ACCOUNT,
    });
  },
  120_000,
);

afterAll(async () => {
  await fake?.close();
});

async function search(who: SignedInMember, params: Record<string, string | number>): Promise<SearchHit[]> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await asMember(app, who, 'GET', `/api/search?${query}`);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  expect(res.json().code).toBe('SEARCH200_0');
  return res.json().result.items;
}

const titlesOf = (hits: SearchHit[]) => hits.map((h) => h.title);

async function deleteIssue(who: SignedInMember, teamId: number, id: number) {
  const res = await asMember(app, who, 'DELETE', `/api/teams/${teamId}/issues`, {
    payload: { issueIds: [id] },
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/search: Hangul matching (properties)', () => {
  const syllable = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCharCode(code));
  const hangulTitle = fc.array(syllable, { minLength: 1, maxLength: 20 }).map((chars) => chars.join(''));

  it("finds any Hangul title by its 초성 and by every prefix of its letters; never another workspace's", async () => {
    await fc.assert(
      fc.asyncProperty(hangulTitle, async (title) => {
        const mine = await createItemOk(app, ws.owner, propertyTeam, 'issues', { title });
        const theirs = await createItemOk(app, other.owner, otherTeam, 'issues', { title });
        try {
          const letters = jamoOf(title);
          const queries = [choseongOf(title)];
          // Prefixes of 2+ letters, within the 50-character query limit.
          for (let end = 2; end <= Math.min(letters.length, 50); end++) queries.push(letters.slice(0, end));
          for (const q of queries) {
            const hits = await search(ws.owner, { q, teamId: propertyTeam, limit: 50 });
            expect([q, hits.some((h) => h.id === mine)]).toEqual([q, true]);
          }
          // The same title in two workspaces: each member sees only their own.
          for (const q of [title, choseongOf(title)]) {
            const mineOnly = await search(ws.owner, { q, limit: 50 });
            expect(mineOnly.map((h) => h.id)).not.toContain(theirs);
            expect(mineOnly.map((h) => h.id)).toContain(mine);
            const theirsOnly = await search(other.owner, { q, limit: 50 });
            expect(theirsOnly.map((h) => h.id)).toEqual([theirs]);
          }
        } finally {
          await deleteIssue(ws.owner, propertyTeam, mine);
          await deleteIssue(other.owner, otherTeam, theirs);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('GET /api/search: ranking', () => {
  const ids: Record<string, number> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    const items: Array<[string, string, Record<string, unknown>]> = [
      ['login', 'goals', { title: '로그인' }],
      ['redirect', 'issues', { title: '로그인 리다이렉트 오류' }],
      ['auto', 'issues', { title: '자동 로그인 설정' }],
      [
        'screen',
        'issues',
        { title: '설정 화면', content: plainTextToLexical('로그인 버튼이 두 번 눌립니다.', 10_000) },
      ],
      ['lagom', 'externals', { title: '라곰이 좋아' }],
      ['report', 'issues', { title: '오류 보고' }],
      ['quarter', 'issues', { title: '분기 결제' }],
      ['quarterMiddle', 'issues', { title: '이번 분기 결제' }],
    ];
    for (const [key, segment, payload] of items) {
      ids[key] = await createItemOk(app, ws.owner, rankTeam, segment as 'issues', payload);
    }
    const rows = await testDb.database.db.select({ id: item.id, name: item.name }).from(item);
    for (const [key, id] of Object.entries(ids)) names[key] = rows.find((r) => r.id === id)!.name;
  });

  const rankTable: Array<[string, string[], string]> = [
    // exact title, title prefix, title substring, then the description
    [
      '로그인',
      ['로그인', '로그인 리다이렉트 오류', '자동 로그인 설정', '설정 화면'],
      'title title title content',
    ],
    // 초성 only: at the title's start first (newest first among those), then in the middle
    ['ㄹㄱㅇ', ['라곰이 좋아', '로그인 리다이렉트 오류', '로그인', '자동 로그인 설정'], 'choseong ×4'],
    // a compound consonant a 2-set IME composes from ㄹ+ㄱ counts as both; spaces optional either way
    ['ㄺㅇ', ['라곰이 좋아', '로그인 리다이렉트 오류', '로그인', '자동 로그인 설정'], 'choseong ×4'],
    ['ㄹㄱ ㅇ', ['라곰이 좋아', '로그인 리다이렉트 오류', '로그인', '자동 로그인 설정'], 'choseong ×4'],
    ['ㅂㄱㄱㅈ', ['분기 결제', '이번 분기 결제'], 'choseong: start before the newer middle'],
    ['ㅂㄱ ㄱㅈ', ['분기 결제', '이번 분기 결제'], 'choseong with the space'],
    ['ㅄ', [], 'ㅂ+ㅅ: no title has ㅂ then ㅅ as initials'],
    // a half-composed last syllable: at the start first
    ['로그이', ['로그인 리다이렉트 오류', '로그인', '자동 로그인 설정'], 'jamo ×3'],
    ['분기 결ㅈ', ['분기 결제', '이번 분기 결제'], 'jamo: start before the newer middle'],
    // title prefix before title substring
    ['오류', ['오류 보고', '로그인 리다이렉트 오류'], 'title title'],
    // prefix and substring over two words; the description's 설정 comes last
    ['설정', ['설정 화면', '자동 로그인 설정'], 'title title'],
  ];

  it.each(rankTable)('%s → %j (%s)', async (q, expected) => {
    const hits = await search(ws.owner, { q, teamId: rankTeam });
    expect(titlesOf(hits)).toEqual(expected);
  });

  it('says how each hit matched, with the title ranges to highlight and a snippet for descriptions', async () => {
    const hits = await search(ws.owner, { q: '로그인', teamId: rankTeam });
    expect(hits.map((h) => [h.match, h.ranges])).toEqual([
      ['title', [[0, 3]]],
      ['title', [[0, 3]]],
      ['title', [[3, 6]]],
      ['content', []],
    ]);
    expect(hits[3]!.snippet).toBe('로그인 버튼이 두 번 눌립니다.');
    expect(hits[0]).toMatchObject({
      kind: 'goal',
      teamId: rankTeam,
      teamName: '순위 검사 팀',
      state: 'NONE',
      priority: 'NONE',
    });

    // 초성 ranges are the matched syllables, one range per word (the space is not highlighted).
    const initials = await search(ws.owner, { q: 'ㅈㄷ ㄹㄱㅇ', teamId: rankTeam });
    expect(initials.map((h) => [h.title, h.match, h.ranges])).toEqual([
      [
        '자동 로그인 설정',
        'choseong',
        [
          [0, 2],
          [3, 6],
        ],
      ],
    ]);
    const compact = await search(ws.owner, { q: 'ㄱㅈ', teamId: rankTeam });
    expect(compact.map((h) => [h.title, h.match, h.ranges])).toEqual([
      ['이번 분기 결제', 'choseong', [[6, 8]]],
      ['분기 결제', 'choseong', [[3, 5]]],
    ]);
    const compound = await search(ws.owner, { q: 'ㅂㄱㄱㅈ', teamId: rankTeam });
    expect(compound.map((h) => [h.title, h.match, h.ranges])).toEqual([
      [
        '분기 결제',
        'choseong',
        [
          [0, 2],
          [3, 5],
        ],
      ],
      [
        '이번 분기 결제',
        'choseong',
        [
          [3, 5],
          [6, 8],
        ],
      ],
    ]);
    const ligature = await search(ws.owner, { q: 'ㄺㅇ ㄹ', teamId: rankTeam });
    expect(ligature.map((h) => [h.title, h.match, h.ranges])).toEqual([
      [
        '로그인 리다이렉트 오류',
        'choseong',
        [
          [0, 3],
          [4, 5],
        ],
      ],
    ]);
    const half = await search(ws.owner, { q: '리다ㅇ', teamId: rankTeam });
    expect(half.map((h) => [h.title, h.match, h.ranges])).toEqual([
      ['로그인 리다이렉트 오류', 'jamo', [[4, 7]]],
    ]);
  });

  it('finds by generated name: exact first, case-insensitive, and the short form `i12`', async () => {
    const name = names.redirect!; // Acme-i<n>
    const exact = await search(ws.owner, { q: name.toUpperCase(), teamId: rankTeam });
    expect(exact[0]).toMatchObject({ id: ids.redirect, match: 'name', ranges: [] });
    const short = name.slice('Acme-'.length);
    const byShort = await search(ws.owner, { q: short, teamId: rankTeam });
    expect(byShort[0]!.id).toBe(ids.redirect);
    // The workspace name alone is no name query (every item's name starts with it).
    expect(await search(ws.owner, { q: 'Acme', teamId: rankTeam })).toEqual([]);
  });

  it('filters by kinds; one- and two-character queries answer too', async () => {
    expect(titlesOf(await search(ws.owner, { q: '로그인', teamId: rankTeam, kinds: 'goal' }))).toEqual([
      '로그인',
    ]);
    expect(
      titlesOf(await search(ws.owner, { q: 'ㄹㄱㅇ', teamId: rankTeam, kinds: 'external,goal' })),
    ).toEqual(['라곰이 좋아', '로그인']);
    expect(titlesOf(await search(ws.owner, { q: '좋', teamId: rankTeam }))).toEqual(['라곰이 좋아']);
    expect(titlesOf(await search(ws.owner, { q: 'ㅇ', teamId: rankTeam, limit: 2 }))).toHaveLength(2);
    // LIKE wildcards are plain characters.
    expect(await search(ws.owner, { q: '%', teamId: rankTeam })).toEqual([]);
    expect(await search(ws.owner, { q: '_', teamId: rankTeam })).toEqual([]);
  });

  it('gives the same first hits whether the newest-items window holds them or the index is asked (limit × 100)', async () => {
    // A team of 600 items: common titles, and a few older ones that rank first (exact, prefix, 초성 and letter
    // starts) or match rarely (descriptions). With `limit` 2 the window is the newest 200 items, so rare patterns
    // are read from the indexes; with 50 it is 5,000, every item: both must agree on the first two hits.
    const teamId = await createTeamWith(app, ws.owner, '창 검사 팀', [ws.owner.memberId]);
    const common = ['배포 일정', '결제 모듈 오류', '로그인 화면', '검색 성능 개선', '알림 설정'];
    const rare: Record<number, [string, string]> = {
      3: ['마이그레이션', '롤백 계획'],
      40: ['마이그레이션 롤백', '재현 방법'],
      90: ['데이터베이스 마이그레이션', 'null pointer exception'],
      150: ['로그인', 'timeout 발생'],
      420: ['로그이', '사파리 오류'],
    };
    const counted = (await testDb.database.db.execute(
      sql`select coalesce(max(number), 0) + 1 as next from item where workspace_id = ${ws.workspaceId} and kind = 'issue'`,
    )) as unknown as { rows: { next: number }[] };
    const next = Number(counted.rows[0]!.next) + 1_000;
    const rows = Array.from({ length: 600 }, (_, k) => {
      const [title, text] = rare[k] ?? [common[k % common.length]!, '확인했습니다'];
      const content = plainTextToLexical(text, 10_000);
      const number = Number(next) + k;
      return {
        kind: 'issue' as const,
        teamId,
        workspaceId: ws.workspaceId,
        number,
        name: `Acme-i${number}`,
        title,
        content,
        ...searchColumnsFor({ title, content }),
      };
    });
    await testDb.database.db.insert(item).values(rows);
    const queries = [
      '마이그레이션',
      '마이그레이셔',
      'ㅁㅇㄱㄹㅇㅅ',
      'ㄹㄱㅇ',
      '로그이',
      '로그인',
      'exception',
      'timeout',
      '롤',
      '오류',
      '결제 모',
      'ㄱㅅ',
    ];
    for (const q of queries) {
      const narrow = await search(ws.owner, { q, teamId, limit: 2 });
      const wide = await search(ws.owner, { q, teamId, limit: 50 });
      expect([q, narrow.map((h) => [h.id, h.match])]).toEqual([
        q,
        wide.slice(0, 2).map((h) => [h.id, h.match]),
      ]);
    }
    // The old rare items are found at all (by the index, past the window).
    const found = await search(ws.owner, { q: 'exception', teamId, limit: 2 });
    expect(titlesOf(found)).toEqual(['데이터베이스 마이그레이션']);
  });
});

describe('GET /api/search: derived columns follow every write', () => {
  const columns = async (id: number) =>
    (
      await testDb.database.db
        .select({
          t: item.searchTitle,
          c: item.searchChoseong,
          j: item.searchJamo,
          x: item.searchText,
        })
        .from(item)
        .where(eq(item.id, id))
    )[0];

  it('create, rename, description change and delete', async () => {
    const id = await createItemOk(app, ws.owner, writeTeam, 'issues', {
      title: '결제 Module',
      content: plainTextToLexical('첫 줄\n환불 정책 검토', 10_000),
    });
    expect(await columns(id)).toEqual({
      t: '결제 module',
      c: 'ㄱㅈmodule',
      j: 'ㄱㅕㄹㅈㅔ module',
      x: '첫 줄 환불 정책 검토',
    });
    const found = (q: string) =>
      search(ws.owner, { q, teamId: writeTeam }).then((hits) => hits.some((h) => h.id === id));
    expect(await found('ㄱㅈ')).toBe(true);
    expect(await found('MODULE')).toBe(true);
    expect(await found('환불 정책')).toBe(true);

    const patch = (payload: Record<string, unknown>) =>
      asMember(app, ws.owner, 'PATCH', `/api/teams/${writeTeam}/issues/${id}`, { payload });
    expect((await patch({ title: '정산 모듈' })).statusCode).toBe(200);
    expect(await found('ㄱㅈ')).toBe(false);
    expect(await found('ㅈㅅ ㅁㄷ')).toBe(true);
    expect(await found('정산 모')).toBe(true);
    // The description was left alone by the rename.
    expect(await found('환불 정책')).toBe(true);

    expect((await patch({ content: plainTextToLexical('배포 일정 공유', 10_000) })).statusCode).toBe(200);
    expect(await found('환불')).toBe(false);
    const hits = await search(ws.owner, { q: '배포 일정', teamId: writeTeam });
    expect(hits).toEqual([
      expect.objectContaining({ id, match: 'content', snippet: '배포 일정 공유', ranges: [] }),
    ]);
    expect((await columns(id))!.t).toBe('정산 모듈');

    await deleteIssue(ws.owner, writeTeam, id);
    expect(await found('정산')).toBe(false);
    expect(await found('배포')).toBe(false);
  });

  it('items without derived columns get them at start-up (idempotent)', async () => {
    const [row] = await testDb.database.db
      .insert(item)
      .values({
        kind: 'issue',
        teamId: writeTeam,
        workspaceId: ws.workspaceId,
        number: 9001,
        name: 'Acme-i9001',
        title: '옛날 이슈',
        content: plainTextToLexical('오래된 설명', 10_000),
      })
      .returning({ id: item.id });
    expect(await search(ws.owner, { q: 'ㅇㄴ', teamId: writeTeam })).toEqual([]);
    expect(await backfillSearchColumns(testDb.database.db)).toBe(1);
    expect(await backfillSearchColumns(testDb.database.db)).toBe(0);
    expect(await columns(row!.id)).toEqual({
      t: '옛날 이슈',
      c: 'ㅇㄴㅇㅅ',
      j: 'ㅇㅖㅅㄴㅏㄹ ㅇㅣㅅㅠ',
      x: '오래된 설명',
    });
    expect((await search(ws.owner, { q: 'ㅇㄴ', teamId: writeTeam })).map((h) => h.id)).toEqual([row!.id]);
  });

  it('초성 columns written with spaces (before they were dropped) are derived again at start-up', async () => {
    const id = await createItemOk(app, ws.owner, writeTeam, 'issues', { title: '옛 분기 정산' });
    // As an earlier version wrote it: one letter per character, spaces kept.
    await testDb.database.db.update(item).set({ searchChoseong: 'ㅇ ㅂㄱ ㅈㅅ' }).where(eq(item.id, id));
    const hit = () =>
      search(ws.owner, { q: 'ㅂㄱㅈㅅ', teamId: writeTeam }).then((hits) => hits.some((h) => h.id === id));
    expect(await hit()).toBe(false);
    expect(await backfillSearchColumns(testDb.database.db)).toBe(1);
    expect(await backfillSearchColumns(testDb.database.db)).toBe(0);
    expect((await columns(id))!.c).toBe('ㅇㅂㄱㅈㅅ');
    expect(await hit()).toBe(true);
    await deleteIssue(ws.owner, writeTeam, id);
  });

  it('GitHub issues imported and edited by webhook are searchable', async () => {
    const deliver = (payload: unknown) => deliverWebhook(app, WEBHOOK_SECRET, 'issues', payload);
    const payload = (action: string, title: string, body: string, changes?: unknown) =>
      issuesPayload(REPO, action, { number: 77, title, body }, changes ? { changes } : {});
    const opened = await deliver(payload('opened', '웹훅 가져온 이슈', 'Stack trace 첨부'));
    expect(opened.statusCode).toBe(200);
    const imported = await search(ws.owner, { q: 'ㅇㅎ ㄱㅈㅇ', teamId: hookTeam });
    expect(imported).toEqual([
      expect.objectContaining({ kind: 'external', title: '웹훅 가져온 이슈', match: 'choseong' }),
    ]);
    expect((await search(ws.owner, { q: 'stack TRACE', teamId: hookTeam }))[0]).toMatchObject({
      match: 'content',
    });

    const edited = await deliver(
      payload('edited', '웹훅 수정된 이슈', 'Stack trace 첨부', { title: { from: '웹훅 가져온 이슈' } }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await search(ws.owner, { q: '가져온', teamId: hookTeam })).toEqual([]);
    expect(titlesOf(await search(ws.owner, { q: '수정된', teamId: hookTeam }))).toEqual(['웹훅 수정된 이슈']);
  });
});

describe('GET /api/search: input and access', () => {
  it.each([
    ['no q', ''],
    ['blank q', 'q=%20%20'],
    ['q over 50 characters', `q=${'가'.repeat(51)}`],
    ['unknown kind', 'q=a&kinds=goal,task'],
    ['empty kinds', 'q=a&kinds='],
    ['limit 0', 'q=a&limit=0'],
    ['limit 51', 'q=a&limit=51'],
    ['limit not a number', 'q=a&limit=ten'],
    ['malformed teamId', 'q=a&teamId=8e0'],
    ['teamId 0', 'q=a&teamId=0'],
  ])('%s → 400 VALID400_1', async (_label, query) => {
    const res = await asMember(app, ws.owner, 'GET', `/api/search?${query}`);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALID400_1']);
  });

  it('50 characters (after trimming) are fine', async () => {
    const res = await asMember(
      app,
      ws.owner,
      'GET',
      `/api/search?q=${encodeURIComponent(` ${'가'.repeat(50)} `)}`,
    );
    expect(res.statusCode).toBe(200);
  });

  it("another workspace's team → 404 TEAM404_0; no token → 401", async () => {
    const res = await asMember(
      app,
      other.owner,
      'GET',
      `/api/search?q=${encodeURIComponent('로그인')}&teamId=${rankTeam}`,
    );
    expect([res.statusCode, res.json().code, res.json().result]).toEqual([404, 'TEAM404_0', null]);
    const anonymous = await asMember(app, null, 'GET', '/api/search?q=a');
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'COMMON401']);
  });
});
