import type { Persistor } from 'redux-persist';

/**
 * Resolves once redux-persist has rehydrated every persisted slice, so guards read the stored session and
 * workspace flags, never the initial empty state. (No redux-persist runtime import: the router
 * in the entry chunk uses this.)
 */
export function whenRehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) {
      resolve();
      return;
    }
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}
