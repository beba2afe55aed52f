import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recentItemVisited } from '../../../../src/features/search';
import { envelopeResponse, mockFetch } from '../../support/helpers';
import { hit, issueDetail, renderShell, searchHandler, shellRoutes } from './searchSupport';

afterEach(() => jest.restoreAllMocks());

const login = hit({
  kind: 'issue',
  id: 5,
  title: '로그인 리다이렉트 오류',
  match: 'jamo',
  ranges: [[0, 3]],
});
const goal = hit({
  kind: 'goal',
  id: 3,
  teamId: 7,
  teamName: 'Acme',
  name: 'Acme-g3',
  title: '로그 정리',
  match: 'title',
  ranges: [[0, 2]],
});
const external = hit({
  kind: 'external',
  id: 9,
  title: '외부 로그 연동',
  match: 'content',
  snippet: '…로그인 오류를 GitHub에 올림…',
  ranges: [],
});

const openPalette = async () => {
  fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
  return screen.findByRole('combobox', { name: '검색 및 명령' });
};
const optionTexts = (group: HTMLElement) =>
  within(group)
    .getAllByRole('option')
    .map((option) => option.textContent);
const marks = (element: HTMLElement) =>
  Array.from(element.querySelectorAll('mark')).map((m) => m.textContent);

