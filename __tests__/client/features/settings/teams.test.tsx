import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team, TeamSettings } from '../../../../contract/teams';
import { envelopeResponse, mockFetch, profile, renderApp } from '../../support/helpers';
import { failure, settingsRoutes, signedIn, team, teamPages, teams } from './settingsSupport';

/*
 * issue #23 (teams and membership): 팀 둘러보기 (join and leave in one click, the server's Korean refusal shown) and
 * the team settings page (rename with the team-name rule, members, visibility for admins only, deletion confirmed
 * by typing the name), in the whole app with `fetch` mocked.
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const design: Team = { ...team(12, 'Design Lab', 5, '2026-07-20'), isMember: false };

const settingsOf = (overrides: Partial<TeamSettings> = {}): TeamSettings => ({
  teamId: 8,
  teamName: 'Frontend',
  teamImageUrl: null,
  visibility: 'public',
  isDefault: false,
  isMember: true,
  canEdit: true,
  canAdminister: false,
  members: [
    { memberId: 1, name: '김민수', profileImageUrl: null, joinedAt: '2026-07-10T21:00:00+09:00' },
    { memberId: 2, name: '이영희', profileImageUrl: null, joinedAt: '2026-07-11T21:00:00+09:00' },
  ],
  ...overrides,
});

describe('팀 둘러보기', () => {
  it('lists public teams to join with member counts; 참여하기 joins in one click and 나가기 leaves', async () => {
    let mine = [...teams];
    let joinable = [design];
    const { seen } = mockFetch(
      settingsRoutes({
        'GET /api/workspace/setting/teams': (request) =>
          teamPages([new URL(request.url).searchParams.get('scope') === 'mine' ? mine : teams])(request),
        'GET /api/workspace/teams/browse': () => envelopeResponse(200, { teamList: joinable }),
        'POST /api/teams/12/membership': () => {
          mine = [...mine, { ...design, isMember: true }];
          joinable = [];
          return envelopeResponse(200, settingsOf({ teamId: 12, teamName: 'Design Lab' }), 'TEAM200_4');
        },
        'DELETE /api/teams/8/membership': () => {
          mine = mine.filter((t) => t.teamId !== 8);
          return envelopeResponse(200, { teamId: 8 }, 'TEAM200_5');
        },
      }),
    );
    await renderApp('/workspace/teams', { preloadedState: signedIn });
    const joinableList = await screen.findByRole('list', { name: '참여할 수 있는 팀' });
    expect(await within(joinableList).findByText('Design Lab')).toBeInTheDocument();
    expect(within(joinableList).getByText('멤버 5명')).toBeInTheDocument();

    await userEvent.click(within(joinableList).getByRole('button', { name: 'Design Lab 참여하기' }));
    expect(await screen.findByText('Design Lab에 참여했어요.')).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/teams/12/membership')).toBe(true);
    const mineList = screen.getByRole('list', { name: '내가 속한 팀' });
    expect(await within(mineList).findByText('Design Lab')).toBeInTheDocument();
    expect(await screen.findByText('참여할 수 있는 다른 공개 팀이 없어요.')).toBeInTheDocument();
    // Also under 나의 팀 in the sidebar.
    const sidebar = screen.getByRole('list', { name: '나의 팀' });
    expect(await within(sidebar).findByText('Design Lab')).toBeInTheDocument();

    // The default team has no 나가기; Frontend does.
    expect(within(mineList).queryByRole('button', { name: 'Acme 나가기' })).toBeNull();
    await userEvent.click(within(mineList).getByRole('button', { name: 'Frontend 나가기' }));
    expect(await screen.findByText('Frontend에서 나갔어요.')).toBeInTheDocument();
    await waitFor(() => expect(within(mineList).queryByText('Frontend')).toBeNull());
  });

  it("shows the server's Korean message when leaving is refused (last member of a private team)", async () => {
    const message = '비공개 팀의 마지막 멤버는 나갈 수 없습니다. 다른 멤버를 추가하거나 팀을 삭제해 주세요.';
    mockFetch(
      settingsRoutes({
        'GET /api/workspace/teams/browse': () => envelopeResponse(200, { teamList: [] }),
        'DELETE /api/teams/9/membership': () => failure(409, 'TEAM409_2', message),
      }),
    );
    await renderApp('/workspace/teams', { preloadedState: signedIn });
    const mineList = await screen.findByRole('list', { name: '내가 속한 팀' });
    await userEvent.click(await within(mineList).findByRole('button', { name: 'Design 나가기' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('team settings', () => {
  it('renames with the team-name rule, removes and adds members; members cannot change visibility or delete', async () => {
    let current = settingsOf();
    const { seen } = mockFetch(
      settingsRoutes({
        'GET /api/teams/8/settings': () => envelopeResponse(200, current),
        'PATCH /api/teams/8': async (request) => {
          const body = (await request.json()) as { teamName: string };
          current = { ...current, teamName: body.teamName };
          return envelopeResponse(200, current, 'TEAM200_7');
        },
        'DELETE /api/teams/8/members/2': () => {
          current = { ...current, members: current.members.slice(0, 1) };
          return envelopeResponse(200, current, 'TEAM200_9');
        },
      }),
    );
    await renderApp('/workspace/setting/team/8', { preloadedState: signedIn });
    const name = await screen.findByLabelText('팀 이름');
    expect(name).toHaveValue('Frontend');

    await userEvent.clear(name);
    await userEvent.type(name, '팀');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(
      await screen.findByText('팀 이름은 4~10자, 한글/영문/띄어쓰기로 입력해주세요.'),
    ).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, '프론트 엔드');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('heading', { name: '프론트 엔드', level: 1 })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '이영희 님을 팀에서 내보내기' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '이영희 님을 팀에서 내보내기' })).toBeNull(),
    );

    // Add from the workspace's members who are not in the team.
    const picker = screen.getByLabelText('추가할 워크스페이스 멤버');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['멤버 선택', '이영희', '박철수', '최지우']);

    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByText('공개 범위는 워크스페이스 관리자만 바꿀 수 있어요.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '팀 삭제하기' })).toBeNull();
  });

  it('admins delete a team only after typing its exact name', async () => {
    mockFetch(
      settingsRoutes({
        'GET /api/teams/8/settings': () =>
          envelopeResponse(200, settingsOf({ canAdminister: true, isMember: false })),
        'DELETE /api/teams/8': () => envelopeResponse(200, { teamId: 8 }, 'TEAM200_10'),
      }),
    );
    const { router } = await renderApp('/workspace/setting/team/8', { preloadedState: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: '팀 삭제하기' }));
    const dialog = await screen.findByRole('dialog', { name: '팀을 삭제할까요?' });
    const confirm = within(dialog).getByRole('button', { name: '삭제' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByLabelText('확인을 위해 팀 이름 "Frontend"을(를) 입력해 주세요.');
    await userEvent.type(input, 'Frontend ');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Frontend');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/setting/team-list'));
  });

  it('외부 연동: admins see each tool\'s state and disconnect after a confirmation; the row then says 연동 안 됨', async () => {
    let links = { linkedWithGithub: true, linkedWithSlack: true };
    const { seen } = mockFetch(
      settingsRoutes({
        'GET /api/teams/8/settings': () => envelopeResponse(200, settingsOf()),
        'GET /api/teams/8/externals/links': () => envelopeResponse(200, links),
        'GET /api/teams/8/integrations': () =>
          envelopeResponse(200, { githubConfigured: true, slackConfigured: true, setupUrl: '/docs/integrations' }),
        'GET /api/teams/8/github/installation': () =>
          envelopeResponse(200, { teamId: 8, installationId: 77, account: 'acme-corp' }, 'GITHUB200_1'),
        'DELETE /api/teams/8/github/installation': () => {
          links = { ...links, linkedWithGithub: false };
          return envelopeResponse(200, null, 'GITHUB200_5');
        },
        'DELETE /slack/link': () => failure(404, 'SLACK404_0', '이 워크스페이스에 연동된 Slack이 없습니다.'),
      }),
    );
    await renderApp('/workspace/setting/team/8', { preloadedState: signedIn });
    const section = await screen.findByRole('region', { name: '외부 연동' });
    expect(await within(section).findByText('연동됨 · acme-corp 계정')).toBeInTheDocument();
    expect(within(section).getByText('연동됨 · 워크스페이스 전체')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '연동하기' })).toBeNull();

    // Cancel first: nothing is sent.
    await userEvent.click(within(section).getByRole('button', { name: 'GitHub 연동 해제' }));
    let dialog = await screen.findByRole('dialog', { name: 'GitHub 연동을 해제할까요?' });
    expect(within(dialog).getByText(/이미 가져온 외부 이슈는 그대로 남아요/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(within(section).getByRole('button', { name: 'GitHub 연동 해제' }));
    dialog = await screen.findByRole('dialog', { name: 'GitHub 연동을 해제할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '해제' }));
    expect(await screen.findByText('GitHub 연동을 해제했어요.')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/teams/8/github/installation',
    ]);
    // The links flags are read again: GitHub is now unlinked and can be connected again.
    expect(await within(section).findByText('연동 안 됨')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'GitHub 연동 해제' })).toBeNull();
    expect(within(section).getByRole('button', { name: '연동하기' })).toBeInTheDocument();

    // Slack: the confirmation says it reaches every team; a refusal shows the server's Korean message.
    await userEvent.click(within(section).getByRole('button', { name: 'Slack 연동 해제' }));
    dialog = await screen.findByRole('dialog', { name: 'Slack 연동을 해제할까요?' });
    expect(within(dialog).getByText(/모든 팀에서 Slack 연동이 해제돼요/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '해제' }));
    expect(await screen.findByText('이 워크스페이스에 연동된 Slack이 없습니다.')).toBeInTheDocument();
  });

  it('외부 연동: members see the states and that admins manage them, with no buttons', async () => {
    mockFetch(
      settingsRoutes({
        'GET /api/workspace/setting': () => envelopeResponse(200, { ...profile, myRole: 'member' }),
        'GET /api/teams/8/settings': () => envelopeResponse(200, settingsOf()),
        'GET /api/teams/8/externals/links': () =>
          envelopeResponse(200, { linkedWithGithub: false, linkedWithSlack: true }),
        'GET /api/teams/8/integrations': () =>
          envelopeResponse(200, { githubConfigured: true, slackConfigured: true, setupUrl: '/docs/integrations' }),
      }),
    );
    await renderApp('/workspace/setting/team/8', { preloadedState: signedIn });
    const section = await screen.findByRole('region', { name: '외부 연동' });
    expect(await within(section).findByText('연동 안 됨')).toBeInTheDocument();
    expect(within(section).getByText('연동됨 · 워크스페이스 전체')).toBeInTheDocument();
    expect(within(section).getByRole('note')).toHaveTextContent(
      '외부 연동은 워크스페이스 관리자만 연결하거나 해제할 수 있어요.',
    );
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('a private team the member is not in is a not-found page', async () => {
    mockFetch(
      settingsRoutes({
        'GET /api/teams/8/settings': () => failure(404, 'TEAM404_0', '팀을 찾을 수 없습니다.'),
      }),
    );
    await renderApp('/workspace/setting/team/8', { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByLabelText('팀 이름')).toBeNull();
  });
});
