/*
 * The script of the static login page (`dist/onboarding/index.html`, written at build time from the SPA's own
 * components by renderLoginPage.tsx and scripts/build-login.mjs; docs/performance.md "Lighthouse"). The page is
 * painted from its HTML; this gives it the SPA login page's behaviour (features/onboarding/pages/LoginPage.tsx)
 * without React: the provider buttons start OAuth, `?error=<code>` from the server's OAuth failure redirect shows
 * its Korean line, a failed redirect shows the provider's, and the company (OpenID Connect) button, rendered hidden,
 * appears when the server says it is configured (`GET /api/auth/providers`, signInOptions.ts; docs/setup.md "Single
 * sign-on (OpenID Connect)"). No imports of app modules beyond two tiny helpers: the login route's budget is 120 KB
 * of JavaScript with everything it loads (webpack.config.js), and this is all of it.
 */
import type { SignInOptions } from '../../../../contract/auth';
import { withRo } from '../../../shared/lib/particle';
import { fetchSignInOptions } from './signInOptions';

/** What the page's script needs, written by the build into `<script type="application/json" id="login-config">`. */
export interface StaticLoginConfig {
  /** The class of the SPA's error line (`LoginErrorLine`), so the added line looks the same. */
  errorClass: string;
  /** `?error=<code>` → its line (copy.login.oauthErrors). */
  oauthErrors: Record<string, string>;
  /** Any other `?error=` value (copy.login.oauthFailed). */
  oauthFailed: string;
  /** The line shown when the browser could not be sent to a provider (copy.login.*RedirectFailed). */
  redirectFailed: Record<string, string>;
  /** What follows "{name}(으)로" on the company button (copy.login.oidcContinue). */
  oidcContinue: string;
  /** `?error=domain_not_allowed` with the allowed domains: `{domains}` is replaced by them (copy.login.domainNotAllowed). */
  domainNotAllowed: string;
}

/** The placeholder of `StaticLoginConfig.domainNotAllowed`. */
export const DOMAINS_PLACEHOLDER = '{domains}';

let lastApplied: Promise<void> = Promise.resolve();
/** Resolves once the last `startStaticLogin` has applied the server's sign-in options (tests wait on it). */
export const optionsApplied = (): Promise<void> => lastApplied;

/** Id of the JSON element holding the `StaticLoginConfig`. */
export const LOGIN_CONFIG_ID = 'login-config';

/** The OAuth start of a provider: the same URL the SPA page assigns. */
export const oauthStartUrl = (provider: string) => `/oauth2/authorization/${provider}`;

/**
 * Wires the static login page in `doc` (see above): `search` is the page's query string, `assign` leaves the page
 * (window.location.assign), `loadOptions` asks the server for its sign-in options (resolves null when it cannot).
 * Returns false, changing nothing, when the document is not the static login page (no config element or no provider
 * buttons); the options are applied when they arrive (`applied` resolves then).
 */
export function startStaticLogin(
  doc: Document,
  search: string,
  assign: (url: string) => void,
  loadOptions: () => Promise<SignInOptions | null> = () => fetchSignInOptions(),
): boolean {
  const configText = doc.getElementById(LOGIN_CONFIG_ID)?.textContent;
  const buttons = [...doc.querySelectorAll<HTMLButtonElement>('button[data-provider]')];
  if (!configText || buttons.length === 0) return false;
  const config = JSON.parse(configText) as StaticLoginConfig;

  /** Shows `message` under the buttons, in the element the SPA renders there (one line, replaced). */
  const show = (message: string) => {
    let line = doc.querySelector<HTMLElement>('[data-login-error]');
    if (!line) {
      line = doc.createElement('p');
      line.className = config.errorClass;
      line.setAttribute('role', 'alert');
      line.setAttribute('data-login-error', '');
      buttons[0]!.parentElement!.after(line);
    }
    line.textContent = message;
  };

  const code = new URLSearchParams(search).get('error');
  if (code !== null) show(config.oauthErrors[code] ?? config.oauthFailed);
  lastApplied = loadOptions().then((options) => {
    const oidc = options?.oidc;
    const button = buttons.find((b) => b.dataset.provider === 'oidc');
    if (oidc && button) {
      const label = button.querySelector('[data-label]') ?? button;
      label.textContent = `${withRo(oidc.displayName)} ${config.oidcContinue}`;
      button.hidden = false;
    }
    if (code === 'domain_not_allowed' && options && options.allowedDomains.length > 0) {
      show(config.domainNotAllowed.replace(DOMAINS_PLACEHOLDER, options.allowedDomains.join(', ')));
    }
  });

  for (const button of buttons) {
    const provider = button.dataset.provider!;
    button.addEventListener('click', () => {
      try {
        assign(oauthStartUrl(provider));
      } catch (error) {
        console.error(error);
        show(config.redirectFailed[provider] ?? config.oauthFailed);
      }
    });
  }
  return true;
}
