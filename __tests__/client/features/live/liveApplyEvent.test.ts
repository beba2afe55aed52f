import { waitFor } from '@testing-library/react';
import type { LiveEvent } from '../../../../contract/events';
import type { ListItem, ListPage } from '../../../../contract/items';
import { baseApi } from '../../../../src/api/baseApi';
import { itemDetailApi } from '../../../../src/api/itemDetailApi';
import { itemsApi, type ItemListArg } from '../../../../src/api/itemsApi';
import { membersApi } from '../../../../src/api/membersApi';
import { teamsApi } from '../../../../src/api/teamsApi';
import { liveEventReceived } from '../../../../src/features/live/liveSlice';
import { createTestStore, envelopeResponse, mockFetch, type FetchHandler } from '../../support/helpers';
import { detail } from '../items/itemDetailSupport';
import { group, item, kim, lee, page, signedIn, withManagers } from '../items/itemListSupport';
import { members } from '../settings/settingsSupport';
import { onePage, team, teamsHandler } from '../workspace/workspaceSupport';

/*
 * The live event → RTK Query cache mapping (src/features/live/liveEventActions.ts and src/api/itemChanges.ts, applied by the live saga), one block per event type, on
 * the real store with `fetch` mocked: what a user would see change (a row in place, a new row after the refetch,
 * comments, badges) and which requests the event causes.
 */

afterEach(() => jest.restoreAllMocks());

/** A probe of the notification tags (the alarm endpoints are another module's; only the tags matter here). */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeUnread: build.query<unknown, void>({
      query: () => '/api/alarms/unread-count',
      providesTags: [{ type: 'Notification', id: 'UNREAD' }],
    }),
    probeAlarms: build.query<unknown, void>({
      query: () => '/api/alarms/ISSUE',
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
  }),
});

const STATE_LIST: ItemListArg = { kind: 'issue', teamId: 7, grouping: 'STATE' };
const MANAGER_LIST: ItemListArg = { kind: 'issue', teamId: 7, grouping: 'MANAGER' };

const row5 = item(5, { title: '로그인 버그', state: 'TODO', ...withManagers(kim) });
const row6 = item(6, { title: '알림 배지', state: 'TODO' });

/** The issue list of team 7 as the server has it now (tests change it to play a teammate's edit). */
let issueList: ListPage;
let managerList: ListPage;

function counter(seen: Array<{ method: string; path: string }>, method: string, path: string) {
  return () => seen.filter((request) => request.method === method && request.path === path).length;
}

async function setup(routes: Record<string, FetchHandler> = {}) {
  issueList = page([group('TODO', [row5, row6], 2)]);
  managerList = page([group('1', [row5], 1, '김민수'), group('NONE', [row6], 1, '없음')]);
  const { seen } = mockFetch({
    'GET /api/teams/7/issues': (request) =>
      envelopeResponse(
        200,
        new URL(request.url).searchParams.get('query') === 'MANAGER' ? managerList : issueList,
      ),
    'GET /api/issues/5': () => envelopeResponse(200, detail(5, { title: '로그인 버그' })),
    'GET /api/goals/40': () =>
      envelopeResponse(
        200,
        detail(40, {
          name: 'Acme-g1',
          title: '알림 고도화',
          goal: null,
          issues: { cnt: 1, info: [{ id: 5, title: '로그인 버그' }] },
        }),
      ),
    'GET /api/teams/7/issues-simple': () =>
      envelopeResponse(200, { cnt: 1, info: [{ id: 5, title: '로그인 버그' }] }),
    'GET /api/comments': () => envelopeResponse(200, { cnt: 0, info: [] }),
    'GET /api/workspace/setting/teams': teamsHandler(onePage(team(7, 'Acme', true))),
    'GET /api/workspace/setting/members': () => envelopeResponse(200, members),
    'GET /api/alarms/unread-count': () => envelopeResponse(200, { count: 0 }),
    'GET /api/alarms/ISSUE': () => envelopeResponse(200, { groupedList: [] }),
    ...routes,
  });
  const { store } = await createTestStore({ preloadedState: signedIn });
  // Dispatched as the live saga dispatches every event of the stream.
  const apply = (event: LiveEvent) => store.dispatch(liveEventReceived(event));
  const listRows = (arg: ItemListArg = STATE_LIST) =>
    (itemsApi.endpoints.getItemList.select(arg)(store.getState()).data?.pages ?? []).flatMap((p) =>
      p.data.map((g) => ({ key: g.groupKey, count: g.dataCnt, titles: g.items.map((row) => row.title) })),
    );
  return {
    store,
    seen,
    apply,
    listRows,
    listRequests: counter(seen, 'GET', '/api/teams/7/issues'),
    detailRequests: counter(seen, 'GET', '/api/issues/5'),
  };
}

