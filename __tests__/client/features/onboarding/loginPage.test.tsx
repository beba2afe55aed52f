import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assignLocation } from '../../../../src/shared/lib/browser';
import { withRo } from '../../../../src/shared/lib/particle';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';

jest.mock('../../../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../../../src/shared/lib/browser'),
  assignLocation: jest.fn(),
}));

const assign = jest.mocked(assignLocation);

beforeEach(() => assign.mockReset());

describe('login page (/onboarding)', () => {
  it('renders the logo, name, tagline, both buttons and the terms link', async () => {
    await renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Momentum' })).toBeInTheDocument();
    expect(screen.getByText('나의 작업실을 생성해봐요')).toBeInTheDocument();
    const google = screen.getByRole('button', { name: '구글로 계속하기' });
    const kakao = screen.getByRole('button', { name: '카카오톡으로 계속하기' });
    expect(google.tagName).toBe('BUTTON');
    expect(kakao.tagName).toBe('BUTTON');
    expect(screen.getByRole('link', { name: '이용약관 & 데이터 처리 동의' })).toHaveAttribute(
      'href',
      '/terms.html',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the browser to the Google OAuth start (window.location.assign)', async () => {
    await renderApp('/onboarding');
    await userEvent.click(await screen.findByRole('button', { name: '구글로 계속하기' }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/oauth2/authorization/google');
  });

  it('sends the browser to the Kakao OAuth start', async () => {
    await renderApp('/onboarding');
    await userEvent.click(await screen.findByRole('button', { name: '카카오톡으로 계속하기' }));
    expect(assign).toHaveBeenCalledWith('/oauth2/authorization/kakao');
  });

  it('shows the Korean message when the redirect fails', async () => {
    assign.mockImplementation(() => {
      throw new Error('blocked');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp('/onboarding');
    await userEvent.click(await screen.findByRole('button', { name: '구글로 계속하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('구글 로그인 중 문제가 발생했습니다.');
    await userEvent.click(screen.getByRole('button', { name: '카카오톡으로 계속하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('카카오 로그인 중 문제가 발생했습니다.');
  });

  it.each([
    ['oauth_denied', '로그인이 취소되었습니다. 다시 시도해 주세요.'],
    ['provider_not_configured', '이 로그인 방식은 아직 설정되지 않았습니다.'],
    ['something_else', '로그인에 실패했습니다. 잠시 후 다시 시도해 주세요.'],
  ])('explains the OAuth failure redirect ?error=%s', async (code, message) => {
    await renderApp(`/onboarding?error=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('the company (OpenID Connect) button, issue #25', () => {
  const serverSays = (result: unknown) =>
    mockFetch({ 'GET /api/auth/providers': () => envelopeResponse(200, result, 'AUTH200_2') });

  it('is not shown when the server has no single sign-on configured', async () => {
    const { seen } = serverSays({ oidc: null, allowedDomains: [] });
    await renderApp('/onboarding');
    await screen.findByRole('button', { name: '구글로 계속하기' });
    await waitFor(() => expect(seen.map((r) => r.path)).toContain('/api/auth/providers'));
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /사내 계정/ })).not.toBeInTheDocument();
  });

  it('is not shown when the server cannot be asked', async () => {
    mockFetch({ 'GET /api/auth/providers': () => new Response('oops', { status: 500 }) });
    await renderApp('/onboarding');
    await screen.findByRole('button', { name: '구글로 계속하기' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('shows "{name}(으)로 계속하기" under Kakao and starts the OpenID Connect sign-in', async () => {
    serverSays({ oidc: { displayName: '사내 계정' }, allowedDomains: [] });
    await renderApp('/onboarding');
    const company = await screen.findByRole('button', { name: '사내 계정으로 계속하기' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '구글로 계속하기',
      '카카오톡으로 계속하기',
      '사내 계정으로 계속하기',
    ]);
    await userEvent.click(company);
    expect(assign).toHaveBeenCalledWith('/oauth2/authorization/oidc');
  });

  it('names the allowed domains when the sign-in was refused for its domain', async () => {
    serverSays({ oidc: { displayName: '에이크미 메일' }, allowedDomains: ['acme.co.kr', 'acme.com'] });
    await renderApp('/onboarding?error=domain_not_allowed');
    await screen.findByRole('button', { name: '에이크미 메일로 계속하기' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      '회사 계정(acme.co.kr, acme.com)으로만 로그인할 수 있어요.',
    );
  });

  it('without the list, still says only company accounts may sign in', async () => {
    mockFetch({});
    await renderApp('/onboarding?error=domain_not_allowed');
    expect(await screen.findByRole('alert')).toHaveTextContent('회사 계정으로만 로그인할 수 있어요.');
  });
});

describe('withRo (the particle after the company name)', () => {
  it.each([
    ['사내 계정', '사내 계정으로'],
    ['회사 메일', '회사 메일로'],
    ['서울', '서울로'],
    ['모멘텀', '모멘텀으로'],
    ['카카오', '카카오로'],
    ['Office 365', 'Office 365(으)로'],
    ['Okta', 'Okta(으)로'],
  ])('%s → %s', (word, expected) => {
    expect(withRo(word)).toBe(expected);
  });
});
