/*
 * A stub Redux DevTools extension for __tests__/client/app/devtools.test.ts: installed as a side effect of importing
 * this module, before RTK is loaded (RTK reads `window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__` once, when it loads).
 * It records the options the store passed and every action that reaches the reducer, with the state after it.
 */

export interface DevtoolsOptions {
  name?: string;
  actionSanitizer?: (action: unknown, id: number) => unknown;
  stateSanitizer?: (state: unknown, index: number) => unknown;
}

export const received: { options: DevtoolsOptions; raw: Array<{ action: unknown; state: unknown }> } = {
  options: {},
  raw: [],
};

type Reducer = (state: unknown, action: unknown) => unknown;
type CreateStore = (reducer: Reducer, preloaded: unknown) => unknown;
type Enhancer = (next: CreateStore) => CreateStore;

(window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
  (options: DevtoolsOptions) =>
  (...enhancers: Enhancer[]): Enhancer =>
  (createStore) => {
    received.options = options;
    // Innermost, as the extension's own enhancer: it sees every action the reducer gets.
    const watched: CreateStore = (reducer, preloaded) =>
      createStore((state, action) => {
        const next = reducer(state, action);
        received.raw.push({ action, state: next });
        return next;
      }, preloaded);
    return enhancers.reduceRight<CreateStore>((next, enhancer) => enhancer(next), watched);
  };
