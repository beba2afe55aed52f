import type { AppNavigate } from './navigation';
import { createAppStore, type AppStoreBundle } from './store';

/**
 * The browser's one store, created on first need. This module is its own lazy chunk (`app-store`, prefetched
 * at idle): the login page renders without Redux, so the state layer (~37 KB gzip: RTK, RTK Query, redux-saga,
 * redux-persist, react-redux) stays off the login route's critical path.
 */
let bundle: AppStoreBundle | undefined;

export function getAppStore(navigate: AppNavigate): AppStoreBundle {
  if (!bundle) {
    bundle = createAppStore();
    bundle.setNavigate(navigate);
  }
  return bundle;
}
