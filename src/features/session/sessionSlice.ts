import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReissueResult } from '../../../contract/auth';

/** Persisted (key `session`): only the access token. The refresh token lives in an HttpOnly cookie. */
export interface SessionState {
  accessToken: string | null;
}

const initialState: SessionState = { accessToken: null };

/**
 * Clears every persisted slice (logout, withdrawal). Declared outside the slice so each slice can reset on it
 * without importing the session reducer.
 */
export const signedOut = createAction('session/signedOut');

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** Asks the session saga for a fresh access token; concurrent requests share one reissue call. */
    reissueRequested() {},
    reissueSucceeded(state, action: PayloadAction<ReissueResult>) {
      state.accessToken = action.payload.accessToken;
    },
    /** Signed out: the reissue answered 401 (or a result without a token). The stored token is removed. */
    reissueFailed(state) {
      state.accessToken = null;
    },
    /**
     * Renewal not possible right now (429 after the retries, a server or network error): still signed in, the
     * stored token is kept and the next 401 tries again. Waiters get no token.
     */
    reissueUnavailable() {},
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
  },
});

export const { reissueRequested, reissueSucceeded, reissueFailed, reissueUnavailable } = sessionSlice.actions;
export const { selectAccessToken } = sessionSlice.selectors;
export const sessionReducer = sessionSlice.reducer;
