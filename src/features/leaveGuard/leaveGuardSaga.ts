import type { SagaIterator } from 'redux-saga';
import { put, race, take, takeLeading } from 'redux-saga/effects';
import {
  leaveBlocked,
  leaveCancelled,
  leaveConfirmed,
  leaveConfirmOpened,
  leaveGuardReleased,
  leaveProceeded,
  leaveReset,
} from './leaveGuardSlice';

/**
 * One blocked navigation: open the confirm modal, then proceed on '확인' or stay (reset) on a dismissal. A release
 * while the modal is open (the page saved meanwhile) lets the navigation through as well.
 */
export function* confirmLeave(): SagaIterator {
  yield put(leaveConfirmOpened());
  const outcome: { confirmed?: unknown; cancelled?: unknown; released?: unknown } = yield race({
    confirmed: take(leaveConfirmed.type),
    cancelled: take(leaveCancelled.type),
    released: take(leaveGuardReleased.type),
  });
  yield put(outcome.cancelled ? leaveReset() : leaveProceeded());
}

/** Blocked navigations are decided one at a time (later ones while the modal is open are ignored). */
export function* leaveGuardSaga(): SagaIterator {
  yield takeLeading(leaveBlocked.type, confirmLeave);
}
