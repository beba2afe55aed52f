import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListPage } from '../../../../contract/items';
import { listReload } from '../../../../src/features/items/list/ListStates';
import { envelopeResponse, mockFetch, profile, renderApp, type FetchHandler } from '../../support/helpers';
import { installFakeIntersectionObserver } from '../../support/intersectionObserver';
import {
  group,
  item,
  kim,
  lee,
  listHandler,
  listRoutes,
  page,
  park,
  signedIn,
  withManagers,
  type ListRequest,
} from './itemListSupport';

/*
 * The grouped list pages (goal, issue, external; team and joint) in the whole app: memory router, the real store,
 * `fetch` mocked.
 */

// Whole-app renders load lazy route chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => jest.restoreAllMocks());

const JOINT_ISSUES = '/workspace/default/team/7/issue';
const TEAM_ISSUES = '/workspace/team/11/issue';

/* Issues grouped by state: 진행중 (2 of 5 loaded), 해야할 일 (1). */
const goalRef = { id: 40, title: '알림 고도화' };
const issue1 = item(1, {
  title: '알림 탭 필터 쿼리 정리',
  state: 'IN_PROGRESS',
  priority: 'HIGH',
  goal: goalRef,
  deadline: { start: '2025-08-20', end: '2025-08-31' },
  ...withManagers(kim),
});
const issue2 = item(2, {
  title: '댓글 스크롤 타이밍 버그',
  state: 'IN_PROGRESS',
  priority: 'LOW',
  deadline: { start: null, end: '2025-09-10' },
});
const issue3 = item(3, {
  title: '사이드바 팀 순서 드래그',
  state: 'TODO',
  priority: 'URGENT',
  goal: goalRef,
  deadline: { start: '2025-08-25', end: '2025-08-25' },
  ...withManagers(kim, lee, park),
});

const byState = page([group('IN_PROGRESS', [issue1, issue2], 5), group('TODO', [issue3], 1)]);
const byPriority = page([
  group('URGENT', [issue3], 1),
  group('HIGH', [issue1], 1),
  group('LOW', [issue2], 1),
]);

function issueRoutes(
  pages: Record<string, Record<string, ListPage>> = {
    STATE: { first: byState },
    PRIORITY: { first: byPriority },
  },
  extra: Record<string, FetchHandler> = {},
) {
  const requests: ListRequest[] = [];
  const handler = listHandler(pages, requests);
  const mocked = mockFetch(
    listRoutes({ 'GET /api/teams/7/issues': handler, 'GET /api/teams/11/issues': handler, ...extra }),
  );
  return { ...mocked, requests };
}

const open = async (path = JOINT_ISSUES) => {
  const view = await renderApp(path, { preloadedState: signedIn });
  const region = await screen.findByRole('region', { name: /목록$/ });
  return { ...view, region };
};

const groupHeadings = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const rowOf = (code: string) => {
  const code$ = screen.getAllByText(code)[0]!;
  return code$.closest('li') as HTMLElement;
};

const columnsOf = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('[data-column]')).map((cell) => cell.getAttribute('data-column'));

const cellText = (row: HTMLElement, column: string) =>
  (row.querySelector(`[data-column="${column}"]`)?.textContent ?? '').replace(/^\S+ /, '');

