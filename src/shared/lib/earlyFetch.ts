import type { Envelope } from '../../../contract/envelope';
import { noteEventMarkOf } from './eventMarks';

/*
 * The one GET the early script (src/early.ts, app/earlyStart.ts) makes for each response it fetches ahead of the
 * app: with the renewed access token, read the way RTK Query's base query reads it (src/api/baseQuery.ts), so
 * the app can put the answer into RTK Query's cache as is (features/items/earlyResponse.ts).
 * docs/performance.md "App start". No Redux and no RTK Query here: this module is in the early script.
 */

/**
 * GET `url` with `Authorization: Bearer {accessToken}` and the cookies, and return the envelope's `result` when
 * the answer is a successful envelope whose result passes `isValid`. Null for anything else — a 401, a 404, a
 * failed envelope, a network error —: the page then loads the data the usual way (which renews, retries and shows
 * its own errors). A successful answer's `x-event-mark` is noted for the live stream (shared/lib/eventMarks.ts).
 */
export async function fetchEnvelopeResult<T>(
  url: string,
  accessToken: string,
  isValid: (result: unknown) => result is T,
  fetchImpl: typeof fetch = fetch,
): Promise<T | null> {
  try {
    const response = await fetchImpl(url, {
      credentials: 'include',
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) return null;
    noteEventMarkOf(response);
    const body = (await response.json()) as Envelope<unknown> | null;
    if (!body?.isSuccess || !isValid(body.result)) return null;
    return body.result;
  } catch {
    return null;
  }
}
