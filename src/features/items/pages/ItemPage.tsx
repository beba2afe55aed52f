import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import type { ItemKind, ItemMode, ItemScope } from '../../../shared/copy';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';

export interface ItemPageProps {
  kind: ItemKind;
  mode: ItemMode;
  /** `default`: the workspace's default (joint) team; `team`: any other team. */
  scope: ItemScope;
}

/**
 * The list screen: its own chunk (`route-item-list`). The router starts loading it together with this module for
 * list routes (see `itemPage` in app/router.tsx), so the two download in parallel.
 */
export const loadItemListPage = () =>
  import(/* webpackChunkName: "route-item-list" */ '../list/ItemListPage');

const ItemListPage = lazy(loadItemListPage);

/** The detail screen (create, view, edit): its own chunk (`route-item-detail`). */
export const loadItemDetailPage = () =>
  import(/* webpackChunkName: "route-item-detail" */ '../detail/ItemDetailPage');

const ItemDetailPage = lazy(loadItemDetailPage);

/** The id parameter of each kind's detail routes (app/router.tsx). */
const ID_PARAMS: Record<ItemKind, string> = { goal: 'goalId', issue: 'issueId', ext: 'extId' };

/** A positive integer route parameter, else null. */
function positiveId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Goal, issue and external item screens — list and detail (create, view, edit) — share this one component,
 * parameterized by kind. Lists render `ItemListPage` (keyed by kind, scope and team, so its grouping and selection
 * start fresh on every list); details render `ItemDetailPage` (create, view, edit).
 */
export default function ItemPage({ kind, mode, scope }: ItemPageProps) {
  const params = useParams();
  const teamId = positiveId(params.teamId);
  if (teamId === null) return <NotFoundPage />;
  if (mode === 'list') {
    return (
      <Suspense fallback={null}>
        <ItemListPage key={`${scope}-${teamId}-${kind}`} kind={kind} scope={scope} teamId={teamId} />
      </Suspense>
    );
  }
  const id = positiveId(params[ID_PARAMS[kind]]);
  if (mode !== 'create' && id === null) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      <ItemDetailPage
        key={`${scope}-${teamId}-${kind}-${mode === 'create' ? 'new' : id}`}
        kind={kind}
        mode={mode}
        scope={scope}
        teamId={teamId}
        id={mode === 'create' ? null : id}
      />
    </Suspense>
  );
}
