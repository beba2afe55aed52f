import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { LiveEvent } from '../../../../contract/events';
import { baseApi } from '../../../../src/api/baseApi';
import { itemsApi } from '../../../../src/api/itemsApi';
import { TAG_TYPES } from '../../../../src/api/cacheTags';
import { inviteReducer } from '../../../../src/features/invite/inviteSlice';
import { LIVE_ENVIRONMENT_CONTEXT, liveSaga } from '../../../../src/features/live/liveSaga';
import {
  liveEventReceived,
  liveReducer,
  liveResyncNeeded,
  liveStatusChanged,
} from '../../../../src/features/live/liveSlice';
import type { LiveEnvironment } from '../../../../src/features/live/liveUpdates';
import { sessionReducer, signedOut } from '../../../../src/features/session/sessionSlice';
import { sagaRequest } from '../../../../src/shared/lib/sagaRequest';
import { eventMarks } from '../../../../src/shared/lib/eventMarks';
import { createTestStore, envelopeResponse, mockFetch } from '../../support/helpers';
import { group, item, page, signedIn } from '../items/itemListSupport';
import { FakeEventSource } from './liveSupport';

/*
 * The live saga (src/features/live/liveSaga.ts) replaying recorded event sequences through the real connection (a
 * fake EventSource): every event becomes `live/eventReceived` and is applied through the one item-change rule
 * (src/api/itemChanges.ts); reconnecting resumes after the last id and replays; resyncs refetch everything.
 */

const env: LiveEnvironment = { EventSource: FakeEventSource, locks: null, BroadcastChannel: null };
const reducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
  invite: inviteReducer,
  live: liveReducer,
});
type State = ReturnType<typeof reducer>;

let tickets = 0;
const providers = () => [
  [matchers.getContext(LIVE_ENVIRONMENT_CONTEXT), env] as const,
  // POST /api/events/ticket
  [matchers.call.fn(sagaRequest), dynamic(() => ({ data: { ticket: `t${++tickets}`, expiresIn: 30 } }))] as const,
];

