import { useEffect, useState } from 'react';
import { styled } from '@mui/material/styles';
import { eventsApi } from '../../api/eventsApi';
import { useAppSelector, useAppStore } from '../../app/hooks';
import { tokens } from '../../app/theme';
import { copy } from '../../shared/copy';
import { selectAccessToken } from '../session';
import { applyLiveEvent } from './applyLiveEvent';
import { createOfflineNotice, startLiveUpdates, type LiveEnvironment } from './liveUpdates';

/** A small pill at the top centre: visible but quiet, never blocking the page. */
const Status = styled('div')({
  position: 'fixed',
  top: '1.2rem',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1300,
  pointerEvents: 'none',
  '& > span': {
    display: 'inline-block',
    padding: '0.6rem 1.4rem',
    borderRadius: '999px',
    fontSize: '1.3rem',
    color: tokens.grey[600],
    backgroundColor: tokens.grey[200],
    border: `1px solid ${tokens.grey[300]}`,
  },
});

export interface LiveUpdatesProps {
  /** The browser's EventSource, Web Locks and BroadcastChannel unless given (tests). */
  env?: LiveEnvironment;
}

/**
 * Live updates of the workspace (docs/architecture.md "Live updates"): while the tab is signed in, holds (or
 * follows) the event stream and applies every event to the RTK Query cache; stops on sign-out. Renders the quiet
 * status "연결이 끊겼습니다 — 다시 연결 중" (a polite live region, always mounted) after ~5 s without a stream.
 * Mounted once, in the workspace shell.
 */
export function LiveUpdates({ env }: LiveUpdatesProps) {
  const store = useAppStore();
  const signedIn = useAppSelector((state) => selectAccessToken(state) !== null);
  const [offline, setOffline] = useState(false);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    const notice = createOfflineNotice(setOffline);
    const stop = startLiveUpdates({
      env,
      fetchTicket: async () =>
        (
          await store
            .dispatch(eventsApi.endpoints.createEventTicket.initiate(undefined, { track: false }))
            .unwrap()
        ).ticket,
      apply: (event) => applyLiveEvent(event, store.dispatch, store.getState),
      onStatus: (open) => {
        setConnected(open);
        notice.status(open);
      },
    });
    return () => {
      stop?.();
      notice.dispose();
      setConnected(false);
    };
  }, [signedIn, store, env]);

  return (
    // `data-state` says whether this tab receives events (own stream or the leader's relay); tests wait on it.
    <Status
      role="status"
      aria-live="polite"
      data-testid="live-status"
      data-state={connected ? 'open' : 'closed'}
    >
      {offline ? <span>{copy.live.offline}</span> : null}
    </Status>
  );
}
