import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelopeResponse, mockFetch, profile, renderApp } from '../../support/helpers';

/*
 * The onboarding screens rendered in the whole app (memory router, real store and sagas, `fetch` mocked).
 * Guarded screens are opened as after an in-app navigation (two history entries), like the real flow.
 */

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const RED = 'rgb(196, 61, 61)';
const INVITE = {
  inviteUrl: 'http://localhost/acme/invite?token=tok',
  invitePassword: 'abcd1234',
  name: '김민수',
  workspaceName: 'Acme',
};
const INVITE_INFO = { name: INVITE.name, inviteUrl: INVITE.inviteUrl, invitePassword: INVITE.invitePassword };
const DETAILS = '팀원 URL : http://localhost/acme/invite?token=tok\n\n암호 : abcd1234';

const openWorkspaceStep = async () => {
  const view = await renderApp('/onboarding/workspace');
  await screen.findByRole('heading', { name: '새 워크스페이스 생성하기' });
  return {
    ...view,
    name: screen.getByRole('textbox', { name: '워크스페이스 이름' }),
    url: screen.getByRole('textbox', { name: '워크스페이스 URL' }),
    check: screen.getByRole('button', { name: '이름 확인' }),
    create: screen.getByRole('button', { name: '워크스페이스 생성하기' }),
  };
};

describe('step 1: /onboarding/workspace', () => {
  it('renders the heading, subtitle, both fields and a disabled create button', async () => {
    const { name, url, create } = await openWorkspaceStep();
    expect(screen.getByText('팀이 함께 일하며 이슈들을 공유하는 환경이에요')).toBeInTheDocument();
    expect(name).toHaveAttribute('placeholder', '워크스페이스 이름');
    expect(url).toHaveAttribute('readonly');
    expect(url).toHaveValue('');
    expect(create).toBeDisabled();
  });

  it("an invalid name shows the first failing rule's message in red and clears the field", async () => {
    const { seen } = mockFetch({});
    const { name, check, create } = await openWorkspaceStep();
    await userEvent.type(name, '1acme');
    await userEvent.click(check);
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('워크스페이스 이름은 숫자로 시작할 수 없습니다.');
    expect(message).toHaveStyle({ color: RED, fontSize: '1.2rem' });
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(create).toBeDisabled();
    expect(seen).toEqual([]);
  });

  it('a valid name (Enter) fetches the URL, locks the name and enables create', async () => {
    const { seen } = mockFetch({
      'POST /api/workspace/create-url': () =>
        envelopeResponse(200, { workspaceUrl: 'http://localhost/acme-team' }),
    });
    const { name, url, create } = await openWorkspaceStep();
    await userEvent.type(name, 'Acme Team{Enter}');
    await waitFor(() => expect(url).toHaveValue('http://localhost/acme-team'));
    expect(name).toHaveValue('Acme Team');
    expect(name).toHaveAttribute('readonly');
    expect(create).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/workspace/create-url']);
  });

  it('Enter while a Hangul composition is open does nothing', async () => {
    const { seen } = mockFetch({});
    const { name } = await openWorkspaceStep();
    fireEvent.change(name, { target: { value: '1acme' } });
    fireEvent.keyDown(name, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 229 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(name).toHaveValue('1acme');
    // The Enter after the composition ends does confirm.
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '워크스페이스 이름은 숫자로 시작할 수 없습니다.',
    );
    expect(seen).toEqual([]);
  });

  it('create stores the invite data and moves on to step 2', async () => {
    const { seen } = mockFetch({
      'POST /api/workspace': () =>
        envelopeResponse(201, {
          ...INVITE,
          workspaceId: 3,
          workspaceUrl: 'http://localhost/acme',
          defaultTeamId: 7,
        }),
    });
    const { router, store } = await renderApp('/onboarding/workspace', {
      preloadedState: {
        onboarding: { workspaceName: 'Acme', workspaceUrl: 'http://localhost/acme', isLocked: true },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: '워크스페이스 생성하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/invite'));
    expect(await screen.findByText('팀원을 김민수님의 팀에 초대해봐요')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '초대 정보' })).toHaveValue(DETAILS);
    // The link and password come from the create answer (kept in memory): no second request, nothing stored.
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/workspace']);
    expect(store.getState().invite).toMatchObject({ hasWorkspace: true, workspaceName: 'Acme' });
    expect(store.getState().invite).not.toHaveProperty('inviteUrl');
    expect(store.getState().onboarding).toMatchObject({ workspaceCreated: true, createdWorkspaceId: 3 });
  });
});

