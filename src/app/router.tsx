import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type LoaderFunction, type RouteObject } from 'react-router-dom';
import type { ItemKind } from '../../contract/itemEnums';
import { kindFacts } from '../../contract/kinds';
import type { ItemMode, ItemScope } from '../shared/shellCopy';
import { isAbsoluteHttpUrl, replaceLocation } from '../shared/lib/browser';
import { FullScreenSpinner } from '../shared/ui/FullScreenSpinner';
import { NotFoundPage } from '../shared/ui/NotFoundPage';
import { RouteErrorScreen } from '../shared/ui/RouteErrorScreen';
import type { IntegrationService } from '../features/integrations';
import type { ItemPageProps } from '../features/items';
import type { EarlyRenewalOutcome } from '../features/session/earlyRenewal';
import type { AppNavigate } from './navigation';
import { ITEM_SCOPES, itemRoute, ROUTES, teamRoute } from './paths';
import type { FirstDetail } from './start/firstDetail';
import type { FirstListPage } from './start/firstListPage';
import { whenRehydrated } from './persistence';
import type { AppStoreBundle } from './store';

/**
 * Every route of the app (docs/product.md), each at its `path` in the route table (app/paths.ts). Pages are lazy route modules (webpack chunks `route-*`); the entry holds
 * only the redirects and the error pages. The login page and the onboarding layout share the chunk `route-login`,
 * which the build's bundle budget measures.
 *
 * Redux lives under a pathless `StoreLayout` route that wraps every screen except the login page, `/` and the
 * 404: its lazy loader obtains the store (`loadStore`) and waits for rehydration before anything under it
 * renders, so guards never see an empty store.
 *
 * App start (docs/performance.md "App start"): creating the router starts every lazy chunk of the URL's routes at once, and
 * the list routes' `loader` — static, so it runs in parallel with those chunks — provides the list's first page
 * as soon as the store is ready. In the browser the entry has already started the session renewal and the first
 * page's request (app/start/earlySession.ts): "ready" includes the renewal, so no request carries an expired token, and
 * the loader hands the entry's first page to RTK Query.
 */

export interface RouteDeps {
  /**
   * Resolves the app's store (the browser loads it as a lazy chunk and applies the early session renewal; tests
   * pass their own). Called once; loaders and the store layout share the result.
   */
  loadStore: () => Promise<AppStoreBundle>;
  /** The first page of the list at the start URL, requested by the entry (used once, by that list's loader). */
  firstListPage?: Promise<FirstListPage | null> | null;
  /** The detail (and comments) of the item at the start URL, requested by the early script (used once). */
  firstDetail?: FirstDetail | null;
}

/**
 * What the list and detail loaders share: the ready store, and what the early script fetched for the start URL
 * (each taken once, by the first loader of its kind).
 */
interface ListLoaderDeps {
  ready: () => Promise<AppStoreBundle>;
  takeFirstListPage: () => Promise<FirstListPage | null> | null;
  takeFirstDetail: () => FirstDetail | null;
}

type PageModule = { default: ComponentType };

/** A lazy route whose module's default export is the page component. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Goal/issue/external lists and details: one component, parameterized by kind, mode and team scope. */
const itemPage = (props: ItemPageProps) => async () => {
  const [{ default: ItemPage, loadItemListPage, loadItemDetailPage }] = await Promise.all([
    import(/* webpackChunkName: "route-items" */ '../features/items/pages/ItemPage'),
    // Lists: fetch the list chunk alongside, not after, the page module (no waterfall before the first rows).
    props.mode === 'list' &&
      import(/* webpackChunkName: "route-item-list" */ '../features/items/list/ItemListPage'),
    // Details: the detail chunk and the description editor alongside too (docs/performance.md "Opening an item
    // directly"); a failed editor chunk is the plain fallback (DescriptionSlot.tsx).
    props.mode !== 'list' &&
      import(/* webpackChunkName: "route-item-detail" */ '../features/items/detail/ItemDetailPage'),
    props.mode !== 'list' &&
      import(/* webpackChunkName: "editor" */ '../features/editor/DescriptionEditor').catch(() => null),
  ]);
  // Already loaded: lets ItemPage render the list or detail page (and the editor) without suspending.
  if (props.mode === 'list') await loadItemListPage();
  else await loadItemDetailPage();
  return { element: <ItemPage {...props} /> };
};

