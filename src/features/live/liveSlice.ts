import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LiveEvent } from '../../../contract/events';
import { signedOut } from '../session';

/*
 * Key `live` (docs/live-updates.md "In the browser"): whether this tab receives the workspace's events (its own
 * stream or the leader tab's relay) and whether the quiet offline status shows. Every event and every connection
 * change is an action, so Redux DevTools shows teammates' changes and saga tests replay them. Never persisted.
 */
export interface LiveState {
  /** This tab receives events now. */
  connected: boolean;
  /** The stream has been down for `OFFLINE_NOTICE_MS`: "연결이 끊겼습니다 — 다시 연결 중" shows. */
  offline: boolean;
}

const initialState: LiveState = { connected: false, offline: false };

/** Why the tab refetches everything it shows without the server saying so (the server's own is a `resync` event). */
export type LiveResyncReason =
  /** An answer older than where the stream resumed arrived after it began (shared/lib/eventMarks.ts). */
  | 'staleAnswer'
  /** This tab follows a leader that relayed events before this tab listened. */
  | 'followerBehind'
  /** The stream reconnected with no event id to resume from. */
  | 'reconnectWithoutId';

/**
 * One event of the workspace's stream (contract/events.ts), from this tab's stream or relayed by the leader tab.
 * Applied to the cache by the live saga (features/live/liveSaga.ts → liveEventActions.ts).
 */
export const liveEventReceived = createAction<LiveEvent>('live/eventReceived');
/** Events may have been missed: refetch everything shown (applied as a `resync` event). */
export const liveResyncNeeded = createAction<{ reason: LiveResyncReason }>('live/resyncNeeded');

export const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    /** The tab started or stopped receiving events (own stream opened or lost, leader's status relayed). */
    statusChanged(state, action: PayloadAction<{ connected: boolean }>) {
      state.connected = action.payload.connected;
    },
    /** The quiet offline status shows (after `OFFLINE_NOTICE_MS` without events) or hides. */
    offlineNoticeChanged(state, action: PayloadAction<{ visible: boolean }>) {
      state.offline = action.payload.visible;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectLiveConnected: (state) => state.connected,
    selectLiveOffline: (state) => state.offline,
  },
});

/** `live/statusChanged`, `live/offlineNoticeChanged`. */
export const { statusChanged: liveStatusChanged, offlineNoticeChanged: liveOfflineNoticeChanged } = liveSlice.actions;
export const { selectLiveConnected, selectLiveOffline } = liveSlice.selectors;
export const liveReducer = liveSlice.reducer;
