import { styled } from '@mui/material/styles';

/** A list of team groups (each group carries its own 1.6rem bottom margin, which the drag library measures). */
export const TeamList = styled('ul')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});
