/**
 * Public entry of server/modules/items: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Goals, issues and externals: one generic item model parameterized by kind (docs/product.md "Items", "Grouped lists").
 */
export { requireItemAccess } from './access';
export { cursorAfter, decodeCursor } from './cursor';
export { groupingSql } from './groupings';
export { KIND_BY_CATEGORY, KIND_BY_NAME } from './kinds';
export { compareGroups, groupPredicate, listRowJson, locateCursor, toListItem } from './list';
export { liveFields, publishItemChange } from './live';
export { itemRoutes } from './routes';
export { createItem } from './service';
