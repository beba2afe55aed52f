import { styled } from '@mui/material/styles';

/**
 * Light building blocks shared by the onboarding and error screens (styled elements only, no MUI components,
 * so the login route stays small). Fluid from 360 px (docs/responsive.md): CSS media queries only — no
 * `useMediaQuery` on these routes — 2rem side padding on phones, fixed widths capped at the column's width.
 */

/** Below 600 px: the theme's `breakpoints.down('sm')`, written out so these styles need no theme lookup. */
export const PHONE = '@media (max-width: 599.95px)';

/** Full-viewport column centred both ways on the onboarding grey (`#f9fafb`). */
export const CenteredPage = styled('main')(({ theme }) => ({
  boxSizing: 'border-box',
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: theme.palette.background.onboarding,
  color: theme.palette.text.primary,
  textAlign: 'center',
  // Korean lines break between words; a word longer than the line (a URL) still wraps instead of overflowing.
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
  padding: '0 2rem',
  [PHONE]: { padding: '3.2rem 2rem' },
}));

/** The 40rem × 6.2rem navy primary button of the onboarding and error screens. */
export const PrimaryButton = styled('button')(({ theme }) => ({
  width: '40rem',
  maxWidth: '100%',
  height: '6.2rem',
  border: 0,
  borderRadius: '0.5rem',
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  font: 'inherit',
  fontSize: '2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  cursor: 'pointer',
  '&:hover': { opacity: 0.9 },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
  '&:disabled': { backgroundColor: theme.palette.grey[300], cursor: 'not-allowed', opacity: 1 },
  [PHONE]: { height: '5.6rem', fontSize: '1.8rem' },
}));

/** Error and 404 pages: measured from the earlier product, the column sits 5.5rem below the viewport centre. */
export const StatusPage = styled(CenteredPage)({ paddingTop: '11rem', [PHONE]: { paddingTop: '3.2rem' } });

export const StatusHeading = styled('h1')({
  margin: 0,
  fontSize: '3.2rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  [PHONE]: { fontSize: '2.8rem' },
});

/** Two-line message (`\n` separated) followed by the gap above the back button. */
export const StatusMessage = styled('p')({
  margin: '3.2rem 0 11.2rem',
  fontSize: '2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'pre-line',
  [PHONE]: { margin: '2.4rem 0 6.4rem', fontSize: '1.6rem' },
});
