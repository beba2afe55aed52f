/**
 * Public entry of server/modules/github-webhook: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). GitHub webhooks (docs/product.md "Integrations").
 */
export { githubWebhookRoutes } from './routes';
