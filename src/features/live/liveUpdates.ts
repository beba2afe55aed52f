import type { LiveEvent } from '../../../contract/events';
import { type EventMarks, eventMarks } from '../../shared/lib/eventMarks';
import type { LiveResyncReason } from './liveSlice';
import {
  createLiveConnection,
  type EventSourceFactory,
  type LiveConnection,
  type ResumePoint,
} from './liveConnection';

/*
 * One event stream per browser, not per tab (docs/architecture.md "Live updates"): the tab holding the Web Lock
 * `momentum-events` is the leader and holds the stream (features/live/liveConnection.ts); it passes each event on
 * (to features/live/liveSaga.ts, which dispatches it) and relays it, with its connection status, over the
 * BroadcastChannel `momentum-events`. The other tabs pass the relayed events on the same way; when the leader
 * closes or signs out, its lock passes to a waiting tab, which resumes from the last id it saw relayed. Same pattern as features/session/crossTabRenewal.ts. Without Web Locks or
 * BroadcastChannel every tab holds its own stream (the server allows 8 per member); without EventSource nothing
 * happens.
 */

export const EVENTS_LOCK_NAME = 'momentum-events';
export const EVENTS_CHANNEL_NAME = 'momentum-events';
/** A stream lost (or not yet open) for this long shows the quiet offline status (ms). */
export const OFFLINE_NOTICE_MS = 5_000;

type RelayMessage =
  | { type: 'momentum/liveEvent'; id: string | null; event: LiveEvent }
  | { type: 'momentum/liveStatus'; connected: boolean; lastEventId?: string | null }
  | { type: 'momentum/liveHello' };

/** What the browser offers; injectable for tests. */
export interface LiveEnvironment {
  EventSource?: EventSourceFactory | null;
  locks?: Pick<LockManager, 'request'> | null;
  BroadcastChannel?: typeof BroadcastChannel | null;
}

export function browserLiveEnvironment(): LiveEnvironment {
  const win = typeof window !== 'undefined' ? window : undefined;
  return {
    EventSource: typeof win?.EventSource === 'function' ? win.EventSource : null,
    locks: typeof navigator !== 'undefined' ? (navigator.locks ?? null) : null,
    BroadcastChannel: typeof BroadcastChannel === 'function' ? BroadcastChannel : null,
  };
}

export interface LiveUpdatesOptions {
  /** A fresh one-time ticket (POST /api/events/ticket). */
  fetchTicket: () => Promise<string>;
  /** Receives one event of the stream (own or relayed), in order (features/live/liveSaga.ts dispatches it). */
  apply: (event: LiveEvent) => void;
  /**
   * Events may have been missed here without the server saying so (`reason`); `apply({ type: 'resync' })` when not
   * given.
   */
  onResync?: (reason: LiveResyncReason) => void;
  /** Whether this tab receives events now (its own stream or the leader's). */
  onStatus: (connected: boolean) => void;
  env?: LiveEnvironment;
  random?: () => number;
  /** The event marks of this tab's fetched data (shared/lib/eventMarks.ts); the page's unless given (tests). */
  marks?: EventMarks;
}

function isRelayMessage(data: unknown): data is RelayMessage {
  const type = (data as RelayMessage | null)?.type;
  return type === 'momentum/liveEvent' || type === 'momentum/liveStatus' || type === 'momentum/liveHello';
}

/**
 * Starts live updates for this tab; returns `stop` (closes the stream, gives the lock to another tab), or null
 * when the browser has no EventSource (then this tab never receives events).
 */
