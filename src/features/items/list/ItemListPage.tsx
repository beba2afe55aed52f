import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { GROUPINGS_BY_KIND, type Grouping, type ItemKind } from '../../../../contract/itemEnums';
import { useDeleteItemsMutation, useGetItemListInfiniteQuery } from '../../../api/itemsApi';
import { useAppDispatch } from '../../../app/hooks';
import { copy, type ItemScope } from '../../../shared/copy';
import { useSentinel } from '../../../shared/lib/useSentinel';
import { toastShown } from '../../toast';
import { loadedItemIds, mergeListPages, rowColumns, tailGroupKey } from '../listModel';
import { INITIAL_GROUPING } from './firstListPage';
import { ItemGroup } from './ItemGroup';
import { rowStyles } from './ItemRow';
import { ListHeader } from './ListHeader';
import {
  EmptyList,
  FIRST_LOAD_SKELETON_ROWS,
  ListLoadError,
  ListSkeleton,
  NEXT_PAGE_SKELETON_ROWS,
} from './ListStates';
import { ListToolbar } from './ListToolbar';
import { useDeleteSelection } from './useDeleteSelection';

/*
 * The goal, issue and external lists of a team or of the workspace's default ("joint") team — one page for the
 * three kinds (docs/product.md "Grouped lists"). Layout: 3.2rem padding; header,
 * toolbar and groups 3.2rem apart; groups 4.8rem apart; the infinite-scroll sentinel last.
 *
 * State: the grouping, delete mode and the selection (ids) live here; they reset when the page is left (the route
 * element is keyed by kind, scope and team). Changing the grouping or leaving delete mode clears the selection.
 */

const Page = styled('section')({
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: '3.2rem',
  minHeight: '100vh',
  padding: '3.2rem',
});

/** The groups, 4.8rem apart; every row's style is declared here once (see `rowStyles`). */
const Groups = styled('div')({ display: 'flex', flexDirection: 'column', gap: '4.8rem', ...rowStyles });

const Sentinel = styled('div')({ height: 1, marginTop: -1 });

export interface ItemListPageProps {
  kind: ItemKind;
  scope: ItemScope;
  teamId: number;
}

export default function ItemListPage({ kind, scope, teamId }: ItemListPageProps) {
  const text = copy.itemList;
  const dispatch = useAppDispatch();
  const [grouping, setGrouping] = useState<Grouping>(INITIAL_GROUPING);

  const { currentData, error, isError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetItemListInfiniteQuery({ kind, teamId, grouping });
  const [deleteItems, { isLoading: deleting }] = useDeleteItemsMutation();

  const groups = useMemo(() => mergeListPages(currentData?.pages ?? []), [currentData]);
  const ids = useMemo(() => loadedItemIds(groups), [groups]);
  const columns = useMemo(() => rowColumns(kind, grouping), [kind, grouping]);
  const { deleteMode, selected, chosen, toggle, selectAll, clearSelection, onDeleteClick, confirmModal } =
    useDeleteSelection(
      ids,
      (picked) => deleteItems({ kind, teamId, ids: picked }).unwrap(),
      (failure) => {
        console.error(text.deleteFailed, failure);
        dispatch(toastShown({ key: 'items/delete', message: text.deleteFailed }));
      },
      deleting,
    );
  const allSelected = ids.length > 0 && chosen.length === ids.length;

  const sentinel = useSentinel(
    () => void fetchNextPage(),
    currentData !== undefined && hasNextPage && !isFetchingNextPage && !isError,
  );

  useEffect(() => {
    if (isError) console.error(text.loadFailed, error);
  }, [isError, error, text.loadFailed]);

  const navigate = useNavigate();
  const open = useCallback((href: string) => void navigate(href), [navigate]);

  const changeGrouping = (next: Grouping) => {
    setGrouping(next);
    clearSelection();
  };

  const pageLabel = copy.placeholders.item(kind, 'list', scope);
  if (isError) {
    return (
      <Page aria-label={pageLabel} data-state="error">
        <ListLoadError error={error} />
      </Page>
    );
  }

  let body;
  if (currentData === undefined) {
    body = <ListSkeleton rows={FIRST_LOAD_SKELETON_ROWS} first />;
  } else if (groups.length === 0 && !hasNextPage) {
    body = <EmptyList kind={kind} scope={scope} />;
  } else {
    // The next page continues the last group with items: "loading more" rows and the sentinel go there.
    const tail = (
      <>
        {isFetchingNextPage && <ListSkeleton rows={NEXT_PAGE_SKELETON_ROWS} first={false} />}
        <Sentinel ref={sentinel} aria-hidden="true" data-testid="list-sentinel" />
      </>
    );
    const tailKey = tailGroupKey(groups);
    body = (
      <Groups>
        {groups.map((group) => (
          <ItemGroup
            key={group.groupKey}
            group={group}
            grouping={grouping}
            kind={kind}
            scope={scope}
            teamId={teamId}
            columns={columns}
            deleteMode={deleteMode}
            selected={selected}
            onToggle={toggle}
            onOpen={open}
            tail={group.groupKey === tailKey ? tail : undefined}
          />
        ))}
        {tailKey === null && tail}
      </Groups>
    );
  }

  return (
    <Page aria-label={pageLabel} data-kind={kind} data-grouping={grouping}>
      <ListHeader kind={kind} scope={scope} teamId={teamId} />
      <ListToolbar
        groupings={GROUPINGS_BY_KIND[kind]}
        grouping={grouping}
        onGroupingChange={changeGrouping}
        deleteMode={deleteMode}
        onDeleteClick={onDeleteClick}
        showSelectAll={deleteMode && ids.length > 0}
        allSelected={allSelected}
        onSelectAll={() => selectAll(allSelected ? null : ids)}
      />
      {body}
      {confirmModal}
    </Page>
  );
}
