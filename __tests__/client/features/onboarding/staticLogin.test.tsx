/**
 * The static login page (docs/performance.md "Lighthouse"): the markup the build renders for `/onboarding`
 * (renderLoginPage.tsx) is the SPA's login screen, and its script (staticLogin.ts) behaves like the SPA's page.
 * Here in jsdom, where emotion writes its CSS into the document; the CSS the build extracts (in Node) is checked by
 * staticLoginCss.test.tsx.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { copy } from '../../../../src/shared/copy';
import { extractEmotionStyles, renderLoginPage } from '../../../../src/app/start/renderLoginPage';
import {
  LOGIN_CONFIG_ID,
  optionsApplied,
  startStaticLogin,
} from '../../../../src/features/onboarding/staticLogin/staticLogin';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';

/** `html` without class attributes and emotion's style tags: the structure, text and attributes only. */
const structureOf = (html: string) => extractEmotionStyles(html)[0].replace(/ class="[^"]*"/g, '');

/** Loads the rendered static page into this document, as the browser parses dist/onboarding/index.html. */
function loadStaticPage() {
  // (No <style>: in jsdom, emotion has put the rules into the document's head itself.)
  const page = renderLoginPage();
  document.body.innerHTML =
    `<div id="root">${page.markup}</div>` +
    `<script type="application/json" id="${LOGIN_CONFIG_ID}">${JSON.stringify(page.config)}</script>`;
  return page;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('renderLoginPage (build time)', () => {
  it('renders the same screen as the SPA at /onboarding (same elements, text and attributes)', async () => {
    const { container } = await renderApp('/onboarding');
    await screen.findByRole('button', { name: copy.login.google });
    const page = renderLoginPage();
    expect(structureOf(page.markup)).toBe(structureOf(container.innerHTML));
  });
});

describe('startStaticLogin (the page script)', () => {
  it('sends the browser to the Google and Kakao OAuth starts', async () => {
    loadStaticPage();
    const assign = jest.fn();
    expect(startStaticLogin(document, '', assign)).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: copy.login.google }));
    expect(assign).toHaveBeenLastCalledWith('/oauth2/authorization/google');
    await userEvent.click(screen.getByRole('button', { name: copy.login.kakao }));
    expect(assign).toHaveBeenLastCalledWith('/oauth2/authorization/kakao');
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('shows the provider line, styled like the SPA line, under the buttons when the redirect fails', async () => {
    const { config } = loadStaticPage();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    startStaticLogin(document, '', () => {
      throw new Error('blocked');
    });
    await userEvent.click(screen.getByRole('button', { name: copy.login.google }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(copy.login.googleRedirectFailed);
    expect(alert).toHaveClass(config.errorClass);
    // Between the buttons and the terms link, where the SPA renders it.
    expect(alert.previousElementSibling).toContainElement(
      screen.getByRole('button', { name: copy.login.kakao }),
    );
    expect(alert.nextElementSibling).toBe(screen.getByRole('link', { name: copy.login.terms }));
    await userEvent.click(screen.getByRole('button', { name: copy.login.kakao }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(copy.login.kakaoRedirectFailed);
  });

  it.each([
    ['oauth_denied', '로그인이 취소되었습니다. 다시 시도해 주세요.'],
    ['provider_not_configured', '이 로그인 방식은 아직 설정되지 않았습니다.'],
    ['something_else', '로그인에 실패했습니다. 잠시 후 다시 시도해 주세요.'],
  ])('explains the OAuth failure redirect ?error=%s', (code, message) => {
    loadStaticPage();
    startStaticLogin(document, `?error=${code}`, jest.fn());
    expect(within(document.body).getByRole('alert')).toHaveTextContent(message);
  });

  it('matches the SPA markup with a message (same place, same element)', async () => {
    const { container } = await renderApp('/onboarding?error=oauth_denied');
    await screen.findByRole('alert');
    const spa = structureOf(container.innerHTML);
    cleanup();
    loadStaticPage();
    startStaticLogin(document, '?error=oauth_denied', jest.fn());
    const root = document.getElementById('root')!;
    expect(structureOf(root.innerHTML).replace(' data-login-error=""', '')).toBe(spa);
  });

  it('keeps the company button hidden when the server has no single sign-on (or cannot be asked)', async () => {
    loadStaticPage();
    startStaticLogin(document, '', jest.fn(), async () => ({ oidc: null, allowedDomains: [] }));
    await optionsApplied();
    expect(screen.getAllByRole('button')).toHaveLength(2);
    cleanup();
    document.body.innerHTML = '';
    loadStaticPage();
    startStaticLogin(document, '', jest.fn(), async () => null);
    await optionsApplied();
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('shows the company button with its name when configured, starting the OpenID Connect sign-in', async () => {
    loadStaticPage();
    const assign = jest.fn();
    startStaticLogin(document, '', assign, async () => ({
      oidc: { displayName: '사내 계정' },
      allowedDomains: [],
    }));
    await optionsApplied();
    await userEvent.click(screen.getByRole('button', { name: '사내 계정으로 계속하기' }));
    expect(assign).toHaveBeenLastCalledWith('/oauth2/authorization/oidc');
  });

  it('names the allowed domains when the sign-in was refused for its domain', async () => {
    loadStaticPage();
    startStaticLogin(document, '?error=domain_not_allowed', jest.fn(), async () => ({
      oidc: null,
      allowedDomains: ['acme.co.kr'],
    }));
    expect(screen.getByRole('alert')).toHaveTextContent('회사 계정으로만 로그인할 수 있어요.');
    await optionsApplied();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('회사 계정(acme.co.kr)으로만 로그인할 수 있어요.');
  });

  it('matches the SPA markup with the company button shown', async () => {
    mockFetch({
      'GET /api/auth/providers': () =>
        envelopeResponse(200, { oidc: { displayName: '사내 계정' }, allowedDomains: [] }, 'AUTH200_2'),
    });
    const { container } = await renderApp('/onboarding');
    await screen.findByRole('button', { name: '사내 계정으로 계속하기' });
    const spa = structureOf(container.innerHTML);
    cleanup();
    loadStaticPage();
    startStaticLogin(document, '', jest.fn(), async () => ({
      oidc: { displayName: '사내 계정' },
      allowedDomains: [],
    }));
    await optionsApplied();
    expect(structureOf(document.getElementById('root')!.innerHTML)).toBe(spa);
  });

  it('leaves a document that is not the static page alone', () => {
    document.body.innerHTML = '<div id="root"><button data-provider="google">x</button></div>';
    expect(startStaticLogin(document, '?error=oauth_denied', jest.fn())).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
