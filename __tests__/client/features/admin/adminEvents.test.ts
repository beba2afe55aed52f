import { combineReducers } from '@reduxjs/toolkit';
import type { Persistor } from 'redux-persist';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { liveEventActions } from '../../../../src/features/live/liveEventActions';
import { inviteReducer } from '../../../../src/features/invite/inviteSlice';
import { selectMyMemberId, sessionReducer, signedOut } from '../../../../src/features/session/sessionSlice';
import { removedFromWorkspace, signOutSaga } from '../../../../src/features/session/signOutSaga';
import type { RootState } from '../../../../src/app/hooks';

/*
 * issue #23 (admin): a `member.removed` event about oneself signs the tab out to the sign-in screen with the notice;
 * about someone else it only refreshes names; `member.role_changed` refreshes the members and the caller's role.
 */

/** An access token whose payload names member `sub` (the signature is never checked in the client). */
const tokenOf = (sub: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: String(sub), typ: 'access' })).replace(/=+$/, '')}.sig`;

const stateWith = (sub: number) =>
  ({ session: { accessToken: tokenOf(sub), hasSession: true } }) as unknown as RootState;

describe('selectMyMemberId', () => {
  it('reads the member id from the access token, null without one or for garbage', () => {
    expect(selectMyMemberId({ session: { accessToken: tokenOf(42), hasSession: true } })).toBe(42);
    expect(selectMyMemberId({ session: { accessToken: null, hasSession: false } })).toBeNull();
    expect(selectMyMemberId({ session: { accessToken: 'a.%%%.c', hasSession: true } })).toBeNull();
  });
});

type Action = { type: string; payload?: unknown };
const types = (actions: unknown[]) => (actions as Action[]).map((action) => action.type);
const invalidated = (actions: unknown[]) =>
  (actions as Action[]).find((action) => action.type.endsWith('invalidateTags'))?.payload;

describe('liveEventActions: member.removed and member.role_changed', () => {
  it('signs out when the removed member is this tab’s member', () => {
    const actions = liveEventActions({ type: 'member.removed', actorId: 1, memberId: 7 }, stateWith(7));
    expect(types(actions)).toEqual([removedFromWorkspace.type]);
  });

  it('only refreshes names and members when someone else was removed', () => {
    const actions = liveEventActions({ type: 'member.removed', actorId: 1, memberId: 8 }, stateWith(7));
    expect(types(actions)).not.toContain(removedFromWorkspace.type);
    expect(invalidated(actions)).toEqual(expect.arrayContaining(['Member', 'Issue', 'Comment']));
  });

  it('refreshes the members list and the caller’s profile (its role) on a role change', () => {
    const actions = liveEventActions(
      { type: 'member.role_changed', actorId: 1, memberId: 7, role: 'admin' },
      stateWith(7),
    );
    expect(invalidated(actions)).toEqual(expect.arrayContaining(['Member', 'WorkspaceProfile']));
  });
});

describe('liveEventActions: workspace.updated', () => {
  it('refreshes the workspace profile (name and logo in the sidebar)', () => {
    const actions = liveEventActions({ type: 'workspace.updated', actorId: 1 }, stateWith(7));
    expect(invalidated(actions)).toEqual(['WorkspaceProfile']);
  });
});

describe('removed from the workspace: the sign-out sequence with the notice', () => {
  it('clears the session and goes to /onboarding?notice=removed', async () => {
    const navigate = jest.fn();
    const persistor = { purge: jest.fn(async () => undefined), flush: jest.fn(async () => undefined) };
    const context: StaticProvider[] = [
      [matchers.getContext('navigate'), navigate],
      [matchers.getContext('persistor'), persistor as unknown as Persistor],
    ];
    const reducer = combineReducers({ session: sessionReducer, invite: inviteReducer });
    const { storeState } = await expectSaga(signOutSaga)
      .withReducer(reducer, {
        session: { accessToken: tokenOf(7), hasSession: true },
        invite: inviteReducer(undefined, { type: '@@init' }),
      })
      .provide(context)
      .dispatch(removedFromWorkspace())
      .put(signedOut())
      .silentRun(50);
    expect(storeState.session).toEqual({ accessToken: null, hasSession: false });
    expect(navigate).toHaveBeenCalledWith('/onboarding?notice=removed', { replace: true });
  });
});
