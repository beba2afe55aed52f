import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { Modal, ModalBody } from '../../shared/ui/Modal';
import {
  leaveBlocked,
  leaveCancelled,
  leaveConfirmed,
  leaveSettled,
  selectLeaveArmed,
  selectLeavePrompt,
} from './leaveGuardSlice';

/**
 * Blocks in-app navigation while the guard is armed and shows the saga's confirm modal; sets `beforeunload` so the
 * browser warns on reload/close. Mount once per guarded screen (react-router allows one blocker at a time).
 */
export function LeaveGuard() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const armed = useAppSelector(selectLeaveArmed);
  const prompt = useAppSelector(selectLeavePrompt);

  // Read the store at navigation time: a save releases the guard and navigates in the same tick.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      selectLeaveArmed(store.getState()) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [store],
  );
  const blocker = useBlocker(shouldBlock);

  // Report each blocked navigation once: a re-render that still sees the old blocker state must not re-open the modal.
  const reported = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      reported.current = false;
    } else if (!reported.current) {
      reported.current = true;
      dispatch(leaveBlocked());
    }
  }, [blocker.state, dispatch]);

  useEffect(() => {
    if (prompt === 'proceed' || prompt === 'reset') {
      if (blocker.state === 'blocked') {
        if (prompt === 'proceed') blocker.proceed();
        else blocker.reset();
      }
      dispatch(leaveSettled());
    }
  }, [prompt, blocker, dispatch]);

  useEffect(() => {
    if (!armed) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [armed]);

  const text = copy.leaveGuard;
  return (
    <Modal
      open={prompt === 'open'}
      title={text.title}
      onClose={() => dispatch(leaveCancelled())}
      onAction={() => dispatch(leaveConfirmed())}
      actionLabel={text.confirm}
    >
      <ModalBody>
        {text.question}
        <br />
        {text.detail}
      </ModalBody>
    </Modal>
  );
}
