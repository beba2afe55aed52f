import { styled } from '@mui/material/styles';

/**
 * Light building blocks shared by the onboarding and error screens (styled elements only, no MUI components,
 * so the login route stays small).
 */

/** Full-viewport column centred both ways on the onboarding grey (`#f9fafb`). */
export const CenteredPage = styled('main')(({ theme }) => ({
  minHeight: '100vh',
  minWidth: 'max-content',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  backgroundColor: theme.palette.background.onboarding,
  color: theme.palette.text.primary,
  textAlign: 'center',
}));

/** The 40rem × 6.2rem navy primary button of the onboarding and error screens. */
export const PrimaryButton = styled('button')(({ theme }) => ({
  width: '40rem',
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
}));

/** Error and 404 pages: measured from the earlier product, the column sits 5.5rem below the viewport centre. */
export const StatusPage = styled(CenteredPage)({ paddingTop: '11rem' });

export const StatusHeading = styled('h1')({
  margin: 0,
  fontSize: '3.2rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
});

/** Two-line message (`\n` separated) followed by the gap above the back button. */
export const StatusMessage = styled('p')({
  margin: '3.2rem 0 11.2rem',
  fontSize: '2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'pre-line',
});
