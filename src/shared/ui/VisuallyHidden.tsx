import { styled } from '@mui/material/styles';

/** Hidden on screen, still read by screen readers (as a style object, for class-based rules). */
export const visuallyHiddenStyle = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** A span hidden on screen, still read by screen readers. */
export const VisuallyHidden = styled('span')(visuallyHiddenStyle);
