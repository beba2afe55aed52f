/**
 * Query parameters whose values are secrets (OAuth `code`/`state`, the invite `token`, the event stream's one-time
 * `ticket`, tokens and passwords anyone might put in a URL). docs/observability.md "Logs".
 */
const SENSITIVE_QUERY =
  /([?&](?:code|state|token|ticket|password|secret|client_secret|access_token|refresh_token|id_token|key)=)[^&#]*/gi;

/**
 * `text` (a URL, or a message that may quote one) with the values of secret query parameters replaced by
 * `[redacted]`: `/api/events?ticket=abc&x=1` → `/api/events?ticket=[redacted]&x=1`.
 */
export function redactSecretQuery(text: string): string {
  return text.replace(SENSITIVE_QUERY, '$1[redacted]');
}
