import { styled } from '@mui/material/styles';

const tick = (colour: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M4.2 8.3 6.9 10.9 11.8 5.6" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  )}")`;

/**
 * A native checkbox drawn like the reference's: a rounded square stroked `#aeaeae`; checked = filled navy (or red,
 * for the withdraw agreement) with a white tick. Stays a real `<input type="checkbox">` (keyboard, forms, e2e).
 */
export const Checkbox = styled('input', {
  shouldForwardProp: (prop) => prop !== 'tone' && prop !== 'boxSize',
})<{
  tone?: 'navy' | 'red';
  boxSize?: string;
}>(({ theme, tone = 'navy', boxSize = '1.6rem' }) => {
  const fill = tone === 'red' ? theme.palette.error.main : theme.palette.primary.main;
  return {
    appearance: 'none',
    flex: 'none',
    width: boxSize,
    height: boxSize,
    margin: 0,
    border: `1.5px solid ${theme.palette.grey[400]}`,
    borderRadius: '0.3rem',
    backgroundColor: theme.palette.common.white,
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '100% 100%',
    cursor: 'pointer',
    '&:checked': { borderColor: fill, backgroundColor: fill, backgroundImage: tick('#ffffff') },
    '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}`, outlineOffset: '0.2rem' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  };
});