/**
 * `/workspace/github/complete` and `/workspace/slack/complete`: where the provider's callback returns,
 * one page parameterized by the service (chunk `route-integrations`).
 */
const integrationComplete = (service: IntegrationService) => async () => {
  const { default: IntegrationCompletePage } = await import(
    /* webpackChunkName: "route-integrations" */ '../features/integrations/IntegrationCompletePage'
  );
  return { element: <IntegrationCompletePage service={service} /> };
};

/**
 * Loader of the list routes: provides the list's first page (app/start/prefetchItemList.ts, in the
 * `app-store` chunk) once the store is ready — the entry's request when there is one (waited for briefly), else an
 * RTK Query request the page joins. It never fails the navigation and never waits for an RTK Query request: the
 * page renders its skeleton meanwhile.
 */
const listLoader =
  ({ ready, takeFirstListPage }: ListLoaderDeps, kind: ItemKind): LoaderFunction =>
  async ({ params }) => {
    const fromEntry = takeFirstListPage();
    try {
      const [{ store }, { prefetchItemList }] = await Promise.all([
        ready(),
        import(/* webpackChunkName: "app-store" */ './start/prefetchItemList'),
      ]);
      await prefetchItemList(store, kind, params.teamId, fromEntry);
      performance.mark?.('momentum:list-ready');
    } catch (error) {
      // The page loads the list itself (and the store layout reports a store that failed to load).
      console.error(error);
    }
    return null;
  };

/**
 * Loader of the detail routes (view, edit): provides the item's detail and, in view mode, its comments
 * (app/start/prefetchItemDetail.ts, in the `route-item-detail` chunk) once the store is ready — the
 * early script's requests when there are some, else RTK Query requests the page joins — like `listLoader`.
 */
const detailLoader =
  ({ ready, takeFirstDetail }: ListLoaderDeps, kind: ItemKind, mode: 'view' | 'edit'): LoaderFunction =>
  async ({ params }) => {
    const fromEntry = takeFirstDetail();
    try {
      const [{ store }, { prefetchItemDetail }] = await Promise.all([
        ready(),
        import(/* webpackChunkName: "route-item-detail" */ './start/prefetchItemDetail'),
      ]);
      await prefetchItemDetail(store, kind, mode, params.teamId, params[kindFacts(kind).idParam], fromEntry);
      performance.mark?.('momentum:detail-ready');
    } catch (error) {
      // The page loads the detail itself (and the store layout reports a store that failed to load).
      console.error(error);
    }
    return null;
  };

/** The order of the kinds' routes (issue first, as before). */
const ROUTE_KINDS: ItemKind[] = ['issue', 'goal', 'external'];
const DETAILS: ItemMode[] = ['create', 'view', 'edit'];

/** A team's routes (`teamRoute`): index → issue, lists, and create/view/edit details per kind (`itemRoute`). */
function teamRoutes(scope: ItemScope, lists: ListLoaderDeps): RouteObject {
  return {
    path: teamRoute(scope).path,
    children: [
      { index: true, element: <Navigate to={kindFacts('issue').routeSegment} replace /> },
      ...ROUTE_KINDS.flatMap((kind): RouteObject[] => [
        {
          path: itemRoute(scope, kind, 'list').path,
          loader: listLoader(lists, kind),
          // Same list again (a link to the open list, a search change): the page keeps its own query.
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
          lazy: itemPage({ kind, mode: 'list', scope }),
        },
        ...DETAILS.map((mode) => ({
          path: itemRoute(scope, kind, mode).path,
          ...((mode === 'view' || mode === 'edit') && { loader: detailLoader(lists, kind, mode) }),
          lazy: itemPage({ kind, mode, scope }),
        })),
      ]),
    ],
  };
}

const LANDING_URL = process.env.LANDING_URL ?? ROUTES.login.href();

/** `/`: to the landing page — an external site (full-page replace) or an in-app path. */
export function LandingRedirect({ target = LANDING_URL }: { target?: string }) {
  const external = isAbsoluteHttpUrl(target);
  useEffect(() => {
    if (external) replaceLocation(target);
  }, [external, target]);
  return external ? <FullScreenSpinner /> : <Navigate to={target} replace />;
}

