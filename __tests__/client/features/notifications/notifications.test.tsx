import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlarmPage } from '../../../../contract/alarms';
import { envelopeResponse, mockFetch, renderApp, type FetchHandler } from '../../support/helpers';
import { installFakeIntersectionObserver } from '../../support/intersectionObserver';
import { kim } from '../items/itemListSupport';
import {
  alarm,
  alarmGroup,
  alarmPage,
  alarmsHandler,
  shellRoutes,
  signedIn,
  unreadCount,
  type AlarmRequest,
} from './notificationsSupport';

/*
 * The notifications page `/workspace/noti` in the whole app (memory router, real store, `fetch` mocked): tabs and
 * their filters, grouped rows, read/unread looks, opening an alarm, delete mode, empty state, infinite scroll.
 */

configure({ asyncUtilTimeout: 5000 });

afterEach(() => jest.restoreAllMocks());

const NOTI = '/workspace/noti';

/* GOAL tab by state: 해야할 일 (1, unread), 진행중 (2: one unread, one read). */
const g1 = alarm(1, { title: '알림 고도화', state: 'TODO', reason: 'ASSIGNED', managerList: [kim] });
const g2 = alarm(2, { title: '온보딩 개선', state: 'IN_PROGRESS', priority: 'HIGH', reason: 'DEADLINE' });
const g3 = alarm(3, {
  title: '컴포넌트 정리',
  state: 'IN_PROGRESS',
  priority: 'LOW',
  reason: 'COMMENT',
  read: true,
  teamId: 12,
  typeId: 303,
});
const goalByState = alarmPage('GOAL', [alarmGroup('TODO', [g1]), alarmGroup('IN_PROGRESS', [g2, g3])]);
const goalByPriority = alarmPage('GOAL', [
  alarmGroup('HIGH', [g2]),
  alarmGroup('NORMAL', [g1]),
  alarmGroup('LOW', [g3]),
]);
const i7 = alarm(7, { name: 'Acme-i7', title: '이슈 알림', goal: { id: 40, title: '알림 고도화' } });
const issueByState = alarmPage('ISSUE', [alarmGroup('TODO', [i7])]);
const issueByGoal = alarmPage('ISSUE', [alarmGroup('40', [i7], 1, '알림 고도화')]);

const PAGES: Record<string, Record<string, AlarmPage>> = {
  'GOAL state': { first: goalByState },
  'GOAL priority': { first: goalByPriority },
  'ISSUE state': { first: issueByState },
  'ISSUE goal': { first: issueByGoal },
};

function alarmRoutes(
  pages:
    Record<string, Record<string, AlarmPage>> | (() => Record<string, Record<string, AlarmPage>>) = PAGES,
  extra: Record<string, FetchHandler> = {},
  count = unreadCount(2),
) {
  const requests: AlarmRequest[] = [];
  const handler = alarmsHandler(pages, requests);
  const mocked = mockFetch(
    shellRoutes({
      'GET /api/alarms/GOAL': handler,
      'GET /api/alarms/ISSUE': handler,
      'GET /api/alarms/EXTERNAL': handler,
      'GET /api/alarms/unread-count': () => envelopeResponse(200, count),
      ...extra,
    }),
  );
  return { ...mocked, requests };
}

const openPage = async () => {
  const view = await renderApp(NOTI, { preloadedState: signedIn });
  const region = await screen.findByRole('region', { name: '알림' });
  return { ...view, region };
};

const rowOf = (alarmId: number) =>
  document.querySelector(`[data-testid="item-row"][data-item-id="${alarmId}"]`) as HTMLElement;

const deadlineOf = (row: HTMLElement) => row.querySelector('[data-column="deadline"]') as HTMLElement;

const groupHeadings = (container: HTMLElement) =>
  within(container)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const filterOptions = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: '필터' }));
  const options = (await screen.findAllByRole('menuitemradio')).map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return options;
};

const badge = () => screen.queryByTestId('sidebar-badge');

