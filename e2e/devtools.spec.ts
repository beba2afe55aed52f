import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, watchConsole } from './support';

/**
 * Issue #24: Redux DevTools in the production build (README "Debugging a production build with time-travel"). B's
 * browser has a stub of the extension's hook (`window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__`, the one RTK's
 * `configureStore` calls), installed before any script runs; it records what the extension would receive — every
 * action through the store's `actionSanitizer` and the state through its `stateSanitizer`. A teammate (A) creates
 * an issue through the API; the live event must arrive in B's DevTools as `live/eventReceived`, and no access token
 * (nor any JWT) may appear in anything DevTools received.
 */

declare global {
  interface Window {
    __devtoolsLog?: { name?: string; actions: string[]; state: string | null };
  }
}

/** Runs in the page before the app: the compose variant of the extension, recording sanitized actions and state. */
function installDevtoolsStub() {
  type Reducer = (state: unknown, action: unknown) => unknown;
  type CreateStore = (reducer: Reducer, preloaded: unknown) => { getState(): unknown };
  type Enhancer = (next: CreateStore) => CreateStore;
  interface Options {
    name?: string;
    actionSanitizer?: (action: unknown, id: number) => unknown;
    stateSanitizer?: (state: unknown, index: number) => unknown;
  }
  const log: NonNullable<Window['__devtoolsLog']> = { actions: [], state: null };
  window.__devtoolsLog = log;
  (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options: Options) =>
    (...enhancers: Enhancer[]): Enhancer =>
    (createStore) => {
      log.name = options.name;
      let id = 0;
      const watched: CreateStore = (reducer, preloaded) => {
        const store = createStore((state, action) => {
          const next = reducer(state, action);
          const sanitize = options.actionSanitizer ?? ((value: unknown) => value);
          log.actions.push(JSON.stringify(sanitize(action, id++)) ?? 'null');
          return next;
        }, preloaded);
        const getState = store.getState.bind(store);
        // The state as DevTools shows it, read when the test asks (sanitizing every state would only be slower).
        (window as unknown as Record<string, unknown>).__devtoolsState = () =>
          JSON.stringify((options.stateSanitizer ?? ((value: unknown) => value))(getState(), id));
        return store;
      };
      return enhancers.reduceRight<CreateStore>((next, enhancer) => enhancer(next), watched);
    };
}

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

async function devtoolsView(page: Page) {
  return page.evaluate(() => ({
    name: window.__devtoolsLog?.name,
    actions: window.__devtoolsLog?.actions ?? [],
    state:
      ((window as unknown as Record<string, unknown>).__devtoolsState as (() => string) | undefined)?.() ??
      null,
  }));
}

test('DevTools in the production build: a teammate’s live event arrives, the token never does', async ({
  browser,
}) => {
  const contextA = await browser.newContext();
  const a = await contextA.newPage();
  const created = await enterWorkspace(
    a,
    { name: '김민수', email: 'minsu@devtools.example' },
    { create: 'DevTools1' },
  );
  const teamId = created.defaultTeamId;
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;

  const contextB = await browser.newContext();
  await contextB.addInitScript(installDevtoolsStub);
  const b = await contextB.newPage();
  const errors = watchConsole(b);
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@devtools.example' },
    { token, password: created.invitePassword! },
  );

  await b.goto(`/workspace/default/team/${teamId}/issue`);
  await expect(b.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  const made = await api(a, 'POST', `/api/teams/${teamId}/issues`, { title: '디브툴스 이슈' });
  expect(made.status).toBe(201);
  await expect(b.getByText('디브툴스 이슈')).toBeVisible({ timeout: 2_000 });

  const view = await devtoolsView(b);
  expect(view.name).toBe('Momentum');
  const types = view.actions.map((text) => (JSON.parse(text) as { type?: string }).type);
  expect(types).toContain('session/reissueSucceeded');
  expect(types).toContain('live/statusChanged');
  const live = view.actions
    .map(
      (text) => JSON.parse(text) as { type?: string; payload?: { type?: string; item?: { title?: string } } },
    )
    .filter((action) => action.type === 'live/eventReceived');
  expect(live).toContainEqual(
    expect.objectContaining({
      payload: expect.objectContaining({
        type: 'item.created',
        item: expect.objectContaining({ title: '디브툴스 이슈' }),
      }),
    }),
  );
  // The page holds a token (it just used it) …
  const state = JSON.parse(view.state!) as { session: { accessToken: string | null } };
  expect(state.session.accessToken).toBe('[redacted]');
  // … and DevTools never saw one: not in the state, not in any action (reissue answers, tickets included).
  expect(view.state).not.toMatch(JWT);
  for (const text of view.actions) expect(text).not.toMatch(JWT);
  expect(errors).toEqual([]);

  await contextA.close();
  await contextB.close();
});
