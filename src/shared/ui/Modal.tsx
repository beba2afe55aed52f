import { useId, type ReactNode } from 'react';
import MuiModal from '@mui/material/Modal';
import { styled } from '@mui/material/styles';
import { copy } from '../copy';
import { LineIcon } from './icons/LineIcon';

/*
 * The product's modal: a portal with a rgba(0,0,0,.66) overlay,
 * a white panel (36rem by default; wider variants pass `width`) with 0.8rem radius and 2.4rem padding, a 2rem bold
 * title (default '알림'), a 1.6rem body and right-aligned action button(s) — navy by default, red for destructive
 * actions. MUI's Modal underneath provides the portal, focus trap, focus restore, scroll lock and Escape.
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
}));

/** The modal's 1.6rem body text. */
export const ModalBody = styled('p')({
  margin: '1.6rem 0 0',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'pre-line',
});

/** Right-aligned footer. */
export const ModalActions = styled('div')({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: '0.8rem',
  marginTop: '2.4rem',
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
}));

function XIcon() {
  return (
    <LineIcon strokeWidth={2}>
      <path d="M6 6l12 12M18 6 6 18" />
    </LineIcon>
  );
}

const OVERLAY = 'rgba(0, 0, 0, 0.66)';

/** A dialog (`role="dialog"`, `aria-modal`, named by its title) on a dark overlay. */
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
  width = '36rem',
  closeButton = false,
  closeOnOverlayClick = true,
  locked = false,
  describedBy,
}: ModalProps) {
  const titleId = useId();
  const handleClose = (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (locked) return;
    if (reason === 'backdropClick' && !closeOnOverlayClick) return;
    onClose();
  };
  const footer =
    actions ??
    (onAction ? (
      <ModalButton type="button" tone={actionTone} disabled={actionDisabled} onClick={onAction}>
        {actionLabel}
      </ModalButton>
    ) : null);

  return (
    <MuiModal
      open={open}
      onClose={handleClose}
      // The root scrolls when a panel is taller than the viewport; `margin: auto` centres the panel otherwise.
      sx={{ display: 'flex', overflowY: 'auto', padding: '1.6rem' }}
      slotProps={{ backdrop: { sx: { backgroundColor: OVERLAY }, transitionDuration: 0 } }}
    >
      <Panel
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        panelWidth={width}
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
