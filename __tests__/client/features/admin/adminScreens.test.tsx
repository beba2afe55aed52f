import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditPage } from '../../../../contract/admin';
import { envelopeResponse, mockFetch, profile, renderApp, type FetchHandler } from '../../support/helpers';
import { failure, members, settingsRoutes, signedIn } from '../settings/settingsSupport';

/*
 * issue #23 (admin) screens in the whole app with `fetch` mocked: the members page's roles and admin menu (owner,
 * admin, member views), removal, the owner's refused withdrawal, and the audit log page.
 */

configure({ asyncUtilTimeout: 5000 });
// Whole-app renders load lazy route chunks: allow for a busy machine.
jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

const asRole = (myRole: 'owner' | 'admin' | 'member'): Record<string, FetchHandler> => ({
  'GET /api/workspace/setting': () =>
    envelopeResponse(200, {
      ...profile,
      myRole,
      ...(myRole === 'member' ? { inviteUrl: null, invitePassword: null } : {}),
    }),
});

const openMembers = async () => {
  await renderApp('/workspace/setting/team-members', { preloadedState: signedIn });
  const table = await screen.findByRole('table', { name: '워크스페이스 멤버' });
  await within(table).findByText('김민수');
  return table;
};
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('members page roles', () => {
  it('shows each member’s role; the owner gets promote, transfer and remove for members', async () => {
    mockFetch(settingsRoutes(asRole('owner')));
    await openMembers();
    await waitFor(() => expect(within(rowOf('김민수')).getByText('소유자')).toBeInTheDocument());
    expect(within(rowOf('이영희')).getByText('관리자')).toBeInTheDocument();
    expect(within(rowOf('박철수')).getByText('멤버')).toBeInTheDocument();
    // Nothing to do on oneself (the owner).
    expect(within(rowOf('김민수')).queryByRole('button', { name: /관리$/ })).not.toBeInTheDocument();

    await userEvent.click(within(rowOf('박철수')).getByRole('button', { name: '박철수님 관리' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['관리자로 지정', '소유권 넘기기', '워크스페이스에서 내보내기']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(rowOf('이영희')).getByRole('button', { name: '이영희님 관리' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem')[0]).toHaveTextContent(
      '관리자 해제',
    );
  });

  it('an admin may remove members and give up their own role, nothing more', async () => {
    const adminFirst = [
      { ...members[1]!, role: 'admin' as const },
      { ...members[0]!, role: 'owner' as const },
      ...members.slice(2),
    ];
    mockFetch(
      settingsRoutes({
        ...asRole('admin'),
        'GET /api/workspace/setting/members': () => envelopeResponse(200, adminFirst),
      }),
    );
    await renderApp('/workspace/setting/team-members', { preloadedState: signedIn });
    await screen.findByRole('table', { name: '워크스페이스 멤버' });
    await waitFor(() => expect(screen.getByRole('button', { name: '이영희님 관리' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '김민수님 관리' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '이영희님 관리' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['관리자 역할 내려놓기']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: '박철수님 관리' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['워크스페이스에서 내보내기']);
  });

  it('a member sees the roles but no invite button and no admin menu', async () => {
    mockFetch(settingsRoutes(asRole('member')));
    await openMembers();
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).not.toContain('관리'),
    );
    expect(within(rowOf('김민수')).getByText('소유자')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '팀원 초대하기' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /님 관리$/ })).not.toBeInTheDocument();
  });

  it('removing asks first, then DELETEs the member and says so', async () => {
    const deleted: string[] = [];
    mockFetch(
      settingsRoutes({
        ...asRole('owner'),
        'DELETE /api/workspace/setting/members/3': (request) => {
          deleted.push(new URL(request.url).pathname);
          return envelopeResponse(200, null);
        },
      }),
    );
    await openMembers();
    await userEvent.click(await within(rowOf('박철수')).findByRole('button', { name: '박철수님 관리' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '워크스페이스에서 내보내기' }));
    const dialog = await screen.findByRole('dialog', { name: '멤버를 내보낼까요?' });
    expect(dialog).toHaveTextContent('박철수 (내보낸 멤버)');
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: '내보내기' }));
    await waitFor(() => expect(deleted).toEqual(['/api/workspace/setting/members/3']));
    expect(await screen.findByText('멤버를 내보냈어요.')).toBeInTheDocument();
  });
});

