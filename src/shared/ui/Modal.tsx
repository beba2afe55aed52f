import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import MuiModal from '@mui/material/Modal';
import { styled } from '@mui/material/styles';
import { copy } from '../copy';
import { useIsPhone } from '../lib/useViewport';
import { LineIcon } from './icons/LineIcon';

/*
 * The product's modal: a portal with a rgba(0,0,0,.66) overlay,
 * a white panel (36rem by default; wider variants pass `width`) with 0.8rem radius and 2.4rem padding, a 2rem bold
 * title (default '알림'), a 1.6rem body and right-aligned action button(s) — navy by default, red for destructive
 * actions, with a grey "취소" to their left on confirm dialogs. On phones (< 600 px, docs/responsive.md) the panel
 * is a full-screen sheet with the buttons at the bottom. MUI's Modal underneath provides the portal, focus trap,
 * scroll lock and Escape; the focus goes back to the control that opened the modal when it closes (below).
 */

export type ModalTone = 'navy' | 'red';

export interface ModalProps {
  open: boolean;
  /** Escape, the overlay (unless `closeOnOverlayClick` is false) and the X call this. */
  onClose: () => void;
  /** Defaults to '알림'. Also the dialog's accessible name. */
  title?: ReactNode;
  children?: ReactNode;
  /**
   * The footer's buttons (right-aligned, see `ModalButton`). Without it, `onAction` renders one button labelled
   * `actionLabel` (default '확인') in `actionTone`. Full-width footers go in `children` instead.
   */
  actions?: ReactNode;
  onAction?: () => void;
  actionLabel?: string;
  actionTone?: ModalTone;
  actionDisabled?: boolean;
  /**
   * The grey button left of the `onAction` button, which closes the modal without acting (`onClose`): '취소' by
   * default, so every confirm dialog built with `onAction` has one; `null` leaves it out. Ignored with `actions`.
   */
  cancelLabel?: string | null;
  /** Panel width (CSS), '36rem' by default. */
  width?: string;
  /** An X in the title row (where the reference has one). */
  closeButton?: boolean;
  /** Clicking the overlay closes the modal (default true). */
  closeOnOverlayClick?: boolean;
  /** While true nothing closes the modal (a request is in flight). */
  locked?: boolean;
  /** Id of the element describing the dialog (its main sentence), if any. */
  describedBy?: string;
}

const Panel = styled('div', { shouldForwardProp: (prop) => prop !== 'panelWidth' })<{ panelWidth: string }>(
  ({ theme, panelWidth }) => ({
    position: 'relative',
    width: panelWidth,
    maxWidth: '100%',
    margin: 'auto',
    boxSizing: 'border-box',
    padding: '2.4rem',
    borderRadius: '0.8rem',
    backgroundColor: theme.palette.common.white,
    color: theme.palette.text.primary,
    outline: 'none',
    textAlign: 'left',
    // Korean lines break between words (a long URL still wraps).
    wordBreak: 'keep-all',
    overflowWrap: 'anywhere',
    '&[data-fullscreen]': {
      display: 'flex',
      flexDirection: 'column',
      width: '100%',
      minHeight: '100%',
      margin: 0,
      padding: '1.6rem 2rem calc(1.6rem + env(safe-area-inset-bottom, 0px))',
      borderRadius: 0,
    },
  }),
);

const TitleRow = styled('div')({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '1.6rem',
});

const Title = styled('h2')({
  margin: 0,
  fontSize: '2rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
});

