/**
 * Public entry of server/modules/search: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Workspace search (docs/architecture.md "Search").
 */
export { searchColumnsFor } from './derive';
export { searchRoutes } from './routes';
