import type { EarlyRenewalOutcome } from '../../features/session/earlyRenewal';
import type { FirstDetail } from './firstDetail';
import type { FirstListPage } from './firstListPage';

/*
 * How the early script (src/early.ts) hands what it started to the app's entry (start/earlySession.ts): one
 * property of `window`, taken — and deleted — by the entry. Only types are imported here, so the entry's chunk does
 * not carry the early script's code a second time.
 */

/** What the early script started (start/earlyStart.ts). */
export interface EarlyStart {
  /** The session renewal, or null when none was needed. */
  earlyRenewal: Promise<EarlyRenewalOutcome> | null;
  /** The first page of the list at this URL, requested right after the renewal, or null. */
  firstListPage: Promise<FirstListPage | null> | null;
  /** The detail and comments of the item at this URL, requested right after the renewal, or null. */
  firstDetail: FirstDetail | null;
  /** Resolves once the reissue request has left (or there was none). */
  requestSent: Promise<void>;
}

/** The `window` property that carries the early start from the early script to the entry. */
export const EARLY_START_KEY = '__momentumEarlyStart';

type WithEarlyStart = { [EARLY_START_KEY]?: EarlyStart };

/** Leaves `start` for the entry (called by the early script). */
export function publishEarlyStart(target: object, start: EarlyStart): void {
  (target as WithEarlyStart)[EARLY_START_KEY] = start;
}

/** What the early script started, once: the property is deleted. Null when it did not run (or was taken). */
export function takeEarlyStart(target: object): EarlyStart | null {
  const holder = target as WithEarlyStart;
  const start = holder[EARLY_START_KEY] ?? null;
  delete holder[EARLY_START_KEY];
  return start;
}