describe('list page: groups and rows', () => {
  it('renders the groups in the server order with the team-wide counts, under the workspace name', async () => {
    const { requests } = issueRoutes();
    const { region } = await open();
    await within(region).findByText('Acme-i1');
    // The name comes from the workspace profile, a request of its own.
    await waitFor(() => expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent('Acme'));
    expect(groupHeadings(region)).toEqual(['진행중5', '해야할 일1']);
    expect(screen.getByRole('heading', { level: 2, name: '진행중 5' })).toBeInTheDocument();
    expect(requests[0]).toEqual({ path: '/api/teams/7/issues', query: 'STATE', cursor: null, size: '20' });
    // Rows in order inside their groups.
    const progress = screen.getByRole('region', { name: '진행중 5' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('data-item-id')),
    ).toEqual(['1', '2']);
    // The "+" of a group opens the create screen.
    expect(within(progress).getByRole('link', { name: '이슈 생성 (진행중)' })).toHaveAttribute(
      'href',
      '/workspace/default/team/7/issue/detail/create',
    );
  });

  it('shows the right columns (the grouped field omitted) with state, priority, goal and deadline text', async () => {
    issueRoutes();
    await open();
    await screen.findByText('Acme-i1');
    const row1 = rowOf('Acme-i1');
    expect(columnsOf(row1)).toEqual(['priority', 'goal', 'deadline', 'managers']);
    expect(within(row1).getByText('알림 탭 필터 쿼리 정리')).toBeInTheDocument();
    expect(cellText(row1, 'priority')).toBe('높음');
    expect(cellText(row1, 'goal')).toBe('알림 고도화');
    expect(cellText(row1, 'deadline')).toBe('25.08.20-25.08.31');
    const row2 = rowOf('Acme-i2');
    expect(cellText(row2, 'goal')).toBe('없음');
    expect(cellText(row2, 'deadline')).toBe('25.09.10');
    expect(cellText(rowOf('Acme-i3'), 'deadline')).toBe('25.08.25');

    // Regrouped by priority: the state column comes back, the priority column goes.
    await userEvent.click(screen.getByRole('button', { name: '필터' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: '우선순위' }));
    await screen.findByRole('heading', { level: 2, name: '긴급 1' });
    expect(columnsOf(rowOf('Acme-i1'))).toEqual(['state', 'goal', 'deadline', 'managers']);
    expect(cellText(rowOf('Acme-i1'), 'state')).toBe('진행중');
  });

  it('shows managers: none, one with the name, several with two avatars, an ellipsis and every name', async () => {
    issueRoutes();
    await open();
    await screen.findByText('Acme-i1');
    expect(cellText(rowOf('Acme-i2'), 'managers')).toBe('없음');
    const one = rowOf('Acme-i1').querySelector('[data-column="managers"]') as HTMLElement;
    expect(one).toHaveTextContent('김민수');
    expect(one.querySelector('img')).toHaveAttribute('src', '/uploads/profile/1.webp');

    const many = rowOf('Acme-i3').querySelector('[data-column="managers"]') as HTMLElement;
    expect(within(many).getByText('...')).toBeInTheDocument();
    expect(many.querySelector('.avatars')!.children).toHaveLength(2);
    expect(
      within(within(many).getByTestId('manager-names'))
        .getAllByRole('listitem', { hidden: true })
        .map((entry) => entry.textContent),
    ).toEqual(['김민수', '이영희', '박철수']);
    // Screen readers get every name too.
    expect(within(many).getByText('담당자 김민수, 이영희, 박철수')).toBeInTheDocument();
  });

  it('opens the item: joint rows by relative id, team rows by the team path', async () => {
    issueRoutes();
    const { router } = await open();
    await screen.findByText('Acme-i1');
    expect(screen.getByRole('link', { name: /^Acme-i1 / })).toHaveAttribute(
      'href',
      '/workspace/default/team/7/issue/1',
    );
    await userEvent.click(screen.getByText('알림 탭 필터 쿼리 정리'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue/1'));
  });

  it('opens the item on a click anywhere on the row, not only on its link', async () => {
    issueRoutes();
    const { router } = await open(TEAM_ISSUES);
    await screen.findByText('Acme-i3');
    await userEvent.click(rowOf('Acme-i3').querySelector('[data-column="deadline"]')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/team/11/issue/3'));
  });

  it('shows the team name on team pages and links rows to /workspace/team/{teamId}/…', async () => {
    issueRoutes();
    await open(TEAM_ISSUES);
    await screen.findByText('Acme-i1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frontend' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Acme-i3 / })).toHaveAttribute(
      'href',
      '/workspace/team/11/issue/3',
    );
  });
});

describe('list page: titles, landmarks and rows on every width', () => {
  it.each([
    ['/workspace/team/11/issue', '이슈 · Frontend · Momentum'],
    ['/workspace/team/11/goal', '목표 · Frontend · Momentum'],
    ['/workspace/team/11/ext', '외부 이슈 · Frontend · Momentum'],
    // Joint lists name the default team.
    ['/workspace/default/team/7/issue', '이슈 · Acme · Momentum'],
    ['/workspace/default/team/7/goal', '목표 · Acme · Momentum'],
  ])('titles %s as "%s", with one h1 and no main of its own', async (path, title) => {
    const handler = listHandler({ STATE: { first: byState } });
    mockFetch(
      listRoutes({
        'GET /api/teams/7/issues': handler,
        'GET /api/teams/11/issues': handler,
        'GET /api/teams/7/goals': handler,
        'GET /api/teams/11/goals': handler,
        'GET /api/teams/11/externals': handler,
      }),
    );
    await renderApp(path, { preloadedState: signedIn });
    await screen.findByText('Acme-i1');
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const region = screen.getByRole('region', { name: /목록$/ });
    expect(region.querySelector('main')).toBeNull();
    expect(region.closest('main')).not.toBeNull();
  });

  it('marks every row as a list row, and keeps the names a narrow layout shows as icons', async () => {
    issueRoutes();
    const { region } = await open();
    await within(region).findByText('Acme-i1');
    const rows = within(region).getAllByTestId('item-row');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveAttribute('data-list-row');
    // Chips of a card: priority, goal, deadline and the manager, each with its name in the text.
    const row1 = rowOf('Acme-i1');
    expect(within(row1).getByText('높음')).toBeInTheDocument();
    expect(row1.querySelector('[data-column="managers"]')).toHaveTextContent('담당자 김민수');
    expect(row1.querySelector('[data-column="goal"]')).toHaveTextContent('목표 알림 고도화');
  });
});

describe('list page: infinite scroll and loading', () => {
  it('shows 10 skeleton rows on the first load', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(
      listRoutes({
        'GET /api/teams/7/issues': () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    const { region } = await open();
    await waitFor(() => expect(within(region).getAllByTestId('skeleton-row')).toHaveLength(10));
    expect(within(region).getByRole('status')).toHaveTextContent('불러오는 중입니다');
    await act(async () => answer(envelopeResponse(200, byState)));
    await within(region).findByText('Acme-i1');
    expect(within(region).queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('loads and merges the next page when the sentinel shows, with 3 skeleton rows meanwhile', async () => {
    const io = installFakeIntersectionObserver();
    let answerSecond: (response: Response) => void = () => undefined;
    const first = page([group('IN_PROGRESS', [issue1, issue2], 3), group('TODO', [], 2)], 'cursor-1');
    const second = page([
      group('IN_PROGRESS', [issue2, item(4, { state: 'IN_PROGRESS' })], 3),
      group('TODO', [issue3, item(5, { state: 'TODO' })], 2),
    ]);
    const requests: ListRequest[] = [];
    const firstHandler = listHandler({ STATE: { first } }, requests);
    mockFetch(
      listRoutes({
        'GET /api/teams/7/issues': (request) =>
          new URL(request.url).searchParams.get('cursor') === 'cursor-1'
            ? (requests.push({ path: '', query: 'STATE', cursor: 'cursor-1', size: '20' }),
              new Promise<Response>((resolve) => (answerSecond = resolve)))
            : firstHandler(request),
      }),
    );
    try {
      const { region } = await open();
      await within(region).findByText('Acme-i2');
      // Every group the server lists shows its team-wide count at once, even with nothing loaded yet.
      expect(groupHeadings(region)).toEqual(['진행중3', '해야할 일2']);
      expect(within(screen.getByRole('region', { name: '해야할 일 2' })).queryAllByRole('listitem')).toEqual(
        [],
      );
      await act(async () => io.fire());
      await waitFor(() => expect(within(region).getAllByTestId('skeleton-row')).toHaveLength(3));
      // The "loading more" rows sit where the next items arrive: after the last loaded row.
      expect(
        within(screen.getByRole('region', { name: '진행중 3' })).getAllByTestId('skeleton-row'),
      ).toHaveLength(3);
      expect(requests.map((request) => request.cursor)).toEqual([null, 'cursor-1']);
      await act(async () => answerSecond(envelopeResponse(200, second)));
      await within(region).findByText('Acme-i5');
      expect(groupHeadings(region)).toEqual(['진행중3', '해야할 일2']);
      expect(within(region).getAllByText('Acme-i2')).toHaveLength(1);
      expect(
        within(screen.getByRole('region', { name: '진행중 3' }))
          .getAllByRole('listitem')
          .map((row) => row.getAttribute('data-item-id')),
      ).toEqual(['1', '2', '4']);
      expect(within(region).queryAllByTestId('skeleton-row')).toHaveLength(0);
    } finally {
      io.uninstall();
    }
  });

  it('shows the error fallback with a reload action when the list fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = jest.spyOn(listReload, 'reload').mockImplementation(() => undefined);
    mockFetch(listRoutes({ 'GET /api/teams/7/issues': () => envelopeResponse(500, null, 'COMMON500') }));
    const { region } = await open();
    const alert = await within(region).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '500 Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('서버 오류가 발생했습니다.');
    await userEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(reload).toHaveBeenCalled();
  });

  it('says "Error" and the unknown-error message when the request never got an answer', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(
      listRoutes({
        'GET /api/teams/7/issues': () => Promise.reject(new TypeError('Failed to fetch')),
      }),
    );
    const { region } = await open();
    const alert = await within(region).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('알 수 없는 오류가 발생했습니다.');
  });
});

describe('list page: empty states', () => {
  it.each([
    ['/workspace/team/11/goal', 'goals', '목표를 생성하세요', false],
    ['/workspace/team/11/issue', 'issues', '이슈를 생성하세요', true],
    ['/workspace/team/11/ext', 'externals', '외부 이슈를 생성하세요', false],
    ['/workspace/default/team/7/goal', 'goals', '공동 목표를 생성하세요', false],
    ['/workspace/default/team/7/issue', 'issues', '공동 이슈를 생성하세요', false],
    ['/workspace/default/team/7/ext', 'externals', '공동 외부이슈를 생성하세요', false],
  ])('%s (%s) shows "%s"', async (path, segment, linkText, teamIssue) => {
    const teamId = path.includes('/default/') ? 7 : 11;
    mockFetch(listRoutes({ [`GET /api/teams/${teamId}/${segment}`]: () => envelopeResponse(200, page([])) }));
    await renderApp(path, { preloadedState: signedIn });
    const link = await screen.findByRole('link', { name: linkText });
    expect(link).toHaveAttribute('href', `${path}/detail/create`);
    if (teamIssue) expect(screen.getByText('팀 내에 이슈가 없습니다.')).toBeInTheDocument();
    else expect(screen.queryByText('팀 내에 이슈가 없습니다.')).not.toBeInTheDocument();
  });
});

describe('list page: grouping menu', () => {
  it.each([
    ['/workspace/team/11/goal', 'goals', ['상태', '우선순위', '담당자']],
    ['/workspace/team/11/issue', 'issues', ['상태', '우선순위', '담당자', '목표']],
    ['/workspace/team/11/ext', 'externals', ['상태', '우선순위', '담당자', '목표', '외부']],
  ])('%s offers %s groupings, the current one checked; Escape closes', async (path, segment, labels) => {
    mockFetch(listRoutes({ [`GET /api/teams/11/${segment}`]: () => envelopeResponse(200, byState) }));
    await renderApp(path, { preloadedState: signedIn });
    await screen.findByText('Acme-i1');
    const button = screen.getByRole('button', { name: '필터' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { name: '필터' });
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual(labels);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual(
      labels.map((_label, index) => String(index === 0)),
    );
    expect(options[0]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('groups by manager, goal and external tool with their header icons and labels', async () => {
    const ext = item(8, { name: 'Acme-e8', extServiceType: 'SLACK', ...withManagers(lee) });
    mockFetch(
      listRoutes({
        'GET /api/teams/11/externals': listHandler({
          STATE: { first: page([group('NONE', [ext])]) },
          MANAGER: { first: page([group('2', [ext], 1, '이영희', '/uploads/profile/2.webp')]) },
          GOAL: { first: page([group('NONE', [ext], 1, '없음')]) },
          EXT_TYPE: { first: page([group('SLACK', [ext], 1, 'SLACK')]) },
        }),
      }),
    );
    await renderApp('/workspace/team/11/ext', { preloadedState: signedIn });
    await screen.findByText('Acme-e8');
    expect(cellText(rowOf('Acme-e8'), 'ext')).toBe('Slack');
    const regroup = async (label: string, heading: string) => {
      await userEvent.click(screen.getByRole('button', { name: '필터' }));
      await userEvent.click(await screen.findByRole('menuitemradio', { name: label }));
      return screen.findByRole('heading', { level: 2, name: heading });
    };
    const manager = await regroup('담당자', '이영희 1');
    expect(manager.querySelector('img')).toHaveAttribute('src', '/uploads/profile/2.webp');
    expect(columnsOf(rowOf('Acme-e8'))).toEqual(['state', 'priority', 'goal', 'deadline', 'ext']);
    await regroup('목표', '없음 1');
    expect(columnsOf(rowOf('Acme-e8'))).toEqual(['state', 'priority', 'deadline', 'managers', 'ext']);
    await regroup('외부', 'Slack 1');
    expect(columnsOf(rowOf('Acme-e8'))).toEqual(['state', 'priority', 'goal', 'deadline', 'managers']);
  });
});

describe('list page: delete mode', () => {
  it('selects rows, selects all, confirms, sends {issueIds}, leaves delete mode and refreshes', async () => {
    let deleted: unknown = null;
    const { requests } = issueRoutes(undefined, {
      'DELETE /api/teams/7/issues': async (request) => {
        deleted = await request.json();
        return envelopeResponse(200, { deletedIds: [1, 3] });
      },
    });
    const { region } = await open();
    await within(region).findByText('Acme-i1');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: '전체선택' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: '삭제' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const selectAll = screen.getByRole('checkbox', { name: '전체선택' });
    const box1 = screen.getByRole('checkbox', { name: 'Acme-i1 선택' });
    expect(screen.getAllByRole('checkbox', { name: /선택$/ })).toHaveLength(3 + 1);

    // Clicking anywhere on a row toggles it; a checked row is marked.
    await userEvent.click(screen.getByText('알림 탭 필터 쿼리 정리'));
    expect(box1).toBeChecked();
    expect(rowOf('Acme-i1')).toHaveAttribute('data-checked', 'true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acme-i3 선택' }));
    expect(selectAll).not.toBeChecked();

    await userEvent.click(selectAll);
    expect(
      screen
        .getAllByRole('checkbox', { name: /^Acme-i\d 선택$/ })
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    expect(selectAll).toBeChecked();
    await userEvent.click(selectAll);
    expect(
      screen
        .getAllByRole('checkbox', { name: /^Acme-i\d 선택$/ })
        .some((box) => (box as HTMLInputElement).checked),
    ).toBe(false);

    await userEvent.click(box1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acme-i3 선택' }));
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: '알림' });
    expect(dialog).toHaveTextContent('복구할 수 없습니다. 정말 삭제하시겠습니까?');
    expect(dialog).toHaveAccessibleDescription('복구할 수 없습니다. 정말 삭제하시겠습니까?');
    const before = requests.length;
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual({ issueIds: [1, 3] });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await waitFor(() => expect(requests.length).toBe(before + 1));
  });

  it('leaves delete mode when "삭제" is pressed with nothing selected, and forgets the selection', async () => {
    issueRoutes();
    await open();
    await screen.findByText('Acme-i1');
    const toggle = screen.getByRole('button', { name: '삭제' });
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acme-i2 선택' }));
    // Closing the dialog without confirming keeps the mode; the overlay is the only "cancel".
    await userEvent.click(toggle);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Acme-i2 선택' })).toBeChecked();
  });

  it('clears the selection when the grouping changes, and asks for query=PRIORITY', async () => {
    const { requests } = issueRoutes();
    await open();
    await screen.findByText('Acme-i1');
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acme-i1 선택' }));
    await userEvent.click(screen.getByRole('button', { name: '필터' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: '우선순위' }));
    await screen.findByRole('heading', { level: 2, name: '긴급 1' });
    expect(requests.at(-1)).toMatchObject({ query: 'PRIORITY', cursor: null, size: '20' });
    // Still in delete mode, nothing selected: "삭제" now leaves delete mode instead of asking.
    expect(screen.getByRole('checkbox', { name: 'Acme-i1 선택' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('keeps the list and shows a toast when the delete fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    issueRoutes(undefined, {
      'DELETE /api/teams/7/issues': () => envelopeResponse(403, null, 'ITEM403_0'),
    });
    await open();
    await screen.findByText('Acme-i1');
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Acme-i1 선택' }));
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('Acme-i1')).toBeInTheDocument();
  });
});

describe('external list header', () => {
  it('offers "연동하기" when nothing is linked; it opens the "외부 연동" modal', async () => {
    mockFetch(listRoutes({ 'GET /api/teams/7/externals': () => envelopeResponse(200, page([])) }));
    await renderApp('/workspace/default/team/7/ext', { preloadedState: signedIn });
    const connect = await screen.findByRole('button', { name: '연동하기' });
    await userEvent.click(connect);
    expect(await screen.findByRole('dialog', { name: '외부 연동' })).toBeInTheDocument();
  });

  it('members (not admins) see the linked tools but no way to connect (docs/security.md "Roles")', async () => {
    const asMember = () => envelopeResponse(200, { ...profile, myRole: 'member' });
    mockFetch(
      listRoutes({
        'GET /api/workspace/setting': asMember,
        'GET /api/teams/7/externals': () => envelopeResponse(200, page([])),
        'GET /api/teams/11/externals': () => envelopeResponse(200, page([])),
      }),
    );
    const { router } = await renderApp('/workspace/team/11/ext', { preloadedState: signedIn });
    const area = await screen.findByRole('group', { name: '외부 연동' });
    expect(within(area).getByRole('img', { name: 'GitHub 연동됨' })).toBeInTheDocument();
    expect(within(area).queryByRole('button')).toBeNull();
    // Nothing linked: no area at all for a member.
    await act(() => router.navigate('/workspace/default/team/7/ext'));
    expect(await screen.findByText('공동 외부이슈를 생성하세요')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '외부 연동' })).toBeNull();
    expect(screen.queryByRole('button', { name: '연동하기' })).toBeNull();
  });

  it('shows the linked tool and a "+" for the other one', async () => {
    mockFetch(listRoutes({ 'GET /api/teams/11/externals': () => envelopeResponse(200, page([])) }));
    await renderApp('/workspace/team/11/ext', { preloadedState: signedIn });
    const area = await screen.findByRole('group', { name: '외부 연동' });
    expect(within(area).getByRole('img', { name: 'GitHub 연동됨' })).toBeInTheDocument();
    expect(within(area).getByRole('button', { name: '외부 연동 추가' })).toBeInTheDocument();
    expect(within(area).queryByRole('button', { name: '연동하기' })).not.toBeInTheDocument();
  });
});
