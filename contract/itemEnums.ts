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

/*
 * Status, priority and tool values live in `contract/itemValues.ts`; the groupings of the lists (GROUPINGS,
 * GROUPINGS_BY_KIND, GROUPING_LABELS, NONE_GROUP_KEY / NONE_GROUP_LABEL) in the registry `contract/groupings.ts`
 * (docs/architecture.md "Groupings"). Both are re-exported here, so imports from this file keep working.
 */
export * from './itemValues';
export * from './groupings';

/** Page size of every grouped list (docs/product.md "Limits": the client asks for 20; one constant). */
export const LIST_PAGE_SIZE = 20;
/** Detail title limit, in characters (docs/product.md "Limits"). */
export const ITEM_TITLE_MAX = 20;
/** Description JSON limit, in bytes (docs/product.md "Items"). */
export const ITEM_CONTENT_MAX_BYTES = 1024 * 1024;
