/**
 * Public entry of server/modules/audit: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). The audit log (docs/security.md "Audit log"): writing an entry in the caller's transaction, listing and pruning.
 */
export { listAudit, pruneAudit } from './list';
export { recordAudit } from './record';
export type { AuditEntry } from './record';
