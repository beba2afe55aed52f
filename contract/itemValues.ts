/**
 * Zod-free status, priority and tool values of items with their Korean labels (docs/product.md "Items"). Split from
 * `contract/itemEnums.ts` (which re-exports them) so the grouping registry, `contract/groupings.ts`, can read them
 * without an import cycle.
 */

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
