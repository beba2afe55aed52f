import { RouterProvider } from 'react-router-dom';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { AppErrorBoundary } from '../shared/ui/AppErrorBoundary';
import type { AppRouter } from './router';
import { theme, tokens } from './theme';

/** The body's type and colours (also rendered into the static login page, features/onboarding/staticLogin). */
export const globalStyles = {
  body: {
    fontFamily: tokens.fontFamily,
    fontSize: '1.6rem',
    lineHeight: '140%',
    letterSpacing: tokens.letterSpacing,
    color: tokens.grey[600],
    backgroundColor: '#ffffff',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
  },
} as const;

/**
 * Providers shared by every screen: the MUI theme, global styles and an error boundary around the router.
 * Redux is provided by the router's `StoreLayout` routes (see router.tsx), so the login page renders without it.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles styles={globalStyles} />
      <AppErrorBoundary fallbackStatus={500}>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
