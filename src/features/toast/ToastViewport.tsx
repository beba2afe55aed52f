import { useEffect, useState } from 'react';
import { keyframes, styled } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { useFloatingActionPresent } from '../../shared/lib/floatingAction';
import { useIsPhone } from '../../shared/lib/useViewport';
import { toastPlacement } from './toastPlacement';
import { TOAST_CLOSE_ANIMATION_MS, selectVisibleToasts, toastDismissed, type Toast } from './toastSlice';

/**
 * The toast area (docs/product.md "Errors and messages"): fixed bottom 5rem / right 6.4rem, 36rem wide, toasts
 * stacked 1rem apart, oldest on top; above a floating action while one is on screen, under the app bar on phones
 * (`toastPlacement`, toastPlacement.ts). Only the first `TOAST_MAX_VISIBLE` toasts of the queue render; each one
 * closes after its `durationMs` with a 400 ms fade/slide and is then removed from the store, letting the next
 * waiting toast in. A toast replaced by key keeps its place and restarts its timer (its id changes).
 *
 * The viewport is a polite live region that is always mounted, so screen readers announce new toasts.
 * Toasts never take pointer events (taps and clicks reach whatever lies below).
 */

const Viewport = styled('section')({
  position: 'fixed',
  zIndex: 1400,
  maxWidth: 'calc(100vw - 3.2rem)',
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
  pointerEvents: 'none',
});

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(1.6rem)' },
  to: { opacity: 1, transform: 'none' },
});

const enterFromAbove = keyframes({
  from: { opacity: 0, transform: 'translateY(-1.6rem)' },
  to: { opacity: 1, transform: 'none' },
});

const Card = styled('div')(({ theme }) => ({
  boxSizing: 'border-box',
  width: '100%',
  padding: '2.4rem',
  border: `1px solid ${theme.palette.grey[300]}`,
  borderRadius: '5px',
  backgroundColor: theme.palette.grey[200],
  color: theme.palette.text.primary,
  letterSpacing: '-0.02em',
  animation: `${enter} ${TOAST_CLOSE_ANIMATION_MS}ms ease-out`,
  '[data-from="above"] > &': { animation: `${enterFromAbove} ${TOAST_CLOSE_ANIMATION_MS}ms ease-out` },
  // Phones: a compact card (the stack spans the screen's width under the app bar).
  [theme.breakpoints.down('sm')]: {
    padding: '1.2rem 1.6rem',
    boxShadow: '0 0.4rem 1.2rem rgba(0, 0, 0, 0.12)',
    '& > p:first-of-type': { fontSize: '1.6rem' },
    '& > p + p': { marginTop: '0.4rem', fontSize: '1.4rem' },
  },
  transition: `opacity ${TOAST_CLOSE_ANIMATION_MS}ms ease-in, transform ${TOAST_CLOSE_ANIMATION_MS}ms ease-in`,
  '&[data-state="closing"]': { opacity: 0, transform: 'translateX(2.4rem)' },
  '@media (prefers-reduced-motion: reduce)': {
    '&, [data-from="above"] > &': { animation: 'none', transition: 'none' },
  },
}));

const Title = styled('p')({
  margin: 0,
  fontSize: '2rem',
  lineHeight: '140%',
  fontWeight: 700,
});

const Message = styled('p')({
  margin: '1.6rem 0 0',
  fontSize: '1.6rem',
  lineHeight: '140%',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

function ToastCard({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  // The id whose lifetime has run out; a replacement (new id) is therefore open again.
  const [expiredId, setExpiredId] = useState<string | null>(null);
  const closing = expiredId === toast.id;

  useEffect(() => {
    const close = setTimeout(() => setExpiredId(toast.id), toast.durationMs);
    const remove = setTimeout(
      () => dispatch(toastDismissed(toast.id)),
      toast.durationMs + TOAST_CLOSE_ANIMATION_MS,
    );
    return () => {
      clearTimeout(close);
      clearTimeout(remove);
    };
  }, [dispatch, toast.id, toast.durationMs]);

  return (
    <Card data-state={closing ? 'closing' : 'open'} data-toast-key={toast.key}>
      <Title>{toast.title}</Title>
      <Message>{toast.message}</Message>
    </Card>
  );
}

export function ToastViewport() {
  const toasts = useAppSelector(selectVisibleToasts);
  const phone = useIsPhone();
  const floatingAction = useFloatingActionPresent();
  const { from, ...position } = toastPlacement({ phone, floatingAction });
  return (
    <Viewport
      role="status"
      aria-live="polite"
      aria-label={copy.toast.region}
      data-from={from}
      data-testid="toast-viewport"
      style={position}
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.key} toast={toast} />
      ))}
    </Viewport>
  );
}
