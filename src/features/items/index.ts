/*
 * Public entry of the items feature (goal, issue and external lists and details): what other features and the
 * router may use. The router loads the pages themselves lazily (pages/ItemPage.tsx; the first data through app/start/prefetchItemList.ts).
 */
export type { ItemPageProps } from './pages/ItemPage';

/* The grouped list's building blocks, reused by the notifications page (docs/product.md "Notifications"). */
export { ItemGroup, type RowOptions } from './list/ItemGroup';
export { ListHeaderBar, ListTitle } from './list/ListHeader';
export { EmptyNotice, FIRST_LOAD_SKELETON_ROWS, ListLoadError, ListSkeleton } from './list/ListStates';
export { ListToolbar } from './list/ListToolbar';
export { ListPage, PagedGroups, useDeleteFailureToast, useListPaging } from './list/PagedGroups';
export { useDeleteSelection } from './list/useDeleteSelection';
export { loadedItemIds, mergeListPages, rowColumns } from './listModel';
