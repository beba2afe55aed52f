import { lazy, Suspense, useState } from 'react';
import { JoinTeamNotice } from '../JoinTeamNotice';
import { useParams } from 'react-router-dom';
import type { ItemKind } from '../../../../contract/itemEnums';
import { ITEM_ID_PARAMS } from '../../../app/paths';
import type { ItemMode, ItemScope } from '../../../shared/copy';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import type * as ListPageExports from '../list/ItemListPage';
import type * as DetailPageExports from '../detail/ItemDetailPage';
import { watchCompositions } from '../../../shared/lib/composition';

// From the first item route on, a Hangul composition in progress is known to the detail's focus rule.
watchCompositions();

export interface ItemPageProps {
  kind: ItemKind;
  mode: ItemMode;
  /** `default`: the workspace's default (joint) team; `team`: any other team. */
  scope: ItemScope;
}

type ListPageModule = typeof ListPageExports;

/** The list page component once its module has loaded (then rendered directly, without a Suspense round). */
let loadedItemListPage: ListPageModule['default'] | undefined;

/**
 * The list screen: its own chunk (`route-item-list`). The router starts loading it together with this module for
 * list routes and calls this before rendering (see `itemPage` in app/router.tsx), so the two download in parallel
 * and the page renders at once: a `lazy` component would suspend for a moment even with its chunk loaded, and
 * React holds back the content that follows a Suspense fallback for up to 300 ms.
 */
export const loadItemListPage = (): Promise<ListPageModule> =>
  import(/* webpackChunkName: "route-item-list" */ '../list/ItemListPage').then((module) => {
    loadedItemListPage = module.default;
    return module;
  });

const LazyItemListPage = lazy(loadItemListPage);

type DetailPageModule = typeof DetailPageExports;

/** The detail page component once its module and the description editor have loaded (then rendered directly). */
let loadedItemDetailPage: DetailPageModule['default'] | undefined;

/**
 * The detail screen (create, view, edit): its own chunk (`route-item-detail`), and the description editor's
 * (`editor`, Slate). The router loads them together with this module for detail routes and calls this before
 * rendering (see `itemPage` in app/router.tsx), as for the list: the page then renders its title and description
 * in one pass, without a Suspense round for the page or for the editor (docs/performance.md "Opening an item
 * directly").
 */
export const loadItemDetailPage = (): Promise<DetailPageModule> =>
  import(/* webpackChunkName: "route-item-detail" */ '../detail/ItemDetailPage').then(async (module) => {
    await module.loadDescriptionEditor();
    loadedItemDetailPage = module.default;
    return module;
  });

const LazyItemDetailPage = lazy(loadItemDetailPage);

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
  // Chosen once per mount: switching from the lazy to the loaded component later would remount the list.
  const [ItemListPage] = useState(() => loadedItemListPage ?? LazyItemListPage);
  const [ItemDetailPage] = useState(() => loadedItemDetailPage ?? LazyItemDetailPage);
  const teamId = positiveId(params.teamId);
  if (teamId === null) return <NotFoundPage />;
  if (mode === 'list') {
    return (
      <Suspense fallback={null}>
        {/* issue #23: a public team the member is not in — join to write. */}
        {scope === 'team' && <JoinTeamNotice teamId={teamId} />}
        <ItemListPage key={`${scope}-${teamId}-${kind}`} kind={kind} scope={scope} teamId={teamId} />
      </Suspense>
    );
  }
  const id = positiveId(params[ITEM_ID_PARAMS[kind]]);
  if (mode !== 'create' && id === null) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      {scope === 'team' && <JoinTeamNotice teamId={teamId} />}
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
