import { buffers, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take, takeEvery } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventTicket } from '../../../contract/events';
import { eventsApi } from '../../api/eventsApi';
import type { RootState } from '../../app/hooks';
import { sagaRequest, type Outcome } from '../../shared/lib/sagaRequest';
import { selectHasWorkspace } from '../invite';
import { reissueFailed, reissueSucceeded, selectAccessToken, signedOut } from '../session';
import { liveEventActions } from './liveEventActions';
import {
  liveEventReceived,
  liveOfflineNoticeChanged,
  liveResyncNeeded,
  liveStatusChanged,
} from './liveSlice';
import { createOfflineNotice, startLiveUpdates, type LiveEnvironment } from './liveUpdates';

/*
 * The live saga (docs/live-updates.md "In the browser"): owns this tab's part of the workspace's event stream while
 * signed in, and applies every event to the cache. Started with the session (`reissueSucceeded`, or a token already
 * in the store), stopped by `signedOut` / `reissueFailed`. The connection itself (leader/follower tabs, tickets,
 * resume, event marks) is framework-free (liveUpdates.ts, liveConnection.ts); an `eventChannel` turns what it
 * reports into actions: `live/eventReceived`, `live/resyncNeeded`, `live/statusChanged`, `live/offlineNoticeChanged`.
 * Applying is a `takeEvery` on the actions, so a replayed `live/eventReceived` (a test, DevTools) applies the same.
 */

/** Saga context key of the browser environment (EventSource, Web Locks, BroadcastChannel); the browser's unless set. */
export const LIVE_ENVIRONMENT_CONTEXT = 'liveEnvironment';

/** A ticket wanted by the connection: the saga asks the API and settles it. */
interface TicketWanted {
  ticket: { resolve: (ticket: string) => void; reject: (error: unknown) => void };
}
type ConnectionMessage = UnknownAction | TicketWanted;

const isTicketWanted = (message: ConnectionMessage): message is TicketWanted => 'ticket' in message;

/** The connection's reports as a channel; closing it stops the connection (and gives the lock to another tab). */
export function liveConnectionChannel(env: LiveEnvironment | undefined): EventChannel<ConnectionMessage> {
  return eventChannel<ConnectionMessage>((emit) => {
    const notice = createOfflineNotice((visible) => emit(liveOfflineNoticeChanged({ visible })));
    const stop = startLiveUpdates({
      env,
      fetchTicket: () => new Promise<string>((resolve, reject) => emit({ ticket: { resolve, reject } })),
      apply: (event) => emit(liveEventReceived(event)),
      onResync: (reason) => emit(liveResyncNeeded({ reason })),
      onStatus: (connected) => {
        emit(liveStatusChanged({ connected }));
        notice.status(connected);
      },
    });
    return () => {
      stop?.();
      notice.dispose();
    };
  }, buffers.expanding(16));
}

/** POST /api/events/ticket (untracked: the ticket never enters the store), settling the connection's promise. */
export function* fetchTicket({ ticket }: TicketWanted): SagaIterator {
  const outcome: Outcome<EventTicket> = yield call(
    sagaRequest<EventTicket>,
    eventsApi.endpoints.createEventTicket.initiate(undefined, { track: false }),
  );
  if ('data' in outcome) ticket.resolve(outcome.data.ticket);
  else ticket.reject(outcome.error);
}

/**
 * Holds the connection until cancelled: puts what it reports, in order; on cancel closes it and says so. Waits
 * first until the member has a workspace (tickets are issued only then: onboarding has no stream).
 */
export function* runLiveConnection(): SagaIterator {
  while (!((yield select(selectHasWorkspace)) as boolean)) yield take('*');
  const env: LiveEnvironment | undefined = yield getContext(LIVE_ENVIRONMENT_CONTEXT);
  const channel: EventChannel<ConnectionMessage> = yield call(liveConnectionChannel, env ?? undefined);
  try {
    for (;;) {
      const message: ConnectionMessage = yield take(channel);
      if (isTicketWanted(message)) yield fork(fetchTicket, message);
      else yield put(message);
    }
  } finally {
    channel.close();
    yield put(liveStatusChanged({ connected: false }));
    yield put(liveOfflineNoticeChanged({ visible: false }));
  }
}

/** Applies one event: the actions `liveEventActions` decides on the state before any of them. */
export function* applyLiveEvent({ payload }: ReturnType<typeof liveEventReceived>): SagaIterator {
  const state: RootState = yield select();
  for (const action of liveEventActions(payload, state)) yield put(action as UnknownAction);
}

/** A resync the tab decided itself is applied as the server's `resync` event. */
export function* applyLocalResync(): SagaIterator {
  yield put(liveEventReceived({ type: 'resync' }));
}

/**
 * Root of live updates: applies every `live/eventReceived`, and runs the connection from the session's start
 * (`reissueSucceeded`, or a token already there) to its end (`signedOut`, `reissueFailed`), again on the next start.
 */
export function* liveSaga(): SagaIterator {
  yield takeEvery(liveEventReceived.type, applyLiveEvent);
  yield takeEvery(liveResyncNeeded.type, applyLocalResync);
  for (;;) {
    const token: string | null = yield select(selectAccessToken);
    if (!token) yield take(reissueSucceeded.type);
    const connection: Task = yield fork(runLiveConnection);
    yield take([signedOut.type, reissueFailed.type]);
    yield cancel(connection);
  }
}
