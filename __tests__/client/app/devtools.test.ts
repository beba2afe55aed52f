// First: the stub extension must be in place before RTK loads.
import { received } from './devtoolsHook';
import { findNonSerializableValue, isPlain } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { itemsApi } from '../../../src/api/itemsApi';
import { workspaceApi } from '../../../src/api/workspaceApi';
import { reissueRequested } from '../../../src/features/session/sessionSlice';
import { eventMarks } from '../../../src/shared/lib/eventMarks';
import { createTestStore, envelopeResponse, mockFetch } from '../support/helpers';
import { FakeEventSource } from '../features/live/liveSupport';
import { group, item, page } from '../features/items/itemListSupport';

/*
 * Redux DevTools in every build (src/app/store.ts, src/app/devtoolsSanitizers.ts): a recorded session — sign-in
 * (reissue), the invite dialog's link and password, a list load, a teammate's live events through the stream —
 * runs through the real store with a stub extension installed, the way RTK Query's `configureStore` finds it
 * (`window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__`, read when RTK loads). Every action that reaches the reducer, and
 * the state after it, must be serializable (RTK's `isPlain`), and what DevTools receives must hold no secret.
 */

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwidHlwIjoiYWNjZXNzIn0.c2VjcmV0LXNpZ25hdHVyZQ';
const TICKET = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJ0aWNrZXQifQ.dGlja2V0LXNpZw';
const INVITE_PASSWORD = 'K7Q2M9XZ';
const INVITE_URL = 'https://momentum.example/acme/invite?token=invite-secret-token';
const SECRETS = [TOKEN, TICKET, INVITE_PASSWORD, 'invite-secret-token'];

/** Polls `check` every 10 ms, for at most 3 s. */
async function waitUntil(check: () => boolean) {
  for (let tries = 0; !check(); tries++) {
    if (tries > 300) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('a recorded session is serializable, and DevTools sees it with every secret redacted', async () => {
  FakeEventSource.reset();
  eventMarks.forget();

  mockFetch({
    'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: TOKEN }),
    'POST /api/events/ticket': () => envelopeResponse(200, { ticket: TICKET, expiresIn: 30 }),
    'GET /api/workspace/setting/invite': () =>
      envelopeResponse(200, { inviteUrl: INVITE_URL, invitePassword: INVITE_PASSWORD }),
    'GET /api/teams/7/issues': () => envelopeResponse(200, page([group('TODO', [item(5)], 1)])),
  });
  const { store } = await createTestStore({
    preloadedState: { session: { hasSession: true }, invite: { hasWorkspace: true } },
    liveEnvironment: { EventSource: FakeEventSource, locks: null, BroadcastChannel: null },
  });

  // Sign-in: the session renews; the live saga starts with it and opens the stream.
  store.dispatch(reissueRequested());
  await waitUntil(() => store.getState().session.accessToken === TOKEN);
  await store.dispatch(workspaceApi.endpoints.getInviteInfo.initiate());
  await store.dispatch(
    itemsApi.endpoints.getItemList.initiate({ kind: 'issue', teamId: 7, grouping: 'STATE' }),
  );
  await waitUntil(() => FakeEventSource.instances.length === 1);
  FakeEventSource.latest.open();
  FakeEventSource.latest.emit('41', {
    type: 'item.updated',
    actorId: 2,
    kind: 'issue',
    teamId: 7,
    id: 5,
    fields: ['title'],
    item: item(5, { title: '팀원이 바꾼 제목' }),
  });
  FakeEventSource.latest.emit('42', { type: 'team.created', actorId: 2, teamId: 12 });
  await waitUntil(() =>
    received.raw.some(({ action }) => (action as { type: string }).type === 'live/eventReceived'),
  );

  const types = received.raw.map(({ action }) => (action as { type: string }).type);
  expect(types).toEqual(
    expect.arrayContaining(['session/reissueSucceeded', 'live/statusChanged', 'live/eventReceived']),
  );
  expect(types.filter((type) => type === 'live/eventReceived')).toHaveLength(2);
  expect(received.options.name).toBe('Momentum');

  // Serializable: every action (RTK Query's request/response meta aside, as the store's own check does) and state.
  const ignoredPaths = ['meta.arg', 'meta.baseQueryMeta'];
  // redux-persist's own actions carry its callbacks (the store's check ignores them too).
  const persistActions: string[] = [FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE];
  for (const { action, state } of received.raw) {
    if (!persistActions.includes((action as { type: string }).type)) {
      expect(findNonSerializableValue(action, '', isPlain, undefined, ignoredPaths)).toBe(false);
    }
    expect(findNonSerializableValue(state, '', isPlain)).toBe(false);
  }
  // The token really is in the store (so the check below means something) …
  expect(JSON.stringify(store.getState())).toContain(TOKEN);
  expect(JSON.stringify(store.getState())).toContain(INVITE_PASSWORD);
  // … and nowhere in what DevTools receives.
  const { actionSanitizer, stateSanitizer } = received.options;
  expect(actionSanitizer).toBeInstanceOf(Function);
  expect(stateSanitizer).toBeInstanceOf(Function);
  const shown = received.raw.map(({ action, state }, index) =>
    JSON.stringify([actionSanitizer!(action, index), stateSanitizer!(state, index)]),
  );
  for (const text of shown) for (const secret of SECRETS) expect(text).not.toContain(secret);
  // Redacted, not dropped: DevTools still shows that a token is there, and the live event itself.
  const last = JSON.parse(shown[shown.length - 1]!) as [unknown, { session: { accessToken: string } }];
  expect(last[1].session.accessToken).toBe('[redacted]');
  expect(shown.some((text) => text.includes('팀원이 바꾼 제목'))).toBe(true);
});
