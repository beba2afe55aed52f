import { useEffect, useRef, useState } from 'react';
import { styled } from '@mui/material/styles';
import { copyText } from '../lib/clipboard';
import { SquareIconButton } from './buttons';
import { LineIcon } from './icons/LineIcon';
import { PHONE } from './layout';

/** How long the "copied" bubble shows (ms). */
export const COPIED_BUBBLE_MS = 2000;

/*
 * A read-only text box with a navy copy button to its right (top-aligned) and the black "copied" speech bubble
 * above the button. `filled` is the onboarding invite step's 35 × 16.7rem grey box; `outlined` is the settings
 * invite dialog's 35 × 7.9rem white box with a 1px grey border.
 */

type Variant = 'filled' | 'outlined';

const Row = styled('div', { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant: Variant }>(
  ({ variant }) => ({
    display: 'flex',
    alignItems: 'flex-start',
    gap: variant === 'filled' ? '1rem' : '0.8rem',
    maxWidth: '100%',
  }),
);

const Box = styled('textarea', { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant: Variant }>(
  ({ theme, variant }) => ({
    boxSizing: 'border-box',
    width: '35rem',
    minWidth: 0,
    // Phones: the box takes the row's width left of the button.
    [PHONE]: {
      flex: '1 1 auto',
      width: 'auto',
      ...(variant === 'filled'
        ? { height: 'auto', minHeight: '12rem', fieldSizing: 'content' as const }
        : {}),
    },
    // The dialog's box grows with a long invite URL (up to ~ 6 lines) instead of scrolling.
    ...(variant === 'filled'
      ? { height: '16.7rem' }
      : { minHeight: '7.9rem', maxHeight: '12rem', fieldSizing: 'content' as const }),
    padding: variant === 'filled' ? '1.8rem 2rem' : '1.2rem',
    border: variant === 'filled' ? 0 : `1px solid ${theme.palette.grey[300]}`,
    borderRadius: '0.5rem',
    outline: 'none',
    resize: 'none',
    backgroundColor: variant === 'filled' ? theme.palette.grey[200] : theme.palette.common.white,
    color: theme.palette.text.primary,
    font: 'inherit',
    fontSize: '1.2rem',
    lineHeight: '140%',
    letterSpacing: '-0.02em',
    textAlign: 'left',
    overflowWrap: 'anywhere',
    '&:focus-visible': { boxShadow: `inset 0 0 0 1px ${theme.palette.grey[400]}` },
  }),
);

const CopyAnchor = styled('div')({ position: 'relative' });

/**
 * Black speech bubble above the copy button, its arrow pointing at the button: centred on the onboarding page;
 * in the dialog (`outlined`) its right edge lines up with the button's so it stays over the panel. The live region
 * stays mounted and empties when hidden.
 */
const Bubble = styled('p', { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant: Variant }>(
  ({ theme, variant }) => ({
    position: 'absolute',
    bottom: 'calc(100% + 1.3rem)',
    ...(variant === 'filled' ? { left: '50%', transform: 'translateX(-50%)' } : { right: 0 }),
    zIndex: 1,
    margin: 0,
    padding: '1.6rem',
    borderRadius: '0.5rem',
    backgroundColor: theme.palette.grey[600],
    color: theme.palette.common.white,
    fontSize: '1.2rem',
    lineHeight: '140%',
    letterSpacing: '-0.02em',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    '&:empty': { display: 'none' },
    // Phones: the button sits at the right edge, so the bubble is right-aligned with it (never past the screen).
    [PHONE]: { left: 'auto', right: 0, transform: 'none' },
    '&::after': {
      content: '""',
      position: 'absolute',
      top: '100%',
      ...(variant === 'filled' ? { left: '50%', transform: 'translateX(-50%)' } : { right: '1.4rem' }),
      borderLeft: '0.6rem solid transparent',
      borderRight: '0.6rem solid transparent',
      borderTop: `1rem solid ${theme.palette.grey[600]}`,
      [PHONE]: { left: 'auto', right: '1.6rem', transform: 'none' },
    },
  }),
);

function CopyIcon() {
  return (
    <LineIcon width="1.6rem" height="1.6rem" viewBox="0 0 16 16" strokeWidth={1.3}>
      <rect x="5" y="5" width="8.5" height="8.5" rx="1.6" />
      <path d="M11 3.2V3.1A1.6 1.6 0 0 0 9.4 1.5H3.6A1.6 1.6 0 0 0 2 3.1v5.8A1.6 1.6 0 0 0 3.6 10.5h.1" />
    </LineIcon>
  );
}

export interface CopyFieldProps {
  /** The box's text, which is also what gets copied. */
  value: string;
  /** False when there is nothing real to copy: the button then shows `failedMessage`. */
  canCopy: boolean;
  /** Accessible name of the box. */
  label: string;
  /** Accessible name of the copy button. */
  copyLabel: string;
  /** The bubble's text ("복사가 완료되었습니다!"). */
  copiedMessage: string;
  /** Alert when copying fails ("복사에 실패했습니다. 직접 복사해주세요."). */
  failedMessage: string;
  variant?: Variant;
  className?: string;
}

/**
 * The copy box of the invite screens: Clipboard API with the select + `execCommand` fallback
 * (`shared/lib/clipboard.ts`); success shows the bubble for 2 s, failure an alert asking for a manual copy.
 */
export function CopyField({
  value,
  canCopy,
  label,
  copyLabel,
  copiedMessage,
  failedMessage,
  variant = 'filled',
  className,
}: CopyFieldProps) {
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleCopy = async () => {
    if (!canCopy || !(await copyText(value, boxRef.current))) {
      window.alert(failedMessage);
      return;
    }
    window.clearTimeout(timer.current);
    setCopied(true);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_BUBBLE_MS);
  };

  return (
    <Row variant={variant} className={className}>
      <Box ref={boxRef} variant={variant} readOnly value={value} aria-label={label} />
      <CopyAnchor>
        <Bubble role="status" variant={variant}>
          {copied ? copiedMessage : ''}
        </Bubble>
        <SquareIconButton type="button" aria-label={copyLabel} onClick={() => void handleCopy()}>
          <CopyIcon />
        </SquareIconButton>
      </CopyAnchor>
    </Row>
  );
}
