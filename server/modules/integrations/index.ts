/**
 * Public entry of server/modules/integrations: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). GitHub and Slack integrations (docs/product.md "Integrations", docs/security.md).
 */
export {
  GITHUB_LINK_BACK_TEXT,
  createIntegrations,
  syncExternal,
  syncGithubIssueUpdate,
} from './integrations';
export type { Integrations } from './integrations';
export { integrationRoutes } from './routes';
export { integrationLinks, isTeamInstallation } from './store';
