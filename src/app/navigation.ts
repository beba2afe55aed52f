import type { Persistor } from 'redux-persist';

/**
 * How sagas navigate: `navigate` lives in the saga context (set once the router exists), never in the store.
 * The data router's `router.navigate` satisfies this signature.
 */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => unknown;

export interface SagaContext {
  navigate: AppNavigate;
  /** Set by the store: the sign-out saga purges and flushes the persisted slices with it. */
  persistor?: Persistor;
}

/** Placeholder until the router is created; navigation before that point is a programming error. */
export const navigateBeforeRouter: AppNavigate = (to) => {
  console.error(`navigate(${to}) called before the router was attached to the saga context`);
};
