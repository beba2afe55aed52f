import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import type { AppStoreOptions } from '../../../src/app/store';
import { theme } from '../../../src/app/theme';
import WorkspaceShell from '../../../src/features/workspace/WorkspaceShell';
import { createTestStore } from './helpers';

/**
 * Renders only the workspace shell (sidebar, `<main>` with `pages`, toasts) at `path` with a real test store, in
 * StrictMode like the browser entry, so tests do not depend on the app's real pages.
 */
export async function renderWorkspaceShell(
  path: string,
  pages: RouteObject[],
  options: AppStoreOptions = {},
) {
  const bundle = await createTestStore(options);
  const router = createMemoryRouter([{ path: '/workspace', element: <WorkspaceShell />, children: pages }], {
    initialEntries: [path],
  });
  const view = render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <Provider store={bundle.store}>
          <RouterProvider router={router} />
        </Provider>
      </ThemeProvider>
    </StrictMode>,
  );
  return { ...view, ...bundle, router };
}
