/**
 * Zod-free constants shared by server and client. The client imports values only from zod-free modules (this
 * one, `workspaceName.ts`, `teamName.ts`) so zod never reaches its bundle; the schema modules re-export them.
 */

/** Page size of the team list (docs/product.md "Limits": teams 20). */
export const TEAM_PAGE_SIZE = 20;
