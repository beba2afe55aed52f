import { useCallback, useEffect, type ReactNode, type RefCallback } from 'react';
import { styled } from '@mui/material/styles';
import { useAppDispatch } from '../../../app/hooks';
import { useSentinel } from '../../../shared/lib/useSentinel';
import { toastShown } from '../../toast';
import { tailGroupKey, type MergedGroup } from '../listModel';
import { phoneRowStyles, rowStyles } from './ItemRow';
import { ItemGroup, type ItemGroupProps } from './ItemGroup';
import { FIRST_LOAD_SKELETON_ROWS, ListSkeleton, NEXT_PAGE_SKELETON_ROWS } from './ListStates';
import type { DeleteSelection } from './useDeleteSelection';

/*
 * The building blocks every grouped, infinitely scrolled list page shares — the item lists and the notifications
 * page (docs/product.md "Grouped lists", "Notifications"): the page frame, the groups with the next page's
 * "loading more" rows and sentinel, paging, and the report of a failed delete.
 */

/**
 * A list page: 3.2rem padding; header, toolbar and body 3.2rem apart. Phones (< 600 px): 1.6rem side padding and
 * 1.6rem gaps (the toolbar's touch targets are taller there). `--list-pad` is the side padding: full-bleed parts
 * (rows, tabs, sticky group headers) reach the content edges with it.
 */
export const ListPage = styled('section')(({ theme }) => ({
  '--list-pad': '3.2rem',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '3.2rem',
  minWidth: 0,
  minHeight: '100vh',
  padding: 'var(--list-pad)',
  [theme.breakpoints.down('sm')]: { '--list-pad': '1.6rem', gap: '1.6rem', paddingTop: '1.6rem' },
}));

/**
 * The groups, 4.8rem apart (3.2rem on phones); every row's style is declared here once (see `rowStyles`). The
 * groups are the `list` size container the rows' tablet rules ask about (the sidebar's width varies).
 */
const Groups = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: '4.8rem',
  containerType: 'inline-size',
  containerName: 'list',
  ...rowStyles,
  [theme.breakpoints.down('sm')]: { gap: '3.2rem', ...phoneRowStyles },
}));

const Sentinel = styled('div')({ height: 1, marginTop: -1 });

/** The part of an RTK Query infinite query's result that paging needs. */
export interface PagedQuery {
  currentData?: unknown;
  error?: unknown;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Paging of a list page: returns the ref callback for the sentinel, which loads the next page once the first one
 * has arrived and while no page is loading or has failed; logs a load failure with `loadFailed`.
 */
export function useListPaging(query: PagedQuery, loadFailed: string) {
  const { currentData, error, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useSentinel(
    () => void fetchNextPage(),
    currentData !== undefined && hasNextPage && !isFetchingNextPage && !isError,
  );
  useEffect(() => {
    if (isError) console.error(loadFailed, error);
  }, [isError, error, loadFailed]);
  return sentinel;
}

/** The `onFailure` of `useDeleteSelection`: logs the failure and shows `message` as toast `key`. */
export function useDeleteFailureToast(key: string, message: string) {
  const dispatch = useAppDispatch();
  return useCallback(
    (failure: unknown) => {
      console.error(message, failure);
      dispatch(toastShown({ key, message }));
    },
    [dispatch, key, message],
  );
}

export interface PagedGroupsProps {
  /** The list's query (see `PagedQuery`): before the first page, skeleton rows; then the groups or `empty`. */
  query: PagedQuery;
  groups: readonly MergedGroup[];
  /** From `useListPaging`. */
  sentinel: RefCallback<Element>;
  /** The first load's skeleton pulls up under the toolbar (the item lists; not under the notifications' tabs). */
  firstUnderToolbar: boolean;
  /** What an empty list shows. */
  empty: ReactNode;
  /** From `useDeleteSelection`. */
  selection: Pick<DeleteSelection, 'deleteMode' | 'selected' | 'toggle'>;
  /** What every group gets besides its rows and the selection. */
  groupProps: Omit<ItemGroupProps, 'group' | 'tail' | 'deleteMode' | 'selected' | 'onToggle'>;
  /** Extra styles (`styled(PagedGroups)`), after the rows' own. */
  className?: string;
}

/**
 * The body of a list page once loading has started: skeleton rows until the first page, then `empty` or the loaded
 * groups. The next page continues the last group with items: "loading more" rows and the sentinel go there (or
 * after all groups when none has items).
 */
export function PagedGroups({
  query,
  groups,
  sentinel,
  firstUnderToolbar,
  empty,
  selection,
  groupProps,
  className,
}: PagedGroupsProps) {
  if (query.currentData === undefined)
    return <ListSkeleton rows={FIRST_LOAD_SKELETON_ROWS} first={firstUnderToolbar} />;
  if (groups.length === 0 && !query.hasNextPage) return empty;
  const tail = (
    <>
      {query.isFetchingNextPage && <ListSkeleton rows={NEXT_PAGE_SKELETON_ROWS} first={false} />}
      <Sentinel ref={sentinel} aria-hidden="true" data-testid="list-sentinel" />
    </>
  );
  const tailKey = tailGroupKey(groups);
  return (
    <Groups className={className}>
      {groups.map((group) => (
        <ItemGroup
          key={group.groupKey}
          {...groupProps}
          group={group}
          deleteMode={selection.deleteMode}
          selected={selection.selected}
          onToggle={selection.toggle}
          tail={group.groupKey === tailKey ? tail : undefined}
        />
      ))}
      {tailKey === null && tail}
    </Groups>
  );
}
