import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../session';

/**
 * Key `onboarding`. Persisted (see the whitelist in app/store.ts): the create-workspace draft (name, URL, lock)
 * and whether the workspace was already created, so step 1 is skipped on a revisit (docs/product.md "Onboarding").
 * Transient, never persisted: the name-check and create pending flags and the name error.
 */
export interface OnboardingState {
  workspaceName: string;
  workspaceUrl: string;
  isLocked: boolean;
  workspaceCreated: boolean;
  createdWorkspaceId: number | null;
  /** The first failing name rule's message (or the server's), shown in red under the name field. */
  nameError: string | null;
  /** `POST /api/workspace/create-url` in flight: further confirms are ignored. */
  isCheckingName: boolean;
  /** `POST /api/workspace` in flight: further creates are ignored. */
  isCreating: boolean;
}

/** The persisted part of the slice (the `onboarding` whitelist). */
export const ONBOARDING_PERSISTED_KEYS = [
  'workspaceName',
  'workspaceUrl',
  'isLocked',
  'workspaceCreated',
  'createdWorkspaceId',
] as const satisfies ReadonlyArray<keyof OnboardingState>;

const initialState: OnboardingState = {
  workspaceName: '',
  workspaceUrl: '',
  isLocked: false,
  workspaceCreated: false,
  createdWorkspaceId: null,
  nameError: null,
  isCheckingName: false,
  isCreating: false,
};

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    /** Typing in the name field; a locked name does not change. */
    workspaceNameChanged(state, action: PayloadAction<string>) {
      if (!state.isLocked) state.workspaceName = action.payload;
    },
    /** A valid name is being checked by the server. */
    nameCheckStarted(state) {
      state.isCheckingName = true;
      state.nameError = null;
    },
    /** A valid name fetched its URL: fill the URL and lock the name. */
    workspaceUrlConfirmed(state, action: PayloadAction<{ workspaceName: string; workspaceUrl: string }>) {
      state.workspaceName = action.payload.workspaceName;
      state.workspaceUrl = action.payload.workspaceUrl;
      state.isLocked = true;
      state.isCheckingName = false;
      state.nameError = null;
    },
    /** An invalid name (client rule or the server's 400): name and URL cleared, the rule's message shown. */
    workspaceNameRejected(state, action: PayloadAction<string>) {
      state.workspaceName = '';
      state.workspaceUrl = '';
      state.isLocked = false;
      state.isCheckingName = false;
      state.nameError = action.payload;
    },
    /** The URL request failed for another reason (network, 5xx): the name stays, a message is shown. */
    nameCheckFailed(state, action: PayloadAction<string>) {
      state.isCheckingName = false;
      state.nameError = action.payload;
    },
    /** Clears the whole draft (name, URL, lock). */
    workspaceDraftCleared(state) {
      state.workspaceName = '';
      state.workspaceUrl = '';
      state.isLocked = false;
      state.nameError = null;
    },
    createStarted(state) {
      state.isCreating = true;
    },
    workspaceCreated(state, action: PayloadAction<{ workspaceId: number | null }>) {
      state.workspaceCreated = true;
      state.createdWorkspaceId = action.payload.workspaceId;
      state.isCreating = false;
    },
    createFailed(state) {
      state.isCreating = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectOnboarding: (state) => state,
    selectWorkspaceCreated: (state) => state.workspaceCreated,
  },
});

export const {
  workspaceNameChanged,
  nameCheckStarted,
  workspaceUrlConfirmed,
  workspaceNameRejected,
  nameCheckFailed,
  workspaceDraftCleared,
  createStarted,
  workspaceCreated,
  createFailed,
} = onboardingSlice.actions;
export const { selectOnboarding, selectWorkspaceCreated } = onboardingSlice.selectors;
export const onboardingReducer = onboardingSlice.reducer;
