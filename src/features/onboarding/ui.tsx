import { styled } from '@mui/material/styles';
import { LineIcon } from '../../shared/ui/icons/LineIcon';
import { PHONE } from '../../shared/ui/layout';

/*
 * Building blocks of the onboarding steps, measured against the design at 1440×900: a column centred
 * in the viewport, 40rem-wide fields and buttons, 1rem = 10px. Plain styled elements (no MUI components).
 */

/** The step's column (the onboarding layout centres it both ways). */
export const StepColumn = styled('div')({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  width: '100%',
});

/** 32px bold navy heading under the step indicator. */
export const StepTitle = styled('h1')(({ theme }) => ({
  margin: '3rem 0 0',
  fontSize: '3.2rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.primary.main,
  [PHONE]: { marginTop: '2.4rem', fontSize: '2.4rem' },
}));

/** 20px line under the heading. */
export const StepSubtitle = styled('p')(({ theme }) => ({
  margin: '1rem 0 0',
  fontSize: '2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.text.primary,
  [PHONE]: { fontSize: '1.6rem' },
}));

/**
 * A 40rem × 6.2rem rounded field: grey fill, or — in error — no fill and a 1px red border. Holds the input and
 * an optional trailing button; the error line (if any) is positioned under it without moving what follows.
 */
export const FieldBox = styled('div', { shouldForwardProp: (prop) => prop !== 'invalid' })<{
  invalid?: boolean;
}>(({ theme, invalid }) => ({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  width: '40rem',
  maxWidth: '100%',
  height: '6.2rem',
  border: `1px solid ${invalid ? theme.palette.error.main : 'transparent'}`,
  borderRadius: '0.5rem',
  backgroundColor: invalid ? theme.palette.background.onboarding : theme.palette.grey[200],
  textAlign: 'left',
  '&:focus-within': invalid ? {} : { borderColor: theme.palette.grey[400] },
}));

/** The text input filling a FieldBox (text starts 2rem from the box's outer edge). */
export const FieldInput = styled('input', { shouldForwardProp: (prop) => prop !== 'muted' })<{
  muted?: boolean;
}>(({ theme, muted }) => ({
  flex: 1,
  minWidth: 0,
  height: '100%',
  padding: '0 1.9rem',
  border: 0,
  outline: 'none',
  background: 'transparent',
  font: 'inherit',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: muted ? theme.palette.grey[500] : theme.palette.text.primary,
  '&::placeholder': { color: theme.palette.grey[500], opacity: 1 },
  '&:read-only': { cursor: 'default' },
}));

/** 12px red message under a field. */
export const FieldError = styled('p')(({ theme }) => ({
  margin: 0,
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.error.main,
  textAlign: 'left',
}));

/** FieldError placed under its FieldBox, out of the flow (the next field does not move). */
export const FloatingFieldError = styled(FieldError)({
  position: 'absolute',
  top: 'calc(100% + 1.1rem)',
  left: 0,
  right: 0,
});

/** The small navy square buttons (name check): shared with the invite copy box. */
export { SquareIconButton as IconButton } from '../../shared/ui/buttons';

/** Visually hidden, still read by screen readers. */
export { VisuallyHidden } from '../../shared/ui/VisuallyHidden';

export function CheckIcon() {
  return (
    <LineIcon width="1.4rem" height="1.4rem" viewBox="0 0 14 14">
      <path d="M2.5 7.3 5.6 10.2 11.5 3.8" />
    </LineIcon>
  );
}
