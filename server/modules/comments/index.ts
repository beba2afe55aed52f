/**
 * Public entry of server/modules/comments: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Comments on items (docs/product.md "Comments").
 */
export { commentRoutes } from './routes';
