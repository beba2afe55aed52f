import { createAction } from '@reduxjs/toolkit';
import type { Persistor } from 'redux-persist';
import type { SagaIterator } from 'redux-saga';
import { all, call, getContext, put, takeLeading } from 'redux-saga/effects';
import type { AppNavigate } from '../../app/navigation';
import { baseApi } from '../../api/baseApi';
import { errorEnvelope, errorStatus, type ApiError } from '../../api/errors';
import { membersApi } from '../../api/membersApi';
import { sessionApi } from '../../api/sessionApi';
import { copy } from '../../shared/copy';
import { sagaRequest, type Outcome } from '../../shared/lib/sagaRequest';
import { toastShown } from '../toast';
import { signedOut } from './sessionSlice';

/*
 * Leaving the app from the my-profile page (docs/product.md "Settings"): logout and
 * withdrawal call the server, then run one sign-out sequence — every persisted slice and local storage cleared,
 * the RTK Query cache reset, and `/onboarding`.
 *
 * The requests run as RTK Query mutations with a fixed cache key, so the dialogs read their pending state with
 * `useLogoutMutation({ fixedCacheKey: LOGOUT_REQUEST_KEY })` (and the withdraw twin) without owning the flow.
 */

/** The logout dialog's red "로그아웃". */
export const logoutRequested = createAction('session/logoutRequested');
/** The withdraw dialog's "탈퇴하기" (after the agreement checkbox). */
export const withdrawRequested = createAction('session/withdrawRequested');
/**
 * issue #23 (admin): a `member.removed` live event named this member — an admin removed them from the workspace.
 * The tab signs out at once (the server already revoked the session) and the sign-in screen says why.
 */
export const removedFromWorkspace = createAction('session/removedFromWorkspace');

/** `/onboarding?notice=removed`: the sign-in screen's line after a removal (onboarding LoginPage). */
export const REMOVED_NOTICE_PATH = '/onboarding?notice=removed';

export const LOGOUT_REQUEST_KEY = 'session/logout';
export const WITHDRAW_REQUEST_KEY = 'session/withdraw';

/** POST /api/token/logout. */
export function* requestLogout(): SagaIterator<Outcome<null>> {
  return yield call(
    sagaRequest<null>,
    sessionApi.endpoints.logout.initiate(undefined, { fixedCacheKey: LOGOUT_REQUEST_KEY }),
  );
}

/** DELETE /api/workspace/setting/my-profile. */
export function* requestWithdraw(): SagaIterator<Outcome<null>> {
  return yield call(
    sagaRequest<null>,
    membersApi.endpoints.withdraw.initiate(undefined, { fixedCacheKey: WITHDRAW_REQUEST_KEY }),
  );
}

/** Removes everything else the origin keeps in local storage (private mode / disabled storage: nothing to do). */
export function clearLocalStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // storage unavailable
  }
}

/**
 * The sign-out sequence, in this order so that nothing of the old session survives and the first screen after
 * it already sees the cleared storage:
 * 1. purge redux-persist's stored slices and clear local storage;
 * 2. `signedOut`: every persisted slice back to its initial state (no token, no invite data, no drafts), then
 *    flush, so storage holds only those empty defaults;
 * 3. go to `/onboarding` (replacing the settings entry);
 * 4. reset the RTK Query cache — after the navigation, so no mounted page refetches with the cleared session.
 */
export function* signOut(to: string = '/onboarding'): SagaIterator {
  const persistor: Persistor | undefined = yield getContext('persistor');
  if (persistor) yield call([persistor, persistor.purge]);
  yield call(clearLocalStorage);
  yield put(signedOut());
  if (persistor) yield call([persistor, persistor.flush]);
  const navigate: AppNavigate = yield getContext('navigate');
  yield call(navigate, to, { replace: true });
  yield put(baseApi.util.resetApiState());
}

/** issue #23 (admin): removed by an admin — the same sign-out sequence, to the sign-in screen with the notice. */
export function* removedWorker(): SagaIterator {
  yield call(signOut, REMOVED_NOTICE_PATH);
}

/**
 * Logout: the server revokes the refresh-token family. A failure is only logged and the member is
 * signed out on this device all the same — they asked to leave.
 */
export function* logoutWorker(): SagaIterator {
  const outcome: Outcome<null> = yield call(requestLogout);
  if ('error' in outcome) console.error(copy.settings.logout.failedLog, outcome.error);
  yield call(signOut);
}

/**
 * Withdrawal: on success the member's data is gone, so sign out. On failure nothing was deleted: the failure is
 * logged, a toast says so (the server's Korean message when it sent one), and the member stays signed in.
 */
export function* withdrawWorker(): SagaIterator {
  const outcome: Outcome<null> = yield call(requestWithdraw);
  if ('error' in outcome) {
    console.error(copy.settings.withdraw.failedLog, outcome.error);
    // issue #23 (admin): the owner's 409 (transfer ownership first) is shown in the dialog itself, which reads the
    // mutation's error through its fixed cache key; other failures keep the toast.
    if (errorStatus(outcome.error) === 409) return;
    const message = errorEnvelope(outcome.error as ApiError)?.message || copy.settings.withdraw.failed;
    yield put(toastShown({ message, key: WITHDRAW_REQUEST_KEY }));
    return;
  }
  yield call(signOut);
}

/** `takeLeading`: a second click while a request runs does nothing. */
export function* signOutSaga(): SagaIterator {
  yield all([
    takeLeading(logoutRequested.type, logoutWorker),
    takeLeading(withdrawRequested.type, withdrawWorker),
    takeLeading(removedFromWorkspace.type, removedWorker),
  ]);
}
