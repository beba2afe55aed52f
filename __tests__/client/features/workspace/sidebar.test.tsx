import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryStorage } from '../../../../src/app/storage';
import { envelopeResponse, mockFetch, profile, renderApp } from '../../support/helpers';
import { page } from '../items/itemListSupport';
import {
  defaultTeam,
  design,
  frontend,
  mockMatchMedia,
  onePage,
  renderShell,
  signedIn,
  team,
  teamsHandler,
} from './workspaceSupport';

afterEach(() => jest.restoreAllMocks());

beforeAll(() => {
  // The drag-and-drop library warns in development when the document has no doctype (jsdom has none).
  if (!document.doctype) {
    document.insertBefore(document.implementation.createDocumentType('html', '', ''), document.firstChild);
  }
});

const sidebarRoutes = (teams = onePage(defaultTeam, frontend, design)) => ({
  'GET /api/workspace/setting': () => envelopeResponse(200, profile),
  'GET /api/workspace/setting/teams': teamsHandler(teams),
});

const findSidebar = () => screen.findByRole('navigation', { name: '사이드바' });
const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('sidebar, workspace mode', () => {
  it('lists the default team and my teams with their list and create links', async () => {
    mockFetch(sidebarRoutes());
    await renderShell('/workspace/default/team/7/issue');
    const nav = await findSidebar();

    expect(hrefOf(await within(nav).findByRole('link', { name: 'Acme' }))).toBe(
      '/workspace/default/team/7/issue',
    );
    expect(hrefOf(within(nav).getByRole('link', { name: '설정' }))).toBe('/workspace/setting/ws-profile');
    expect(hrefOf(within(nav).getByRole('link', { name: '알림' }))).toBe('/workspace/noti');

    const defaultSection = within(nav).getByRole('list', { name: '워크스페이스 기본 팀' });
    const acme = within(defaultSection).getByRole('list', { name: 'Acme' });
    const links = (list: HTMLElement) =>
      within(list)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('aria-label') ?? link.textContent, hrefOf(link)]);
    expect(links(acme)).toEqual([
      ['목표', '/workspace/default/team/7/goal'],
      ['목표 생성', '/workspace/default/team/7/goal/detail/create'],
      ['이슈', '/workspace/default/team/7/issue'],
      ['이슈 생성', '/workspace/default/team/7/issue/detail/create'],
      ['외부', '/workspace/default/team/7/ext'],
    ]);

    const myTeams = within(nav).getByRole('list', { name: '나의 팀' });
    expect(links(within(myTeams).getByRole('list', { name: 'Frontend' }))).toEqual([
      ['목표', '/workspace/team/11/goal'],
      ['목표 생성', '/workspace/team/11/goal/detail/create'],
      ['이슈', '/workspace/team/11/issue'],
      ['이슈 생성', '/workspace/team/11/issue/detail/create'],
      ['외부', '/workspace/team/11/ext'],
    ]);
    expect(hrefOf(within(myTeams).getByRole('list', { name: 'Design' }).querySelector('a')!)).toBe(
      '/workspace/team/12/goal',
    );
    expect(
      within(nav)
        .getAllByTestId('my-team-name')
        .map((el) => el.textContent),
    ).toEqual(['Frontend', 'Design']);
    expect(within(nav).getByTestId('default-team-name')).toHaveTextContent('Acme');

    // The full sidebar loads the drag-and-drop list: one handle per team of "나의 팀".
    expect(await within(nav).findByRole('button', { name: 'Frontend 순서 변경' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Design 순서 변경' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Acme 순서 변경' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '팀 생성하기' })).not.toBeInTheDocument();
  });

  it('shows "팀 생성하기" when the workspace has no other team', async () => {
    mockFetch(sidebarRoutes(onePage(defaultTeam)));
    await renderShell('/workspace/default/team/7/issue');
    const nav = await findSidebar();
    const create = await within(nav).findByRole('link', { name: '팀 생성하기' });
    expect(hrefOf(create)).toBe('/workspace/setting/team-list');
    expect(within(nav).queryAllByTestId('my-team-name')).toEqual([]);
  });

  it('collapses to the mini sidebar and back, remembering the choice in uiPrefs', async () => {
    mockFetch(sidebarRoutes());
    const storage = createMemoryStorage();
    const { store, persistor } = await renderShell('/workspace/team/11/goal', { storage });
    const nav = await findSidebar();
    await within(nav).findByRole('button', { name: 'Frontend 순서 변경' });
    expect(nav).toHaveAttribute('data-mini', 'false');

    fireEvent.click(within(nav).getByRole('button', { name: '사이드바 접기' }));
    expect(nav).toHaveAttribute('data-mini', 'true');
    expect(screen.getByRole('main')).toHaveAttribute('data-mini', 'true');
    expect(store.getState().uiPrefs.sidebarOpen).toBe(false);
    await act(() => persistor.flush());
    const stored = JSON.parse(storage.dump()['persist:uiPrefs'] ?? '{}') as Record<string, string>;
    expect(stored.sidebarOpen).toBe('false');

    // Mini: icons and "+" only (links keep their names), the short section label, no gear, no drag handles.
    expect(within(nav).getByText('기본 팀')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '워크스페이스 기본 팀' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '설정' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /순서 변경$/ })).not.toBeInTheDocument();
    expect(within(nav).queryAllByTestId('my-team-name')).toEqual([]);
    expect(hrefOf(within(nav).getByRole('link', { name: '알림' }))).toBe('/workspace/noti');
    const frontendItems = within(nav).getByRole('list', { name: 'Frontend' });
    expect(hrefOf(within(frontendItems).getByRole('link', { name: '이슈' }))).toBe(
      '/workspace/team/11/issue',
    );
    expect(within(frontendItems).queryByText('이슈')).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Frontend' })).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(within(nav).getByRole('button', { name: '사이드바 펼치기' }));
    expect(nav).toHaveAttribute('data-mini', 'false');
    expect(store.getState().uiPrefs.sidebarOpen).toBe(true);
    expect(await within(nav).findByRole('button', { name: 'Frontend 순서 변경' })).toBeInTheDocument();
  });

  it('starts mini from the remembered choice', async () => {
    mockFetch(sidebarRoutes());
    await renderShell('/workspace/default/team/7/issue', {
      preloadedState: { ...signedIn, uiPrefs: { sidebarOpen: false } },
    });
    const nav = await findSidebar();
    expect(nav).toHaveAttribute('data-mini', 'true');
    expect(within(nav).getByRole('button', { name: '사이드바 펼치기' })).toBeInTheDocument();
  });

  it('auto-collapses at ≤ 768px (on load and on resize) without overwriting the remembered choice', async () => {
    const media = mockMatchMedia(true);
    try {
      mockFetch(sidebarRoutes());
      const { store } = await renderShell('/workspace/default/team/7/issue');
      const nav = await findSidebar();
      expect(nav).toHaveAttribute('data-mini', 'true');
      expect(store.getState().uiPrefs.sidebarOpen).toBe(true);

      // Expanding on a narrow window is for this visit only.
      fireEvent.click(within(nav).getByRole('button', { name: '사이드바 펼치기' }));
      expect(nav).toHaveAttribute('data-mini', 'false');
      expect(store.getState().uiPrefs.sidebarOpen).toBe(true);

      act(() => media.set(false));
      expect(nav).toHaveAttribute('data-mini', 'false');
      act(() => media.set(true));
      expect(nav).toHaveAttribute('data-mini', 'true');

      // A member who prefers the mini sidebar keeps it on a wide window.
      act(() => media.set(false));
      fireEvent.click(within(nav).getByRole('button', { name: '사이드바 접기' }));
      expect(store.getState().uiPrefs.sidebarOpen).toBe(false);
      act(() => media.set(true));
      act(() => media.set(false));
      expect(nav).toHaveAttribute('data-mini', 'true');
    } finally {
      media.restore();
    }
  });

  it('collapses sections and teams and remembers them', async () => {
    mockFetch(sidebarRoutes());
    const storage = createMemoryStorage();
    const first = await renderShell('/workspace/default/team/7/issue', { storage });
    let nav = await findSidebar();
    await within(nav).findByRole('list', { name: 'Frontend' });

    const myTeamsToggle = within(nav).getByRole('button', { name: '나의 팀' });
    expect(myTeamsToggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(myTeamsToggle);
    expect(myTeamsToggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('list', { name: '나의 팀' })).not.toBeInTheDocument();

    const acmeToggle = within(nav).getByRole('button', { name: 'Acme' });
    fireEvent.click(acmeToggle);
    expect(acmeToggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('list', { name: 'Acme' })).not.toBeInTheDocument();
    expect(first.store.getState().uiPrefs.sectionOpen).toEqual({ 'my-teams': false, 'team-7': false });
    await act(() => first.persistor.flush());
    first.unmount();

    // A later visit (a new store on the same storage) shows them collapsed.
    await renderShell('/workspace/default/team/7/issue', { storage });
    nav = await findSidebar();
    await within(nav).findByTestId('default-team-name');
    expect(within(nav).getByRole('button', { name: '나의 팀' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('button', { name: 'Acme' })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(within(nav).getByRole('button', { name: '나의 팀' }));
    expect(await within(nav).findByRole('list', { name: 'Frontend' })).toBeInTheDocument();
  });

  it('loads the next page of teams when the bottom sentinel becomes visible', async () => {
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const extra = team(31, 'Mobile');
      const { seen } = mockFetch(
        sidebarRoutes([
          { teamList: [defaultTeam, frontend], isLast: false },
          { teamList: [extra], isLast: true },
        ]),
      );
      await renderShell('/workspace/default/team/7/issue');
      const nav = await findSidebar();
      await within(nav).findByRole('list', { name: 'Frontend' });
      expect(within(nav).queryByRole('list', { name: 'Mobile' })).not.toBeInTheDocument();
      await waitFor(() => expect(observers.length).toBeGreaterThan(0));
      act(() => observers.at(-1)!([{ isIntersecting: true }]));
      expect(await within(nav).findByRole('list', { name: 'Mobile' })).toBeInTheDocument();
      expect(seen.filter((r) => r.path === '/api/workspace/setting/teams')).toHaveLength(2);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});

describe('sidebar, settings mode', () => {
  it('shows home and the settings pages under /workspace/setting', async () => {
    mockFetch(sidebarRoutes());
    await renderShell('/workspace/setting/team-list');
    const nav = await findSidebar();
    await waitFor(() =>
      expect(hrefOf(within(nav).getByRole('link', { name: '홈' }))).toBe('/workspace/default/team/7/issue'),
    );
    expect(hrefOf(within(nav).getByRole('link', { name: '워크스페이스 프로필' }))).toBe(
      '/workspace/setting/ws-profile',
    );
    expect(hrefOf(within(nav).getByRole('link', { name: '팀 목록' }))).toBe('/workspace/setting/team-list');
    expect(hrefOf(within(nav).getByRole('link', { name: '워크스페이스 멤버' }))).toBe(
      '/workspace/setting/team-members',
    );
    expect(hrefOf(within(nav).getByRole('link', { name: '나의 프로필' }))).toBe(
      '/workspace/setting/my-profile',
    );
    for (const section of ['워크스페이스', '팀', '계정']) {
      expect(within(nav).getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'true');
    }
    expect(within(nav).queryByRole('link', { name: '설정' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '알림' })).not.toBeInTheDocument();

    fireEvent.click(within(nav).getByRole('button', { name: '사이드바 접기' }));
    expect(nav).toHaveAttribute('data-mini', 'true');
    expect(within(nav).getByText('워크')).toBeInTheDocument();
    expect(within(nav).queryByText('팀 목록')).not.toBeInTheDocument();
    expect(hrefOf(within(nav).getByRole('link', { name: '팀 목록' }))).toBe('/workspace/setting/team-list');
  });
});

describe('workspace shell in the app', () => {
  it('renders the sidebar, the page in <main> and the toast area for a workspace route', async () => {
    // The goal list on the page loads too (an empty first page).
    mockFetch({ ...sidebarRoutes(), 'GET /api/teams/7/goals': () => envelopeResponse(200, page([])) });
    await renderApp('/workspace/default/team/7/goal', { preloadedState: signedIn });
    const nav = await findSidebar();
    expect(await screen.findByRole('region', { name: '공동 목표 목록' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('navigation')).not.toBeInTheDocument();
    expect(await within(nav).findByTestId('default-team-name')).toHaveTextContent('Acme');
    expect(screen.getByRole('status', { name: '알림 메시지' })).toHaveAttribute('aria-live', 'polite');
  });

  it('shows the 404 page for an unknown workspace path', async () => {
    mockFetch(sidebarRoutes());
    await renderApp('/workspace/no/such/page', { preloadedState: signedIn });
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});