export function startLiveUpdates(options: LiveUpdatesOptions): (() => void) | null {
  const env = options.env ?? browserLiveEnvironment();
  const EventSource = env.EventSource;
  if (!EventSource) return null;

  const resume: ResumePoint = { lastEventId: null, wasConnected: false };
  const marks = options.marks ?? eventMarks;
  const resync = (reason: LiveResyncReason) =>
    options.onResync ? options.onResync(reason) : options.apply({ type: 'resync' });
  // An answer older than the stream (a request in flight when it began): refetch what is shown.
  marks.onStale(() => resync('staleAnswer'));
  let stopped = false;
  let leader = false;
  let connected = false;
  let connection: LiveConnection | null = null;
  let releaseLock: (() => void) | null = null;
  const abort = typeof AbortController === 'function' ? new AbortController() : null;

  // Relaying needs both the lock (one leader) and the channel; otherwise every tab holds its own stream.
  let channel: BroadcastChannel | null = null;
  const Channel = env.BroadcastChannel;
  const locks = env.locks && typeof env.locks.request === 'function' ? env.locks : null;
  if (locks && typeof Channel === 'function') {
    try {
      channel = new Channel(EVENTS_CHANNEL_NAME);
      // Node's BroadcastChannel (tests) would keep the process alive; browsers have no `unref`.
      (channel as unknown as { unref?: () => void }).unref?.();
    } catch {
      channel = null;
    }
  }
  const post = (message: RelayMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // closed channel: nothing to relay
    }
  };

  const setStatus = (value: boolean) => {
    connected = value;
    options.onStatus(value);
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent) => {
      if (stopped || !isRelayMessage(data)) return;
      if (data.type === 'momentum/liveHello') {
        if (leader) post({ type: 'momentum/liveStatus', connected, lastEventId: resume.lastEventId });
        return;
      }
      if (leader) return;
      if (data.type === 'momentum/liveStatus') {
        // The first word from the leader: events it passed on before this tab listened are missing here.
        if (data.lastEventId !== undefined && marks.followStream(data.lastEventId)) resync('followerBehind');
        if (data.lastEventId) resume.lastEventId = data.lastEventId;
        if (data.connected) resume.wasConnected = true;
        setStatus(data.connected);
      } else {
        if (data.id) resume.lastEventId = data.id;
        options.apply(data.event);
      }
    };
  }

  const lead = () => {
    if (stopped || leader) return;
    leader = true;
    connection = createLiveConnection({
      fetchTicket: options.fetchTicket,
      EventSource,
      resume,
      firstResumeId: () => marks.beginOwnStream(),
      random: options.random,
      onEvent: (event, id) => {
        // A resync without an id is the connection's own (reconnected with nothing to resume from).
        if (event.type === 'resync' && id === null) resync('reconnectWithoutId');
        else options.apply(event);
        post({ type: 'momentum/liveEvent', id, event });
      },
      onStatus: (value) => {
        setStatus(value);
        post({ type: 'momentum/liveStatus', connected: value, lastEventId: resume.lastEventId });
      },
    });
    connection.start();
  };

  setStatus(false);
  if (channel && locks) {
    locks
      .request(EVENTS_LOCK_NAME, abort ? { signal: abort.signal } : {}, () =>
        stopped
          ? undefined
          : new Promise<void>((release) => {
              releaseLock = release;
              lead();
            }),
      )
      .catch(() => {
        // Aborted by `stop`, or locks refused (an opaque origin): hold a stream of our own.
        if (!stopped) lead();
      });
    // Ask the current leader for its status (it answers only if it exists).
    post({ type: 'momentum/liveHello' });
  } else {
    lead();
  }

  return () => {
    if (stopped) return;
    stopped = true;
    connection?.stop();
    marks.pauseStream(resume.lastEventId);
    if (leader) post({ type: 'momentum/liveStatus', connected: false });
    (releaseLock as (() => void) | null)?.();
    abort?.abort();
    channel?.close();
    channel = null;
  };
}

/**
 * The quiet offline status: `onChange(true)` once the stream has been down for `OFFLINE_NOTICE_MS`, `onChange(false)`
 * as soon as it is back. Feed it every status; `dispose` cancels a pending notice.
 */
export function createOfflineNotice(onChange: (visible: boolean) => void, delayMs = OFFLINE_NOTICE_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let visible = false;
  const show = (value: boolean) => {
    if (visible === value) return;
    visible = value;
    onChange(value);
  };
  return {
    status(connected: boolean) {
      if (connected) {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        show(false);
      } else if (timer === null && !visible) {
        timer = setTimeout(() => {
          timer = null;
          show(true);
        }, delayMs);
      }
    },
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      show(false);
    },
  };
}
