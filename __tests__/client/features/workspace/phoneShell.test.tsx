import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../../src/shared/lib/pageTitle';
import { envelopeResponse, mockFetch, profile } from '../../support/helpers';
import { renderWorkspaceShell } from '../../support/shell';
import {
  defaultTeam,
  frontend,
  mockMatchMedia,
  onePage,
  signedIn,
  teamsHandler,
  type MatchMediaMock,
} from './workspaceSupport';

/* The workspace shell on every width (docs/product.md "Sidebar"): the phone's app bar and drawer, the search
   button, the current page in the sidebar, one <main>. */

function routes(unread = 3) {
  return {
    'GET /api/workspace/setting': () => envelopeResponse(200, profile),
    'GET /api/workspace/setting/teams': teamsHandler(onePage(defaultTeam, frontend)),
    'GET /api/alarms/unread-count': () =>
      envelopeResponse(200, { total: unread, GOAL: 0, ISSUE: unread, EXTERNAL: 0 }),
  };
}

/** A stand-in page that names itself like the real ones, with a link to another page. */
function TitledPage({ title }: { title: string }) {
  usePageTitle(title, 'Frontend');
  return (
    <>
      <h1>{title}</h1>
      <Link to="/workspace/noti">알림 페이지로</Link>
    </>
  );
}

const pages = [
  { path: 'team/:teamId/issue', element: <TitledPage title="이슈" /> },
  { path: 'noti', element: <TitledPage title="알림 목록" /> },
  { path: '*', element: <p>page</p> },
];

/** The drawer's exit transition has run (generous: the suite shares a busy machine). */
const drawerClosed = () =>
  waitFor(() => expect(screen.queryByRole('navigation', { name: '사이드바' })).not.toBeInTheDocument(), {
    timeout: 4000,
  });

function render(path: string) {
  return renderWorkspaceShell(path, pages, { preloadedState: signedIn });
}

let media: MatchMediaMock | null = null;
afterEach(() => {
  media?.restore();
  media = null;
  jest.restoreAllMocks();
});

