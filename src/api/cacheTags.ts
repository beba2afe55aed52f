import type { CommentCategory } from '../../contract/items';
import type { ItemKind } from '../../contract/itemEnums';
import { kindFactMap } from '../../contract/kinds';

/*
 * The RTK Query cache tags: the one place that says which cached screen shows what (docs/architecture.md "Cache
 * tags"). Every query's `providesTags`, every mutation's `invalidatesTags` and the live event stream
 * (src/features/live/liveEventActions.ts; item changes through src/api/itemChanges.ts) take their tags from here.
 *
 * Items: a list page, a simple list (pickers) and a detail each provide their kind's tag — `{Goal|Issue|External,
 * 'LIST'}` for lists and pickers, `{Kind, id}` plus `{Kind, 'DETAIL'}` for a detail — so a change can reach one
 * detail, every detail of a kind (what another kind's change touches) or every list.
 */

/** Every tag type of the api. */
export const TAG_TYPES = [
  'WorkspaceProfile',
  'WorkspaceInvite',
  'Team',
  'Member',
  'MyProfile',
  'Goal',
  'Issue',
  'External',
  'ExternalLinks',
  'ItemName',
  'SimpleList',
  'Notification',
  'Comment',
  'GithubInstallation',
  'GithubRepositories',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
/** A tag as RTK Query takes it: a whole type, or one id of it. */
export type CacheTag = TagType | { type: TagType; id: string | number };

/** The tag type of each item kind (`KIND_FACTS[kind].tag`, contract/kinds.ts). */
export const ITEM_TAGS = /*#__PURE__*/ kindFactMap('tag') satisfies Record<ItemKind, TagType>;

const LIST_ID = 'LIST';
const DETAIL_ID = 'DETAIL';

/** Every list page and simple list of `kind`. */
export const itemListTag = (kind: ItemKind) => ({ type: ITEM_TAGS[kind], id: LIST_ID }) as const;
/** One item's detail. */
export const itemDetailTag = (kind: ItemKind, id: number) => ({ type: ITEM_TAGS[kind], id }) as const;
/** Every detail of `kind`. */
export const itemDetailsTag = (kind: ItemKind) => ({ type: ITEM_TAGS[kind], id: DETAIL_ID }) as const;
/** The simple list (picker) of goals or issues, on top of `itemListTag`. */
export const simpleListTag = (kind: ItemKind) => ({ type: 'SimpleList', id: kind }) as const;
/** The next generated name of `kind` (the create screen's preview). */
export const itemNameTag = (kind: ItemKind) => ({ type: 'ItemName', id: kind }) as const;

/** The comment category of each kind (`/api/comments?category=`; `KIND_FACTS[kind].category`). */
export const COMMENT_CATEGORY: Readonly<Record<ItemKind, CommentCategory>> =
  /*#__PURE__*/ kindFactMap('category');
/** The comments of one item. */
export const commentsTag = (category: CommentCategory, targetId: number) =>
  ({ type: 'Comment', id: `${category}-${targetId}` }) as const;

export const NOTIFICATION_LIST_TAG = { type: 'Notification', id: 'LIST' } as const;
export const NOTIFICATION_UNREAD_TAG = { type: 'Notification', id: 'UNREAD' } as const;
/** An alarm read, deleted or raised: the alarm pages and the unread counts. */
export const NOTIFICATION_TAGS = [NOTIFICATION_LIST_TAG, NOTIFICATION_UNREAD_TAG] as const;

/** What a finished (or failed) integration connect makes stale: every team's links flags, installation, repositories. */
export const INTEGRATION_TAGS = ['ExternalLinks', 'GithubInstallation', 'GithubRepositories'] as const;

// ---- providers ----

/** Single-entry screens: each provides its whole tag type. */
export const TEAMS_TAG = 'Team' satisfies TagType;
export const MEMBERS_TAG = 'Member' satisfies TagType;
export const MY_PROFILE_TAG = 'MyProfile' satisfies TagType;
export const WORKSPACE_PROFILE_TAG = 'WorkspaceProfile' satisfies TagType;
export const WORKSPACE_INVITE_TAG = 'WorkspaceInvite' satisfies TagType;

/** A team's integration flags (`getExternalLinks`), GitHub installation and repositories. */
export const externalLinksTag = (teamId: number) => ({ type: 'ExternalLinks', id: teamId }) as const;
export const githubInstallationTag = (teamId: number) =>
  ({ type: 'GithubInstallation', id: teamId }) as const;
export const githubRepositoriesTag = (teamId: number) =>
  ({ type: 'GithubRepositories', id: teamId }) as const;

/** A list page of `kind`. */
export const itemListProvides = (kind: ItemKind): CacheTag[] => [itemListTag(kind)];
/** A simple list (picker): refreshed with its kind's lists, and on its own. */
export const simpleListProvides = (kind: ItemKind): CacheTag[] => [itemListTag(kind), simpleListTag(kind)];
/** A detail: itself, and "every detail of its kind". */
export const itemDetailProvides = (kind: ItemKind, id: number): CacheTag[] => [
  itemDetailTag(kind, id),
  itemDetailsTag(kind),
];

// ---- what a change makes stale ----

/* Items: src/api/itemChanges.ts (`staleAfterItemChange`, `itemChangeEffects`) — one rule for this tab's mutations
 * and teammates' live events. */

/** A comment added to one item: that item's comments. */
export const staleAfterComment = (category: CommentCategory, targetId: number): CacheTag[] => [
  commentsTag(category, targetId),
];

/** A workspace created or joined: the profile and the invite. */
export const WORKSPACE_TAGS = [WORKSPACE_PROFILE_TAG, WORKSPACE_INVITE_TAG] as const;
/** Teams created or reordered: the team list, and the members' teams. */
export const TEAM_CHANGE_TAGS = [TEAMS_TAG, MEMBERS_TAG] as const;
/** The caller's photo changed: their profile and the member list. */
export const PROFILE_CHANGE_TAGS = [MY_PROFILE_TAG, MEMBERS_TAG] as const;
/** A member withdrew: names and avatars on rows, details, comments, teams and notifications. */
export const MEMBER_WITHDRAWN_TAGS = [
  'Member',
  'Team',
  'Goal',
  'Issue',
  'External',
  'Comment',
  'Notification',
] as const;
