/**
 * Public entry of server/modules/workspace: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Workspace creation, joining and invites (docs/product.md "Workspace and invitations").
 */
export { generateInvitePassword, generateInviteToken } from './invite';
export { workspaceRoutes } from './routes';
export { defaultTeamId, inviteUrl } from './service';
