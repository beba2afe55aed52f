import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { workspaceApi } from '../../api/workspaceApi';
import { signedOut } from '../session';

/**
 * Key `invite` (docs/product.md "Workspace and invitations"). Persisted in local storage (the whitelist in
 * app/store.ts): only what is no credential — the workspace name, whether this visit came from an invite link
 * (`isInvite` is the string `'true'`, as the product rules compare it) and whether the member has a workspace.
 * The invite link and password are never stored: screens read them from the server when they show them.
 * `token` (from an opened invite link) is kept per tab only (inviteTokenStorage.ts): it must survive the sign-in
 * redirect, nothing more. Transient, never persisted: the password attempt (pending flag, error, last failed
 * password).
 */
export interface InviteState {
  workspaceName: string | null;
  isInvite: 'true' | null;
  /** The member has a workspace (created, joined or read from the profile): the `/workspace` guard needs it. */
  hasWorkspace: boolean;
  /** The invite token of the link this tab opened; sent with the password. */
  token: string | null;
  /** `POST /api/workspace/join` in flight: further attempts are ignored. */
  isJoining: boolean;
  /** The password screen's red message; null while there is no error. */
  joinError: string | null;
  /** The password that the server just rejected: submitting it again sends nothing. */
  failedPassword: string | null;
}

/** The part of the slice kept in local storage (the `invite` whitelist). */
export const INVITE_PERSISTED_KEYS = [
  'workspaceName',
  'isInvite',
  'hasWorkspace',
] as const satisfies ReadonlyArray<keyof InviteState>;

const initialState: InviteState = {
  workspaceName: null,
  isInvite: null,
  hasWorkspace: false,
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
    /** Workspace created: the member has one now (its name is kept; the invite link is read when shown). */
    workspaceAvailable(state, action: PayloadAction<{ workspaceName?: string }>) {
      state.hasWorkspace = true;
      if (action.payload.workspaceName !== undefined) state.workspaceName = action.payload.workspaceName;
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
    // GET /api/workspace/setting: the member has a workspace; its name fills a missing one.
    builder.addMatcher(workspaceApi.endpoints.getWorkspaceProfile.matchFulfilled, (state, action) => {
      state.hasWorkspace = true;
      state.workspaceName ??= action.payload.workspaceName || null;
    });
    // GET /api/workspace/setting/invite answers only a member of a workspace.
    builder.addMatcher(workspaceApi.endpoints.getInviteInfo.matchFulfilled, (state) => {
      state.hasWorkspace = true;
    });
  },
  selectors: {
    selectInvite: (state) => state,
    selectHasWorkspace: (state) => state.hasWorkspace,
    selectIsInvite: (state) => state.isInvite === 'true',
    selectInviteToken: (state) => state.token,
  },
});

export const { inviteLinkOpened, workspaceAvailable, joinStarted, joinFailed, joinSucceeded } =
  inviteSlice.actions;
export const { selectInvite, selectHasWorkspace, selectIsInvite, selectInviteToken } = inviteSlice.selectors;
export const inviteReducer = inviteSlice.reducer;
