import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { globalStyles } from '../App';
import { theme } from '../theme';
import { copy } from '../../shared/copy';
import { documentTitleOf } from '../../shared/lib/pageTitle';
import OnboardingLayout from '../../features/onboarding/OnboardingLayout';
import LoginPage, { LoginErrorLine } from '../../features/onboarding/pages/LoginPage';
import {
  DOMAINS_PLACEHOLDER,
  type StaticLoginConfig,
} from '../../features/onboarding/staticLogin/staticLogin';

/*
 * The login screen rendered at build time (docs/performance.md "Lighthouse"): the same components the SPA renders
 * at `/onboarding` (OnboardingLayout + LoginPage under the app's theme and global styles), to static markup and the
 * CSS emotion generated for it. scripts/build-login.mjs writes it to `dist/onboarding/index.html`, which the server
 * answers for `/onboarding` (a directory index, server/spa.ts): the screen is painted from the HTML alone, and the
 * page's only script is the small `login` entry (src/login.ts → staticLogin.ts) instead of React, MUI and the router.
 * Runs in Node only (react-dom/server); never imported by the browser bundles.
 */

/** What the static login document is made of. */
export interface RenderedLoginPage {
  /** Markup of `#root`'s content, exactly what the SPA renders at `/onboarding` without `?error=`. */
  markup: string;
  /** Every rule emotion generated for the markup, the global body styles and the error line, in insertion order. */
  css: string;
  /** The document title the SPA sets on this screen (`로그인 · Momentum`). */
  title: string;
  /** What the page's script needs to behave like the SPA's page (serialised into the document as JSON). */
  config: StaticLoginConfig;
}

const STYLE_TAG = /<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g;

/** Splits emotion's inline `<style>` tags out of server markup: `[markup without them, their CSS]`. */
export function extractEmotionStyles(html: string): [string, string] {
  const rules: string[] = [];
  const markup = html.replace(STYLE_TAG, (_tag, css: string) => {
    rules.push(css);
    return '';
  });
  return [markup, rules.join('')];
}

/**
 * Renders the login screen (see above). Pure in Node (each render gets its own emotion cache). Throws when the rendered
 * markup lacks what the page's script relies on (the three provider buttons; the company one hidden).
 */
export function renderLoginPage(): RenderedLoginPage {
  // Emotion's default cache: on a server (no document), a new one for every render, which writes each rule as a
  // `<style data-emotion>` tag beside the element that uses it.
  const withProviders = (node: ReactNode) => <ThemeProvider theme={theme}>{node}</ThemeProvider>;
  const [page, pageCss] = extractEmotionStyles(
    renderToStaticMarkup(
      withProviders(
        <>
          <GlobalStyles styles={globalStyles} />
          <MemoryRouter initialEntries={['/onboarding']}>
            <Routes>
              <Route path="/onboarding" element={<OnboardingLayout />}>
                <Route index element={<LoginPage />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </>,
      ),
    ),
  );
  // The error line the SPA shows under the buttons: only its class is needed (the script adds the element).
  const [errorLine, errorCss] = extractEmotionStyles(
    renderToStaticMarkup(withProviders(<LoginErrorLine role="alert">x</LoginErrorLine>)),
  );
  const errorClass = /class="([^"]+)"/.exec(errorLine)?.[1];
  if (!errorClass) throw new Error('renderLoginPage: the error line has no class');
  for (const provider of ['google', 'kakao', 'oidc'])
    if (!page.includes(`data-provider="${provider}"`))
      throw new Error(`renderLoginPage: no ${provider} button in the markup`);
  return {
    markup: page,
    css: pageCss + errorCss,
    title: documentTitleOf([copy.onboarding.pageTitles.login]),
    config: {
      errorClass,
      oauthErrors: { ...copy.login.oauthErrors } as Record<string, string>,
      oauthFailed: copy.login.oauthFailed,
      redirectFailed: {
        google: copy.login.googleRedirectFailed,
        kakao: copy.login.kakaoRedirectFailed,
        oidc: copy.login.oidcRedirectFailed,
      },
      oidcContinue: copy.login.oidcContinue,
      domainNotAllowed: copy.login.domainNotAllowed([DOMAINS_PLACEHOLDER]),
    },
  };
}
