import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/*
 * The three layouts (docs/responsive.md): phone below 600 px, tablet 600–1023 px, desktop from 1024 px — the
 * theme's `sm` and `md` breakpoints (app/theme.ts). Styles use `theme.breakpoints.down('sm')` etc.; these hooks are
 * for what CSS cannot do (a drawer instead of a rail, a full-screen dialog).
 */

/** True below 600 px (the phone layout). */
export function useIsPhone(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** True from 1024 px (the desktop layout). */
export function useIsDesktop(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
}
