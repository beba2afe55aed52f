import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resolveShortcut } from '../../../../src/features/search/shortcutModel';
import { mockFetch } from '../../support/helpers';
import { renderShell, shellRoutes } from './searchSupport';

afterEach(() => jest.restoreAllMocks());

const press = (key: string, init: Record<string, unknown> = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...init });

/** Lets a navigation that should not happen have its chance first. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('keyboard shortcuts', () => {
  it('C opens a new issue in the URL’s team, or the default team’s elsewhere', async () => {
    mockFetch(shellRoutes());
    const { pathname, router } = await renderShell('/workspace/team/11/issue');
    press('c');
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/issue/detail/create'));

    await act(() => router.navigate('/workspace/noti'));
    press('c');
    await waitFor(() => expect(pathname()).toBe('/workspace/default/team/7/issue/detail/create'));
  });

  it('G then G, I or E opens the current team’s goals, issues or externals', async () => {
    mockFetch(shellRoutes());
    const { pathname } = await renderShell('/workspace/team/11/issue');
    press('g');
    press('g');
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/goal'));
    press('g');
    press('e');
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/ext'));
    press('g');
    press('Shift'); // a modifier on its own does not end the sequence
    press('i');
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/issue'));
  });

  it('works on the Korean keyboard layout (the key reports a jamo, the code the letter)', async () => {
    mockFetch(shellRoutes());
    const { pathname } = await renderShell('/workspace/team/11/goal');
    press('ㅎ', { code: 'KeyG' });
    press('ㅑ', { code: 'KeyI' });
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/issue'));
    press('ㅊ', { code: 'KeyC' });
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/issue/detail/create'));
  });

  it('J and K move the focus between list rows, Enter opens the focused row', async () => {
    mockFetch(shellRoutes());
    const { pathname } = await renderShell('/workspace/team/11/issue');
    const rows = await screen.findAllByTestId('item-row');
    const link = (index: number) => within(rows[index]!).getByRole('link');

    press('j');
    expect(link(0)).toHaveFocus();
    press('j', {}, document.activeElement!);
    press('j', {}, document.activeElement!);
    expect(link(2)).toHaveFocus();
    press('j', {}, document.activeElement!); // stays on the last row
    expect(link(2)).toHaveFocus();
    press('k', {}, document.activeElement!);
    expect(link(1)).toHaveFocus();

    press('Enter', {}, document.activeElement!);
    await waitFor(() => expect(pathname()).toBe('/workspace/team/11/issue/2'));
  });

  it('does nothing while typing in a field or an editable area, while composing, or with Ctrl, Alt or ⌘', async () => {
    mockFetch(shellRoutes());
    const { pathname } = await renderShell('/workspace/form');
    const field = await screen.findByRole('textbox', { name: '제목' });
    const editable = screen.getByRole('textbox', { name: '설명' });

    for (const target of [field, editable]) {
      target.focus();
      for (const key of ['c', 'g', 'g', '?', '/', 'j']) press(key, {}, target);
    }
    press('c', { isComposing: true });
    press('c', { keyCode: 229 });
    press('/', { isComposing: true });
    press('c', { ctrlKey: true });
    press('c', { altKey: true });
    press('c', { metaKey: true });
    press('g', { ctrlKey: true });
    press('g', { ctrlKey: true });
    await settle();
    expect(pathname()).toBe('/workspace/form');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A checkbox takes no text: shortcuts still work there.
    const checkbox = screen.getByRole('checkbox', { name: '선택' });
    checkbox.focus();
    press('c', {}, checkbox);
    await waitFor(() => expect(pathname()).toBe('/workspace/default/team/7/issue/detail/create'));
  });

  it('? opens the help dialog listing every shortcut; other shortcuts wait while it is open', async () => {
    mockFetch(shellRoutes());
    const { pathname } = await renderShell('/workspace/team/11/issue');
    press('?', { shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: '키보드 단축키' });
    const rows = within(dialog)
      .getAllByTestId('shortcut-row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Ctrl/⌘K검색 및 명령 열기',
      '/검색 열기',
      'C현재 팀에 새 이슈 만들기',
      'G→G현재 팀의 목표 목록으로 이동',
      'G→I현재 팀의 이슈 목록으로 이동',
      'G→E현재 팀의 외부 이슈 목록으로 이동',
      'J목록에서 다음 항목으로',
      'K목록에서 이전 항목으로',
      'Enter선택한 항목 열기',
      '?단축키 도움말 보기',
    ]);

    press('c', {}, document.activeElement!);
    await settle();
    expect(pathname()).toBe('/workspace/team/11/issue');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('resolveShortcut', () => {
  const idle = { typing: false, pendingG: null, now: 10_000 };

  it('ends a G sequence after a second', () => {
    const first = resolveShortcut({ key: 'g' }, idle);
    expect(first).toEqual({ command: null, pendingG: 10_000 });
    expect(resolveShortcut({ key: 'i' }, { ...idle, pendingG: 10_000, now: 10_900 }).command).toBe(
      'goIssues',
    );
    expect(resolveShortcut({ key: 'i' }, { ...idle, pendingG: 10_000, now: 11_100 }).command).toBeNull();
    // Another key in between ends it.
    expect(resolveShortcut({ key: 'x' }, { ...idle, pendingG: 10_000 }).pendingG).toBeNull();
  });

  it('lets only Ctrl/⌘-K through in a field, and nothing while composing', () => {
    const typing = { ...idle, typing: true };
    expect(resolveShortcut({ key: 'k', ctrlKey: true }, typing).command).toBe('palette');
    expect(resolveShortcut({ key: 'c' }, typing).command).toBeNull();
    expect(resolveShortcut({ key: 'k', ctrlKey: true, isComposing: true }, idle).command).toBeNull();
    expect(resolveShortcut({ key: 'k', ctrlKey: true, shiftKey: true }, idle).command).toBeNull();
    expect(resolveShortcut({ key: 'C', shiftKey: true }, idle).command).toBeNull();
  });
});
