import { fetchFirstListPage, matchListUrl, type FirstListPage } from './firstListPage';
import {
  PERSISTED_INVITE_KEY,
  readPersistedFlag,
  startEarlyRenewal,
  type RenewalStorage,
} from '../../features/session/earlyRenewal';
import type { EarlyStart } from './handoff';
import { fetchFirstDetail, matchDetailUrl, type FirstDetail } from './firstDetail';

/*
 * What a fresh page starts before any of the app's code has loaded (docs/architecture.md "Session"). The early
 * script (src/early.ts, the first script of index.html, a few KB) runs this while the HTML is parsed, so the
 * requests go out while the browser is still fetching the app's bundles; the app (start/earlySession.ts) takes
 * the result over when it starts. For a `/workspace` URL in a browser that holds a session:
 * - the session renewal (features/session/earlyRenewal.ts): the access token is kept in memory only, so a new page
 *   has none; the router hands the outcome to the store (app/appStore.ts);
 * - for a list URL, the list's first page with the renewed token (start/firstListPage.ts); the list
 *   route's loader hands it to RTK Query;
 * - for an item's detail URL (view or edit, every kind), the detail and its comments with the renewed token
 *   (start/firstDetail.ts); the detail routes' loader hands them to RTK Query the same way.
 * The token stays in memory; the only thing written is the renewal's short-lived note in local storage (a
 * timestamp, see `claimRenewal` in features/session/earlyRenewal.ts).
 */

/**
 * Starts the renewal and the list's first page or the item's detail for a page at `pathname` (see above). Nothing
 * is started — everything null — outside `/workspace`, without a stored session, or (first page and detail only)
 * without a known workspace or on a URL that is no list or no detail. `requestSent` resolves once the reissue
 * request has left (or the renewal ended without one, or none was started).
 */
export function startEarlySession(pathname: string, storage: RenewalStorage | null): EarlyStart {
  let requestSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    requestSent = resolve;
  });
  const earlyRenewal = startEarlyRenewal(pathname, storage, {
    onRequestSent: () => {
      performance.mark?.('momentum:reissue-sent');
      requestSent();
    },
  });
  if (!earlyRenewal) requestSent();

  // The guard sends a visitor without a session or a workspace to sign in: nothing to load for them.
  const member = !!earlyRenewal && readPersistedFlag(storage, PERSISTED_INVITE_KEY, 'hasWorkspace');
  const list = member ? matchListUrl(pathname) : null;
  const firstListPage: Promise<FirstListPage | null> | null =
    list && earlyRenewal
      ? earlyRenewal.then((outcome) =>
          outcome.kind === 'renewed' ? fetchFirstListPage(list, outcome.accessToken) : null,
        )
      : null;
  const detail = member ? matchDetailUrl(pathname) : null;
  let firstDetail: FirstDetail | null = null;
  if (detail && earlyRenewal) {
    const fetched = earlyRenewal.then((outcome) =>
      outcome.kind === 'renewed' ? fetchFirstDetail(detail, outcome.accessToken) : null,
    );
    firstDetail = {
      detail: fetched.then((first) => first?.detail ?? null),
      comments: fetched.then((first) => first?.comments ?? null),
    };
  }
  return { earlyRenewal, firstListPage, firstDetail, requestSent: sent };
}

/** The page's local storage, or null where it is unavailable (disabled storage, some private modes). */
export function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Preloads the first screen's chunk (`href`, named by the build in the early script's `data-first-screen`) when
 * the page starts with a session (`early.earlyRenewal` is set): its download then runs beside the app's bundles
 * instead of after they ran. Low priority, so the render-blocking CSS and the bundles go first. Nothing for the
 * login route and other starts without a session (its budget counts every prefetch). docs/performance.md
 * "Lighthouse". Returns the `<link>` added, or null.
 */
export function preloadFirstScreen(
  doc: Document,
  early: Pick<EarlyStart, 'earlyRenewal'>,
  href: string | null | undefined,
): HTMLLinkElement | null {
  if (!early.earlyRenewal || !href) return null;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = href;
  link.fetchPriority = 'low';
  doc.head.appendChild(link);
  return link;
}

/**
 * Preloads the detail screen's chunks (`hrefs`, space-separated, named by the build in the early script's
 * `data-detail-screen`: the detail page and the description editor, Slate) when the early script requested an
 * item's detail (`early.firstDetail`), each the way `preloadFirstScreen` preloads the first screen's chunk: their
 * downloads then run beside the app's bundles instead of after the detail page's code asked for them
 * (docs/performance.md "Opening an item directly"). Returns the `<link>`s added.
 */
export function preloadDetailScreen(
  doc: Document,
  early: Pick<EarlyStart, 'earlyRenewal' | 'firstDetail'>,
  hrefs: string | null | undefined,
): HTMLLinkElement[] {
  if (!early.firstDetail || !hrefs) return [];
  return hrefs
    .split(' ')
    .map((href) => preloadFirstScreen(doc, early, href))
    .filter((link): link is HTMLLinkElement => link !== null);
}