describe('owner withdrawal', () => {
  it('shows the server’s 409 reason in the withdraw dialog, and the member stays signed in', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reason =
      '워크스페이스 소유자는 다른 멤버가 남아 있는 동안 탈퇴할 수 없습니다. 먼저 소유권을 넘겨 주세요.';
    mockFetch(
      settingsRoutes({
        'DELETE /api/workspace/setting/my-profile': () => failure(409, 'MEMBER409_0', reason),
      }),
    );
    const { router } = await renderApp('/workspace/setting/my-profile', { preloadedState: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: '회원탈퇴' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: '탈퇴하기' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(router.state.location.pathname).toBe('/workspace/setting/my-profile');
  });
});

describe('audit log page', () => {
  const page1: AuditPage = {
    entries: [
      {
        id: 9,
        action: 'member.role_changed',
        actorId: 1,
        actorName: '김민수',
        targetType: 'member',
        targetId: 2,
        targetName: '이영희',
        details: { from: 'member', to: 'admin' },
        ip: '203.0.113.7',
        createdAt: '2026-11-27T16:05:09+09:00',
      },
      {
        id: 8,
        action: 'team.visibility_changed',
        actorId: 2,
        actorName: '이영희',
        targetType: 'team',
        targetId: 8,
        targetName: 'Frontend',
        details: { from: 'public', to: 'private' },
        ip: '203.0.113.8',
        createdAt: '2026-11-27T09:00:00+09:00',
      },
    ],
    nextBefore: 8,
  };
  const page2: AuditPage = {
    entries: [
      {
        id: 3,
        action: 'integration.connected',
        actorId: null,
        actorName: '시스템',
        targetType: 'integration',
        targetId: null,
        targetName: 'github',
        details: null,
        ip: null,
        createdAt: '2026-11-26T23:59:00+09:00',
      },
    ],
    nextBefore: null,
  };

  it('lists who, what (in Korean), target, Seoul time and IP, newest first, and pages with 더 보기', async () => {
    const befores: (string | null)[] = [];
    mockFetch(
      settingsRoutes({
        'GET /api/workspace/setting/audit': (request) => {
          const before = new URL(request.url).searchParams.get('before');
          befores.push(before);
          return envelopeResponse(200, before === '8' ? page2 : page1);
        },
      }),
    );
    await renderApp('/workspace/setting/audit-log', { preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: '감사 로그' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026.11.27 16:05:09');
    expect(rows[1]).toHaveTextContent('김민수');
    expect(rows[1]).toHaveTextContent('역할 변경');
    expect(rows[1]).toHaveTextContent('멤버 → 관리자');
    expect(rows[1]).toHaveTextContent('이영희');
    expect(rows[1]).toHaveTextContent('203.0.113.7');
    expect(rows[2]).toHaveTextContent('팀 공개 범위 변경');
    expect(rows[2]).toHaveTextContent('공개 → 비공개');

    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await within(table).findByText('연동 연결')).toBeInTheDocument();
    expect(befores).toEqual([null, '8']);
    await waitFor(() => expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument());
  });

  it('tells a member it is for admins, and asks the server nothing', async () => {
    const { seen } = mockFetch(settingsRoutes(asRole('member')));
    await renderApp('/workspace/setting/audit-log', { preloadedState: signedIn });
    expect(await screen.findByText('감사 로그는 관리자만 볼 수 있어요.')).toBeInTheDocument();
    expect(seen.filter((r) => r.path === '/api/workspace/setting/audit')).toEqual([]);
  });
});

describe('an invite link opened while signed in', () => {
  it('takes a member of the workspace straight into it (no sign-in screen)', async () => {
    mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: 'fresh' }),
      'GET /api/workspace/setting': () => envelopeResponse(200, profile),
    });
    const { router } = await renderApp('/acme/invite?token=inv-123', {
      preloadedState: { session: { accessToken: null, hasSession: true } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue'));
  });

  it('takes a signed-in member without a workspace to the password step', async () => {
    mockFetch({
      'POST /api/token/reissue': () => envelopeResponse(200, { accessToken: 'fresh' }),
      'GET /api/workspace/setting': () => envelopeResponse(404, null, 'WORKSPACE404_0'),
      'GET /api/workspace/invite-preview': () =>
        envelopeResponse(200, { workspaceName: 'Acme Crew', alreadyMember: false }),
    });
    const { router } = await renderApp('/acme/invite?token=inv-123', {
      preloadedState: { session: { accessToken: null, hasSession: true } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/input-pw'));
    expect(
      await screen.findByRole('heading', { name: 'Acme Crew 워크스페이스에 초대합니다.' }),
    ).toBeInTheDocument();
  });
});
