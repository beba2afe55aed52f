import type { TeamPage } from '../../../../contract/teams';
import { teamsApi } from '../../../../src/api/teamsApi';
import {
  draggableStyle,
  DROP_ANIMATION_MS,
} from '../../../../src/features/workspace/sidebar/SortableTeamList';
import {
  allTeams,
  moveFromDrop,
  movedMyTeamPages,
  reorderMyTeams,
  reorderTeamsBody,
  TEAM_REORDER_TOAST_KEY,
} from '../../../../src/features/workspace/sidebar/teamOrder';
import { createTestStore, envelopeResponse, mockFetch } from '../../support/helpers';
import { defaultTeam, design, frontend, signedIn, team, teamsHandler } from './workspaceSupport';

afterEach(() => jest.restoreAllMocks());

const mobile = team(13, 'Mobile');
const ids = (pages: readonly TeamPage[] | undefined) => allTeams(pages ?? []).map((t) => t.teamId);

describe('team order (pure)', () => {
  const pages: TeamPage[] = [
    { teamList: [defaultTeam, frontend], isLast: false },
    { teamList: [design, mobile], isLast: true },
  ];

  it('moves one of "나의 팀", keeping the default team first and every page its length', () => {
    const next = movedMyTeamPages(pages, { from: 2, to: 0 })!;
    expect(next.map((page) => page.teamList.map((t) => t.teamId))).toEqual([
      [7, 13],
      [11, 12],
    ]);
    expect(next.map((page) => page.isLast)).toEqual([false, true]);
    expect(ids(pages)).toEqual([7, 11, 12, 13]); // input untouched
    expect(ids(movedMyTeamPages(pages, { from: 0, to: 2 })!)).toEqual([7, 12, 13, 11]);
  });

  it('ignores no-op and out-of-range moves', () => {
    expect(movedMyTeamPages(pages, { from: 1, to: 1 })).toBeNull();
    expect(movedMyTeamPages(pages, { from: 3, to: 0 })).toBeNull();
    expect(movedMyTeamPages(pages, { from: 0, to: -1 })).toBeNull();
    expect(movedMyTeamPages([{ teamList: [], isLast: true }], { from: 0, to: 1 })).toBeNull();
  });

  it('builds the PATCH body: the default team first, then the others in order', () => {
    expect(reorderTeamsBody([defaultTeam, design, frontend])).toEqual({ teamIdList: [7, 12, 11] });
    // Wherever the flagged default team sits, it goes first.
    expect(reorderTeamsBody([design, defaultTeam, frontend])).toEqual({ teamIdList: [7, 12, 11] });
  });

  it('turns a drop into a move only for a real change within the list', () => {
    const source = { droppableId: 'sidebar-my-teams', index: 1 };
    expect(moveFromDrop({ reason: 'DROP', source, destination: { ...source, index: 0 } })).toEqual({
      from: 1,
      to: 0,
    });
    expect(moveFromDrop({ reason: 'DROP', source, destination: source })).toBeNull();
    expect(moveFromDrop({ reason: 'DROP', source, destination: null })).toBeNull();
    expect(moveFromDrop({ reason: 'CANCEL', source, destination: { ...source, index: 0 } })).toBeNull();
    expect(
      moveFromDrop({ reason: 'DROP', source, destination: { droppableId: 'elsewhere', index: 0 } }),
    ).toBeNull();
  });

  it('sets the drop animation to 250 ms and leaves other styles alone', () => {
    const dropping = {
      position: 'fixed' as const,
      top: 0,
      left: 0,
      boxSizing: 'border-box' as const,
      width: 10,
      height: 10,
      transition: 'transform 0.42s cubic-bezier(.2,1,.1,1), opacity 0.42s cubic-bezier(.2,1,.1,1)',
      transform: 'translate(0px, 40px)',
      zIndex: 4500,
      opacity: 1,
      pointerEvents: 'none' as const,
    };
    expect(DROP_ANIMATION_MS).toBe(250);
    expect(draggableStyle(dropping, { isDropAnimating: true })?.transition).toBe(
      'transform 250ms cubic-bezier(0.2, 1, 0.1, 1), opacity 250ms cubic-bezier(0.2, 1, 0.1, 1)',
    );
    expect(draggableStyle(dropping, { isDropAnimating: false })).toBe(dropping);
  });
});

