import { styled } from '@mui/material/styles';
import { tokens } from './tokens';
import { PHONE } from './layout';

/** What every navy button shares: navy fill, white text, no border, the surrounding font, a pointer. */
export const navyButtonStyle = {
  border: 0,
  backgroundColor: tokens.navy,
  color: tokens.grey[100],
  font: 'inherit',
  cursor: 'pointer',
} as const;

/** The keyboard focus ring of the navy buttons. */
export const navyFocusRing = {
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
} as const;

/** A navy button that cannot act now: grey fill, grey text. */
export const mutedWhenDisabled = {
  '&:disabled': { backgroundColor: tokens.grey[200], color: tokens.grey[400], cursor: 'default' },
} as const;

/** The small navy square buttons (onboarding name check, invite copy): 4rem × 3.6rem, white icon. */
export const SquareIconButton = styled('button')({
  ...navyButtonStyle,
  ...navyFocusRing,
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '4rem',
  height: '3.6rem',
  padding: 0,
  borderRadius: '0.6rem',
  '&:hover': { opacity: 0.9 },
  '&:disabled': { cursor: 'progress' },
  // Touch targets of at least 4.4rem on phones (docs/responsive.md).
  [PHONE]: { width: '4.4rem', height: '4.4rem' },
});

/** The small navy text button: "팀 생성하기", "팀원 초대하기" (3.5rem tall), "연동하기" (restyled to 3.6rem). */
export const SmallNavyButton = styled('button')({
  ...navyButtonStyle,
  ...navyFocusRing,
  height: '3.5rem',
  padding: '0 1.1rem',
  borderRadius: '0.6rem',
  fontSize: '1.4rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  '&:hover': { opacity: 0.9 },
  [PHONE]: { height: '4.4rem', padding: '0 1.4rem' },
});

/** The small button's outlined variant: transparent, navy text, a grey hairline (secondary actions beside it). */
export const SmallOutlineButton = styled(SmallNavyButton)({
  backgroundColor: 'transparent',
  color: tokens.navy,
  boxShadow: `inset 0 0 0 1px ${tokens.grey[400]}`,
});