describe('notifications page: title and rows', () => {
  it('titles the tab "알림 · Momentum" and marks every alarm row as a list row', async () => {
    alarmRoutes();
    const { region } = await openPage();
    await within(region).findByText('알림 고도화');
    expect(document.title).toBe('알림 · Momentum');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const rows = within(region).getAllByTestId('item-row');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveAttribute('data-list-row');
  });
});

describe('notifications page: tabs, filters and rows', () => {
  it('shows the GOAL tab grouped by state: headings with counts, rows with reason, today in red when unread', async () => {
    const { requests } = alarmRoutes();
    const { region } = await openPage();
    await within(region).findByText('알림 고도화');

    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent('알림');
    expect(screen.getByRole('tab', { name: '목표' })).toHaveAttribute('aria-selected', 'true');
    expect(requests[0]).toEqual({ type: 'GOAL', query: 'state', cursor: null, size: '10' });
    expect(groupHeadings(region)).toEqual(['해야할 일1', '진행중2']);
    // Group headers have no "+" (nothing is created from notifications).
    expect(within(region).queryByRole('link', { name: /생성/ })).toBeNull();

    const progress = screen.getByRole('region', { name: '진행중 2' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('data-item-id')),
    ).toEqual(['2', '3']);

    // Rows: code, title, the reason label, and the item's own deadline; the grouped column (state) omitted.
    const unread = rowOf(1);
    expect(within(unread).getByText('Acme-g1')).toBeInTheDocument();
    expect(within(unread).getByText('담당자 지정')).toBeInTheDocument();
    expect(within(rowOf(2)).getByText('마감')).toBeInTheDocument();
    expect(within(rowOf(3)).getByText('댓글')).toBeInTheDocument();
    expect(
      Array.from(unread.querySelectorAll('[data-column]')).map((cell) => cell.getAttribute('data-column')),
    ).toEqual(['priority', 'deadline', 'managers']);
    expect(deadlineOf(unread)).toHaveTextContent('25.09.05');
    expect(deadlineOf(rowOf(3))).toHaveTextContent('25.09.05');

    // Unread: red date on white; read: grey row, normal date.
    expect(unread).toHaveAttribute('data-read', 'false');
    expect(rowOf(3)).toHaveAttribute('data-read', 'true');
    expect(deadlineOf(unread)).toHaveStyle({ color: 'rgb(196, 61, 61)' });
    expect(deadlineOf(rowOf(3))).not.toHaveStyle({ color: 'rgb(196, 61, 61)' });
    expect(rowOf(3).querySelector('.row')).toHaveStyle({ backgroundColor: 'rgb(243, 243, 243)' });
    expect(unread.querySelector('.row')).not.toHaveStyle({ backgroundColor: 'rgb(243, 243, 243)' });
    // The links lead to the item's own team detail page, in a new tab.
    expect(within(rowOf(3)).getByRole('link')).toHaveAttribute('href', '/workspace/team/12/goal/303');
    expect(within(rowOf(3)).getByRole('link')).toHaveAttribute('target', '_blank');
  });

  it('offers each tab its groupings, requests the chosen one, and a tab switch resets to 상태', async () => {
    const user = userEvent.setup();
    const { requests } = alarmRoutes();
    await openPage();
    await screen.findByText('알림 고도화');

    expect(await filterOptions(user)).toEqual(['상태', '우선순위']);
    await user.click(screen.getByRole('button', { name: '필터' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '우선순위' }));
    await waitFor(() => expect(groupHeadings(screen.getByRole('region', { name: '알림' }))).toHaveLength(3));
    expect(requests.at(-1)).toEqual({ type: 'GOAL', query: 'priority', cursor: null, size: '10' });

    await user.click(screen.getByRole('tab', { name: '이슈' }));
    await screen.findByText('이슈 알림');
    expect(screen.getByRole('tab', { name: '이슈' })).toHaveAttribute('aria-selected', 'true');
    expect(requests.at(-1)).toEqual({ type: 'ISSUE', query: 'state', cursor: null, size: '10' });
    expect(await filterOptions(user)).toEqual(['상태', '우선순위', '목표']);
    await user.click(screen.getByRole('button', { name: '필터' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '목표' }));
    expect(await screen.findByRole('heading', { level: 2, name: '알림 고도화 1' })).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ type: 'ISSUE', query: 'goal', cursor: null, size: '10' });
    // Issue alarm rows open the issue.
    expect(within(rowOf(7)).getByRole('link')).toHaveAttribute('href', '/workspace/team/11/issue/107');

    await user.click(screen.getByRole('tab', { name: '외부' }));
    expect(await screen.findByText('새로운 알림이 없습니다')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ type: 'EXTERNAL', query: 'state', cursor: null, size: '10' });
    expect(await filterOptions(user)).toEqual(['상태', '우선순위', '목표', '외부']);
  });

  it('says 새로운 알림이 없습니다 when the tab has no alarms', async () => {
    alarmRoutes({});
    const { region } = await openPage();
    expect(await within(region).findByText('새로운 알림이 없습니다')).toBeInTheDocument();
    expect(within(region).queryByTestId('item-row')).toBeNull();
  });

  it('loads the next page (10 a page) when the sentinel shows, merging groups by key', async () => {
    const observer = installFakeIntersectionObserver();
    try {
      const first = alarmPage('GOAL', [alarmGroup('TODO', [g1], 2)], 'c2');
      const g4 = alarm(4, { title: '다음 페이지 목표', state: 'TODO' });
      const second = alarmPage('GOAL', [
        alarmGroup('TODO', [g4], 2),
        alarmGroup('FINISH', [alarm(5, { state: 'FINISH' })]),
      ]);
      const { requests } = alarmRoutes({ 'GOAL state': { first, c2: second } });
      const { region } = await openPage();
      await within(region).findByText('알림 고도화');
      expect(requests).toHaveLength(1);

      await waitFor(() => expect(observer.count).toBeGreaterThan(0));
      act(() => observer.fire());
      await within(region).findByText('다음 페이지 목표');
      expect(requests.at(-1)).toEqual({ type: 'GOAL', query: 'state', cursor: 'c2', size: '10' });
      expect(groupHeadings(region)).toEqual(['해야할 일2', '완료1']);
      expect(
        within(screen.getByRole('region', { name: '해야할 일 2' }))
          .getAllByTestId('item-row')
          .map((row) => row.getAttribute('data-item-id')),
      ).toEqual(['1', '4']);
    } finally {
      observer.uninstall();
    }
  });
});