describe('reorderMyTeams', () => {
  /** A store whose getMyTeams ("나의 팀") cache holds `pages[0]` (and a subscription, as the sidebar would). */
  async function storeWithTeams(
    pages: TeamPage[],
    patch: (request: Request) => Response | Promise<Response>,
  ) {
    const bodies: unknown[] = [];
    const fetched = mockFetch({
      'GET /api/workspace/setting/teams': teamsHandler(pages),
      'PATCH /api/workspace/setting/teams': async (request) => {
        bodies.push(await request.clone().json());
        return patch(request);
      },
    });
    const bundle = await createTestStore({ preloadedState: signedIn });
    const subscription = bundle.store.dispatch(teamsApi.endpoints.getMyTeams.initiate(undefined));
    await subscription;
    const cached = () => teamsApi.endpoints.getMyTeams.select(undefined)(bundle.store.getState()).data?.pages;
    return { ...bundle, ...fetched, bodies, cached, subscription };
  }

  it('reorders the cache at once and sends [defaultId, ...others]', async () => {
    const { store, bodies, cached, subscription } = await storeWithTeams(
      [{ teamList: [defaultTeam, frontend, design], isLast: true }],
      () => envelopeResponse(200, null),
    );
    const saved = store.dispatch(reorderMyTeams({ from: 1, to: 0 }));
    expect(ids(cached())).toEqual([7, 12, 11]); // optimistic, before the server answers
    await expect(saved).resolves.toBe(true);
    expect(bodies).toEqual([{ teamIdList: [7, 12, 11] }]);
    expect(store.getState().toast.toasts).toEqual([]);
    subscription.unsubscribe();
  });

  it('undoes the move and shows a toast when the server refuses', async () => {
    let refuse!: () => void;
    const answered = new Promise<void>((resolve) => (refuse = resolve));
    const { store, bodies, cached, subscription } = await storeWithTeams(
      [{ teamList: [defaultTeam, frontend, design], isLast: true }],
      async () => {
        await answered;
        return envelopeResponse(400, null, 'TEAM400_2');
      },
    );
    const saved = store.dispatch(reorderMyTeams({ from: 0, to: 1 }));
    expect(ids(cached())).toEqual([7, 12, 11]);
    refuse();
    await expect(saved).resolves.toBe(false);
    expect(bodies).toEqual([{ teamIdList: [7, 12, 11] }]);
    expect(ids(cached())).toEqual([7, 11, 12]);
    expect(store.getState().toast.toasts).toEqual([
      expect.objectContaining({
        key: TEAM_REORDER_TOAST_KEY,
        title: '알림',
        message: '팀 순서를 변경하지 못했어요. 다시 시도해 주세요.',
      }),
    ]);
    subscription.unsubscribe();
  });

  it('loads the pages not yet fetched so the PATCH names every team once', async () => {
    const others = Array.from({ length: 21 }, (_, i) => team(100 + i, `Team ${i}`));
    const pages: TeamPage[] = [
      { teamList: [defaultTeam, ...others.slice(0, 19)], isLast: false },
      { teamList: others.slice(19), isLast: true },
    ];
    const { store, bodies, subscription } = await storeWithTeams(pages, () => envelopeResponse(200, null));
    await expect(store.dispatch(reorderMyTeams({ from: 18, to: 0 }))).resolves.toBe(true);
    const expected = [7, 118, ...others.filter((t) => t.teamId !== 118).map((t) => t.teamId)];
    expect(bodies).toEqual([{ teamIdList: expected }]);
    expect(new Set(expected).size).toBe(22);
    subscription.unsubscribe();
  });

  it('does nothing without cached teams', async () => {
    const { seen } = mockFetch({});
    const { store } = await createTestStore({ preloadedState: signedIn });
    await expect(store.dispatch(reorderMyTeams({ from: 0, to: 1 }))).resolves.toBe(false);
    expect(seen).toEqual([]);
  });
});