const invalidate = (tags: unknown[]) => baseApi.util.invalidateTags(tags as never);
const flush = async () => {
  for (let index = 0; index < 10; index++) await Promise.resolve();
};
const waitForStreams = async (count: number) => {
  for (let tries = 0; FakeEventSource.instances.length < count && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(FakeEventSource.instances).toHaveLength(count);
};

const row5 = item(5, { title: '로그인 버그', state: 'TODO' });
const renamedRow = { ...row5, title: '로그인 버그 수정' };
/** Recorded from a teammate's session: issue 5 of team 7 created, renamed, deleted. */
const recorded: Array<[string, LiveEvent]> = [
  ['41', { type: 'item.created', actorId: 2, kind: 'issue', teamId: 7, id: 5, item: row5 }],
  ['42', { type: 'item.updated', actorId: 2, kind: 'issue', teamId: 7, id: 5, fields: ['title'], item: renamedRow }],
  ['43', { type: 'item.deleted', actorId: 2, kind: 'issue', teamId: 7, ids: [5] }],
];

/** A signed-in state whose cache holds team 7's issue list grouped by state, with issue 5 loaded. */
async function stateWithIssueList(): Promise<State> {
  mockFetch({
    'GET /api/teams/7/issues': () => envelopeResponse(200, page([group('TODO', [row5], 1)])),
  });
  const { store } = await createTestStore({ preloadedState: signedIn });
  await store.dispatch(itemsApi.endpoints.getItemList.initiate({ kind: 'issue', teamId: 7, grouping: 'STATE' }));
  const state = store.getState();
  return { api: state.api, session: state.session, invite: state.invite, live: state.live } as State;
}

beforeEach(() => {
  FakeEventSource.reset();
  eventMarks.forget();
});
afterEach(() => jest.restoreAllMocks());

it('create → rename → delete: each event is an action, applied through the item-change rule', async () => {
  const initial = await stateWithIssueList();
  const test = expectSaga(liveSaga).withReducer(reducer, initial).provide(providers() as never);
  const run = test.silentRun(500);
  await waitForStreams(1);
  FakeEventSource.latest.open();
  for (const [id, event] of recorded) FakeEventSource.latest.emit(id, event);
  const { effects } = await run;

  const puts = ((effects.put ?? []) as Array<{ payload: { action: { type?: string } } }>).map(
    (effect) => effect.payload.action,
  );
  const received = puts.filter((action) => action.type === liveEventReceived.type);
  expect(received).toEqual(recorded.map(([, event]) => liveEventReceived(event)));
  expect(puts).toContainEqual(liveStatusChanged({ connected: true }));

  const invalidations = puts.filter(
    (action) => action.type === baseApi.util.invalidateTags.type,
  ) as unknown as Array<{ payload: unknown[] }>;
  // Created: the issue lists, picker and name preview. Renamed while staying in its group: the row is patched in
  // place, so only its detail is stale (no list refetch). Deleted: the lists again, and its detail.
  expect(invalidations.map((action) => action.payload)).toEqual([
    [
      { type: 'Issue', id: 'LIST' },
      { type: 'ItemName', id: 'issue' },
      { type: 'SimpleList', id: 'issue' },
    ],
    [{ type: 'Issue', id: 5 }],
    [
      { type: 'Issue', id: 'LIST' },
      { type: 'ItemName', id: 'issue' },
      { type: 'SimpleList', id: 'issue' },
      { type: 'Issue', id: 5 },
    ],
  ]);
  // The rename's patch of the cached row (a thunk RTK Query runs), put between the first two invalidations.
  expect(puts.filter((action) => typeof action === 'function')).toHaveLength(1);
});

it('reconnect with replay: a dropped stream resumes after the last id and the replayed events apply in order', async () => {
  const test = expectSaga(liveSaga)
    .withReducer(reducer, reducer(signedIn as never, { type: '@@init' }))
    .provide(providers() as never)
    .put(liveStatusChanged({ connected: true }))
    .put(liveEventReceived(recorded[0]![1]))
    .put(liveStatusChanged({ connected: false }))
    .put(liveEventReceived(recorded[1]![1]))
    .put(liveEventReceived(recorded[2]![1]))
    .not.put(liveResyncNeeded({ reason: 'reconnectWithoutId' }));
  const run = test.silentRun(2500);
  await waitForStreams(1);
  FakeEventSource.latest.open();
  FakeEventSource.latest.emit(...recorded[0]!);
  FakeEventSource.latest.fail();
  // After the backoff (1 s ± 25 %), a new ticket and a stream resuming after 41; the server replays 42 and 43.
  await waitForStreams(2);
  expect(FakeEventSource.latest.param('lastEventId')).toBe('41');
  expect(FakeEventSource.latest.param('ticket')).not.toBe(FakeEventSource.instances[0]!.param('ticket'));
  FakeEventSource.latest.open();
  FakeEventSource.latest.emit(...recorded[1]!);
  FakeEventSource.latest.emit(...recorded[2]!);
  await run;
});

it('resync from the server (events pruned before the resume id): every tag type is refetched', async () => {
  const test = expectSaga(liveSaga)
    .withReducer(reducer, reducer(signedIn as never, { type: '@@init' }))
    .provide(providers() as never)
    .put(liveEventReceived({ type: 'resync' }))
    .put(invalidate([...TAG_TYPES]))
    .not.put(liveResyncNeeded({ reason: 'reconnectWithoutId' }));
  const run = test.silentRun(300);
  await waitForStreams(1);
  FakeEventSource.latest.open();
  FakeEventSource.latest.emit('90', { type: 'resync' });
  await run;
});

it('reconnected without any id: the tab’s own resync refetches every tag type', async () => {
  const test = expectSaga(liveSaga)
    .withReducer(reducer, reducer(signedIn as never, { type: '@@init' }))
    .provide(providers() as never)
    .put(liveResyncNeeded({ reason: 'reconnectWithoutId' }))
    .put(liveEventReceived({ type: 'resync' }))
    .put(invalidate([...TAG_TYPES]));
  const run = test.silentRun(2500);
  await waitForStreams(1);
  FakeEventSource.latest.open();
  FakeEventSource.latest.fail();
  await waitForStreams(2);
  FakeEventSource.latest.open();
  await run;
});

it('starts with the session and stops on sign-out: the stream closes and no ticket is asked for again', async () => {
  const signedOutState = reducer(undefined, { type: '@@init' });
  const test = expectSaga(liveSaga)
    .withReducer(reducer, { ...signedOutState, invite: { ...signedOutState.invite, hasWorkspace: true } })
    .provide(providers() as never)
    .put(liveStatusChanged({ connected: true }))
    .put(liveStatusChanged({ connected: false }));
  const run = test.silentRun(2500);
  await flush();
  expect(FakeEventSource.instances).toHaveLength(0);
  test.dispatch({ type: 'session/reissueSucceeded', payload: { accessToken: 'tok' } });
  await waitForStreams(1);
  FakeEventSource.latest.open();
  test.dispatch(signedOut());
  await flush();
  expect(FakeEventSource.latest.closed).toBe(true);
  await run;
  expect(FakeEventSource.instances).toHaveLength(1);
});
