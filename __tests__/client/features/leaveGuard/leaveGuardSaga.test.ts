import { expectSaga } from 'redux-saga-test-plan';
import { confirmLeave, leaveGuardSaga } from '../../../../src/features/leaveGuard/leaveGuardSaga';
import {
  initialLeaveGuardState,
  leaveBlocked,
  leaveCancelled,
  leaveConfirmed,
  leaveConfirmOpened,
  leaveGuardArmed,
  leaveGuardReducer,
  leaveGuardReleased,
  leaveProceeded,
  leaveReset,
  leaveSettled,
  type LeaveGuardState,
} from '../../../../src/features/leaveGuard/leaveGuardSlice';

/* The leave guard's decisions (spec §4 "Detail modes"): blocked → modal open → confirm → proceed / cancel → reset. */

const armed: LeaveGuardState = { armed: true, reason: 'create', prompt: 'idle' };

describe('leaveGuardSaga', () => {
  it('blocked → modal open → confirm → proceed (the guard is released)', () =>
    expectSaga(leaveGuardSaga)
      .withReducer(leaveGuardReducer, armed)
      .put(leaveConfirmOpened())
      .put(leaveProceeded())
      .not.put(leaveReset())
      .dispatch(leaveBlocked())
      .dispatch(leaveConfirmed())
      .hasFinalState({ armed: false, reason: null, prompt: 'proceed' })
      .silentRun(50));

  it('blocked → modal open → cancel → reset (still armed)', () =>
    expectSaga(leaveGuardSaga)
      .withReducer(leaveGuardReducer, armed)
      .put(leaveConfirmOpened())
      .put(leaveReset())
      .not.put(leaveProceeded())
      .dispatch(leaveBlocked())
      .dispatch(leaveCancelled())
      .hasFinalState({ armed: true, reason: 'create', prompt: 'reset' })
      .silentRun(50));

  it('opens the modal while a decision is pending and waits', () =>
    expectSaga(leaveGuardSaga)
      .withReducer(leaveGuardReducer, armed)
      .put(leaveConfirmOpened())
      .not.put(leaveProceeded())
      .not.put(leaveReset())
      .dispatch(leaveBlocked())
      .hasFinalState({ ...armed, prompt: 'open' })
      .silentRun(50));

  it('ignores further blocked navigations while the modal is open (one modal)', async () => {
    const { effects } = await expectSaga(leaveGuardSaga)
      .withReducer(leaveGuardReducer, armed)
      .dispatch(leaveBlocked())
      .dispatch(leaveBlocked())
      .dispatch(leaveConfirmed())
      .silentRun(50);
    const puts = (effects.put ?? []).map(
      (effect) => (effect.payload as { action: { type: string } }).action.type,
    );
    expect(puts).toEqual([leaveConfirmOpened.type, leaveProceeded.type]);
  });

  it('a release while the modal is open (saved meanwhile) proceeds', () =>
    expectSaga(confirmLeave)
      .withReducer(leaveGuardReducer, armed)
      .put(leaveConfirmOpened())
      .put(leaveProceeded())
      .dispatch(leaveGuardReleased())
      .run(50));

  it('decides again after settling', () =>
    expectSaga(leaveGuardSaga)
      .withReducer(leaveGuardReducer, armed)
      .dispatch(leaveBlocked())
      .dispatch(leaveCancelled())
      .dispatch(leaveSettled())
      .dispatch(leaveBlocked())
      .dispatch(leaveConfirmed())
      .hasFinalState({ armed: false, reason: null, prompt: 'proceed' })
      .silentRun(50));
});

describe('leaveGuard slice', () => {
  it('arms with a serializable reason and releases', () => {
    const state = leaveGuardReducer(initialLeaveGuardState, leaveGuardArmed({ reason: 'edit' }));
    expect(state).toEqual({ armed: true, reason: 'edit', prompt: 'idle' });
    expect(JSON.parse(JSON.stringify(leaveGuardArmed({ reason: 'edit' })))).toEqual(
      leaveGuardArmed({ reason: 'edit' }),
    );
    expect(leaveGuardReducer(state, leaveGuardReleased())).toEqual(initialLeaveGuardState);
  });

  it('settles back to idle', () => {
    expect(leaveGuardReducer({ ...armed, prompt: 'reset' }, leaveSettled()).prompt).toBe('idle');
  });
});