describe('workspace shell on a phone (390 px)', () => {
  beforeEach(() => {
    media = mockMatchMedia(390);
  });

  it('shows the app bar with the page title, 알림 with the unread badge, and no sidebar column', async () => {
    mockFetch(routes(3));
    await render('/workspace/team/11/issue');

    const bar = await screen.findByRole('banner', { name: '상단 메뉴' });
    expect(within(bar).getByTestId('app-bar-title')).toHaveTextContent('이슈');
    // The title is not a heading: the page owns its h1.
    expect(within(bar).queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('이슈 · Frontend · Momentum');

    const noti = await within(bar).findByRole('link', { name: '알림, 읽지 않은 알림 3개' });
    expect(noti).toHaveAttribute('href', '/workspace/noti');
    expect(within(noti).getByText('3')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: '메뉴 열기' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(bar).getByRole('button', { name: '검색' })).toBeInTheDocument();

    // The sidebar waits in the closed drawer; one <main>, the page's.
    expect(screen.queryByRole('navigation', { name: '사이드바' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('main')).toHaveLength(1);
  });

  it('shows no badge without unread alarms', async () => {
    mockFetch(routes(0));
    await render('/workspace/team/11/issue');
    const bar = await screen.findByRole('banner', { name: '상단 메뉴' });
    await waitFor(() => expect(within(bar).getByRole('link', { name: '알림' })).toBeInTheDocument());
    expect(within(bar).queryByText('0')).not.toBeInTheDocument();
  });

  it('opens the full sidebar in a drawer that closes on navigation', async () => {
    mockFetch(routes());
    const { router } = await render('/workspace/team/11/issue');
    fireEvent.click(await screen.findByRole('button', { name: '메뉴 열기' }));

    const nav = await screen.findByRole('navigation', { name: '사이드바' });
    // The full sidebar: team names, the drag handles of "나의 팀", no collapse to a rail.
    expect(await within(nav).findByTestId('default-team-name')).toHaveTextContent('Acme');
    expect(within(nav).getByTestId('my-team-name')).toHaveTextContent('Frontend');
    expect(nav).toHaveAttribute('data-mini', 'false');
    // The current page is marked in the drawer too.
    const frontendList = within(nav).getByRole('list', { name: 'Frontend' });
    expect(within(frontendList).getByRole('link', { name: '이슈' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(frontendList).getByRole('link', { name: '목표' }));
    expect(router.state.location.pathname).toBe('/workspace/team/11/goal');
    await drawerClosed();
    expect(screen.getByRole('button', { name: '메뉴 열기' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer on Esc and on a navigation made outside it', async () => {
    mockFetch(routes());
    const { router } = await render('/workspace/team/11/issue');
    const menu = await screen.findByRole('button', { name: '메뉴 열기' });
    fireEvent.click(menu);
    const nav = await screen.findByRole('navigation', { name: '사이드바' });
    fireEvent.keyDown(nav, { key: 'Escape' });
    await drawerClosed();

    fireEvent.click(menu);
    await screen.findByRole('navigation', { name: '사이드바' });
    await act(() => router.navigate('/workspace/noti'));
    await drawerClosed();
    expect(screen.getByTestId('app-bar-title')).toHaveTextContent('알림 목록');
  });

  it('opens the command palette as a full-screen sheet from the search button; closing returns the focus', async () => {
    mockFetch(routes());
    await render('/workspace/team/11/issue');
    const search = await screen.findByRole('button', { name: '검색' });
    act(() => search.focus());
    fireEvent.click(search);
    const palette = await screen.findByRole('dialog', { name: '검색 및 명령' });
    expect(palette.className).toMatch(/paperFullScreen/);
    await waitFor(() =>
      expect(within(palette).getByRole('combobox', { name: '검색 및 명령' })).toHaveFocus(),
    );

    fireEvent.click(within(palette).getByRole('button', { name: '검색 닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(search).toHaveFocus();
  });
});

describe('workspace shell on tablet and desktop', () => {
  it('has the search button in the sidebar, opening the palette; Esc closes it and returns the focus', async () => {
    mockFetch(routes());
    await render('/workspace/team/11/issue');
    const nav = await screen.findByRole('navigation', { name: '사이드바' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const search = await within(nav).findByRole('button', { name: /^검색 및 명령 열기 \((Ctrl\+K|⌘K)\)$/ });
    expect(search).toHaveAttribute('aria-keyshortcuts');
    act(() => search.focus());
    fireEvent.click(search);
    const palette = await screen.findByRole('dialog', { name: '검색 및 명령' });
    expect(palette.className).not.toMatch(/paperFullScreen/);
    const input = within(palette).getByRole('combobox', { name: '검색 및 명령' });
    await waitFor(() => expect(input).toHaveFocus());
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(search).toHaveFocus();
  });

  it('marks the page on screen in the sidebar (list, 알림, settings) and nothing else', async () => {
    mockFetch(routes());
    const { router } = await render('/workspace/team/11/issue');
    const nav = await screen.findByRole('navigation', { name: '사이드바' });
    await within(nav).findByTestId('my-team-name');
    const current = () => Array.from(nav.querySelectorAll('[aria-current="page"]'));

    const frontendList = within(nav).getByRole('list', { name: 'Frontend' });
    expect(current()).toEqual([within(frontendList).getByRole('link', { name: '이슈' })]);

    await act(() => router.navigate('/workspace/noti'));
    expect(current()).toEqual([within(nav).getByRole('link', { name: /^알림/ })]);

    await act(() => router.navigate('/workspace/setting/team-members'));
    await waitFor(() =>
      expect(current()).toEqual([within(nav).getByRole('link', { name: '워크스페이스 멤버' })]),
    );

    // An item's page is no list: no row claims it.
    await act(() => router.navigate('/workspace/team/11/issue/5'));
    await within(nav).findByTestId('my-team-name');
    expect(current()).toEqual([]);
  });

  it('keeps the fixed sidebar on a tablet (768 px), collapsed to the rail', async () => {
    media = mockMatchMedia(768);
    mockFetch(routes());
    await render('/workspace/team/11/issue');
    const nav = await screen.findByRole('navigation', { name: '사이드바' });
    expect(nav).toHaveAttribute('data-mini', 'true');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(await within(nav).findByRole('button', { name: /^검색 및 명령 열기/ })).toBeInTheDocument();
  });
});
