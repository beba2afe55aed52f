import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { installFakeIntersectionObserver } from '../../support/intersectionObserver';
import { failure, settingsRoutes, signedIn, team, teamPages, teams } from './settingsSupport';

/*
 * `/workspace/setting/team-list` and the create-team dialog, in the whole app (memory router, real store and
 * sagas, `fetch` mocked).
 */

// Whole-app renders load lazy route chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => jest.restoreAllMocks());

const RED = 'rgb(196, 61, 61)';
const RULE_MESSAGE = '팀 이름은 4~10자, 한글/영문/띄어쓰기로 입력해주세요.';

const openTeamList = async () => {
  const view = await renderApp('/workspace/setting/team-list', { preloadedState: signedIn });
  const table = await screen.findByRole('table', { name: '팀 목록' });
  await within(table).findByText('Acme');
  return { ...view, table };
};

const dataRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0);

describe('team list', () => {
  it('shows the title, the create button and the column titles', async () => {
    mockFetch(settingsRoutes());
    const { table } = await openTeamList();
    expect(screen.getByRole('heading', { name: '팀', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '팀 생성하기' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['아이콘', '팀 이름', '멤버 수', '생성일']);
  });

  it('renders the default team as the highlighted first row, then the others, with YY.MM.DD dates', async () => {
    mockFetch(settingsRoutes());
    const { table } = await openTeamList();
    const rows = dataRows(table);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['', 'Acme', '4', '26.07.01'],
      ['', 'Frontend', '2', '26.07.10'],
      ['', 'Design', '3', '26.07.12'],
    ]);
    expect(rows[0]).toHaveAttribute('data-highlighted', 'true');
    expect(rows[1]).not.toHaveAttribute('data-highlighted');
    expect(rows[2]).not.toHaveAttribute('data-highlighted');
    // Alone between two rules: its own row group, separate from the others'.
    expect(rows[0]!.parentElement).not.toBe(rows[1]!.parentElement);
    expect(rows[1]!.parentElement).toBe(rows[2]!.parentElement);
    expect(within(rows[0]!).getByText('26.07.01').closest('time')).toHaveAttribute(
      'datetime',
      teams[0]!.createdAt,
    );
  });

  it('shows 10 skeleton rows while the first page loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(
      settingsRoutes({
        'GET /api/workspace/setting/teams': () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    await renderApp('/workspace/setting/team-list', { preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: '팀 목록' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelectorAll('[aria-hidden="true"] > div')).toHaveLength(10 * 4);
    expect(within(table).getByRole('status')).toHaveTextContent('불러오는 중입니다');
    await act(async () => answer(envelopeResponse(200, { teamList: teams, isLast: true })));
    await within(table).findByText('Acme');
    expect(table).not.toHaveAttribute('aria-busy');
  });

  it('loads the next page when the bottom sentinel becomes visible', async () => {
    const io = installFakeIntersectionObserver();
    const secondPage = [team(10, 'Backend', 1, '2026-08-01')];
    const { seen } = mockFetch(
      settingsRoutes({ 'GET /api/workspace/setting/teams': teamPages([teams, secondPage]) }),
    );
    try {
      const { table } = await openTeamList();
      expect(within(table).queryByText('Backend')).not.toBeInTheDocument();
      const teamRequests = () => seen.filter((r) => r.path === '/api/workspace/setting/teams').length;
      const before = teamRequests();
      await act(async () => io.fire());
      expect(await within(table).findByText('Backend')).toBeInTheDocument();
      expect(teamRequests()).toBe(before + 1);
      expect(within(table).getByText('26.08.01')).toBeInTheDocument();
    } finally {
      io.uninstall();
    }
  });
});

describe('create-team dialog', () => {
  const openDialog = async () => {
    const view = await openTeamList();
    await userEvent.click(screen.getByRole('button', { name: '팀 생성하기' }));
    const dialog = await screen.findByRole('dialog', { name: '팀 생성' });
    await within(dialog).findByRole('checkbox', { name: '이영희' });
    return {
      ...view,
      dialog,
      name: within(dialog).getByPlaceholderText('팀 이름을 입력하세요'),
      submit: within(dialog).getByRole('button', { name: '팀 생성하기' }),
    };
  };

  it('lists every member (the caller too) as a checkbox in the "팀원 추가" group', async () => {
    mockFetch(settingsRoutes());
    const { dialog, name, submit } = await openDialog();
    expect(name).toHaveAccessibleName('팀 이름');
    const group = within(dialog).getByRole('group', { name: '팀원 추가' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['김민수', '이영희', '박철수', '최지우']);
    expect(
      within(group)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
    expect(submit).toBeDisabled();
  });

  it('the button is enabled only with a valid name AND at least one member', async () => {
    mockFetch(settingsRoutes());
    const { dialog, name, submit } = await openDialog();
    const younghee = within(dialog).getByRole('checkbox', { name: '이영희' });

    await userEvent.click(younghee);
    expect(younghee).toBeChecked();
    expect(submit).toBeDisabled(); // a member but no name

    await userEvent.type(name, '프론트 엔드');
    expect(submit).toBeEnabled(); // valid name and a member

    await userEvent.click(younghee);
    expect(submit).toBeDisabled(); // valid name, no member

    await userEvent.click(within(dialog).getByRole('checkbox', { name: '김민수' }));
    expect(submit).toBeEnabled();
  });

  it('a non-empty invalid name shows the rule in red and disables the button; empty shows nothing', async () => {
    mockFetch(settingsRoutes());
    const { dialog, name, submit } = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '이영희' }));
    expect(within(dialog).queryByText(RULE_MESSAGE)).not.toBeInTheDocument();

    await userEvent.type(name, 'QA');
    const message = within(dialog).getByText(RULE_MESSAGE);
    expect(message).toHaveStyle({ color: RED, fontSize: '1.2rem' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(RULE_MESSAGE);
    expect(name).toHaveStyle({ borderColor: RED });
    expect(submit).toBeDisabled();

    for (const invalid of ['Team1', 'a_b_c_d', 'Eleven chars']) {
      await userEvent.clear(name);
      await userEvent.type(name, invalid);
      expect(within(dialog).getByText(RULE_MESSAGE)).toBeInTheDocument();
      expect(submit).toBeDisabled();
    }

    await userEvent.clear(name);
    expect(within(dialog).queryByText(RULE_MESSAGE)).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('validates the composed Hangul text only, and Enter during composition does nothing', async () => {
    const { seen } = mockFetch(settingsRoutes());
    const { dialog, name, submit } = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '이영희' }));

    fireEvent.compositionStart(name);
    fireEvent.change(name, { target: { value: '디자인ㅌ' } });
    // 'ㅌ' is a half-typed syllable: no message yet, and no submit.
    expect(within(dialog).queryByText(RULE_MESSAGE)).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.keyDown(name, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 229 });
    fireEvent.change(name, { target: { value: '디자인팀' } });
    fireEvent.compositionEnd(name);
    expect(submit).toBeEnabled();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('a successful create POSTs {teamName, memberId, visibility}, closes the dialog and refreshes the list', async () => {
    const bodies: unknown[] = [];
    let created = false;
    const { seen } = mockFetch(
      settingsRoutes({
        'POST /api/workspace/setting/teams': async (request) => {
          bodies.push(await request.json());
          created = true;
          return envelopeResponse(
            201,
            { teamId: 11, teamName: 'Platform', members: [{ memberId: 2, name: '이영희' }] },
            'TEAM201_0',
          );
        },
        'GET /api/workspace/setting/teams': (request) =>
          teamPages([created ? [...teams, team(11, 'Platform', 2, '2026-08-02')] : teams])(request),
      }),
    );
    const { dialog, name, submit, table } = await openDialog();
    await userEvent.type(name, 'Platform');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '박철수' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '이영희' }));
    await userEvent.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Members in list order, whatever order they were ticked in.
    expect(bodies).toEqual([{ teamName: 'Platform', memberId: [2, 3], visibility: 'public' }]);
    const post = seen.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ path: '/api/workspace/setting/teams', authorization: 'Bearer tok' });
    expect(await within(table).findByText('Platform')).toBeInTheDocument();
  });

  it('offers 공개 (checked) and 비공개; a private team is created as one', async () => {
    const bodies: unknown[] = [];
    mockFetch(
      settingsRoutes({
        'POST /api/workspace/setting/teams': async (request) => {
          bodies.push(await request.json());
          return envelopeResponse(201, { teamId: 12, teamName: '인사관리팀', members: [] }, 'TEAM201_0');
        },
      }),
    );
    const { dialog, name, submit } = await openDialog();
    const group = within(dialog).getByRole('group', { name: '공개 범위' });
    const publicOption = within(group).getByRole('radio', { name: /^공개/ });
    const privateOption = within(group).getByRole('radio', { name: /^비공개/ });
    expect(publicOption).toBeChecked();
    expect(privateOption).not.toBeChecked();
    await userEvent.type(name, '인사관리팀');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '김민수' }));
    await userEvent.click(privateOption);
    expect(privateOption).toBeChecked();
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ teamName: '인사관리팀', memberId: [1], visibility: 'private' }]);
  });

  it('Enter in the name field submits once the form is valid', async () => {
    const bodies: unknown[] = [];
    mockFetch(
      settingsRoutes({
        'POST /api/workspace/setting/teams': async (request) => {
          bodies.push(await request.json());
          return envelopeResponse(201, { teamId: 11, teamName: '디자인팀', members: [] }, 'TEAM201_0');
        },
      }),
    );
    const { dialog, name } = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '김민수' }));
    await userEvent.type(name, '디자인팀{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ teamName: '디자인팀', memberId: [1], visibility: 'public' }]);
  });

  it("shows the server's Korean message for a duplicate name (409) and stays open", async () => {
    mockFetch(
      settingsRoutes({
        'POST /api/workspace/setting/teams': () => failure(409, 'TEAM409_0', '이미 존재하는 팀 이름입니다.'),
      }),
    );
    const { dialog, name, submit } = await openDialog();
    await userEvent.type(name, 'Frontend');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '이영희' }));
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('이미 존재하는 팀 이름입니다.');
    expect(screen.getByRole('dialog', { name: '팀 생성' })).toBeInTheDocument();
    // Editing the name clears the server's message.
    await userEvent.type(name, 's');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a 400 field message from the server', async () => {
    mockFetch(
      settingsRoutes({
        'POST /api/workspace/setting/teams': () =>
          new Response(
            JSON.stringify({
              isSuccess: false,
              code: 'VALID400_1',
              message: '입력값이 올바르지 않습니다.',
              result: { memberId: '워크스페이스에 없는 멤버가 있습니다.' },
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      }),
    );
    const { dialog, name, submit } = await openDialog();
    await userEvent.type(name, 'Platform');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '이영희' }));
    await userEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '워크스페이스에 없는 멤버가 있습니다.',
    );
  });

  it('closes with the X (not with an overlay click) and starts empty next time', async () => {
    mockFetch(settingsRoutes());
    const { dialog, name } = await openDialog();
    await userEvent.type(name, 'Draft');
    const overlay = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog', { name: '팀 생성' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '창 닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: '팀 생성하기' }));
    expect(await screen.findByPlaceholderText('팀 이름을 입력하세요')).toHaveValue('');
  });
});
