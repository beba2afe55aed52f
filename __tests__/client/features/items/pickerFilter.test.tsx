import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detail, detailRoutes, recordBody, signedIn, type SentBody } from './itemDetailSupport';

/*
 * The filter fields of the detail pickers (managers, goal, issues; docs/product.md "Search"): 초성 and a
 * half-composed last syllable narrow the options, '없음' stays, arrows move through what is shown, and nothing is
 * picked or jumped to while a Hangul syllable is being composed. The whole app, `fetch` mocked.
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const LIST = '/workspace/default/team/7/issue';
const ISSUE_5 = '/workspace/default/team/7/issue/5';
const GOAL_40 = '/workspace/default/team/7/goal/40';

const goals = {
  cnt: 3,
  info: [
    { id: 40, title: '알림 고도화' },
    { id: 50, title: '로그인 개선' },
    { id: 51, title: '로그 정리' },
  ],
};

const routes = (sent: SentBody[]) =>
  detailRoutes({
    'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
    'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
    'GET /api/teams/7/goals-simple': () => envelopeResponse(200, goals),
  });

const labels = (menu: HTMLElement, role: 'menuitemradio' | 'menuitemcheckbox') =>
  within(menu)
    .getAllByRole(role)
    .map((option) => option.textContent);

/** Opens a picker by its row button and waits for its options to load. */
async function openPicker(button: string, menuName: string, role: 'menuitemradio' | 'menuitemcheckbox') {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  const menu = await screen.findByRole('menu', { name: menuName });
  await waitFor(() => expect(labels(menu, role).length).toBeGreaterThan(1));
  return menu;
}

describe('goal picker filter', () => {
  it('opens with the caret in the field; 초성 and a half-composed syllable narrow the goals, 없음 stays', async () => {
    const sent: SentBody[] = [];
    mockFetch(routes(sent));
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const menu = await openPicker('목표: 알림 고도화', '목표', 'menuitemradio');
    const field = within(menu).getByRole('textbox', { name: '목표 검색' });
    expect(field).toHaveAttribute('placeholder', '목표 검색');
    await waitFor(() => expect(field).toHaveFocus());

    fireEvent.change(field, { target: { value: 'ㄹㄱㅇ' } });
    expect(labels(menu, 'menuitemradio')).toEqual(['없음', '로그인 개선']);

    // Spaces are optional in 초성: ㄹㄱ also finds 알림 고도화 (림 고), after the titles that start with it.
    fireEvent.change(field, { target: { value: 'ㄹㄱ' } });
    expect(labels(menu, 'menuitemradio')).toEqual(['없음', '로그인 개선', '로그 정리', '알림 고도화']);

    // ㄹ then ㄱ as a 2-set IME composes them: ㄺ counts as both.
    fireEvent.change(field, { target: { value: 'ㄺㅇ' } });
    expect(labels(menu, 'menuitemradio')).toEqual(['없음', '로그인 개선']);

    // 로그이: the last syllable still being typed (ㅇ+ㅣ, before ㄴ) finds 로그인 only.
    fireEvent.change(field, { target: { value: '로그이' } });
    expect(labels(menu, 'menuitemradio')).toEqual(['없음', '로그인 개선']);

    fireEvent.change(field, { target: { value: 'ㅋㅋ' } });
    expect(labels(menu, 'menuitemradio')).toEqual(['없음']);
    expect(within(menu).getByText('일치하는 항목이 없습니다.')).toBeInTheDocument();

    fireEvent.change(field, { target: { value: '' } });
    expect(labels(menu, 'menuitemradio')).toEqual(['없음', '알림 고도화', '로그인 개선', '로그 정리']);
    expect(sent).toHaveLength(0);
  });

  it('arrows move from the field through the shown options and back; Enter on one picks it', async () => {
    const sent: SentBody[] = [];
    mockFetch(routes(sent));
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const menu = await openPicker('목표: 알림 고도화', '목표', 'menuitemradio');
    const field = within(menu).getByRole('textbox', { name: '목표 검색' });
    fireEvent.change(field, { target: { value: '로그' } });

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitemradio', { name: '없음' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(within(menu).getByRole('menuitemradio', { name: '로그인 개선' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(field).toHaveFocus();
    // ArrowUp from the field: the last shown option.
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(within(menu).getByRole('menuitemradio', { name: '로그 정리' })).toHaveFocus();

    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ goalId: 51 });
    await waitFor(() => expect(screen.queryByRole('menu', { name: '목표' })).not.toBeInTheDocument());
  });

  it('Enter in the field picks the first match (not 없음), and never while composing', async () => {
    const sent: SentBody[] = [];
    mockFetch(routes(sent));
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const menu = await openPicker('목표: 알림 고도화', '목표', 'menuitemradio');
    const field = within(menu).getByRole('textbox', { name: '목표 검색' });

    // The IME path: ㄹ → 로 → 로그 → 로그ㅇ → 로그이, the syllable still open.
    fireEvent.compositionStart(field);
    for (const value of ['ㄹ', '로', '로그', '로그ㅇ', '로그이']) {
      fireEvent.change(field, { target: { value } });
    }
    expect(labels(menu, 'menuitemradio')).toEqual(['없음', '로그인 개선']);
    // Enter, arrows and a letter that the menu's type-ahead would jump on: while composing, none acts.
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 });
    fireEvent.keyDown(field, { key: 'ArrowDown', keyCode: 229 });
    fireEvent.keyDown(field, { key: 'ㅇ', isComposing: true });
    expect(field).toHaveFocus();
    expect(screen.getByRole('menu', { name: '목표' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sent).toHaveLength(0);

    fireEvent.compositionEnd(field, { data: '이' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ goalId: 50 });
    expect(await screen.findByRole('button', { name: '목표: 로그인 개선' })).toBeInTheDocument();
  });

  it('a letter typed in the field stays in the field (no type-ahead jump to an option)', async () => {
    mockFetch(routes([]));
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const menu = await openPicker('목표: 알림 고도화', '목표', 'menuitemradio');
    const field = within(menu).getByRole('textbox', { name: '목표 검색' });
    // '알' would move the focus to '알림 고도화' if the menu saw the key.
    fireEvent.keyDown(field, { key: '알' });
    fireEvent.keyDown(field, { key: 'a' });
    expect(field).toHaveFocus();
  });
});

