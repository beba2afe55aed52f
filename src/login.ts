import { startStaticLogin } from './features/onboarding/staticLogin/staticLogin';

/*
 * The static login page's only script (`dist/onboarding/index.html`, docs/performance.md "Lighthouse"): built as
 * its own webpack entry with its own runtime and no shared chunks (webpack.config.js), loaded with `defer`.
 */

startStaticLogin(document, window.location.search, (url) => window.location.assign(url));
