/**
 * Zod-free constants shared by server and client. The client imports values only from zod-free modules (this
 * one, `workspaceName.ts`, `teamName.ts`) so zod never reaches its bundle; the schema modules re-export them.
 */

/** Page size of the team list (docs/product.md "Limits": teams 20). */
export const TEAM_PAGE_SIZE = 20;

/**
 * Response header of every authenticated API request: the newest outbox id the answering server had seen when the
 * request arrived (decimal). Data read by the request includes every event up to it; a tab that fetched data
 * before its event stream opened resumes the stream after the oldest mark it received, so the events in between
 * are replayed (docs/live-updates.md "Data fetched before the stream opens").
 */
export const EVENT_MARK_HEADER = 'x-event-mark';
