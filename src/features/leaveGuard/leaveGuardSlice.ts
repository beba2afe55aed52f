import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/*
 * Unsaved-changes leave guard (docs/product.md "Item detail"): create and edit screens arm it; an in-app navigation away is
 * then blocked (react-router `useBlocker`, see LeaveGuard.tsx) and the saga (leaveGuardSaga.ts) asks for
 * confirmation. Every payload is serializable.
 *
 * prompt: 'idle' → (blocked) 'open' → (confirmed) 'proceed' | (cancelled) 'reset' → (settled) 'idle'.
 */

export type LeaveReason = 'create' | 'edit';
export type LeavePrompt = 'idle' | 'open' | 'proceed' | 'reset';

export interface LeaveGuardState {
  armed: boolean;
  reason: LeaveReason | null;
  prompt: LeavePrompt;
}

export const initialLeaveGuardState: LeaveGuardState = { armed: false, reason: null, prompt: 'idle' };

/* Saga triggers that change no state are `createAction`s (one style across the app). */

/** The router blocked a navigation (dispatched by LeaveGuard). */
export const leaveBlocked = createAction('leaveGuard/leaveBlocked');
/** The user pressed '확인'. */
export const leaveConfirmed = createAction('leaveGuard/leaveConfirmed');
/** The user dismissed the modal (overlay, Escape). */
export const leaveCancelled = createAction('leaveGuard/leaveCancelled');

export const leaveGuardSlice = createSlice({
  name: 'leaveGuard',
  initialState: initialLeaveGuardState,
  reducers: {
    /** A create/edit screen has unsaved work. */
    leaveGuardArmed(state, action: PayloadAction<{ reason: LeaveReason }>) {
      state.armed = true;
      state.reason = action.payload.reason;
    },
    /** Saved, or the screen closed: navigation is free again. */
    leaveGuardReleased(state) {
      state.armed = false;
      state.reason = null;
    },
    /** The saga opened the confirm modal. */
    leaveConfirmOpened(state) {
      state.prompt = 'open';
    },
    /** The saga decided to let the navigation through: the guard is released. */
    leaveProceeded(state) {
      state.prompt = 'proceed';
      state.armed = false;
      state.reason = null;
    },
    /** The saga decided to stay. */
    leaveReset(state) {
      state.prompt = 'reset';
    },
    /** LeaveGuard applied the decision to the router's blocker. */
    leaveSettled(state) {
      state.prompt = 'idle';
    },
  },
  selectors: {
    selectLeaveArmed: (state) => state.armed,
    selectLeavePrompt: (state) => state.prompt,
  },
});

export const {
  leaveGuardArmed,
  leaveGuardReleased,
  leaveConfirmOpened,
  leaveProceeded,
  leaveReset,
  leaveSettled,
} = leaveGuardSlice.actions;
export const { selectLeaveArmed, selectLeavePrompt } = leaveGuardSlice.selectors;
export const leaveGuardReducer = leaveGuardSlice.reducer;
