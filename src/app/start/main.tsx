import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../App';
import { createAppRouter, type AppRouterOptions } from '../router';

/**
 * Creates the data router — which starts the current URL's lazy route chunks and runs its loaders (a list route
 * prefetches its first page) — and renders <App/> in StrictMode. The router creates the store on first need (lazy
 * `app-store` chunk, see app/appStore.ts), applies the early renewal's outcome to it and attaches its own
 * `navigate` to the saga context. `early`: what the entry already started (start/earlySession.ts).
 */
export function startApp(early: AppRouterOptions): void {
  const router = createAppRouter(early);
  performance.mark?.('momentum:router');

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
