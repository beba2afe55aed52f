import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { workspaceApi } from '../../api/workspaceApi';
import { signedOut } from '../session/sessionSlice';

/**
 * Key `invite`. Persisted (see the whitelist in app/store.ts): what spec §3 keeps in local storage for the
 * invite flows. `isInvite` is the string `'true'` (not a boolean) because the spec compares it with `=== 'true'`.
 * Transient, never persisted: the password attempt (pending flag, error message, last failed password).
 */
export interface InviteState {
  inviteUrl: string | null;
  invitePassword: string | null;
  name: string | null;
  workspaceName: string | null;
  isInvite: 'true' | null;
  token: string | null;
  /** `POST /api/workspace/join` in flight: further attempts are ignored. */
  isJoining: boolean;
  /** The password screen's red message; null while there is no error. */
  joinError: string | null;
  /** The password that the server just rejected: submitting it again sends nothing. */
  failedPassword: string | null;
}

/** The persisted part of the slice (the `invite` whitelist). */
export const INVITE_PERSISTED_KEYS = [
  'inviteUrl',
  'invitePassword',
  'name',
  'workspaceName',
  'isInvite',
  'token',
] as const satisfies ReadonlyArray<keyof InviteState>;

const initialState: InviteState = {
  inviteUrl: null,
  invitePassword: null,
  name: null,
  workspaceName: null,
  isInvite: null,
  token: null,
  isJoining: false,
  joinError: null,
  failedPassword: null,
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
    /** Workspace created (spec §4): invite URL, password, the creator's name and the workspace name are saved. */
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
    /** A password is being sent: the previous error is cleared. */
    joinStarted(state) {
      state.isJoining = true;
      state.joinError = null;
    },
    /** The join failed: show `message`; `failedPassword` (when given) will not be sent again. */
    joinFailed(state, action: PayloadAction<{ message: string; failedPassword: string | null }>) {
      state.isJoining = false;
      state.joinError = action.payload.message;
      state.failedPassword = action.payload.failedPassword;
    },
    joinSucceeded(state) {
      state.isJoining = false;
      state.joinError = null;
      state.failedPassword = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
    // GET /api/workspace/setting (spec §7): store the invite URL, password and workspace name when missing.
    builder.addMatcher(workspaceApi.endpoints.getWorkspaceProfile.matchFulfilled, (state, action) => {
      state.inviteUrl ??= action.payload.inviteUrl || null;
      state.invitePassword ??= action.payload.invitePassword || null;
      state.workspaceName ??= action.payload.workspaceName || null;
    });
    // GET /api/workspace/setting/invite: the same, plus the creator's display name, when missing.
    builder.addMatcher(workspaceApi.endpoints.getInviteInfo.matchFulfilled, (state, action) => {
      state.inviteUrl ??= action.payload.inviteUrl || null;
      state.invitePassword ??= action.payload.invitePassword || null;
      state.name ??= action.payload.name || null;
    });
  },
  selectors: {
    selectInvite: (state) => state,
    selectInviteUrl: (state) => state.inviteUrl,
    selectIsInvite: (state) => state.isInvite === 'true',
  },
});

export const { inviteLinkOpened, inviteInfoStored, joinStarted, joinFailed, joinSucceeded } =
  inviteSlice.actions;
export const { selectInvite, selectInviteUrl, selectIsInvite } = inviteSlice.selectors;
export const inviteReducer = inviteSlice.reducer;
