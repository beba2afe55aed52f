import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';

/*
 * docs/responsive.md "Focus" and "Page titles" on the onboarding screens: each step names the browser tab, and the
 * steps where something is typed put the caret in their first field on arrival — never in the middle of a Hangul
 * composition going on elsewhere.
 */

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  jest.restoreAllMocks();
});

const INVITE_INFO = {
  name: '김민수',
  inviteUrl: 'http://localhost/acme/invite?token=tok',
  invitePassword: 'abcd1234',
};

describe('onboarding titles and first-field focus', () => {
  it('the login page is titled 로그인 · Momentum and has one <main> and one <h1>', async () => {
    await renderApp('/onboarding');
    await screen.findByRole('button', { name: '구글로 계속하기' });
    await waitFor(() => expect(document.title).toBe('로그인 · Momentum'));
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('step 1: 워크스페이스 만들기 · Momentum, the name field has the focus', async () => {
    await renderApp('/onboarding/workspace');
    const name = await screen.findByRole('textbox', { name: '워크스페이스 이름' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(document.title).toBe('워크스페이스 만들기 · Momentum');
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('step 2 and step 3 name themselves', async () => {
    mockFetch({ 'GET /api/workspace/setting/invite': () => envelopeResponse(200, INVITE_INFO) });
    const first = await renderApp(['/onboarding/workspace', '/onboarding/invite'], {
      preloadedState: { invite: { hasWorkspace: true, workspaceName: 'Acme' } },
    });
    await screen.findByRole('heading', { name: '팀원 초대', level: 1 });
    await waitFor(() => expect(document.title).toBe('팀원 초대 · Momentum'));
    first.unmount();
    await renderApp(['/onboarding/invite', '/onboarding/fin'], {
      preloadedState: { invite: { hasWorkspace: true, workspaceName: 'Acme' } },
    });
    await screen.findByRole('button', { name: '지금 시작하기' });
    await waitFor(() => expect(document.title).toBe('시작하기 · Momentum'));
  });

  const passwordStep = () =>
    renderApp(['/onboarding/loading', '/onboarding/input-pw'], {
      preloadedState: {
        session: { accessToken: 'tok', hasSession: true },
        invite: { isInvite: 'true', token: 'inv-token', workspaceName: 'Acme' },
      },
    });

  it('the invitee password screen: 비밀번호 입력 · Momentum, the password field has the focus', async () => {
    await passwordStep();
    const field = await screen.findByRole('textbox', { name: '초대 암호' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(document.title).toBe('비밀번호 입력 · Momentum');
  });

  it('does not take the focus from a Hangul composition in progress', async () => {
    // Someone is typing (composing 한) in a field that stays on screen while the step appears.
    const other = document.createElement('input');
    other.setAttribute('aria-label', 'elsewhere');
    document.body.appendChild(other);
    try {
      other.focus();
      fireEvent.compositionStart(other);
      await passwordStep();
      const field = await screen.findByRole('textbox', { name: '초대 암호' });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(field).not.toHaveFocus();
      expect(other).toHaveFocus();
      fireEvent.compositionEnd(other);
    } finally {
      other.remove();
    }
  });

  it('the 404 page is titled 페이지를 찾을 수 없음 · Momentum', async () => {
    await renderApp('/no/such/page');
    await screen.findByRole('heading', { name: '404', level: 1 });
    await waitFor(() => expect(document.title).toBe('페이지를 찾을 수 없음 · Momentum'));
    expect(document.querySelectorAll('main')).toHaveLength(1);
  });
});
