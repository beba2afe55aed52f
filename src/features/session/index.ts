/** Public entry of the session feature: what other features and the app may use. */
export {
  selectAccessToken,
  selectSignedIn,
  signedOut,
  reissueFailed,
  reissueSucceeded,
  selectMyMemberId,
  sessionReducer,
  SESSION_PERSISTED_KEYS,
  type SessionState,
} from './sessionSlice';
export {
  logoutRequested,
  withdrawRequested,
  removedFromWorkspace,
  REMOVED_NOTICE_PATH,
  LOGOUT_REQUEST_KEY,
  WITHDRAW_REQUEST_KEY,
} from './signOutSaga';
export { awaitReissue, awaitRenewalOutcome, type RenewalOutcome } from './awaitReissue';
export { sessionSaga, wait } from './sessionSaga';
export { signOutSaga } from './signOutSaga';
