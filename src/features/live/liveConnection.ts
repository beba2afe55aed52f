import type { LiveEvent } from '../../../contract/events';

/*
 * One tab's event stream (docs/architecture.md "Live updates"; wire format in contract/events.ts). A ticket works once, so the
 * browser's own EventSource reconnect cannot be used: on any error the source is closed, and after a backoff a
 * new ticket opens a new source with `lastEventId` = the last id received (the server replays what was missed).
 * Framework-free: the caller supplies the ticket, the event sink and the status sink (features/live/liveUpdates.ts).
 */

/** The part of `EventSource` used here (tests inject a fake). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: 'change', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
export type EventSourceFactory = new (url: string) => EventSourceLike;

/** First retry delay (ms); doubles per failed attempt up to `BACKOFF_MAX_MS`. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A connection that stayed open this long (ms) counts as healthy: the next drop retries after the base delay. */
export const STABLE_CONNECTION_MS = 10_000;

/**
 * Delay before retry number `attempt` (0-based), in ms: `1 s · 2^attempt` spread by ±25 % jitter (`random` in
 * [0, 1)), kept within 1 s … 30 s, so browsers that lost the server together do not all return at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const nominal = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  const jittered = nominal * (0.75 + 0.5 * random());
  return Math.round(Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_BASE_MS, jittered)));
}

/** `GET /api/events?ticket=<t>[&lastEventId=<n>]`. */
export function streamUrl(ticket: string, lastEventId: string | null): string {
  const params = new URLSearchParams({ ticket });
  if (lastEventId) params.set('lastEventId', lastEventId);
  return `/api/events?${params.toString()}`;
}

/** A parsed `data:` line, or null when it is not a live event (ignored). */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as LiveEvent).type === 'string') {
      return parsed as LiveEvent;
    }
  } catch {
    // malformed: skipped
  }
  return null;
}

/** Where the stream resumes; shared with the other tabs' relay so a new leader resumes where the old one was. */
export interface ResumePoint {
  /** The last event id received (decimal string), or null before the first one. */
  lastEventId: string | null;
  /** A stream was open before (a reconnect without an id may have missed events: refetch everything then). */
  wasConnected: boolean;
}

export interface LiveConnectionOptions {
  /** A fresh one-time ticket (POST /api/events/ticket); rejects when none can be had right now. */
  fetchTicket: () => Promise<string>;
  /** Each event, in order; `id` is its outbox id. A local `{type:'resync'}` is passed when events may be lost. */
  onEvent: (event: LiveEvent, id: string | null) => void;
  /** true once a stream is open, false when it is lost (not repeated while it stays so). */
  onStatus: (connected: boolean) => void;
  EventSource: EventSourceFactory;
  resume?: ResumePoint;
  /**
   * Where the first stream resumes when it has no id yet: the oldest event mark of the data fetched before it
   * (shared/lib/eventMarks.ts `beginOwnStream`), so the events between that fetch and the stream are replayed.
   */
  firstResumeId?: () => string | null;
  random?: () => number;
  now?: () => number;
  /** Where `online` is listened to (retry at once when the network returns); `window` by default. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export interface LiveConnection {
  start(): void;
  /** Closes the stream and cancels any retry; final. */
  stop(): void;
}

/** Creates (not starts) a connection. */
export function createLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const { fetchTicket, onEvent, onStatus, EventSource } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const resume: ResumePoint = options.resume ?? { lastEventId: null, wasConnected: false };
  const target = options.target === undefined && typeof window !== 'undefined' ? window : options.target;

  let stopped = true;
  let source: EventSourceLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let openedAt: number | null = null;
  let connected = false;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    onStatus(value);
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer !== null) return;
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        void connect();
      },
      backoffDelay(attempt, random),
    );
    attempt += 1;
  };

  const onChange = (event: MessageEvent<string>) => {
    const parsed = parseLiveEvent(event.data);
    const id = event.lastEventId || null;
    if (id) resume.lastEventId = id;
    if (parsed) onEvent(parsed, id);
  };

  const connect = async () => {
    if (stopped || source) return;
    let ticket: string;
    try {
      ticket = await fetchTicket();
    } catch {
      scheduleRetry();
      return;
    }
    if (stopped || source) return;
    // After the ticket: its answer's mark is among those collected.
    if (!resume.wasConnected && !resume.lastEventId && options.firstResumeId) {
      resume.lastEventId = options.firstResumeId();
    }
    const opened = new EventSource(streamUrl(ticket, resume.lastEventId));
    source = opened;
    opened.onopen = () => {
      if (source !== opened) return;
      openedAt = now();
      // Reconnected with nothing to resume from: the server cannot replay, so refetch what is shown.
      if (resume.wasConnected && !resume.lastEventId) onEvent({ type: 'resync' }, null);
      resume.wasConnected = true;
      setConnected(true);
    };
    opened.addEventListener('change', (event) => {
      if (source === opened) onChange(event);
    });
    opened.onerror = () => {
      if (source !== opened) return;
      // Closed by the server, the network or a refused ticket: never let EventSource retry with a used ticket.
      opened.close();
      source = null;
      if (openedAt !== null && now() - openedAt >= STABLE_CONNECTION_MS) attempt = 0;
      openedAt = null;
      setConnected(false);
      scheduleRetry();
    };
  };

  const onOnline = () => {
    if (stopped || retryTimer === null) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    void connect();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      target?.addEventListener('online', onOnline);
      void connect();
    },
    stop() {
      stopped = true;
      target?.removeEventListener('online', onOnline);
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      source?.close();
      source = null;
      openedAt = null;
      connected = false;
    },
  };
}
