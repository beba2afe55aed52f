import { waitFor } from '@testing-library/react';
import { itemDetailApi } from '../../../src/api/itemDetailApi';
import { itemsApi } from '../../../src/api/itemsApi';
import type { AppStore } from '../../../src/app/store';
import { createTestStore, envelopeResponse, mockFetch, type SeenRequest } from '../support/helpers';
import { detail } from '../features/items/itemDetailSupport';
import { page, signedIn } from '../features/items/itemListSupport';

/*
 * Cache tags (src/api/cacheTags.ts; docs/architecture.md "Cache tags"): on the real store with `fetch` mocked,
 * every screen of team 7 is open at once — the three lists, the two pickers (simple lists), the three name
 * previews, a goal detail (goal 40, listing issue 5), an issue detail (issue 5 of goal 40), an external detail
 * (external 9 of goal 40) and issue 5's comments. Each change must refetch exactly the screens that show what
 * changed.
 */

afterEach(() => jest.restoreAllMocks());

const SCREENS = {
  goalList: '/api/teams/7/goals',
  issueList: '/api/teams/7/issues',
  externalList: '/api/teams/7/externals',
  goalPicker: '/api/teams/7/goals-simple',
  issuePicker: '/api/teams/7/issues-simple',
  goalName: '/api/teams/7/goal-name',
  issueName: '/api/teams/7/issue-name',
  externalName: '/api/teams/7/externals/external-name',
  goalDetail: '/api/goals/40',
  issueDetail: '/api/issues/5',
  externalDetail: '/api/teams/7/externals/9',
  comments: '/api/comments',
} as const;
type Screen = keyof typeof SCREENS;

const ok =
  <T>(result: T) =>
  () =>
    envelopeResponse(200, result);

function routes() {
  return {
    [`GET ${SCREENS.goalList}`]: ok(page([])),
    [`GET ${SCREENS.issueList}`]: ok(page([])),
    [`GET ${SCREENS.externalList}`]: ok(page([])),
    [`GET ${SCREENS.goalPicker}`]: ok({ cnt: 0, info: [] }),
    [`GET ${SCREENS.issuePicker}`]: ok({ cnt: 0, info: [] }),
    [`GET ${SCREENS.goalName}`]: ok('Acme-g2'),
    [`GET ${SCREENS.issueName}`]: ok('Acme-i6'),
    [`GET ${SCREENS.externalName}`]: ok('Acme-e10'),
    [`GET ${SCREENS.goalDetail}`]: ok(
      detail(40, { goal: null, issues: { cnt: 1, info: [{ id: 5, title: '로그인 버그' }] } }),
    ),
    [`GET ${SCREENS.issueDetail}`]: ok(detail(5)),
    [`GET ${SCREENS.externalDetail}`]: ok(detail(9, { extServiceType: 'GITHUB' })),
    [`GET ${SCREENS.comments}`]: ok({ cnt: 0, info: [] }),
    'POST /api/teams/7/goals': () => envelopeResponse(201, { goalId: 41 }),
    'POST /api/teams/7/issues': () => envelopeResponse(201, { issueId: 6 }),
    'POST /api/teams/7/externals': () =>
      envelopeResponse(201, { externalId: 10, sync: { ok: true, message: null, url: null } }),
    'PATCH /api/teams/7/goals/40': ok({ goalId: 40 }),
    'PATCH /api/teams/7/issues/5': ok({ issueId: 5 }),
    'PATCH /api/teams/7/externals/9': ok({ externalId: 9 }),
    'DELETE /api/teams/7/goals': ok({ deletedIds: [40] }),
    'DELETE /api/teams/7/issues': ok({ deletedIds: [5] }),
    'DELETE /api/teams/7/externals': ok({ deletedIds: [9] }),
    'POST /api/comments': () => envelopeResponse(201, { commentId: 1 }),
  };
}

/** Opens every screen (a subscription each, as mounted pages hold) and waits until all have loaded. */
async function openEveryScreen(store: AppStore, seen: SeenRequest[]) {
  const { getItemList, getSimpleList } = itemsApi.endpoints;
  const { getItemDetail, getItemName, getComments } = itemDetailApi.endpoints;
  for (const kind of ['goal', 'issue', 'external'] as const) {
    store.dispatch(getItemList.initiate({ kind, teamId: 7, grouping: 'STATE' }));
    store.dispatch(getItemName.initiate({ kind, teamId: 7 }));
  }
  store.dispatch(getSimpleList.initiate({ kind: 'goal', teamId: 7 }));
  store.dispatch(getSimpleList.initiate({ kind: 'issue', teamId: 7 }));
  store.dispatch(getItemDetail.initiate({ kind: 'goal', teamId: 7, id: 40 }));
  store.dispatch(getItemDetail.initiate({ kind: 'issue', teamId: 7, id: 5 }));
  store.dispatch(getItemDetail.initiate({ kind: 'external', teamId: 7, id: 9 }));
  store.dispatch(getComments.initiate({ category: 'ISSUE', targetId: 5 }));
  await waitFor(() => expect(new Set(seen.map((r) => r.path)).size).toBe(Object.keys(SCREENS).length));
  await waitFor(() =>
    expect(Object.values(store.getState().api.queries).every((q) => q?.status === 'fulfilled')).toBe(true),
  );
  seen.length = 0;
}

