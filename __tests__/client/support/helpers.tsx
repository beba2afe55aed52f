import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import type { Envelope } from '../../../contract/envelope';
import type { WorkspaceProfile } from '../../../contract/workspace';
import { App } from '../../../src/app/App';
import { createRoutes } from '../../../src/app/router';
import { createAppStore, type AppStoreOptions } from '../../../src/app/store';
import { createMemoryStorage } from '../../../src/app/storage';
import { whenRehydrated } from '../../../src/app/persistence';

/** An `/api` JSON response in the server's envelope. */
export function envelopeResponse<T>(
  status: number,
  result: T,
  code = status < 400 ? 'COMMON200' : `COMMON${status}`,
) {
  const body: Envelope<T> = {
    isSuccess: status < 400,
    code,
    message: status < 400 ? '성공입니다.' : '실패',
    result,
  };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const profile: WorkspaceProfile = {
  workspaceId: 3,
  workspaceName: 'Acme',
  workspaceUrl: 'http://localhost/acme',
  workspaceImageUrl: null,
  defaultTeamId: 7,
  inviteUrl: 'http://localhost/acme/invite?token=tok',
  invitePassword: 'abcd1234',
  // issue #23 (admin)
  myRole: 'owner',
};

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Recorded request: method, path and the Authorization header it carried. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  credentials: RequestCredentials;
}

/**
 * Replaces `fetch` with a router keyed by "METHOD /path" (query string ignored). Unknown routes answer 404.
 * Returns the list of requests seen, in order.
 */
export function mockFetch(routes: Record<string, FetchHandler>) {
  const seen: SeenRequest[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('Authorization'),
      credentials: request.credentials,
    });
    const handler = routes[`${request.method} ${url.pathname}`];
    return handler ? handler(request) : envelopeResponse(404, null, 'COMMON404');
  });
  return { seen, spy };
}

/**
 * The immutability and serializability checks' timing warning threshold in tests (milliseconds): the checks run
 * as in development, but "…InvariantMiddleware took 40ms" on a loaded 2-core machine is noise, not a finding.
 */
export const TEST_INVARIANT_WARN_AFTER_MS = 1000;

/** A store on in-memory storage, rehydrated; the invariant checks warn only past `TEST_INVARIANT_WARN_AFTER_MS`. */
export async function createTestStore(options: AppStoreOptions = {}) {
  const bundle = createAppStore({
    storage: createMemoryStorage(),
    invariantCheckWarnAfterMs: TEST_INVARIANT_WARN_AFTER_MS,
    ...options,
  });
  await whenRehydrated(bundle.persistor);
  return bundle;
}

/**
 * Renders the whole app at `path` with a memory router and a test store. A list of paths opens the last one
 * with the others behind it in history: like arriving by in-app navigation (its location key is not
 * `'default'`), whereas a single path is a fresh load of the document.
 */
export async function renderApp(path: string | string[], options: AppStoreOptions = {}) {
  const bundle = await createTestStore(options);
  const initialEntries = typeof path === 'string' ? [path] : path;
  const router = createMemoryRouter(createRoutes({ loadStore: async () => bundle }), {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  bundle.setNavigate((to, navigateOptions) => router.navigate(to, navigateOptions));
  const view = render(<App router={router} />);
  return { ...view, router, ...bundle };
}
