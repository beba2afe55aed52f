import { styled } from '@mui/material/styles';

/** The small navy square buttons (onboarding name check, invite copy): 4rem × 3.6rem, white icon. */
export const SquareIconButton = styled('button')(({ theme }) => ({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '4rem',
  height: '3.6rem',
  padding: 0,
  border: 0,
  borderRadius: '0.6rem',
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  cursor: 'pointer',
  '&:hover': { opacity: 0.9 },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
  '&:disabled': { cursor: 'progress' },
}));