const CloseButton = styled('button')(({ theme }) => ({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.8rem',
  height: '2.8rem',
  margin: '-0.2rem -0.2rem 0 0',
  padding: 0,
  border: 0,
  borderRadius: '0.6rem',
  background: 'transparent',
  color: theme.palette.text.primary,
  cursor: 'pointer',
  '&:hover': { backgroundColor: theme.palette.grey[200] },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}` },
  '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  [theme.breakpoints.down('sm')]: { width: '4.4rem', height: '4.4rem', margin: '-0.8rem -1.2rem 0 0' },
}));

/** The modal's 1.6rem body text. */
export const ModalBody = styled('p')({
  margin: '1.6rem 0 0',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'pre-line',
});

/** Right-aligned footer; on a phone's full-screen sheet it sits at the bottom and its buttons share the width. */
export const ModalActions = styled('div')({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: '0.8rem',
  marginTop: '2.4rem',
  '[data-fullscreen] > &': { marginTop: 'auto', paddingTop: '2.4rem', '& > button': { flex: 1 } },
});

/**
 * A modal's action button: navy (default) or red, white bold text, 0.6rem radius; disabled = grey `#dcdcdc`.
 * `fullWidth` for the 3.6rem-tall full-width buttons of the create-team and invite dialogs.
 */
export const ModalButton = styled('button', {
  shouldForwardProp: (prop) => prop !== 'tone' && prop !== 'fullWidth',
})<{ tone?: ModalTone; fullWidth?: boolean }>(({ theme, tone = 'navy', fullWidth }) => ({
  minWidth: '8rem',
  width: fullWidth ? '100%' : undefined,
  height: fullWidth ? '3.6rem' : '3.4rem',
  padding: '0 1.6rem',
  border: 0,
  borderRadius: '0.6rem',
  backgroundColor: tone === 'red' ? theme.palette.error.main : theme.palette.primary.main,
  color: theme.palette.common.white,
  font: 'inherit',
  fontSize: fullWidth ? '1.6rem' : '1.4rem',
  lineHeight: '140%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  cursor: 'pointer',
  '&:hover': { opacity: 0.9 },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
  '&:disabled': { backgroundColor: theme.palette.grey[300], cursor: 'not-allowed', opacity: 1 },
  // Touch targets (docs/responsive.md): at least 4.4rem tall on phones.
  [theme.breakpoints.down('sm')]: { height: fullWidth ? '4.8rem' : '4.4rem', fontSize: '1.6rem' },
}));

/** The confirm dialogs' "취소": the action button's size, `#f3f3f3` with dark text. */
export const ModalCancelButton = styled(ModalButton)(({ theme }) => ({
  backgroundColor: theme.palette.grey[200],
  color: theme.palette.text.primary,
  fontWeight: 400,
  '&:hover': { backgroundColor: theme.palette.grey[300], opacity: 1 },
  '&:disabled': { backgroundColor: theme.palette.grey[200], color: theme.palette.grey[400] },
}));

/*
 * Focus return (docs/responsive.md "Focus"): the opener is the focused element when the modal opens or — on touch
 * screens, where a tapped button does not take focus — the control last pressed. When the modal closes (or unmounts
 * while open) and the focus is left nowhere (on <body>), the opener gets it back if it is still on the page.
 */
const OPENER_SELECTOR = 'button, a[href], input, select, textarea, [tabindex], [role="button"]';
const POINTER_OPENER_MS = 1500;
let lastPressed: { element: HTMLElement; at: number } | null = null;
let pressListening = false;

function listenForPresses() {
  if (pressListening || typeof document === 'undefined') return;
  pressListening = true;
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target instanceof Element ? event.target.closest(OPENER_SELECTOR) : null;
      if (target instanceof HTMLElement) lastPressed = { element: target, at: Date.now() };
    },
    true,
  );
}

function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  if (lastPressed && Date.now() - lastPressed.at < POINTER_OPENER_MS && lastPressed.element.isConnected) {
    return lastPressed.element;
  }
  return null;
}

function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(listenForPresses, []);
  useLayoutEffect(() => {
    if (!open) return undefined;
    opener.current = currentOpener();
    return () => {
      const target = opener.current;
      opener.current = null;
      if (!target) return;
      // After MUI has removed the panel (and its focus trap): only where nothing else took the focus.
      window.setTimeout(() => {
        const active = document.activeElement;
        const lost = active === null || active === document.body || !active.isConnected;
        if (lost && target.isConnected) target.focus();
      }, 0);
    };
  }, [open]);
}

function XIcon() {
  return (
    <LineIcon strokeWidth={2}>
      <path d="M6 6l12 12M18 6 6 18" />
    </LineIcon>
  );
}

const OVERLAY = 'rgba(0, 0, 0, 0.66)';

/**
 * A dialog (`role="dialog"`, `aria-modal`, named by its title) on a dark overlay; a full-screen sheet on phones
 * (`data-fullscreen`). Escape closes it (unless `locked`); with `onAction` it is a confirm dialog with "취소".
 */
export function Modal({
  open,
  onClose,
  title = copy.modal.defaultTitle,
  children,
  actions,
  onAction,
  actionLabel = copy.modal.confirm,
  actionTone = 'navy',
  actionDisabled = false,
  cancelLabel = copy.modal.cancel,
  width = '36rem',
  closeButton = false,
  closeOnOverlayClick = true,
  locked = false,
  describedBy,
}: ModalProps) {
  const titleId = useId();
  const fullScreen = useIsPhone();
  useFocusReturn(open);
  const handleClose = (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (locked) return;
    if (reason === 'backdropClick' && !closeOnOverlayClick) return;
    onClose();
  };
  const footer =
    actions ??
    (onAction ? (
      <>
        {cancelLabel !== null && (
          <ModalCancelButton type="button" disabled={locked} onClick={onClose}>
            {cancelLabel}
          </ModalCancelButton>
        )}
        <ModalButton type="button" tone={actionTone} disabled={actionDisabled} onClick={onAction}>
          {actionLabel}
        </ModalButton>
      </>
    ) : null);

  return (
    <MuiModal
      open={open}
      onClose={handleClose}
      // Focus return is ours (useFocusReturn): MUI only knows the element focused just before, not a tapped one.
      disableRestoreFocus
      // The root scrolls when a panel is taller than the viewport; `margin: auto` centres the panel otherwise.
      sx={{ display: 'flex', overflowY: 'auto', padding: fullScreen ? 0 : '1.6rem' }}
      slotProps={{ backdrop: { sx: { backgroundColor: OVERLAY }, transitionDuration: 0 } }}
    >
      <Panel
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        panelWidth={width}
        data-fullscreen={fullScreen || undefined}
        tabIndex={-1}
      >
        <TitleRow>
          <Title id={titleId}>{title}</Title>
          {closeButton && (
            <CloseButton type="button" aria-label={copy.modal.close} disabled={locked} onClick={onClose}>
              <XIcon />
            </CloseButton>
          )}
        </TitleRow>
        {children}
        {footer && <ModalActions>{footer}</ModalActions>}
      </Panel>
    </MuiModal>
  );
}