export function createRoutes({
  loadStore,
  firstListPage = null,
  firstDetail = null,
}: RouteDeps): RouteObject[] {
  /** The rehydrated store: one promise for the layout and the loaders (a failed load is tried again next time). */
  let storeReady: Promise<AppStoreBundle> | undefined;
  const ready = () => {
    storeReady ??= loadStore().then(async (bundle) => {
      await whenRehydrated(bundle.persistor);
      return bundle;
    });
    storeReady.catch(() => {
      storeReady = undefined;
    });
    return storeReady;
  };

  let entryListPage = firstListPage;
  let entryDetail = firstDetail;
  const lists: ListLoaderDeps = {
    ready,
    takeFirstListPage: () => {
      const taken = entryListPage;
      entryListPage = null;
      return taken;
    },
    takeFirstDetail: () => {
      const taken = entryDetail;
      entryDetail = null;
      return taken;
    },
  };

  /** Pathless layout providing the rehydrated store to its children. */
  const withStore = (children: RouteObject[]): RouteObject => ({
    lazy: async () => {
      const [{ store }, { StoreLayout }] = await Promise.all([
        ready(),
        import(/* webpackChunkName: "app-store" */ './StoreLayout'),
      ]);
      return { element: <StoreLayout store={store} /> };
    },
    children,
  });

  return [
    {
      id: 'root',
      hydrateFallbackElement: <FullScreenSpinner />,
      errorElement: <RouteErrorScreen fallbackStatus={500} />,
      children: [
        { path: ROUTES.landing.path, element: <LandingRedirect />, errorElement: <NotFoundPage /> },
        {
          path: ROUTES.login.path,
          lazy: page(
            () => import(/* webpackChunkName: "route-login" */ '../features/onboarding/OnboardingLayout'),
          ),
          errorElement: <NotFoundPage />,
          children: [
            {
              index: true,
              lazy: page(
                () => import(/* webpackChunkName: "route-login" */ '../features/onboarding/pages/LoginPage'),
              ),
            },
            withStore([
              {
                path: ROUTES.onboardingWorkspace.path,
                lazy: page(
                  () =>
                    import(
                      /* webpackChunkName: "route-onboarding" */ '../features/onboarding/pages/WorkspacePage'
                    ),
                ),
              },
              {
                // Guard (docs/product.md "Onboarding"): a fresh (non-reload) load of these needs stored invite data.
                lazy: page(
                  () =>
                    import(
                      /* webpackChunkName: "route-onboarding" */ '../features/onboarding/OnboardingGuard'
                    ),
                ),
                children: [
                  {
                    path: ROUTES.onboardingInvite.path,
                    lazy: page(
                      () =>
                        import(
                          /* webpackChunkName: "route-onboarding" */ '../features/onboarding/pages/InvitePage'
                        ),
                    ),
                  },
                  {
                    path: ROUTES.onboardingFin.path,
                    lazy: page(
                      () =>
                        import(
                          /* webpackChunkName: "route-onboarding" */ '../features/onboarding/pages/FinPage'
                        ),
                    ),
                  },
                  {
                    path: ROUTES.onboardingInputPw.path,
                    lazy: page(
                      () =>
                        import(
                          /* webpackChunkName: "route-onboarding" */ '../features/onboarding/pages/InputPasswordPage'
                        ),
                    ),
                  },
                ],
              },
              {
                path: ROUTES.onboardingLoading.path,
                lazy: page(
                  () =>
                    import(
                      /* webpackChunkName: "route-loading" */ '../features/onboarding/pages/LoadingPage'
                    ),
                ),
              },
            ]),
          ],
        },
        withStore([
          {
            path: ROUTES.workspaceInvite.path,
            lazy: page(
              () => import(/* webpackChunkName: "route-invite" */ '../features/invite/InviteLandingPage'),
            ),
            errorElement: <NotFoundPage />,
          },
          {
            path: ROUTES.workspaceComplete.path,
            lazy: page(
              () =>
                import(
                  /* webpackChunkName: "route-workspace" */ '../features/workspace/pages/DefaultTeamRedirect'
                ),
            ),
          },
          {
            path: ROUTES.workspace.path,
            lazy: page(
              () =>
                import(
                  /* webpackChunkName: "route-workspace" */ '../features/workspace/RequireWorkspaceSession'
                ),
            ),
            errorElement: <RouteErrorScreen fallbackStatus={500} />,
            children: [
              {
                lazy: page(
                  () =>
                    import(/* webpackChunkName: "route-workspace" */ '../features/workspace/WorkspaceShell'),
                ),
                children: [
                  {
                    index: true,
                    lazy: page(
                      () =>
                        import(
                          /* webpackChunkName: "route-workspace" */ '../features/workspace/pages/DefaultTeamRedirect'
                        ),
                    ),
                  },
                  {
                    path: ROUTES.noti.path,
                    lazy: page(
                      () =>
                        import(
                          /* webpackChunkName: "route-notifications" */ '../features/notifications/NotificationsPage'
                        ),
                    ),
                  },
                  {
                    path: ROUTES.settings.path,
                    children: [
                      { index: true, element: <Navigate to={ROUTES.wsProfile.href()} replace /> },
                      {
                        path: ROUTES.wsProfile.path,
                        lazy: page(
                          () =>
                            import(
                              /* webpackChunkName: "route-settings" */ '../features/settings/pages/WorkspaceProfilePage'
                            ),
                        ),
                      },
                      {
                        path: ROUTES.teamList.path,
                        lazy: page(
                          () =>
                            import(
                              /* webpackChunkName: "route-settings" */ '../features/settings/pages/TeamListPage'
                            ),
                        ),
                      },
                      {
                        path: ROUTES.teamMembers.path,
                        lazy: page(
                          () =>
                            import(
                              /* webpackChunkName: "route-settings" */ '../features/settings/pages/TeamMembersPage'
                            ),
                        ),
                      },
                      // issue #23 (teams and membership): a team's settings page
                      {
                        path: ROUTES.teamSettings.path,
                        lazy: page(
                          () =>
                            import(
                              /* webpackChunkName: "route-settings" */ '../features/settings/pages/TeamSettingsPage'
                            ),
                        ),
                      },
                      {
                        path: ROUTES.myProfile.path,
                        lazy: page(
                          () =>
                            import(
                              /* webpackChunkName: "route-settings" */ '../features/settings/pages/MyProfilePage'
                            ),
                        ),
                      },
                      // issue #23 (admin): the audit log (admins).
                      {
                        path: ROUTES.auditLog.path,
                        lazy: page(
                          () =>
                            import(
                              /* webpackChunkName: "route-settings" */ '../features/settings/pages/AuditLogPage'
                            ),
                        ),
                      },
                    ],
                  },
                  // issue #23 (teams and membership): 팀 둘러보기
                  {
                    path: ROUTES.teamBrowse.path,
                    lazy: page(
                      () =>
                        import(
                          /* webpackChunkName: "route-teams" */ '../features/settings/pages/TeamBrowsePage'
                        ),
                    ),
                  },
                  ...ITEM_SCOPES.map((scope) => teamRoutes(scope, lists)),
                  { path: ROUTES.githubComplete.path, lazy: integrationComplete('GITHUB') },
                  { path: ROUTES.slackComplete.path, lazy: integrationComplete('SLACK') },
                ],
              },
            ],
          },
        ]),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export interface AppRouterOptions {
  /** The session renewal the entry started before React (app/start/earlySession.ts); the store applies its outcome. */
  earlyRenewal?: Promise<EarlyRenewalOutcome> | null;
  /** The first page of the start URL's list, requested by the entry (app/start/earlySession.ts). */
  firstListPage?: Promise<FirstListPage | null> | null;
  /** The detail of the start URL's item, requested by the early script (app/start/earlySession.ts). */
  firstDetail?: FirstDetail | null;
}

/**
 * The browser's data router. The store is created on first need by the lazy `app-store` chunk, and its sagas
 * navigate with this router. Not prefetched: a `/workspace` start with a session requests it at once
 * (app/start/routeChunks.ts), the other store routes load it with their route; a signed-out visitor needs none of it
 * (the login route's budget counts every prefetch, docs/performance.md "Bundle sizes").
 */
export function createAppRouter({
  earlyRenewal = null,
  firstListPage = null,
  firstDetail = null,
}: AppRouterOptions = {}) {
  const navigate: AppNavigate = (to, options) => router.navigate(to, options);
  const router = createBrowserRouter(
    createRoutes({
      loadStore: () =>
        import(/* webpackChunkName: "app-store" */ './appStore').then((m) =>
          m.loadAppStore(navigate, earlyRenewal),
        ),
      firstListPage,
      firstDetail,
    }),
  );
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
