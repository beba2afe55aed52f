import { preloadDetailScreen, preloadFirstScreen, startEarlySession, storageOrNull } from './app/start/earlyStart';
import { publishEarlyStart } from './app/start/handoff';

/*
 * The early script: the first script of index.html, loaded without `defer` and small (no React, no Redux), so it
 * runs while the HTML is parsed and the browser is still fetching the app's bundles. It starts the session renewal
 * and the list's first page (app/start/earlyStart.ts) and leaves them for the app's entry (app/start/earlySession.ts). Built
 * as its own webpack entry with its own runtime (webpack.config.js); docs/performance.md "App start".
 */

performance.mark?.('momentum:early');
const early = startEarlySession(window.location.pathname, storageOrNull());
publishEarlyStart(window, early);
preloadFirstScreen(document, early, document.currentScript?.getAttribute('data-first-screen'));
preloadDetailScreen(document, early, document.currentScript?.getAttribute('data-detail-screen'));