/** The screens that asked the server again, once their refetches have settled. */
async function refetched(store: AppStore, seen: SeenRequest[]): Promise<Screen[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await waitFor(() =>
    expect(Object.values(store.getState().api.queries).every((q) => q?.status !== 'pending')).toBe(true),
  );
  const paths = new Set(seen.filter((r) => r.method === 'GET').map((r) => r.path));
  return (Object.keys(SCREENS) as Screen[]).filter((screen) => paths.has(SCREENS[screen]));
}

// A picker (simple list) refreshes with its kind's lists, so another kind's change that refreshes those lists
// refreshes it as well.
const goalShown: Screen[] = [
  'goalList',
  'goalPicker',
  'goalName',
  'issueList',
  'issuePicker',
  'externalList',
  'issueDetail',
  'externalDetail',
];
const issueShown: Screen[] = [
  'goalList',
  'goalPicker',
  'issueList',
  'issuePicker',
  'issueName',
  'goalDetail',
];
const externalShown: Screen[] = ['goalList', 'goalPicker', 'externalList', 'externalName', 'goalDetail'];
const sorted = (screens: Screen[]) => (Object.keys(SCREENS) as Screen[]).filter((s) => screens.includes(s));

type Change = (store: AppStore) => Promise<unknown>;
const { createItem, deleteItems } = itemsApi.endpoints;
const { updateItem, createComment } = itemDetailApi.endpoints;

describe('cache tags: a change refreshes every screen that shows it, and only those', () => {
  it.each<[string, Change, Screen[]]>([
    [
      'goal created',
      (store) => store.dispatch(createItem.initiate({ kind: 'goal', teamId: 7, body: { title: '새 목표' } })),
      goalShown,
    ],
    [
      'goal updated (title shows on issue and external rows and details)',
      (store) =>
        store.dispatch(updateItem.initiate({ kind: 'goal', teamId: 7, id: 40, patch: { title: '새 제목' } })),
      [...goalShown, 'goalDetail'],
    ],
    [
      'goal deleted',
      (store) => store.dispatch(deleteItems.initiate({ kind: 'goal', teamId: 7, ids: [40] })),
      [...goalShown, 'goalDetail'],
    ],
    [
      'issue created (a goal detail lists its issues)',
      (store) =>
        store.dispatch(
          createItem.initiate({ kind: 'issue', teamId: 7, body: { title: '새 이슈', goalId: 40 } }),
        ),
      issueShown,
    ],
    [
      'issue updated (moved to another goal)',
      (store) =>
        store.dispatch(updateItem.initiate({ kind: 'issue', teamId: 7, id: 5, patch: { goalId: null } })),
      [...issueShown, 'issueDetail'],
    ],
    [
      'issue deleted',
      (store) => store.dispatch(deleteItems.initiate({ kind: 'issue', teamId: 7, ids: [5] })),
      [...issueShown, 'issueDetail'],
    ],
    [
      'external created',
      (store) =>
        store.dispatch(
          createItem.initiate({
            kind: 'external',
            teamId: 7,
            body: { title: '새 외부 이슈', extServiceType: 'SLACK' },
          }),
        ),
      externalShown,
    ],
    [
      'external updated',
      (store) =>
        store.dispatch(updateItem.initiate({ kind: 'external', teamId: 7, id: 9, patch: { state: 'TODO' } })),
      [...externalShown, 'externalDetail'],
    ],
    [
      'external deleted',
      (store) => store.dispatch(deleteItems.initiate({ kind: 'external', teamId: 7, ids: [9] })),
      [...externalShown, 'externalDetail'],
    ],
    [
      'comment added: that item’s comments only',
      (store) =>
        store.dispatch(createComment.initiate({ category: 'ISSUE', targetId: 5, content: '확인했습니다' })),
      ['comments'],
    ],
  ])('%s', async (_label, change, expected) => {
    const { seen } = mockFetch(routes());
    const { store } = await createTestStore({ preloadedState: signedIn });
    await openEveryScreen(store, seen);

    const result = (await change(store)) as { error?: unknown };
    expect(result.error).toBeUndefined();

    expect(await refetched(store, seen)).toEqual(sorted(expected));
  });

  it('a failed change refreshes nothing', async () => {
    const { seen } = mockFetch({
      ...routes(),
      'PATCH /api/teams/7/goals/40': () => envelopeResponse(400, null, 'COMMON400'),
    });
    const { store } = await createTestStore({ preloadedState: signedIn });
    await openEveryScreen(store, seen);
    await store.dispatch(updateItem.initiate({ kind: 'goal', teamId: 7, id: 40, patch: { title: '' } }));
    expect(await refetched(store, seen)).toEqual([]);
  });
});
