import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelopeResponse, mockFetch, profile, renderApp } from '../../support/helpers';
import { failure, inviteInfo, settingsRoutes, signedIn } from './settingsSupport';

/* `/workspace/setting/team-members` and the invite dialog, in the whole app with `fetch` mocked. */

// Whole-app renders load lazy route chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const DETAILS = `팀원 URL : ${profile.inviteUrl}\n\n암호 : ${profile.invitePassword}`;

const openMembers = async () => {
  const view = await renderApp('/workspace/setting/team-members', { preloadedState: signedIn });
  const table = await screen.findByRole('table', { name: '워크스페이스 멤버' });
  await within(table).findByText('김민수');
  return { ...view, table };
};

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('members page', () => {
  it('shows the title, the invite button and the column titles', async () => {
    mockFetch(settingsRoutes());
    const { table } = await openMembers();
    expect(screen.getByRole('heading', { name: '멤버', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '팀원 초대하기' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['아이콘', '멤버이름', '이메일', '역할', '팀', '참여일', '관리']);
  });

  it('renders the first member (the caller) as the highlighted first row, with dates as YY.MM.DD', async () => {
    mockFetch(settingsRoutes());
    await openMembers();
    const first = rowOf('김민수');
    expect(first).toHaveAttribute('data-highlighted', 'true');
    expect(first.parentElement).not.toBe(rowOf('이영희').parentElement);
    for (const name of ['이영희', '박철수', '최지우']) {
      expect(rowOf(name)).not.toHaveAttribute('data-highlighted');
    }
    expect(within(first).getByText('minsu@acme.example')).toBeInTheDocument();
    expect(within(first).getByText('26.07.01')).toBeInTheDocument();
    expect(within(rowOf('최지우')).getByText('26.07.04')).toBeInTheDocument();
  });

  it('shows the photo, or a grey circle without one', async () => {
    mockFetch(settingsRoutes());
    await openMembers();
    expect(rowOf('김민수').querySelector('img')).toHaveAttribute('src', '/uploads/profile/1.webp');
    expect(rowOf('이영희').querySelector('img')).toBeNull();
  });

  it('team column: one avatar, two overlapped, or two and "..."; none reads 없음', async () => {
    mockFetch(settingsRoutes());
    await openMembers();
    const teamsButton = (name: string) =>
      within(rowOf(name)).getByRole('button', { name: `${name}님의 팀 목록` });
    const avatars = (name: string) => within(teamsButton(name)).getAllByTestId('team-avatar');

    expect(avatars('박철수')).toHaveLength(1);
    expect(avatars('이영희')).toHaveLength(2);
    expect(within(teamsButton('이영희')).queryByText('...')).not.toBeInTheDocument();
    expect(avatars('김민수')).toHaveLength(2);
    expect(within(teamsButton('김민수')).getByText('...')).toBeInTheDocument();
    expect(within(rowOf('최지우')).queryByRole('button', { name: /팀 목록/ })).not.toBeInTheDocument();
    expect(within(rowOf('최지우')).getByText('없음')).toBeInTheDocument();
  });

  it('clicking the team avatars lists every team name; clicking again or Escape closes it', async () => {
    mockFetch(settingsRoutes());
    await openMembers();
    const button = within(rowOf('김민수')).getByRole('button', { name: '김민수님의 팀 목록' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: '김민수님의 팀 목록' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme', 'Frontend', 'Design']);
    await userEvent.click(button);
    expect(screen.queryByRole('list', { name: '김민수님의 팀 목록' })).not.toBeInTheDocument();

    await userEvent.click(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: '김민수님의 팀 목록' })).not.toBeInTheDocument();
  });
});

describe('invite dialog', () => {
  const openInvite = async () => {
    const view = await openMembers();
    await userEvent.click(screen.getByRole('button', { name: '팀원 초대하기' }));
    const dialog = await screen.findByRole('dialog', { name: '팀원 초대' });
    return { ...view, dialog };
  };

  it('shows whose team it is, the URL and password in a read-only box, a copy button and 닫기', async () => {
    mockFetch(settingsRoutes());
    const { dialog } = await openInvite();
    expect(await within(dialog).findByText('팀원을 김민수님의 팀에 초대해봐요')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('팀원을 김민수님의 팀에 초대해봐요');
    const box = within(dialog).getByRole('textbox', { name: '초대 정보' });
    expect(box).toHaveValue(DETAILS);
    expect(box).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: '초대 정보 복사' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('copy shows the bubble "복사가 완료되었습니다!" for 2 s', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockFetch(settingsRoutes());
    const { dialog } = await openInvite();
    await within(dialog).findByRole('textbox', { name: '초대 정보' });
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '초대 정보 복사' }));
    });
    expect(writeText).toHaveBeenCalledWith(DETAILS);
    expect(within(dialog).getByText('복사가 완료되었습니다!')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(within(dialog).queryByText('복사가 완료되었습니다!')).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('without invite data: "초대 정보를 불러오지 못했어요." and no box', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(
      settingsRoutes({
        'GET /api/workspace/setting/invite': () => failure(404, 'WORKSPACE404_0', '워크스페이스가 없습니다.'),
        'GET /api/workspace/setting/invite/admin': () =>
          failure(404, 'WORKSPACE404_0', '워크스페이스가 없습니다.'),
      }),
    );
    const { dialog } = await openInvite();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('초대 정보를 불러오지 못했어요.');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '닫기' })).toBeInTheDocument();
  });

  it('Escape and the X close it', async () => {
    mockFetch(
      settingsRoutes({ 'GET /api/workspace/setting/invite': () => envelopeResponse(200, inviteInfo) }),
    );
    const { dialog } = await openInvite();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '팀원 초대하기' }));
    await userEvent.click(await screen.findByRole('button', { name: '창 닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
