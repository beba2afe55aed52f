import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import type { AppStore } from './store';

/** Pathless layout route of every screen that uses Redux: provides the (already rehydrated) store. */
export function StoreLayout({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
