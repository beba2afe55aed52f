import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReissueResult } from '../../../contract/auth';

/**
 * Key `session` (docs/architecture.md "Session"). The access token lives in memory only: a reload starts without
 * it and the HttpOnly refresh cookie restores it (the start-up renewal, features/session/earlyRenewal.ts, or the
 * first 401). Only `hasSession` is persisted — not a credential, just whether to renew at start.
 */
export interface SessionState {
  /** The bearer token of API requests; never persisted. */
  accessToken: string | null;
  /** This browser holds a session (a renewal succeeded and no sign-out since). Persisted. */
  hasSession: boolean;
}

/** The persisted part of the slice (the `session` whitelist). */
export const SESSION_PERSISTED_KEYS = ['hasSession'] as const satisfies ReadonlyArray<keyof SessionState>;

const initialState: SessionState = { accessToken: null, hasSession: false };

/*
 * Saga triggers and outcomes that change no state are `createAction`s (one style across the app); slice
 * reducers are for actions that change this slice.
 */

/**
 * Clears every persisted slice (logout, withdrawal). Declared outside the slice so each slice can reset on it
 * without importing the session reducer.
 */
export const signedOut = createAction('session/signedOut');
/** Asks the session saga for a fresh access token; concurrent requests share one reissue call. */
export const reissueRequested = createAction('session/reissueRequested');
/**
 * Renewal not possible right now (429 after the retries, a server or network error): still signed in, the
 * session is kept and the next 401 tries again. Waiters get no token.
 */
export const reissueUnavailable = createAction('session/reissueUnavailable');

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    reissueSucceeded(state, action: PayloadAction<ReissueResult>) {
      state.accessToken = action.payload.accessToken;
      state.hasSession = true;
    },
    /** Signed out: the reissue answered 401 (or a result without a token). The token and the flag are removed. */
    reissueFailed(state) {
      state.accessToken = null;
      state.hasSession = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
    /**
     * Signed in as far as the screens are concerned: a token in memory, or a session the start-up renewal has not
     * (yet) restored — requests then renew on their first 401.
     */
    selectSignedIn: (state) => state.accessToken !== null || state.hasSession,
  },
});

export const { reissueSucceeded, reissueFailed } = sessionSlice.actions;

/**
 * issue #23 (admin): the signed-in member's id — the `sub` of the access token in memory, read without verification
 * (only to recognise live events about oneself); null without a token.
 */
export function selectMyMemberId(state: { session: SessionState }): number | null {
  const payload = state.session.accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const id = Number(sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
export const { selectAccessToken, selectSignedIn } = sessionSlice.selectors;
export const sessionReducer = sessionSlice.reducer;
