import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ReorderTeamsRequest, Team, TeamPage } from '../../../../contract/teams';
import type { ApiThunkExtra } from '../../../api/baseQuery';
import { teamsApi } from '../../../api/teamsApi';
import { copy } from '../../../shared/copy';
import { toastShown } from '../../toast';

/**
 * Reordering "나의 팀" (docs/product.md "Sidebar"). The drag-and-drop list calls
 * `reorderMyTeams(move)` on drop; everything else here is pure and tested directly.
 *
 * Indexes in a `TeamMove` count "나의 팀" only: the workspace's teams after the default one.
 */

export const TEAM_REORDER_TOAST_KEY = 'team-reorder';
/** Stable ids for the drag-and-drop library. */
export const MY_TEAMS_DROPPABLE_ID = 'sidebar-my-teams';
export const teamDraggableId = (teamId: number) => `team-${teamId}`;

export interface TeamMove {
  from: number;
  to: number;
}

/** The parts of a drop result that matter (structurally `@hello-pangea/dnd`'s `DropResult`). */
export interface DropLike {
  reason: 'DROP' | 'CANCEL';
  source: { index: number; droppableId: string };
  destination?: { index: number; droppableId: string } | null;
}

/** A drop → the move to make, or null when cancelled, dropped outside the list or in place. */
export function moveFromDrop(result: DropLike): TeamMove | null {
  const { reason, source, destination } = result;
  if (reason !== 'DROP' || !destination) return null;
  if (destination.droppableId !== source.droppableId) return null;
  if (destination.index === source.index) return null;
  return { from: source.index, to: destination.index };
}

export function allTeams(pages: readonly TeamPage[]): Team[] {
  return pages.flatMap((page) => page.teamList);
}

/** The default team (flagged, else the first) and the others in order. */
export function splitTeams(teams: readonly Team[]): { defaultTeam: Team | undefined; myTeams: Team[] } {
  const defaultTeam = teams.find((team) => team.isDefault) ?? teams[0];
  return { defaultTeam, myTeams: teams.filter((team) => team !== defaultTeam) };
}

/**
 * The pages after moving one of "나의 팀" from `move.from` to `move.to`: the default team stays first and
 * every page keeps its length. Null when the move is out of range or a no-op. Never mutates its input.
 */
export function movedMyTeamPages(pages: readonly TeamPage[], move: TeamMove): TeamPage[] | null {
  const { defaultTeam, myTeams } = splitTeams(allTeams(pages));
  const { from, to } = move;
  if (!defaultTeam || from === to) return null;
  if (from < 0 || to < 0 || from >= myTeams.length || to >= myTeams.length) return null;
  const reordered = [...myTeams];
  reordered.splice(to, 0, ...reordered.splice(from, 1));
  const ordered = [defaultTeam, ...reordered];
  let offset = 0;
  return pages.map((page) => {
    const teamList = ordered.slice(offset, offset + page.teamList.length);
    offset += page.teamList.length;
    return { ...page, teamList };
  });
}

/** `PATCH /api/workspace/setting/teams` body: the default team first, then the others in their order. */
export function reorderTeamsBody(teams: readonly Team[]): ReorderTeamsRequest {
  const { defaultTeam, myTeams } = splitTeams(teams);
  return { teamIdList: [...(defaultTeam ? [defaultTeam.teamId] : []), ...myTeams.map((t) => t.teamId)] };
}

/** The part of the store this thunk reads: RTK Query's cache (any app state that holds it will do). */
type ApiCacheState = { [K in typeof teamsApi.reducerPath]: ReturnType<typeof teamsApi.reducer> };
type AppThunk<R> = ThunkAction<R, ApiCacheState, ApiThunkExtra, UnknownAction>;

const selectTeamPages = (state: ApiCacheState) =>
  teamsApi.endpoints.getMyTeams.select(undefined)(state).data?.pages;

/** Safety bound for loading the remaining pages (20 teams each). */
const MAX_EXTRA_PAGES = 50;

/**
 * Moves a team of "나의 팀": optimistically reorders the cached `getMyTeams` pages, loads any pages not yet
 * fetched (the server wants every team exactly once), then sends the whole order. When the server refuses,
 * the cache patch is undone and a toast (key `team-reorder`) says so. Resolves to whether the order was saved.
 */
export function reorderMyTeams(move: TeamMove): AppThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const pages = selectTeamPages(getState());
    const next = pages && movedMyTeamPages(pages, move);
    if (!next) return false;
    const patch = dispatch(
      teamsApi.util.updateQueryData('getMyTeams', undefined, (draft) => {
        next.forEach((page, index) => {
          if (draft.pages[index]) draft.pages[index].teamList = page.teamList;
        });
      }),
    );
    try {
      for (let extra = 0; extra < MAX_EXTRA_PAGES; extra += 1) {
        const lastPage = selectTeamPages(getState())?.at(-1);
        if (!lastPage || lastPage.isLast) break;
        await dispatch(
          teamsApi.endpoints.getMyTeams.initiate(undefined, { direction: 'forward', subscribe: false }),
        ).unwrap();
      }
      const ordered = allTeams(selectTeamPages(getState()) ?? next);
      await dispatch(teamsApi.endpoints.reorderTeams.initiate(reorderTeamsBody(ordered))).unwrap();
      return true;
    } catch {
      patch.undo();
      dispatch(toastShown({ key: TEAM_REORDER_TOAST_KEY, message: copy.sidebar.reorderFailed }));
      return false;
    }
  };
}
