/** Public entry of the invite feature: what other features may use. */
export {
  inviteLinkOpened,
  workspaceAvailable,
  joinStarted,
  joinFailed,
  joinSucceeded,
  selectInvite,
  selectHasWorkspace,
  selectIsInvite,
  selectInviteToken,
  type InviteState,
} from './inviteSlice';
