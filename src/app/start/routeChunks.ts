import { startsWithSession } from '../../features/session/earlyRenewal';
import { matchDetailUrl } from './firstDetail';
import { matchListUrl } from './firstListPage';

/**
 * The chunks of a `/workspace` URL's first screen, requested by the entry before React and the router are evaluated
 * (docs/performance.md "App start"). The router's lazy routes import the same modules with the same chunk names, and webpack
 * loads every chunk once, so they find these loaded or on their way. Keep in step with app/router.tsx: the store
 * layout (`app-store`, with the list prefetch), the workspace guard and shell (`route-workspace`), and for a list
 * URL the item page and the list page (`route-items`, `route-item-list`); for an item's detail URL the item page,
 * the detail page with its prefetch (`route-item-detail`) and the description editor (`editor`). Other screens
 * load through the router alone. The build puts the modules of the first four chunks into one file,
 * `workspace-start` (`FIRST_SCREEN_CHUNKS` in webpack.config.js names them too).
 */
export function routeChunkLoads(pathname: string): Array<Promise<unknown>> {
  if (!startsWithSession(pathname)) return [];
  const loads: Array<Promise<unknown>> = [
    import(/* webpackChunkName: "app-store" */ '../appStore'),
    import(/* webpackChunkName: "app-store" */ '../StoreLayout'),
    import(/* webpackChunkName: "route-workspace" */ '../../features/workspace/RequireWorkspaceSession'),
    import(/* webpackChunkName: "route-workspace" */ '../../features/workspace/WorkspaceShell'),
  ];
  if (matchListUrl(pathname)) {
    loads.push(
      import(/* webpackChunkName: "app-store" */ './prefetchItemList'),
      import(/* webpackChunkName: "route-items" */ '../../features/items/pages/ItemPage'),
      import(/* webpackChunkName: "route-item-list" */ '../../features/items/list/ItemListPage'),
    );
  }
  if (matchDetailUrl(pathname)) {
    loads.push(
      import(/* webpackChunkName: "route-items" */ '../../features/items/pages/ItemPage'),
      import(/* webpackChunkName: "route-item-detail" */ './prefetchItemDetail'),
      import(/* webpackChunkName: "route-item-detail" */ '../../features/items/detail/ItemDetailPage'),
      import(/* webpackChunkName: "editor" */ '../../features/editor/DescriptionEditor'),
    );
  }
  return loads;
}

/** Starts `routeChunkLoads`; a failure is left to the router's own import (webpack tries a failed chunk again). */
export function preloadRouteChunks(pathname: string): void {
  for (const load of routeChunkLoads(pathname)) load.catch(() => undefined);
}
