import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../session/sessionSlice';

/**
 * Persisted (key `onboarding`): the create-workspace draft (name, URL, lock) and whether the workspace was
 * already created, so step 1 is skipped on a revisit (spec §4 "Onboarding").
 */
export interface OnboardingState {
  workspaceName: string;
  workspaceUrl: string;
  isLocked: boolean;
  workspaceCreated: boolean;
  createdWorkspaceId: number | null;
}

const initialState: OnboardingState = {
  workspaceName: '',
  workspaceUrl: '',
  isLocked: false,
  workspaceCreated: false,
  createdWorkspaceId: null,
};

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    workspaceNameChanged(state, action: PayloadAction<string>) {
      if (!state.isLocked) state.workspaceName = action.payload;
    },
    /** A valid name fetched its URL: fill the URL and lock the name. */
    workspaceUrlConfirmed(state, action: PayloadAction<{ workspaceName: string; workspaceUrl: string }>) {
      state.workspaceName = action.payload.workspaceName;
      state.workspaceUrl = action.payload.workspaceUrl;
      state.isLocked = true;
    },
    /** An invalid name clears the name and the URL. */
    workspaceDraftCleared(state) {
      state.workspaceName = '';
      state.workspaceUrl = '';
      state.isLocked = false;
    },
    workspaceCreated(state, action: PayloadAction<{ workspaceId: number | null }>) {
      state.workspaceCreated = true;
      state.createdWorkspaceId = action.payload.workspaceId;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    selectOnboarding: (state) => state,
  },
});

export const { workspaceNameChanged, workspaceUrlConfirmed, workspaceDraftCleared, workspaceCreated } =
  onboardingSlice.actions;
export const { selectOnboarding } = onboardingSlice.selectors;
export const onboardingReducer = onboardingSlice.reducer;