describe('notifications page: opening and deleting', () => {
  it('an unread row: read at once (row and badge), PATCH, the item opens in a new tab, then a refetch', async () => {
    const user = userEvent.setup();
    const windowOpen = jest.spyOn(window, 'open').mockReturnValue(null);
    let finishPatch: () => void = () => undefined;
    let readOnServer = false;
    const pages = () => ({
      'GOAL state': {
        first: alarmPage('GOAL', [
          alarmGroup('TODO', [{ ...g1, read: readOnServer }]),
          alarmGroup('IN_PROGRESS', [g2, g3]),
        ]),
      },
    });
    const { seen, requests } = alarmRoutes(pages, {
      'PATCH /api/alarms/1': () =>
        new Promise<Response>((resolve) => {
          finishPatch = () => {
            readOnServer = true;
            resolve(envelopeResponse(200, null));
          };
        }),
    });
    await openPage();
    await screen.findByText('알림 고도화');
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    const before = requests.length;

    await user.click(screen.getByText('알림 고도화'));
    expect(windowOpen).toHaveBeenCalledWith('/workspace/team/11/goal/101', '_blank', 'noopener');
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'PATCH' && r.path === '/api/alarms/1')).toBe(true),
    );
    // Optimistic: both change while the PATCH is still unanswered (it answers only at `finishPatch`).
    await waitFor(() => expect(rowOf(1)).toHaveAttribute('data-read', 'true'));
    await waitFor(() => expect(badge()).toHaveTextContent('1'));

    await act(async () => finishPatch());
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(rowOf(1)).toHaveAttribute('data-read', 'true');
    // Stayed on the page.
    expect(screen.getByRole('region', { name: '알림' })).toBeInTheDocument();
  });

  it('a read row just opens: no PATCH', async () => {
    const user = userEvent.setup();
    const windowOpen = jest.spyOn(window, 'open').mockReturnValue(null);
    const { seen } = alarmRoutes();
    await openPage();
    await user.click(await screen.findByText('컴포넌트 정리'));
    expect(windowOpen).toHaveBeenCalledWith('/workspace/team/12/goal/303', '_blank', 'noopener');
    // Clicking the row outside its link does the same.
    await user.click(rowOf(3).querySelector('[data-column="priority"]')!);
    expect(windowOpen).toHaveBeenCalledTimes(2);
    expect(seen.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('delete mode: select rows, confirm, DELETE with the ids, then leave delete mode', async () => {
    const user = userEvent.setup();
    const windowOpen = jest.spyOn(window, 'open').mockReturnValue(null);
    const bodies: unknown[] = [];
    alarmRoutes(PAGES, {
      'DELETE /api/alarms': async (request) => {
        bodies.push(await request.json());
        return envelopeResponse(200, null);
      },
    });
    await openPage();
    await screen.findByText('알림 고도화');

    await user.click(screen.getByRole('button', { name: '삭제' }));
    expect(screen.queryByText('전체선택')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Acme-g1 선택' }));
    // A click on a row toggles it in delete mode (and opens nothing).
    await user.click(screen.getByText('컴포넌트 정리'));
    expect(windowOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Acme-g3 선택' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('복구할 수 없습니다. 정말 삭제하시겠습니까?');
    await user.click(within(dialog).getByRole('button', { name: '삭제' }));

    await waitFor(() => expect(bodies).toEqual([[1, 3]]));
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    expect(screen.getByRole('button', { name: '삭제' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a tab switch and a filter change clear the selection', async () => {
    const user = userEvent.setup();
    alarmRoutes();
    await openPage();
    await screen.findByText('알림 고도화');
    await user.click(screen.getByRole('button', { name: '삭제' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acme-g1 선택' }));

    await user.click(screen.getByRole('button', { name: '필터' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '우선순위' }));
    await screen.findByRole('heading', { level: 2, name: '높음 1' });
    expect(screen.getByRole('checkbox', { name: 'Acme-g1 선택' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Acme-g2 선택' }));
    await user.click(screen.getByRole('tab', { name: '이슈' }));
    await screen.findByText('이슈 알림');
    await user.click(screen.getByRole('tab', { name: '목표' }));
    // Back on GOAL: grouped by state again, nothing selected.
    await screen.findByRole('heading', { level: 2, name: '해야할 일 1' });
    expect(screen.getByRole('checkbox', { name: 'Acme-g2 선택' })).not.toBeChecked();
  });
});

describe('sidebar: unread badge on 알림', () => {
  it.each([
    [0, null],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [150, '99+'],
  ])('unread %i → badge %s, in the full and the mini sidebar', async (total, shown) => {
    const user = userEvent.setup();
    alarmRoutes(PAGES, {}, unreadCount(total));
    await openPage();
    const nav = await screen.findByRole('navigation', { name: '사이드바' });
    const name = shown === null ? '알림' : `알림 읽지 않은 알림 ${total}개`;
    const link = await within(nav).findByRole('link', { name });
    if (shown === null) {
      // Give the count a moment: still no badge.
      await screen.findByText('알림 고도화');
      expect(within(nav).queryByTestId('sidebar-badge')).toBeNull();
    } else {
      expect(within(link).getByTestId('sidebar-badge')).toHaveTextContent(
        new RegExp(`^${shown.replace('+', '\\+')}$`),
      );
    }

    await user.click(within(nav).getByRole('button', { name: '사이드바 접기' }));
    const miniLink = await within(nav).findByRole('link', { name });
    if (shown === null) expect(within(nav).queryByTestId('sidebar-badge')).toBeNull();
    else expect(within(miniLink).getByTestId('sidebar-badge')).toHaveTextContent(shown);
  });
});
