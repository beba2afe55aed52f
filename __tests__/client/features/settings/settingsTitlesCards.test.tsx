import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp } from '../../support/helpers';
import { settingsRoutes, signedIn } from './settingsSupport';

/*
 * docs/responsive.md on the settings pages: `설정 · {page} · Momentum` titles, one <h1>, the table rows marked as
 * list rows (cards on phones), and the leaving dialogs' 취소.
 */

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

describe('settings titles', () => {
  it.each([
    ['ws-profile', '워크스페이스', '설정 · 워크스페이스 프로필 · Momentum'],
    ['team-list', '팀', '설정 · 팀 목록 · Momentum'],
    ['team-members', '멤버', '설정 · 멤버 · Momentum'],
    ['my-profile', '나의 프로필', '설정 · 내 프로필 · Momentum'],
  ])('/workspace/setting/%s: one <h1> "%s", titled %s', async (path, heading, title) => {
    mockFetch(settingsRoutes());
    await renderApp(`/workspace/setting/${path}`, { preloadedState: signedIn });
    await screen.findByRole('heading', { name: heading, level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });
});

describe('settings tables as list rows', () => {
  it('every team row is a [data-list-row] with its cells placed for the phone card', async () => {
    mockFetch(settingsRoutes());
    await renderApp('/workspace/setting/team-list', { preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: '팀 목록' });
    await waitFor(() => expect(within(table).getByText('Design')).toBeInTheDocument());
    const rows = table.querySelectorAll('[data-list-row]');
    expect(rows).toHaveLength(3);
    const roles = [...rows[1]!.querySelectorAll('[role="cell"]')].map((cell) =>
      cell.getAttribute('data-phone'),
    );
    expect(roles).toEqual(['lead', 'title', 'meta', 'meta']);
  });

  it('member rows: the email gets a line of its own', async () => {
    mockFetch(settingsRoutes());
    await renderApp('/workspace/setting/team-members', { preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: '워크스페이스 멤버' });
    await waitFor(() => expect(table.querySelectorAll('[data-list-row]')).toHaveLength(4));
    const email = within(table).getByText('younghee@acme.example').closest('[role="cell"]');
    expect(email).toHaveAttribute('data-phone', 'line');
  });
});

describe('leaving dialogs have 취소', () => {
  it.each(['회원탈퇴', '로그아웃'])(
    '%s: 취소 closes the dialog, sends nothing and gives the focus back',
    async (label) => {
      const user = userEvent.setup();
      const { seen } = mockFetch(settingsRoutes());
      await renderApp('/workspace/setting/my-profile', { preloadedState: signedIn });
      await screen.findByRole('heading', { name: '나의 프로필', level: 1 });
      const opener = screen.getByRole('button', { name: label });
      await user.click(opener);
      const dialog = await screen.findByRole('dialog');
      const before = seen.length;
      await user.click(within(dialog).getByRole('button', { name: '취소' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
      expect(seen.slice(before).filter((request) => request.method !== 'GET')).toEqual([]);
    },
  );
});