type Store = Awaited<ReturnType<typeof setup>>['store'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyThunk = (...args: any[]) => unknown;

/** Subscribes like a mounted component would (never unsubscribed in the test), and waits for the first data. */
async function subscribe(store: Store, ...thunks: AnyThunk[]) {
  for (const thunk of thunks) await (store.dispatch(thunk as never) as unknown as PromiseLike<unknown>);
}

const updated = (row: ListItem, fields: Array<'title' | 'state' | 'managers' | 'goal'>): LiveEvent => ({
  type: 'item.updated',
  actorId: 2,
  kind: 'issue',
  teamId: 7,
  id: row.id,
  fields,
  item: row,
});

describe('item.updated', () => {
  it('changes a loaded row in place (no list refetch) and refetches the open detail', async () => {
    const { store, apply, listRows, listRequests, detailRequests } = await setup();
    await subscribe(
      store,
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
      itemDetailApi.endpoints.getItemDetail.initiate({ kind: 'issue', teamId: 7, id: 5 }),
    );
    expect(listRequests()).toBe(1);
    expect(detailRequests()).toBe(1);

    apply(updated({ ...row5, title: '로그인 버그 수정', priority: 'URGENT' }, ['title']));

    expect(listRows()).toEqual([{ key: 'TODO', count: 2, titles: ['로그인 버그 수정', '알림 배지'] }]);
    await waitFor(() => expect(detailRequests()).toBe(2));
    expect(listRequests()).toBe(1);
  });

  it('is harmless applied twice (own mutation echoed back): same rows, no extra list request', async () => {
    const { store, apply, listRows, listRequests, detailRequests } = await setup();
    await subscribe(
      store,
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
      itemDetailApi.endpoints.getItemDetail.initiate({ kind: 'issue', teamId: 7, id: 5 }),
    );
    const event = updated({ ...row5, title: '두 번' }, ['title']);
    apply(event);
    apply(event);
    expect(listRows()[0]!.titles).toEqual(['두 번', '알림 배지']);
    // The detail's refetches have come back: a list refetch would have been sent by now.
    await waitFor(() => {
      expect(detailRequests()).toBeGreaterThanOrEqual(2);
      expect(
        itemDetailApi.endpoints.getItemDetail.select({ kind: 'issue', teamId: 7, id: 5 })(store.getState())
          .status,
      ).toBe('fulfilled');
    });
    expect(listRequests()).toBe(1);
  });

  it('refetches the list when the row moves to another group (new counts)', async () => {
    const { store, apply, listRows, listRequests } = await setup();
    await subscribe(store, itemsApi.endpoints.getItemList.initiate(STATE_LIST));
    const moved = { ...row5, state: 'FINISH' as const };
    issueList = page([group('TODO', [row6], 1), group('FINISH', [moved], 1)]);

    apply(updated(moved, ['state']));

    await waitFor(() => expect(listRequests()).toBe(2));
    await waitFor(() =>
      expect(listRows()).toEqual([
        { key: 'TODO', count: 1, titles: ['알림 배지'] },
        { key: 'FINISH', count: 1, titles: ['로그인 버그'] },
      ]),
    );
  });

  it('under MANAGER grouping a manager change refetches, a state change patches in place', async () => {
    const { store, apply, listRows, listRequests } = await setup();
    await subscribe(store, itemsApi.endpoints.getItemList.initiate(MANAGER_LIST));

    apply(updated({ ...row5, state: 'REVIEW', title: '검토 중' }, ['state', 'title']));
    expect(listRows(MANAGER_LIST)[0]!.titles).toEqual(['검토 중']);
    expect(listRequests()).toBe(1);

    apply(updated({ ...row5, ...withManagers(kim, lee) }, ['managers']));
    await waitFor(() => expect(listRequests()).toBe(2));
  });

  it('refetches when a row not loaded yet changes the grouped field, and not for other fields', async () => {
    const { store, apply, listRequests } = await setup();
    await subscribe(store, itemsApi.endpoints.getItemList.initiate(STATE_LIST));
    const unloaded = item(99, { title: '다음 페이지', state: 'TODO' });

    apply(updated(unloaded, ['title']));
    expect(listRequests()).toBe(1);

    apply(updated({ ...unloaded, state: 'REVIEW' }, ['state']));
    await waitFor(() => expect(listRequests()).toBe(2));
  });

  it('renames the item in the cached simple list and refetches a goal detail that lists it', async () => {
    const { store, seen, apply } = await setup();
    await subscribe(
      store,
      itemsApi.endpoints.getSimpleList.initiate({ kind: 'issue', teamId: 7 }),
      itemDetailApi.endpoints.getItemDetail.initiate({ kind: 'goal', teamId: 7, id: 40 }),
    );
    const goalRequests = counter(seen, 'GET', '/api/goals/40');
    expect(goalRequests()).toBe(1);

    apply(updated({ ...row5, title: '새 제목' }, ['title']));

    const simple = itemsApi.endpoints.getSimpleList.select({ kind: 'issue', teamId: 7 })(
      store.getState(),
    ).data;
    expect(simple?.info).toEqual([{ id: 5, title: '새 제목' }]);
    await waitFor(() => expect(goalRequests()).toBe(2));
  });
});

describe('item.created', () => {
  it('refetches the list: the new item appears in its group with the count updated', async () => {
    const { store, apply, listRows, listRequests } = await setup();
    await subscribe(store, itemsApi.endpoints.getItemList.initiate(STATE_LIST));
    const created = item(7, { title: '새 이슈', state: 'TODO' });
    issueList = page([group('TODO', [created, row5, row6], 3)]);

    apply({ type: 'item.created', actorId: 2, kind: 'issue', teamId: 7, id: 7, item: created });

    await waitFor(() => expect(listRequests()).toBe(2));
    await waitFor(() =>
      expect(listRows()).toEqual([
        { key: 'TODO', count: 3, titles: ['새 이슈', '로그인 버그', '알림 배지'] },
      ]),
    );
  });
});

describe('item.deleted', () => {
  it('refetches the lists and the deleted item’s open detail (which then reports it gone)', async () => {
    let gone = false;
    const { store, apply, listRows, listRequests, detailRequests } = await setup({
      'GET /api/issues/5': () =>
        gone ? envelopeResponse(404, null, 'ISSUE404') : envelopeResponse(200, detail(5)),
    });
    await subscribe(
      store,
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
      itemDetailApi.endpoints.getItemDetail.initiate({ kind: 'issue', teamId: 7, id: 5 }),
    );
    issueList = page([group('TODO', [row6], 1)]);
    gone = true;

    apply({ type: 'item.deleted', actorId: 2, kind: 'issue', teamId: 7, ids: [5] });

    await waitFor(() => expect(listRows()).toEqual([{ key: 'TODO', count: 1, titles: ['알림 배지'] }]));
    expect(listRequests()).toBe(2);
    await waitFor(() => expect(detailRequests()).toBe(2));
    await waitFor(() =>
      expect(
        itemDetailApi.endpoints.getItemDetail.select({ kind: 'issue', teamId: 7, id: 5 })(store.getState())
          .isError,
      ).toBe(true),
    );
  });
});

describe('comment.added', () => {
  it('refetches that item’s comments only', async () => {
    let comments = 0;
    const { store, seen, apply } = await setup({
      'GET /api/comments': () =>
        envelopeResponse(200, {
          cnt: comments,
          info: comments
            ? [
                {
                  id: 1,
                  profileUrl: null,
                  name: '이영희',
                  createdAt: '2026-11-25T10:00:00+09:00',
                  content: '확인했어요',
                },
              ]
            : [],
        }),
    });
    await subscribe(
      store,
      itemDetailApi.endpoints.getComments.initiate({ category: 'ISSUE', targetId: 5 }),
      itemDetailApi.endpoints.getComments.initiate({ category: 'ISSUE', targetId: 6 }),
    );
    const requests = counter(seen, 'GET', '/api/comments');
    expect(requests()).toBe(2);
    comments = 1;

    apply({ type: 'comment.added', actorId: 2, kind: 'issue', teamId: 7, itemId: 5, commentId: 1 });

    await waitFor(() => expect(requests()).toBe(3));
    await waitFor(() =>
      expect(
        itemDetailApi.endpoints.getComments.select({ category: 'ISSUE', targetId: 5 })(store.getState()).data
          ?.info[0]?.content,
      ).toBe('확인했어요'),
    );
    expect(
      itemDetailApi.endpoints.getComments.select({ category: 'ISSUE', targetId: 6 })(store.getState()).data
        ?.cnt,
    ).toBe(0);
  });
});

describe.each([
  { type: 'alarm.raised', actorId: 2, alarmId: 3, alarmType: 'ISSUE' },
  { type: 'alarm.changed', actorId: 1, alarmIds: [3], change: 'read' },
] as LiveEvent[])('$type', (event) => {
  it('refetches the unread badge and the notification pages', async () => {
    const { store, seen, apply } = await setup();
    await subscribe(
      store,
      probeApi.endpoints.probeUnread.initiate(),
      probeApi.endpoints.probeAlarms.initiate(),
    );
    const unread = counter(seen, 'GET', '/api/alarms/unread-count');
    const pages = counter(seen, 'GET', '/api/alarms/ISSUE');

    apply(event);

    await waitFor(() => expect(unread()).toBe(2));
    await waitFor(() => expect(pages()).toBe(2));
  });
});

describe.each([
  { type: 'team.created', actorId: 2, teamId: 12 },
  { type: 'team.reordered', actorId: 2 },
] as LiveEvent[])('$type', (event) => {
  it('refetches the team list (sidebar) and not the members', async () => {
    const { store, seen, apply } = await setup();
    await subscribe(
      store,
      teamsApi.endpoints.getTeams.initiate(),
      membersApi.endpoints.getMembers.initiate(),
    );
    const teams = counter(seen, 'GET', '/api/workspace/setting/teams');
    const memberRequests = counter(seen, 'GET', '/api/workspace/setting/members');

    apply(event);

    await waitFor(() => expect(teams()).toBe(2));
    expect(memberRequests()).toBe(1);
  });
});

// issue #23 (teams and membership)
describe.each([
  { type: 'team.updated', actorId: 2, teamId: 7 },
  { type: 'team.membership_changed', actorId: 2, teamId: 7, memberIds: [2], change: 'joined' },
] as LiveEvent[])('$type', (event) => {
  it('refetches 나의 팀, the team settings and the members, not the item lists', async () => {
    const { store, seen, apply, listRequests } = await setup({
      'GET /api/teams/7/settings': () =>
        envelopeResponse(200, {
          teamId: 7,
          teamName: 'Acme',
          teamImageUrl: null,
          visibility: 'public',
          isDefault: true,
          isMember: true,
          canEdit: true,
          canAdminister: true,
          members: [],
        }),
    });
    await subscribe(
      store,
      teamsApi.endpoints.getMyTeams.initiate(),
      teamsApi.endpoints.getTeamSettings.initiate(7),
      membersApi.endpoints.getMembers.initiate(),
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
    );
    const teams = counter(seen, 'GET', '/api/workspace/setting/teams');
    const settings = counter(seen, 'GET', '/api/teams/7/settings');
    const memberRequests = counter(seen, 'GET', '/api/workspace/setting/members');

    apply(event);

    await waitFor(() => expect(teams()).toBe(2));
    await waitFor(() => expect(settings()).toBe(2));
    await waitFor(() => expect(memberRequests()).toBe(2));
    expect(listRequests()).toBe(1);
  });
});

describe('team.deleted', () => {
  it('refetches 나의 팀 and the item lists (its items went with it)', async () => {
    const { store, seen, apply, listRequests } = await setup();
    await subscribe(
      store,
      teamsApi.endpoints.getMyTeams.initiate(),
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
    );
    const teams = counter(seen, 'GET', '/api/workspace/setting/teams');

    apply({ type: 'team.deleted', actorId: 2, teamId: 12 });

    await waitFor(() => expect(teams()).toBe(2));
    await waitFor(() => expect(listRequests()).toBe(2));
  });
});

describe('member events', () => {
  it('member.joined refetches the members, not the lists', async () => {
    const { store, seen, apply, listRequests } = await setup();
    await subscribe(
      store,
      membersApi.endpoints.getMembers.initiate(),
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
    );
    const memberRequests = counter(seen, 'GET', '/api/workspace/setting/members');

    apply({ type: 'member.joined', actorId: 9, memberId: 9 });

    await waitFor(() => expect(memberRequests()).toBe(2));
    expect(listRequests()).toBe(1);
  });

  it('member.withdrew refetches the members and the lists (manager names change)', async () => {
    const { store, seen, apply, listRequests } = await setup();
    await subscribe(
      store,
      membersApi.endpoints.getMembers.initiate(),
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
    );
    const memberRequests = counter(seen, 'GET', '/api/workspace/setting/members');

    apply({ type: 'member.withdrew', actorId: 2, memberId: 2 });

    await waitFor(() => expect(memberRequests()).toBe(2));
    await waitFor(() => expect(listRequests()).toBe(2));
  });
});

describe('resync', () => {
  it('refetches everything that is shown', async () => {
    const { store, seen, apply, listRequests, detailRequests } = await setup();
    await subscribe(
      store,
      itemsApi.endpoints.getItemList.initiate(STATE_LIST),
      itemDetailApi.endpoints.getItemDetail.initiate({ kind: 'issue', teamId: 7, id: 5 }),
      teamsApi.endpoints.getTeams.initiate(),
      probeApi.endpoints.probeUnread.initiate(),
    );

    apply({ type: 'resync' });

    await waitFor(() => expect(listRequests()).toBe(2));
    await waitFor(() => expect(detailRequests()).toBe(2));
    await waitFor(() => expect(counter(seen, 'GET', '/api/workspace/setting/teams')()).toBe(2));
    await waitFor(() => expect(counter(seen, 'GET', '/api/alarms/unread-count')()).toBe(2));
  });
});
