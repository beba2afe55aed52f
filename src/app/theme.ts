import type { CSSProperties } from 'react';
import { createTheme } from '@mui/material/styles';
import type { State } from '../../contract/itemEnums';
import { tokens } from '../shared/ui/tokens';

/**
 * The design tokens (src/shared/ui/tokens.ts) as one MUI theme. The root font size is 10px
 * (`html { font-size: 62.5% }` in global.css), so `htmlFontSize: 10` keeps MUI's rem maths right and every size
 * below reads as px / 10.
 */

export { tokens };

type TextStyle = CSSProperties;

declare module '@mui/material/styles' {
  interface Palette {
    status: Record<State, string>;
    kakao: { main: string; contrastText: string };
  }
  interface PaletteOptions {
    status?: Record<State, string>;
    kakao?: { main: string; contrastText: string };
  }
  interface TypeBackground {
    onboarding: string;
  }
  interface TypographyVariants {
    bigtitle: TextStyle;
    title: TextStyle;
    titleSub: TextStyle;
    body: TextStyle;
    small: TextStyle;
    xsmall: TextStyle;
  }
  interface TypographyVariantsOptions {
    bigtitle?: TextStyle;
    title?: TextStyle;
    titleSub?: TextStyle;
    body?: TextStyle;
    small?: TextStyle;
    xsmall?: TextStyle;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    bigtitle: true;
    title: true;
    titleSub: true;
    body: true;
    small: true;
    xsmall: true;
  }
}

/** MUI's stock variants keep their sizes but take the product's letter spacing. */
const STOCK_VARIANTS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'caption',
  'overline',
] as const;
const stockVariants = Object.fromEntries(
  STOCK_VARIANTS.map((variant) => [variant, { letterSpacing: '-0.02em' }]),
);

const text = (fontSize: string, lineHeight: string): TextStyle => ({
  fontSize,
  lineHeight,
  fontWeight: 400,
  letterSpacing: tokens.letterSpacing,
});

export const theme = createTheme({
  // Phone < 600 px (xs), tablet 600–1023 px (sm), desktop ≥ 1024 px (md and up): docs/responsive.md.
  breakpoints: { values: { xs: 0, sm: 600, md: 1024, lg: 1280, xl: 1440 } },
  palette: {
    primary: { main: tokens.navy, contrastText: '#ffffff' },
    secondary: { main: tokens.navyVariant, contrastText: '#ffffff' },
    error: { main: tokens.error },
    grey: {
      100: tokens.grey[100],
      200: tokens.grey[200],
      300: tokens.grey[300],
      400: tokens.grey[400],
      500: tokens.grey[500],
      600: tokens.grey[600],
    },
    text: { primary: tokens.grey[600], secondary: tokens.grey[500], disabled: tokens.grey[400] },
    divider: tokens.grey[300],
    background: { default: '#ffffff', paper: '#ffffff', onboarding: tokens.onboardingBackground },
    status: tokens.status,
    kakao: { main: tokens.kakaoYellow, contrastText: '#000000' },
  },
  typography: {
    // 1rem = 10px. `fontSize` stays MUI's 14 so its pxToRem maths is exact (body1 = 1.6rem = 16px).
    htmlFontSize: 10,
    fontFamily: tokens.fontFamily,
    ...stockVariants,
    bigtitle: text('3.2rem', '150%'),
    title: text('2.4rem', '150%'),
    titleSub: text('2.0rem', '140%'),
    body: text('1.6rem', '140%'),
    small: text('1.4rem', '140%'),
    xsmall: text('1.2rem', '140%'),
    button: { textTransform: 'none', letterSpacing: tokens.letterSpacing },
  },
  shape: { borderRadius: 5 },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { boxShadow: 'none', '&:hover': { boxShadow: 'none' } } },
    },
    MuiTypography: {
      defaultProps: {
        variantMapping: {
          bigtitle: 'h1',
          title: 'h2',
          titleSub: 'h3',
          body: 'p',
          small: 'p',
          xsmall: 'span',
        },
      },
    },
  },
});

export type AppTheme = typeof theme;
