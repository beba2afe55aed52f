import { EVENT_MARK_HEADER } from '../../../contract/constants';

/*
 * Event marks of the data this tab fetched before its event stream opened (docs/live-updates.md "Data fetched
 * before the stream opens"). Every authenticated API answer carries `x-event-mark`: the newest outbox id the server
 * had seen when the request arrived. The tab's first stream resumes after the oldest mark it received, so an event
 * that happened between a fetch and the stream's opening is replayed instead of lost. Answers that arrive after the
 * stream began with a mark older than where it resumed (a request that was still in flight) call the stale
 * listener, which refetches what is shown.
 *
 * The state sits on `globalThis` under a registered symbol, because the early script (src/early.ts) is its own
 * bundle and fetches before the app's modules exist; both bundles read and write the same state. Not in Redux: a
 * number per tab that no screen shows.
 */

/** The event marks of one tab (see above). */
export interface EventMarks {
  /**
   * Records the `x-event-mark` of one answer (a decimal outbox id; anything else is ignored). Before the stream
   * begins it keeps the oldest; after, a mark older than where the stream resumed calls the stale listener once
   * for that mark (and the resume point moves down to it, so the same old mark does not refetch twice).
   */
  note(value: string | null | undefined): void;
  /**
   * The tab's own stream begins: returns the id to resume after (the oldest mark collected, as the decimal string
   * `lastEventId` takes), or null when nothing was fetched before. Later marks are compared with it.
   */
  beginOwnStream(): string | null;
  /**
   * The tab follows another tab's stream, which stands at `leaderId` (the last id it received or resumed after):
   * true when that is past the oldest mark collected here, i.e. events happened after this tab's data was read
   * and before it heard the relay (the caller refetches). Later marks are compared with the leader's position.
   */
  followStream(leaderId: string | null): boolean;
  /** Called when an answer turns out older than the stream (see `note`); null to stop. */
  onStale(listener: (() => void) | null): void;
  /**
   * The stream stops (sign-out, the shell unmounts): marks are collected again, starting from where the stream
   * stood (`lastId`, the last id it received) or resumed, so the next stream replays from there.
   */
  pauseStream(lastId: string | null): void;
  /** Forgets every mark and the listener (tests start each case from a fresh page). */
  forget(): void;
}

const MARK = /^\d{1,15}$/;
const parse = (value: string | null | undefined): number | null =>
  value && MARK.test(value) ? Number(value) : null;

/** A tab's marks (the app uses `eventMarks`, one per page; tests make one per simulated tab). */
export function createEventMarks(): EventMarks {
  /** True until the stream begins (marks are collected), false after (marks are compared). */
  let collecting = true;
  /** The oldest mark collected. */
  let oldest: number | null = null;
  /** Where the stream resumed (or the leader tab stood); older marks arriving later mean stale data. */
  let from: number | null = null;
  let stale: (() => void) | null = null;
  return {
    note(value) {
      const mark = parse(value);
      if (mark === null) return;
      if (collecting) {
        if (oldest === null || mark < oldest) oldest = mark;
      } else if (from !== null && mark < from) {
        from = mark;
        stale?.();
      }
    },
    beginOwnStream() {
      if (collecting) {
        collecting = false;
        from = oldest;
      }
      return from === null ? null : String(from);
    },
    followStream(leaderId) {
      if (!collecting) return false;
      collecting = false;
      const leader = parse(leaderId);
      from = leader ?? oldest;
      return leader !== null && oldest !== null && leader > oldest;
    },
    onStale(listener) {
      stale = listener;
    },
    pauseStream(lastId) {
      if (!collecting) oldest = parse(lastId) ?? from;
      collecting = true;
      from = null;
      stale = null;
    },
    forget() {
      collecting = true;
      oldest = null;
      from = null;
      stale = null;
    },
  };
}

const KEY = Symbol.for('momentum.eventMarks');

/** This page's marks, shared by the early script's bundle and the app's (see above). */
export const eventMarks: EventMarks = (() => {
  const holder = globalThis as unknown as Record<symbol, EventMarks | undefined>;
  return (holder[KEY] ??= createEventMarks());
})();

/** Notes the mark header of a `fetch` response into this page's marks. */
export function noteEventMarkOf(response: Pick<Response, 'headers'> | undefined | null): void {
  eventMarks.note(response?.headers?.get(EVENT_MARK_HEADER));
}
