/**
 * Public entry of server/modules/admin: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Workspace administration (roles, ownership, removal, invites, audit list; docs/security.md "Roles").
 */
export { adminRoutes } from './routes';
