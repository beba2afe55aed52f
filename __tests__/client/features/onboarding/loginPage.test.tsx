import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assignLocation } from '../../../../src/shared/lib/browser';
import { renderApp } from '../../support/helpers';

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
