import { act, screen, waitFor } from '@testing-library/react';
import { envelopeResponse, mockFetch, profile, renderApp } from '../support/helpers';

jest.mock('../../../src/shared/lib/browser', () => ({
  ...jest.requireActual('../../../src/shared/lib/browser'),
  assignLocation: jest.fn(),
  replaceLocation: jest.fn(),
}));

jest.setTimeout(30_000);

afterEach(() => jest.restoreAllMocks());

const signedIn = { session: { accessToken: 'tok', hasSession: true }, invite: { hasWorkspace: true } };

describe('router', () => {
  it('shows the 404 page for an unknown path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText(/찾을 수 없는 페이지입니다\./)).toBeInTheDocument();
    expect(screen.getByText(/요청하신 페이지가 사라졌거나, 잘못된 경로로 이용하셨어요!/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '돌아가기' })).toBeInTheDocument();
  });

  it('redirects / to the landing path (default /onboarding)', async () => {
    const { router } = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(await screen.findByRole('button', { name: '구글로 계속하기' })).toBeInTheDocument();
  });

  it.each([
    ['no session', { invite: { hasWorkspace: true } }],
    ['no known workspace', { session: { accessToken: 'tok', hasSession: true } }],
    ['neither', {}],
  ])('guards /workspace/... with %s: redirect to /onboarding', async (_label, preloadedState) => {
    const { seen } = mockFetch({});
    const { router } = await renderApp('/workspace/team/3/goal', { preloadedState });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(await screen.findByRole('button', { name: '카카오톡으로 계속하기' })).toBeInTheDocument();
    // Only the login screen's own question (which sign-in buttons to show, issue #25).
    expect(seen.filter((r) => r.path !== '/api/auth/providers')).toEqual([]);
  });

  it('lets a signed-in member in: a team detail route renders the detail screen', async () => {
    mockFetch({});
    await renderApp('/workspace/team/3/goal/detail/create', { preloadedState: signedIn });
    // The detail chunk is larger than a placeholder: allow for a busy machine.
    expect(await screen.findByRole('textbox', { name: '제목' }, { timeout: 5000 })).toHaveAttribute(
      'placeholder',
      '목표를 생성하세요',
    );
  });

  it('redirects /workspace to the default team issue list using the profile', async () => {
    // The list itself is not stubbed (404): the list page reports its failed load on the console.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { seen } = mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { router } = await renderApp('/workspace', { preloadedState: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue'));
    expect(await screen.findByRole('region', { name: '공동 이슈 목록' })).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ path: '/api/workspace/setting', authorization: 'Bearer tok' });
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('목록 조회 실패', expect.objectContaining({ status: 404 })),
    );
  });

  it('/workspace/complete waits for the profile, marks the workspace, then replaces the URL', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { router, store } = await renderApp('/workspace/complete', {
      preloadedState: { session: { accessToken: 'tok', hasSession: true } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.getState().invite).toMatchObject({
      hasWorkspace: true,
      workspaceName: profile.workspaceName,
    });
  });

  it('/workspace/setting redirects to ws-profile', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { router } = await renderApp('/workspace/setting', { preloadedState: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/setting/ws-profile'));
    expect(await screen.findByRole('heading', { name: '워크스페이스', level: 1 })).toBeInTheDocument();
  });

  it('stores an invite link, then moves on to /onboarding after 50 ms', async () => {
    const { router, store } = await renderApp('/acme/invite?token=inv-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(store.getState().invite).toMatchObject({
      workspaceName: 'acme',
      isInvite: 'true',
      token: 'inv-123',
    });
  });

  it('/onboarding/loading renews the session and routes a member without a workspace to step 1', async () => {
    const { seen } = mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: 'fresh' }),
      'GET /api/workspace/setting': () => envelopeResponse(404, null, 'WORKSPACE404_0'),
    });
    const { router, store } = await renderApp('/onboarding/loading');
    expect(
      await screen.findByRole('progressbar', { name: '로그인 정보를 확인하는 중입니다' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/workspace'));
    expect(store.getState().session.accessToken).toBe('fresh');
    expect(seen.filter((r) => r.path === '/api/token/reissue')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: '새 워크스페이스 생성하기' })).toBeInTheDocument();
  });

  it('shows the error screen when a workspace page fails to load', async () => {
    mockFetch({
      'GET /api/workspace/setting': () => envelopeResponse(500, { requestId: 'r1' }, 'COMMON500'),
    });
    await renderApp('/workspace', { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: '500 Error' })).toBeInTheDocument();
    expect(screen.getByText(/서버 오류가 발생했습니다\./)).toBeInTheDocument();
  });

  it('navigates with the router when a saga ends the session', async () => {
    mockFetch({
      'GET /api/workspace/setting': () => envelopeResponse(401, null, 'JWT401_0'),
      'POST /api/token/reissue': () => envelopeResponse(401, null, 'JWT401_3'),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, store } = await renderApp('/workspace', { preloadedState: signedIn });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(store.getState().session.accessToken).toBeNull();
    await act(async () => undefined);
  });
});
