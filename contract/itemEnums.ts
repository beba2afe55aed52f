/**
 * Zod-free item enums and labels (docs/product.md "Items", "Grouped lists"), shared by server and client. The client
 * imports values from here;
 * `contract/items.ts` builds the zod schemas from them.
 */

/**
 * The three item kinds share one model (docs/architecture.md "Decisions and deviations"). API path segments: goals,
 * issues, externals.
 */
export const ITEM_KINDS = ['goal', 'issue', 'external'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** Status values, in list group order (docs/product.md "Grouped lists"). */
export const STATES = ['NONE', 'IN_PROGRESS', 'TODO', 'FINISH', 'REVIEW', 'DELETE'] as const;
export type State = (typeof STATES)[number];
export const STATE_LABELS: Record<State, string> = {
  NONE: '없음',
  IN_PROGRESS: '진행중',
  TODO: '해야할 일',
  FINISH: '완료',
  REVIEW: '검토',
  DELETE: '삭제',
};

/** Priority values, in list group order. */
export const PRIORITIES = ['NONE', 'URGENT', 'HIGH', 'NORMAL', 'LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<Priority, string> = {
  NONE: '없음',
  URGENT: '긴급',
  HIGH: '높음',
  NORMAL: '보통',
  LOW: '낮음',
};

/** External tools (fixed at creation). */
export const EXT_SERVICE_TYPES = ['GITHUB', 'SLACK'] as const;
export type ExtServiceType = (typeof EXT_SERVICE_TYPES)[number];
export const EXT_SERVICE_LABELS: Record<ExtServiceType, string> = { GITHUB: 'GitHub', SLACK: 'Slack' };

/**
 * Groupings of the lists (`query`, case-insensitive on the server). Offered per kind (docs/product.md "Grouped lists"):
 * goals STATE/PRIORITY/MANAGER; issues + GOAL; externals + GOAL and EXT_TYPE.
 */
export const GROUPINGS = ['STATE', 'PRIORITY', 'MANAGER', 'GOAL', 'EXT_TYPE'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const GROUPINGS_BY_KIND: Record<ItemKind, readonly Grouping[]> = {
  goal: ['STATE', 'PRIORITY', 'MANAGER'],
  issue: ['STATE', 'PRIORITY', 'MANAGER', 'GOAL'],
  external: ['STATE', 'PRIORITY', 'MANAGER', 'GOAL', 'EXT_TYPE'],
};
export const GROUPING_LABELS: Record<Grouping, string> = {
  STATE: '상태',
  PRIORITY: '우선순위',
  MANAGER: '담당자',
  GOAL: '목표',
  EXT_TYPE: '외부',
};

/** Label of the "nothing" group of MANAGER / GOAL / EXT_TYPE groupings (first in order). */
export const NONE_GROUP_LABEL = '없음';
/** `groupKey` of the "nothing" group. */
export const NONE_GROUP_KEY = 'NONE';

/** Page size of every grouped list (docs/product.md "Limits": the client asks for 20; one constant). */
export const LIST_PAGE_SIZE = 20;
/** Detail title limit, in characters (docs/product.md "Limits"). */
export const ITEM_TITLE_MAX = 20;
/** Description JSON limit, in bytes (docs/product.md "Items"). */
export const ITEM_CONTENT_MAX_BYTES = 1024 * 1024;