describe('command palette', () => {
  it('opens with Ctrl-K, ⌘-K and `/`, focused on its input, and closes with Esc', async () => {
    mockFetch(shellRoutes());
    await renderShell('/workspace/team/11/issue');

    const input = await openPalette();
    expect(screen.getByRole('dialog', { name: '검색 및 명령' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', '목표, 이슈, 외부 이슈를 검색하거나 명령을 입력하세요');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.keyDown(document.body, { key: 'k', metaKey: true });
    expect(await screen.findByRole('dialog', { name: '검색 및 명령' })).toBeInTheDocument();
    // Ctrl-K again closes it.
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'k', ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.keyDown(document.body, { key: '/' });
    expect(await screen.findByRole('combobox', { name: '검색 및 명령' })).toHaveFocus();
  });

  it('searches once per pause, not per composition step, and a half-composed syllable finds the title', async () => {
    const search = searchHandler((q) => (q.startsWith('로그') ? [login] : []));
    mockFetch(shellRoutes({ 'GET /api/search': search.handler }));
    await renderShell('/workspace/team/11/issue');
    const input = await openPalette();

    // 로그이 typed with a Korean IME: one composition, many steps.
    fireEvent.compositionStart(input);
    for (const step of ['ㄹ', '로', '록', '로그', '로긍', '로그이']) {
      fireEvent.compositionUpdate(input, { data: step });
      fireEvent.change(input, { target: { value: step } });
    }
    fireEvent.compositionEnd(input, { data: '로그이' });

    const issues = await screen.findByRole('group', { name: '이슈' });
    expect(optionTexts(issues)).toEqual([expect.stringContaining('로그인 리다이렉트 오류')]);
    expect(marks(issues)).toEqual(['로그인']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(search.queries).toEqual(['로그이']);
  });

  it('never opens a result on the Enter that commits a syllable', async () => {
    const search = searchHandler(() => [login]);
    mockFetch(shellRoutes({ 'GET /api/search': search.handler }));
    const { pathname } = await renderShell('/workspace/team/11/issue');
    const input = await openPalette();
    fireEvent.change(input, { target: { value: '로그인' } });
    await screen.findByRole('group', { name: '이슈' });

    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(pathname()).toBe('/workspace/team/11/issue');
  });

  it('groups hits by kind with highlights, keeps them while typing, and opens one with arrows and Enter', async () => {
    let release: () => void = () => undefined;
    let held = false;
    const search = searchHandler(() => [login, external, goal]);
    const routes = shellRoutes({
      'GET /api/search': async (request) => {
        if (new URL(request.url).searchParams.get('q') === '로그x') {
          held = true;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return search.handler(request);
      },
    });
    mockFetch(routes);
    const { pathname } = await renderShell('/workspace/team/11/issue');
    const input = await openPalette();
    fireEvent.change(input, { target: { value: '로그' } });

    const listbox = screen.getByRole('listbox');
    await within(listbox).findByRole('group', { name: '목표' });
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby')),
    ).toHaveLength(3);
    const groupNames = within(listbox)
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent);
    expect(groupNames).toEqual(['목표', '이슈', '외부 이슈']);
    const goals = within(listbox).getByRole('group', { name: '목표' });
    expect(optionTexts(goals)[0]).toContain('Acme-g3');
    expect(optionTexts(goals)[0]).toContain('Acme');
    expect(marks(goals)).toEqual(['로그']);
    expect(within(goals).getByText('상태: 진행중')).toBeInTheDocument();
    expect(within(listbox).getByText('…로그인 오류를 GitHub에 올림…')).toBeInTheDocument();

    // Typing on: the previous hits stay while the next answer is on its way.
    fireEvent.change(input, { target: { value: '로그x' } });
    await waitFor(() => expect(held).toBe(true));
    expect(within(listbox).getByRole('group', { name: '목표' })).toBeInTheDocument();
    act(() => release());
    fireEvent.change(input, { target: { value: '로그' } });

    const options = within(listbox).getAllByRole('option');
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active()).toBe(options[0]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe(options[options.length - 1]); // wraps to the last option
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe(options[0]); // and back to the first
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()?.textContent).toContain('로그인 리다이렉트 오류');
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/issue/5'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens a default team's hit under its `default` path", async () => {
    mockFetch(shellRoutes({ 'GET /api/search': searchHandler(() => [goal]).handler }));
    const { pathname } = await renderShell('/workspace/team/11/issue');
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'ㄹㄱ' } });
    await screen.findByRole('group', { name: '목표' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(pathname()).toBe('/workspace/default/team/7/goal/3'));
  });

  it('shows recent items and actions for an empty query, and filters actions by 초성', async () => {
    mockFetch(
      shellRoutes({
        'GET /api/issues/4': () => envelopeResponse(200, issueDetail(4, { title: '결제 오류' })),
        'GET /api/search': searchHandler(() => []).handler,
      }),
    );
    const { store, pathname, router } = await renderShell('/workspace/team/11/issue/4');
    // Visiting a detail records it once the page has loaded the item.
    expect(await screen.findByRole('heading', { name: '결제 오류' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().search.recent).toHaveLength(1));
    act(() => {
      store.dispatch(
        recentItemVisited({
          kind: 'goal',
          id: 3,
          teamId: 7,
          teamName: 'Acme',
          name: 'Acme-g3',
          title: '로그 정리',
          state: 'FINISH',
        }),
      );
    });
    await act(() => router.navigate('/workspace/team/11/issue'));

    const input = await openPalette();
    const recent = screen.getByRole('group', { name: '최근 항목' });
    expect(optionTexts(recent)).toEqual([
      expect.stringContaining('로그 정리'),
      expect.stringContaining('결제 오류'),
    ]);
    const actions = screen.getByRole('group', { name: '바로가기' });
    expect(optionTexts(actions)).toEqual([
      '새 이슈',
      '새 목표',
      '목표 목록으로 이동',
      '이슈 목록으로 이동',
      '외부 이슈 목록으로 이동',
      '알림',
      '설정: 워크스페이스 프로필',
      '설정: 팀 목록',
      '설정: 워크스페이스 멤버',
      '설정: 나의 프로필',
    ]);

    // The same matcher as the server: ㅁㅂ finds 멤버 (초성), 알리 finds 알림 (a half-composed syllable).
    fireEvent.change(input, { target: { value: 'ㅁㅂ' } });
    let matched = await screen.findByRole('group', { name: '바로가기' });
    expect(optionTexts(matched)).toEqual(['설정: 워크스페이스 멤버']);
    expect(marks(matched)).toEqual(['멤버']);
    fireEvent.change(input, { target: { value: '알리' } });
    matched = await screen.findByRole('group', { name: '바로가기' });
    await waitFor(() => expect(optionTexts(matched)).toEqual(['알림']));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(pathname()).toBe('/workspace/noti'));

    // From the notifications page the team actions use the default team; clicking works like Enter.
    await openPalette();
    fireEvent.click(screen.getByRole('option', { name: '새 이슈' }));
    await waitFor(() => expect(pathname()).toBe('/workspace/default/team/7/issue/detail/create'));
  });

  it('says so when nothing matches', async () => {
    mockFetch(shellRoutes({ 'GET /api/search': searchHandler(() => []).handler }));
    await renderShell('/workspace/team/11/issue');
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('검색 결과가 없어요')).toBeInTheDocument();
  });
});
