/**
 * Public entry of server/modules/system: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Health and system routes.
 */
export { systemRoutes } from './routes';
