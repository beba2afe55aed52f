import { createSelector, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Toasts (docs/product.md "Errors and messages"): bottom-right, at most `TOAST_MAX_VISIBLE` shown (the rest wait in order), each closes after
 * its duration (default 2000 ms) with a 400 ms close animation, default title '알림'; a toast with the same
 * `key` replaces the old one (and restarts its timer). State is plain data (serializable); the viewport
 * component owns the timers.
 */
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_DEFAULT_DURATION_MS = 2000;
export const TOAST_CLOSE_ANIMATION_MS = 400;
export const TOAST_DEFAULT_TITLE = '알림';

export interface Toast {
  /** Unique per showing; a replacement by key gets a new id (so its timer restarts). */
  id: string;
  key: string;
  title: string;
  message: string;
  durationMs: number;
}

export interface ShowToast {
  message: string;
  title?: string;
  /** Same key → replaces the existing toast. Defaults to a fresh key. */
  key?: string;
  durationMs?: number;
}

export interface ToastState {
  toasts: Toast[];
}

const initialState: ToastState = { toasts: [] };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        const index = state.toasts.findIndex((toast) => toast.key === action.payload.key);
        if (index >= 0) state.toasts[index] = action.payload;
        else state.toasts.push(action.payload);
      },
      prepare(toast: ShowToast) {
        const id = nanoid();
        return {
          payload: {
            id,
            key: toast.key ?? id,
            title: toast.title ?? TOAST_DEFAULT_TITLE,
            message: toast.message,
            durationMs: toast.durationMs ?? TOAST_DEFAULT_DURATION_MS,
          },
        };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.toasts,
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
/** The toasts on screen: the first `TOAST_MAX_VISIBLE` in order of arrival (memoized). */
export const selectVisibleToasts = createSelector([selectToasts], (toasts) =>
  toasts.slice(0, TOAST_MAX_VISIBLE),
);
export const toastReducer = toastSlice.reducer;
