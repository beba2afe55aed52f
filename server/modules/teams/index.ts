/**
 * Public entry of server/modules/teams: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Teams, membership and team settings (docs/security.md "Teams").
 */
export { teamRoutes } from './routes';
