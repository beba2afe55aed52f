import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { workspaceApi } from '../../api/workspaceApi';
import { signedOut } from '../session/sessionSlice';

/**
 * Persisted (key `invite`): what spec §3 keeps in local storage for the invite flows. `isInvite` is the string
 * `'true'` (not a boolean) because the spec compares it with `=== 'true'`.
 */
export interface InviteState {
  inviteUrl: string | null;
  invitePassword: string | null;
  name: string | null;
  workspaceName: string | null;
  isInvite: 'true' | null;
  token: string | null;
}

const initialState: InviteState = {
  inviteUrl: null,
  invitePassword: null,
  name: null,
  workspaceName: null,
  isInvite: null,
  token: null,
};

export const inviteSlice = createSlice({
  name: 'invite',
  initialState,
  reducers: {
    /** `/{workspaceName}/invite?token=…`: remember the workspace, mark the visit as an invite, keep the token. */
    inviteLinkOpened(state, action: PayloadAction<{ workspaceName: string; token: string | null }>) {
      state.workspaceName = action.payload.workspaceName;
      state.isInvite = 'true';
      if (action.payload.token) state.token = action.payload.token;
    },
    /** Workspace created (spec §4): invite URL, password and the creator's name are saved locally. */
    inviteInfoStored(
      state,
      action: PayloadAction<{
        inviteUrl: string;
        invitePassword: string;
        name?: string;
        workspaceName?: string;
      }>,
    ) {
      const { inviteUrl, invitePassword, name, workspaceName } = action.payload;
      state.inviteUrl = inviteUrl;
      state.invitePassword = invitePassword;
      if (name !== undefined) state.name = name;
      if (workspaceName !== undefined) state.workspaceName = workspaceName;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
    // GET /api/workspace/setting (spec §7): store the invite URL and password when not already stored.
    builder.addMatcher(workspaceApi.endpoints.getWorkspaceProfile.matchFulfilled, (state, action) => {
      state.inviteUrl ??= action.payload.inviteUrl || null;
      state.invitePassword ??= action.payload.invitePassword || null;
    });
  },
  selectors: {
    selectInvite: (state) => state,
    selectInviteUrl: (state) => state.inviteUrl,
    selectIsInvite: (state) => state.isInvite === 'true',
  },
});

export const { inviteLinkOpened, inviteInfoStored } = inviteSlice.actions;
export const { selectInvite, selectInviteUrl, selectIsInvite } = inviteSlice.selectors;
export const inviteReducer = inviteSlice.reducer;
