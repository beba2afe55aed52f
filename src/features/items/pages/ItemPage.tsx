import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { copy, type ItemKind, type ItemMode, type ItemScope } from '../../../shared/copy';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

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

/** A positive integer route parameter, else null. */
function positiveId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Goal, issue and external item screens — list and detail (create, view, edit) — share this one component,
 * parameterized by kind. Lists render `ItemListPage` (keyed by kind, scope and team, so its grouping and selection
 * start fresh on every list); the detail issue replaces the placeholder of the other modes.
 */
export default function ItemPage({ kind, mode, scope }: ItemPageProps) {
  const teamId = positiveId(useParams().teamId);
  if (teamId === null) return <NotFoundPage />;
  if (mode === 'list') {
    return (
      <Suspense fallback={null}>
        <ItemListPage key={`${scope}-${teamId}-${kind}`} kind={kind} scope={scope} teamId={teamId} />
      </Suspense>
    );
  }
  return <PlaceholderPage title={copy.placeholders.item(kind, mode, scope)} />;
}
