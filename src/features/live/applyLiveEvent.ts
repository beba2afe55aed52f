import type { LiveEvent } from '../../../contract/events';
import type { ListItem } from '../../../contract/items';
import type { Grouping, ItemKind } from '../../../contract/itemEnums';
import { groupKeyOf, groupingDef } from '../../../contract/groupings';
import { baseApi } from '../../api/baseApi';
import {
  COMMENT_CATEGORY,
  commentsTag,
  itemDetailTag,
  itemListTag,
  listsShowing,
  MEMBER_WITHDRAWN_TAGS,
  NOTIFICATION_TAGS,
  TAG_TYPES,
  TEAMS_TAG,
  MEMBERS_TAG,
  type CacheTag,
} from '../../api/cacheTags';
import { itemDetailApi } from '../../api/itemDetailApi';
import { itemsApi } from '../../api/itemsApi';
import type { AppDispatch, RootState } from '../../app/hooks';
// issue #23 (admin)
import { removedFromWorkspace, selectMyMemberId } from '../session';

/*
 * Live event → RTK Query cache (contract/events.ts; docs/architecture.md "Live updates"). Cheap and exact changes
 * are patched in place (a list row that is already loaded and stays in its group, a title in a simple list);
 * anything else invalidates the tags of what the event touched (src/api/cacheTags.ts, the same tags the mutations
 * use), so only what is on screen refetches (RTK Query drops
 * invalidated entries nobody subscribes to). Applying an event twice, or one this tab caused itself, is harmless.
 *
 * Editing safety is not decided here: an item detail is always invalidated; the detail page keeps a form that is
 * being edited and shows that the item changed instead (features/items/detail/ItemDetailPage.tsx).
 */

type Tag = CacheTag;

/** Every tag type of the api (`resync` refetches all of them). */
export const ALL_TAG_TYPES = TAG_TYPES;

const listTag = itemListTag;
const detailTag = itemDetailTag;

/** The group keys a row belongs to under `grouping` (docs/product.md "Grouped lists"; MANAGER: one per manager). */
export function rowGroupKeys(item: ListItem, grouping: Grouping): string[] {
  return groupKeyOf(grouping, item);
}

/** The event field that decides the group of each grouping (contract/groupings.ts `liveField`). */
const fieldOf = (grouping: Grouping) => groupingDef(grouping).liveField;

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/** Cached goal details that list one of `issueIds` among their issues, or are one of `goalIds`. */
function goalDetailsMentioning(
  state: RootState,
  issueIds: readonly number[],
  goalIds: readonly number[],
): Tag[] {
  const tags: Tag[] = [];
  for (const arg of itemDetailApi.util.selectCachedArgsForQuery(state, 'getItemDetail')) {
    if (arg.kind !== 'goal') continue;
    const cached = itemDetailApi.endpoints.getItemDetail.select(arg)(state).data;
    const listed = cached?.issues?.info.some((issue) => issueIds.includes(issue.id)) ?? false;
    if (listed || goalIds.includes(arg.id)) tags.push(detailTag('goal', arg.id));
  }
  return tags;
}

/**
 * `item.updated`: replaces the row in every cached list of its kind and team where it stays in the same groups;
 * returns whether some cached list needs a refetch instead (the row moved group, or a row not loaded yet may
 * have moved, so group counts change).
 */
function patchListRows(
  dispatch: AppDispatch,
  state: RootState,
  event: Extract<LiveEvent, { type: 'item.updated' }>,
): boolean {
  let refetch = false;
  for (const arg of itemsApi.util.selectCachedArgsForQuery(state, 'getItemList')) {
    if (arg.kind !== event.kind || arg.teamId !== event.teamId) continue;
    const cached = itemsApi.endpoints.getItemList.select(arg)(state).data;
    const before = new Set<string>();
    for (const page of cached?.pages ?? []) {
      for (const group of page.data) {
        if (group.items.some((row) => row.id === event.id)) before.add(group.groupKey);
      }
    }
    const field = fieldOf(arg.grouping);
    if (before.size === 0) {
      if (field && event.fields.includes(field)) refetch = true;
      continue;
    }
    if (!sameKeys([...before], rowGroupKeys(event.item, arg.grouping))) {
      refetch = true;
      continue;
    }
    dispatch(
      itemsApi.util.updateQueryData('getItemList', arg, (draft) => {
        for (const page of draft.pages) {
          for (const group of page.data) {
            group.items = group.items.map((row) => (row.id === event.id ? event.item : row));
          }
        }
      }),
    );
  }
  return refetch;
}

