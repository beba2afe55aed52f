import { styled } from '@mui/material/styles';
import { useAppSelector } from '../../app/hooks';
import { tokens } from '../../app/theme';
import { copy } from '../../shared/copy';
import { selectLiveConnected, selectLiveOffline } from './liveSlice';

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

/**
 * The live status of the workspace (docs/live-updates.md "In the browser"; the stream itself is the live saga's,
 * features/live/liveSaga.ts): the quiet "연결이 끊겼습니다 — 다시 연결 중" (a polite live region, always mounted)
 * after ~5 s without a stream. Mounted once, in the workspace shell.
 */
export function LiveUpdates() {
  const connected = useAppSelector(selectLiveConnected);
  const offline = useAppSelector(selectLiveOffline);
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
