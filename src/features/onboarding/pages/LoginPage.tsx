import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import type { Provider, SignInOptions } from '../../../../contract/auth';
import { shellCopy } from '../../../shared/shellCopy';
import { assignLocation } from '../../../shared/lib/browser';
import { Logo } from '../../../shared/ui/Logo';
import { PHONE } from '../../../shared/ui/layout';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { fetchSignInOptions } from '../staticLogin/signInOptions';
import { CompanyMark, GoogleMark, KakaoMark } from './SocialIcons';
import { ProductNameHeading } from './ProductName';

/*
 * Measured against the design at 1440×900: a 44.5rem column centred in the viewport — 11.2rem mark, 1.6rem,
 * product name (2.4rem/150% bold navy), 3.2rem, tagline (1.6rem/140%), 3.2rem, two 40×6.2rem buttons 1.6rem
 * apart with the provider mark 3.1rem from the left and the label centred, 3.0rem, the terms link. A third button,
 * the company's OpenID Connect sign-in, shows under them when the server has it configured (`GET /api/auth/providers`;
 * docs/setup.md "Single sign-on (OpenID Connect)"): rendered hidden until then, so that the static page has it too.
 * Plain styled elements only (no ButtonBase/ripple) to keep the login route small. The build also renders this
 * page to static HTML for `/onboarding` (app/renderLoginPage.tsx), whose script finds the buttons by
 * `data-provider` (staticLogin/staticLogin.ts): keep the two in step.
 */

const Column = styled('div')({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  width: '100%',
});

const Tagline = styled('p')({
  margin: '3.2rem 0 0',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
});

const Buttons = styled('div')({
  marginTop: '3.2rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1.6rem',
  width: '100%',
});

const SocialButton = styled('button', { shouldForwardProp: (prop) => prop !== 'provider' })<{
  provider: Provider;
}>(({ theme, provider }) => ({
  position: 'relative',
  width: '40rem',
  maxWidth: '100%',
  height: '6.2rem',
  padding: '0 6rem',
  border: 0,
  borderRadius: '0.5rem',
  backgroundColor:
    provider === 'google'
      ? theme.palette.grey[200]
      : provider === 'kakao'
        ? theme.palette.kakao.main
        : theme.palette.common.white,
  boxShadow: provider === 'oidc' ? `inset 0 0 0 0.1rem ${theme.palette.grey[300]}` : 'none',
  color: theme.palette.grey[600],
  font: 'inherit',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  cursor: 'pointer',
  '&:hover': { opacity: 0.9 },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.primary.main}`, outlineOffset: '0.2rem' },
  [PHONE]: { height: '5.6rem', padding: '0 5.6rem' },
}));

const ProviderMark = styled('span')({
  position: 'absolute',
  left: '3.1rem',
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'flex',
});

/** The line under the buttons (exported for the static login page's build, app/renderLoginPage.tsx). */
export const LoginErrorLine = styled('p')(({ theme }) => ({
  margin: '1.6rem 0 0',
  maxWidth: '40rem',
  fontSize: '1.4rem',
  lineHeight: '140%',
  color: theme.palette.error.main,
}));

const TermsLink = styled('a')(({ theme }) => ({
  marginTop: '3rem',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  // Secondary text at WCAG AA on the onboarding background (docs/responsive.md "Accessibility").
  color: theme.palette.grey[500],
  textDecoration: 'none',
  borderBottom: `1px solid ${theme.palette.grey[500]}`,
  '&:hover': { color: theme.palette.text.primary, borderBottomColor: theme.palette.text.primary },
  // A 4.4rem-tall touch target on phones (the underline becomes a text decoration so the padding can grow).
  [PHONE]: {
    marginTop: '1.8rem',
    padding: '1.2rem 0.4rem',
    borderBottom: 0,
    textDecoration: 'underline',
    textUnderlineOffset: '0.3rem',
  },
}));

const TERMS_URL = process.env.TERMS_URL ?? '/terms.html';

/**
 * `?error=<code>` from the server's OAuth failure redirect → a Korean line under the buttons (`domain_not_allowed`
 * names the allowed domains once the server told them).
 */
function oauthErrorMessage(code: string | null, allowedDomains: readonly string[] = []): string | null {
  if (code === null) return null;
  if (code === 'domain_not_allowed' && allowedDomains.length > 0)
    return shellCopy.login.domainNotAllowed(allowedDomains);
  return shellCopy.login.oauthErrors[code] ?? shellCopy.login.oauthFailed;
}

const REDIRECT_FAILED: Record<Provider, string> = {
  google: shellCopy.login.googleRedirectFailed,
  kakao: shellCopy.login.kakaoRedirectFailed,
  oidc: shellCopy.login.oidcRedirectFailed,
};

/**
 * `/onboarding`: sign in with Google, Kakao or, when configured, the company's OpenID Connect provider (a same-origin
 * redirect to the server's OAuth start).
 */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const [redirectError, setRedirectError] = useState<string | null>(null);
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    let current = true;
    void fetchSignInOptions().then((fetched) => {
      if (current) setOptions(fetched);
    });
    return () => {
      current = false;
    };
  }, []);
  // issue #23 (admin): `?notice=removed` after an admin removed the member (the session feature signs out here).
  const notice = searchParams.get('notice') === 'removed' ? shellCopy.login.removedNotice : null;
  const message =
    redirectError ?? oauthErrorMessage(searchParams.get('error'), options?.allowedDomains) ?? notice;
  const oidc = options?.oidc ?? null;
  usePageTitle(shellCopy.login.pageTitle);

  const signIn = (provider: Provider) => {
    try {
      assignLocation(`/oauth2/authorization/${provider}`);
    } catch (error) {
      console.error(error);
      setRedirectError(REDIRECT_FAILED[provider]);
    }
  };

  return (
    <Column>
      <Logo size="11.2rem" decorative />
      <ProductNameHeading>{shellCopy.productName}</ProductNameHeading>
      <Tagline>{shellCopy.login.tagline}</Tagline>
      <Buttons>
        <SocialButton type="button" provider="google" data-provider="google" onClick={() => signIn('google')}>
          <ProviderMark>
            <GoogleMark />
          </ProviderMark>
          {shellCopy.login.google}
        </SocialButton>
        <SocialButton type="button" provider="kakao" data-provider="kakao" onClick={() => signIn('kakao')}>
          <ProviderMark>
            <KakaoMark />
          </ProviderMark>
          {shellCopy.login.kakao}
        </SocialButton>
        <SocialButton
          type="button"
          provider="oidc"
          data-provider="oidc"
          hidden={!oidc}
          onClick={() => signIn('oidc')}
        >
          <ProviderMark>
            <CompanyMark />
          </ProviderMark>
          <span data-label="">{oidc ? shellCopy.login.oidc(oidc.displayName) : ''}</span>
        </SocialButton>
      </Buttons>
      {message && <LoginErrorLine role="alert">{message}</LoginErrorLine>}
      <TermsLink href={TERMS_URL}>{shellCopy.login.terms}</TermsLink>
    </Column>
  );
}