describe('managers picker filter', () => {
  it('ㄱㅁㅅ finds 김민수; Enter toggles the first match and keeps the multi-select menu open', async () => {
    const sent: SentBody[] = [];
    mockFetch(routes(sent));
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const menu = await openPicker('담당자: 김민수', '담당자', 'menuitemcheckbox');
    const field = within(menu).getByRole('textbox', { name: '이름 검색' });
    await waitFor(() => expect(field).toHaveFocus());

    fireEvent.change(field, { target: { value: 'ㄱㅁㅅ' } });
    expect(labels(menu, 'menuitemcheckbox')).toEqual(['없음', '김민수']);
    // 이여: half of 이영희's second syllable.
    fireEvent.change(field, { target: { value: '이여' } });
    expect(labels(menu, 'menuitemcheckbox')).toEqual(['없음', '이영희']);

    fireEvent.change(field, { target: { value: 'ㅂㅊ' } });
    expect(labels(menu, 'menuitemcheckbox')).toEqual(['없음', '박철수']);
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ managersId: [1, 3] });
    expect(screen.getByRole('menu', { name: '담당자' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemcheckbox', { name: '박철수' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('the query is gone when the picker opens again', async () => {
    mockFetch(routes([]));
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    let menu = await openPicker('담당자: 김민수', '담당자', 'menuitemcheckbox');
    fireEvent.change(within(menu).getByRole('textbox', { name: '이름 검색' }), {
      target: { value: 'ㄱㅁㅅ' },
    });
    fireEvent.keyDown(within(menu).getByRole('textbox', { name: '이름 검색' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { name: '담당자' })).not.toBeInTheDocument());

    menu = await openPicker('담당자: 김민수', '담당자', 'menuitemcheckbox');
    expect(within(menu).getByRole('textbox', { name: '이름 검색' })).toHaveValue('');
    expect(labels(menu, 'menuitemcheckbox')).toEqual(['없음', '김민수', '이영희', '박철수']);
  });
});

describe('issues picker filter', () => {
  it("a goal's issues picker narrows by 초성", async () => {
    mockFetch(
      detailRoutes({
        'GET /api/goals/40': () =>
          envelopeResponse(
            200,
            detail(40, { name: 'Acme-g40', title: '알림 고도화', goal: null, issues: { cnt: 0, info: [] } }),
          ),
      }),
    );
    await renderApp([LIST, GOAL_40], { preloadedState: signedIn });
    const menu = await openPicker('이슈: 없음', '이슈', 'menuitemcheckbox');
    const field = within(menu).getByRole('textbox', { name: '이슈 검색' });
    fireEvent.change(field, { target: { value: 'ㄷㅉ' } });
    expect(labels(menu, 'menuitemcheckbox')).toEqual(['없음', '둘째 이슈']);
    fireEvent.change(field, { target: { value: 'ㅇㅅ' } });
    expect(labels(menu, 'menuitemcheckbox')).toEqual(['없음', '첫 이슈', '둘째 이슈']);
  });
});
