import type { LiveEvent } from '../../../contract/events';
import {
  COMMENT_CATEGORY,
  commentsTag,
  MEMBER_WITHDRAWN_TAGS,
  NOTIFICATION_TAGS,
  TAG_TYPES,
  TEAMS_TAG,
  MEMBERS_TAG,
} from '../../api/cacheTags';
import { invalidateActions, itemChangeActions, type CacheAction } from '../../api/itemCacheView';
import type { RootState } from '../../app/hooks';
// issue #23 (admin)
import { removedFromWorkspace, selectMyMemberId } from '../session';

/*
 * Live event → actions on the RTK Query cache (contract/events.ts; docs/live-updates.md "In the browser"). Item
 * changes go through the one rule of src/api/itemChanges.ts (the same as this tab's own mutations): cheap and exact
 * changes are patched in place, anything else invalidates the tags of what changed, so only what is on screen
 * refetches. Applying an event twice, or one this tab caused itself, is harmless.
 *
 * Editing safety is not decided here: an item detail is always invalidated; the detail page keeps a form that is
 * being edited and shows that the item changed instead (features/items/detail/ItemDetailPage.tsx).
 */

/**
 * The actions that apply one live event, decided on `state` as it is before any of them is dispatched: RTK Query
 * patches and `invalidateTags`, or `removedFromWorkspace` when the event removed this tab's member. Pure.
 */
export function liveEventActions(event: LiveEvent, state: RootState): CacheAction[] {
  switch (event.type) {
    case 'item.created':
    case 'item.updated':
    case 'item.deleted':
      return itemChangeActions(event, state);
    case 'comment.added':
      return invalidateActions([commentsTag(COMMENT_CATEGORY[event.kind], event.itemId)]);
    case 'alarm.raised':
    case 'alarm.changed':
      return invalidateActions([...NOTIFICATION_TAGS]);
    case 'team.created':
    case 'team.reordered':
      return invalidateActions([TEAMS_TAG]);
    // issue #23 (teams and membership): team lists, the team's settings, members' teams; a deleted team's items
    // and alarms went with it.
    case 'team.updated':
    case 'team.membership_changed':
      return invalidateActions([TEAMS_TAG, MEMBERS_TAG]);
    case 'team.deleted':
      return invalidateActions([TEAMS_TAG, MEMBERS_TAG, 'Goal', 'Issue', 'External', ...NOTIFICATION_TAGS]);
    case 'member.joined':
      return invalidateActions([MEMBERS_TAG]);
    case 'member.withdrew':
      // Manager names and avatars on rows and details, comment authors ('탈퇴한 사용자'), team members.
      return invalidateActions([...MEMBER_WITHDRAWN_TAGS]);
    // issue #23 (admin): removal and role changes (docs/security.md "Roles").
    case 'member.removed':
      // Oneself: sign out at once (the server already ended the session). Others: the removed member's names now
      // carry "(내보낸 멤버)", and they leave the members list and teams.
      return event.memberId === selectMyMemberId(state)
        ? [removedFromWorkspace()]
        : invalidateActions([...MEMBER_WITHDRAWN_TAGS]);
    case 'workspace.updated':
      // Renamed or a new logo: the sidebar and the profile page read the profile.
      return invalidateActions(['WorkspaceProfile']);
    case 'member.role_changed':
      // The members list shows roles; the changed member's own profile carries `myRole`, which shows or hides the
      // admin controls.
      return invalidateActions([MEMBERS_TAG, 'WorkspaceProfile', 'WorkspaceInvite']);
    case 'resync':
      // Every tag type: everything shown refetches.
      return invalidateActions([...TAG_TYPES]);
  }
}