describe('step 2: /onboarding/invite', () => {
  const openInviteStep = async () => {
    mockFetch({ 'GET /api/workspace/setting/invite': () => envelopeResponse(200, INVITE_INFO) });
    const view = await renderApp(['/onboarding/workspace', '/onboarding/invite'], {
      preloadedState: { invite: { hasWorkspace: true, workspaceName: 'Acme' } },
    });
    await screen.findByRole('heading', { name: '팀원 초대' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: '초대 정보' })).toHaveValue(DETAILS));
    return view;
  };

  it('shows the invite URL and password in a read-only box', async () => {
    await openInviteStep();
    expect(screen.getByText('팀원을 김민수님의 팀에 초대해봐요')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: '초대 정보' });
    expect(box).toHaveValue(DETAILS);
    expect(box).toHaveAttribute('readonly');
  });

  it('copy shows "복사가 완료되었습니다!" above the button for exactly 2 s', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await openInviteStep();
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '초대 정보 복사' }));
    });
    expect(writeText).toHaveBeenCalledWith(DETAILS);
    expect(screen.getByRole('status')).toHaveTextContent('복사가 완료되었습니다!');
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('복사가 완료되었습니다!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('복사가 완료되었습니다!')).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('falls back to select + execCommand("copy") without the Clipboard API', async () => {
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    await openInviteStep();
    await userEvent.click(screen.getByRole('button', { name: '초대 정보 복사' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('복사가 완료되었습니다!')).toBeInTheDocument();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('a failed copy alerts "복사에 실패했습니다. 직접 복사해주세요."', async () => {
    const writeText = jest.fn(() => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    await openInviteStep();
    await userEvent.click(screen.getByRole('button', { name: '초대 정보 복사' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('복사에 실패했습니다. 직접 복사해주세요.'));
    expect(screen.queryByText('복사가 완료되었습니다!')).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('"팀원 초대 완료" goes to step 3', async () => {
    const { router } = await openInviteStep();
    await userEvent.click(screen.getByRole('button', { name: '팀원 초대 완료' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/fin'));
    expect(
      await screen.findByRole('heading', { name: '속도의 관성을 유지하여 목표를 달성하는 협업툴' }),
    ).toBeVisible();
  });

  it('reads the invite data from the server when shown (it is never stored)', async () => {
    const { seen } = mockFetch({
      'GET /api/workspace/setting/invite': () => envelopeResponse(200, INVITE_INFO),
    });
    const { store } = await renderApp(['/onboarding/workspace', '/onboarding/invite']);
    expect(await screen.findByText('팀원을 김민수님의 팀에 초대해봐요')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '초대 정보' })).toHaveValue(DETAILS);
    expect(seen.map((r) => r.path)).toEqual(['/api/workspace/setting/invite']);
    expect(store.getState().invite).toMatchObject({ hasWorkspace: true });
  });
});

describe('step 3: /onboarding/fin', () => {
  it('shows the logo, the product name and the tagline; "지금 시작하기" goes to /workspace/complete', async () => {
    mockFetch({ 'GET /api/workspace/setting': () => envelopeResponse(200, profile) });
    const { router } = await renderApp(['/onboarding/invite', '/onboarding/fin'], {
      preloadedState: { session: { accessToken: 'tok', hasSession: true }, invite: { hasWorkspace: true } },
    });
    expect(
      await screen.findByRole('heading', { name: '속도의 관성을 유지하여 목표를 달성하는 협업툴' }),
    ).toHaveStyle({
      fontSize: '3.2rem',
      fontWeight: '700',
    });
    expect(screen.getByText('Momentum')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '지금 시작하기' }));
    // /workspace/complete reads the profile and opens the default team's issue list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue'));
  });
});

describe('step indicator', () => {
  it('earlier steps are links back; the current one is marked; later ones are not clickable', async () => {
    const { router } = await renderApp(['/onboarding/invite', '/onboarding/fin'], {
      preloadedState: {
        onboarding: { workspaceName: 'Acme', workspaceUrl: 'http://localhost/acme', isLocked: true },
      },
    });
    const nav = await screen.findByRole('navigation', { name: '온보딩 단계' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1단계: 워크스페이스 생성' })).toHaveAttribute(
      'href',
      '/onboarding/workspace',
    );
    expect(screen.getByRole('link', { name: '2단계: 팀원 초대' })).toHaveAttribute(
      'href',
      '/onboarding/invite',
    );
    expect(screen.getByText('3단계: 시작하기').parentElement).toHaveAttribute('aria-current', 'step');

    await userEvent.click(screen.getByRole('link', { name: '1단계: 워크스페이스 생성' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/workspace'));
    expect(await screen.findByRole('heading', { name: '새 워크스페이스 생성하기' })).toBeInTheDocument();

    // On step 1 the later steps are plain, not-allowed dots: clicking them goes nowhere.
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    const current = screen.getByText('1단계: 워크스페이스 생성').parentElement!;
    expect(current).toHaveAttribute('aria-current', 'step');
    const later = screen.getByText('3단계: 시작하기').parentElement!;
    expect(later).not.toHaveAttribute('aria-current');
    expect(later).toHaveStyle({ cursor: 'not-allowed' });
    expect(screen.getByText('2단계: 팀원 초대').parentElement).toHaveStyle({ cursor: 'not-allowed' });
    await userEvent.click(later);
    expect(router.state.location.pathname).toBe('/onboarding/workspace');
  });
});

/** issue #23 (admin): the invite's workspace as the server names it. */
const PREVIEW = { workspaceName: 'Acme', alreadyMember: false };

describe('/onboarding/input-pw', () => {
  const openPasswordStep = async () => {
    const view = await renderApp(['/onboarding/loading', '/onboarding/input-pw'], {
      preloadedState: {
        session: { accessToken: 'tok', hasSession: true },
        invite: { isInvite: 'true', token: 'inv-token', workspaceName: 'Acme' },
      },
    });
    await screen.findByRole('heading', { name: 'Acme 워크스페이스에 초대합니다.' });
    return {
      ...view,
      field: screen.getByRole('textbox', { name: '초대 암호' }),
      enter: screen.getByRole('button', { name: '입장하기' }),
    };
  };

  it('keeps the error line reserved but invisible until an error', async () => {
    const { field } = await openPasswordStep();
    expect(field).toHaveAttribute('placeholder', '암호를 입력하시오');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('입력 정보를 다시 확인하세요')).not.toBeVisible();
  });

  it('a wrong password (400) shows the error state, and the same password is not sent again', async () => {
    const { seen } = mockFetch({
      'POST /api/workspace/join': () => envelopeResponse(400, null, 'WORKSPACE400_3'),
      'GET /api/workspace/invite-preview': () => envelopeResponse(200, PREVIEW),
    });
    const { field, enter } = await openPasswordStep();
    await userEvent.type(field, 'wrong123');
    await userEvent.click(enter);
    const message = await screen.findByRole('alert');
    await waitFor(() => expect(message).toBeVisible());
    expect(message).toHaveTextContent('입력 정보를 다시 확인하세요');
    expect(message).toHaveStyle({ color: RED });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.parentElement).toHaveStyle({ borderColor: RED, backgroundColor: 'rgb(249, 250, 251)' });

    await userEvent.click(enter);
    await userEvent.type(field, '{Enter}');
    expect(seen.filter((r) => r.path === '/api/workspace/join')).toHaveLength(1);

    await userEvent.clear(field);
    await userEvent.type(field, 'other999{Enter}');
    await waitFor(() => expect(seen.filter((r) => r.path === '/api/workspace/join')).toHaveLength(2));
  });

  it('Enter while composing sends nothing; success goes to /workspace/complete', async () => {
    const { seen } = mockFetch({
      'GET /api/workspace/invite-preview': () => envelopeResponse(200, PREVIEW),
      'GET /api/workspace/setting': () => envelopeResponse(200, profile),
      'POST /api/workspace/join': () =>
        envelopeResponse(200, {
          workspaceId: 3,
          workspaceName: 'Acme',
          defaultTeamId: 7,
          joinedAt: '2026-01-01T09:00:00+09:00',
        }),
    });
    const { field, router, store } = await openPasswordStep();
    fireEvent.change(field, { target: { value: 'abcd1234' } });
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(store.getState().invite.isJoining).toBe(false);
    // Only the invite preview (issue #23) has been asked for: no join.
    expect(seen.map((r) => r.path)).toEqual(['/api/workspace/invite-preview']);
    fireEvent.keyDown(field, { key: 'Enter' });
    // /workspace/complete then reads the profile and opens the default team's issue list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue'));
    expect(seen.filter((r) => r.method === 'POST')[0]).toMatchObject({
      method: 'POST',
      path: '/api/workspace/join',
    });
  });
});

describe('/onboarding/input-pw and the invite preview (issue #23)', () => {
  const open = () =>
    renderApp(['/onboarding/loading', '/onboarding/input-pw'], {
      preloadedState: {
        session: { accessToken: 'tok', hasSession: true },
        invite: { isInvite: 'true', token: 'inv-token', workspaceName: 'acme-crew' },
      },
    });

  it('names the workspace by its display name, not the URL slug', async () => {
    const urls: string[] = [];
    mockFetch({
      'GET /api/workspace/invite-preview': (request) => {
        urls.push(request.url);
        return envelopeResponse(200, { workspaceName: 'Acme Crew', alreadyMember: false });
      },
    });
    await open();
    expect(
      await screen.findByRole('heading', { name: 'Acme Crew 워크스페이스에 초대합니다.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/acme-crew/)).not.toBeInTheDocument();
    expect(urls[0]).toContain('token=inv-token');
  });

  it('says at once that a replaced or expired invite has expired', async () => {
    mockFetch({
      'GET /api/workspace/invite-preview': () => envelopeResponse(404, null, 'WORKSPACE404_1'),
    });
    await open();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('초대 링크가 만료되었습니다'));
    expect(alert).toBeVisible();
  });

  it('takes a member of that workspace straight into it', async () => {
    mockFetch({
      'GET /api/workspace/invite-preview': () =>
        envelopeResponse(200, { workspaceName: 'Acme Crew', alreadyMember: true }),
    });
    const { router } = await open();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workspace/));
  });
});