/** `item.updated` with a new title: the title in the cached simple lists (pickers) of that kind and team. */
function patchSimpleListTitles(
  dispatch: AppDispatch,
  state: RootState,
  event: Extract<LiveEvent, { type: 'item.updated' }>,
) {
  for (const arg of itemsApi.util.selectCachedArgsForQuery(state, 'getSimpleList')) {
    if (arg.kind !== event.kind || arg.teamId !== event.teamId) continue;
    dispatch(
      itemsApi.util.updateQueryData('getSimpleList', arg, (draft) => {
        for (const entry of draft.info) if (entry.id === event.id) entry.title = event.item.title;
      }),
    );
  }
}

/**
 * Tags made stale by items of `kind` being created or deleted: the lists that show them (`listsShowing`, as for
 * this tab's own mutations); the details are chosen below from what is cached.
 */
const listsAfterCreateOrDelete = (kind: ItemKind): Tag[] => listsShowing(kind);

/**
 * Applies one live event to the cache. `getState` is read before any change (patches are decided on the cached
 * data as it was). Pure apart from the dispatched RTK Query actions.
 */
export function applyLiveEvent(event: LiveEvent, dispatch: AppDispatch, getState: () => RootState): void {
  const invalidate = (tags: Tag[]) => {
    if (tags.length) dispatch(baseApi.util.invalidateTags(tags));
  };
  const state = getState();
  switch (event.type) {
    case 'item.created': {
      const tags = listsAfterCreateOrDelete(event.kind);
      if (event.item.goal) tags.push(detailTag('goal', event.item.goal.id));
      invalidate(tags);
      return;
    }
    case 'item.updated': {
      const tags: Tag[] = [detailTag(event.kind, event.id)];
      if (patchListRows(dispatch, state, event)) tags.push(listTag(event.kind));
      if (event.fields.includes('title') && event.kind !== 'external')
        patchSimpleListTitles(dispatch, state, event);
      if (event.kind === 'goal') {
        // Goal titles show on issue/external rows, group headers and details; `issues` moves issues between goals.
        if (event.fields.includes('title') || event.fields.includes('issues')) tags.push('Issue', 'External');
      } else if (event.fields.includes('title') || event.fields.includes('goal')) {
        // Goal details list their issues by title.
        tags.push(...goalDetailsMentioning(state, [event.id], event.item.goal ? [event.item.goal.id] : []));
      }
      invalidate(tags);
      return;
    }
    case 'item.deleted': {
      const tags = [
        ...listsAfterCreateOrDelete(event.kind),
        ...event.ids.map((id) => detailTag(event.kind, id)),
      ];
      if (event.kind === 'goal') tags.push('Issue', 'External');
      else tags.push(...goalDetailsMentioning(state, event.ids, []));
      invalidate(tags);
      return;
    }
    case 'comment.added':
      invalidate([commentsTag(COMMENT_CATEGORY[event.kind], event.itemId)]);
      return;
    case 'alarm.raised':
    case 'alarm.changed':
      invalidate([...NOTIFICATION_TAGS]);
      return;
    case 'team.created':
    case 'team.reordered':
      invalidate([TEAMS_TAG]);
      return;
    // issue #23 (teams and membership): team lists, the team's settings, members' teams; a deleted team's items
    // and alarms went with it.
    case 'team.updated':
    case 'team.membership_changed':
      invalidate([TEAMS_TAG, MEMBERS_TAG]);
      return;
    case 'team.deleted':
      invalidate([TEAMS_TAG, MEMBERS_TAG, 'Goal', 'Issue', 'External', ...NOTIFICATION_TAGS]);
      return;
    case 'member.joined':
      invalidate([MEMBERS_TAG]);
      return;
    case 'member.withdrew':
      // Manager names and avatars on rows and details, comment authors ('탈퇴한 사용자'), team members.
      invalidate([...MEMBER_WITHDRAWN_TAGS]);
      return;
    // issue #23 (admin): removal and role changes (docs/security.md "Roles").
    case 'member.removed':
      // Oneself: sign out at once (the server already ended the session). Others: the removed member's names now
      // carry "(내보낸 멤버)", and they leave the members list and teams.
      if (event.memberId === selectMyMemberId(state)) dispatch(removedFromWorkspace());
      else invalidate([...MEMBER_WITHDRAWN_TAGS]);
      return;
    case 'workspace.updated':
      // Renamed or a new logo: the sidebar and the profile page read the profile.
      invalidate(['WorkspaceProfile']);
      return;
    case 'member.role_changed':
      // The members list shows roles; the changed member's own profile carries `myRole`, which shows or hides the
      // admin controls.
      invalidate([MEMBERS_TAG, 'WorkspaceProfile', 'WorkspaceInvite']);
      return;
    case 'resync':
      invalidate([...ALL_TAG_TYPES]);
      return;
  }
}
