import { styled, type Theme } from '@mui/material/styles';

/** The product name under the mark on the login and the last onboarding step: 2.4rem/150% bold navy. */
const productName = ({ theme }: { theme: Theme }) => ({
  margin: '1.6rem 0 0',
  fontSize: '2.4rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: theme.palette.primary.main,
});

/** The login page's heading. */
export const ProductNameHeading = styled('h1')(productName);

/** The last onboarding step's (its heading is the tagline). */
export const ProductNameText = styled('p')(productName);
