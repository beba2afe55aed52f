import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GROUPINGS_BY_KIND, type Grouping, type ItemKind } from '../../../../contract/itemEnums';
import { useDeleteItemsMutation, useGetItemListInfiniteQuery } from '../../../api/itemsApi';
import { copy, type ItemScope } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { loadedItemIds, mergeListPages, rowColumns } from '../listModel';
import { INITIAL_GROUPING } from '../../../api/requests';
import { ListHeader, useListOwner } from './ListHeader';
import { EmptyList, ListLoadError } from './ListStates';
import { ListToolbar } from './ListToolbar';
import { ListPage, PagedGroups, useDeleteFailureToast, useListPaging } from './PagedGroups';
import { useDeleteSelection } from './useDeleteSelection';

/*
 * The goal, issue and external lists of a team or of the workspace's default ("joint") team — one page for the
 * three kinds (docs/product.md "Grouped lists"). Layout (./PagedGroups.tsx): 3.2rem padding; header,
 * toolbar and groups 3.2rem apart; groups 4.8rem apart; the infinite-scroll sentinel last.
 *
 * The browser tab reads `이슈 · {team} · Momentum` (`목표 …`, `외부 이슈 …`); joint pages name the default team.
 *
 * State: the grouping, delete mode and the selection (ids) live here; they reset when the page is left (the route
 * element is keyed by kind, scope and team). Changing the grouping or leaving delete mode clears the selection.
 */

export interface ItemListPageProps {
  kind: ItemKind;
  scope: ItemScope;
  teamId: number;
}

export default function ItemListPage({ kind, scope, teamId }: ItemListPageProps) {
  const text = copy.itemList;
  usePageTitle(text.pageTitle[kind], useListOwner(scope, teamId).teamName);
  const [grouping, setGrouping] = useState<Grouping>(INITIAL_GROUPING);

  const query = useGetItemListInfiniteQuery({ kind, teamId, grouping });
  const { currentData, error, isError } = query;
  const [deleteItems, { isLoading: deleting }] = useDeleteItemsMutation();

  const groups = useMemo(() => mergeListPages(currentData?.pages ?? []), [currentData]);
  const ids = useMemo(() => loadedItemIds(groups), [groups]);
  const columns = useMemo(() => rowColumns(kind, grouping), [kind, grouping]);
  const reportDeleteFailure = useDeleteFailureToast('items/delete', text.deleteFailed);
  const selection = useDeleteSelection(
    ids,
    (picked) => deleteItems({ kind, teamId, ids: picked }).unwrap(),
    reportDeleteFailure,
    deleting,
  );
  const { deleteMode, chosen, selectAll, clearSelection, onDeleteClick, confirmModal } = selection;
  const allSelected = ids.length > 0 && chosen.length === ids.length;

  const sentinel = useListPaging(query, text.loadFailed);

  const navigate = useNavigate();
  const open = useCallback((href: string) => void navigate(href), [navigate]);

  const changeGrouping = (next: Grouping) => {
    setGrouping(next);
    clearSelection();
  };

  const pageLabel = copy.placeholders.item(kind, 'list', scope);
  if (isError) {
    return (
      <ListPage aria-label={pageLabel} data-state="error">
        <ListLoadError error={error} />
      </ListPage>
    );
  }

  return (
    <ListPage aria-label={pageLabel} data-kind={kind} data-grouping={grouping}>
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
      <PagedGroups
        query={query}
        groups={groups}
        sentinel={sentinel}
        firstUnderToolbar
        empty={<EmptyList kind={kind} scope={scope} />}
        selection={selection}
        groupProps={{ grouping, kind, scope, teamId, columns, onOpen: open }}
      />
      {confirmModal}
    </ListPage>
  );
}
