import { keyframes, styled } from '@mui/material/styles';
import { shellCopy as copy } from '../shellCopy';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const Viewport = styled('div')({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

/** A navy ring with a transparent gap, like the ClipLoader of the earlier product. */
const Ring = styled('span')(({ theme }) => ({
  display: 'block',
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: '50%',
  border: `0.2rem solid ${theme.palette.primary.main}`,
  borderBottomColor: 'transparent',
  animation: `${spin} 0.75s linear infinite`,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '2s' },
}));

interface FullScreenSpinnerProps {
  /** Accessible name; a generic "loading" by default. */
  label?: string;
  /** The page's `<h1>`, visually hidden (a route whose whole screen is this spinner). */
  heading?: string;
}

/** Loading fallback: a navy spinner centred in the viewport. */
export function FullScreenSpinner({ label = copy.loading.spinner, heading }: FullScreenSpinnerProps) {
  return (
    <Viewport>
      {heading && <VisuallyHidden as="h1">{heading}</VisuallyHidden>}
      <Ring role="progressbar" aria-label={label} aria-busy="true" />
    </Viewport>
  );
}
