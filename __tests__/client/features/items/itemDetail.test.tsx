import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detail, detailRoutes, recordBody, signedIn, type SentBody } from './itemDetailSupport';

/*
 * The detail screen (goal, issue, external; create, view, edit) in the whole app: memory router, the real store and
 * sagas, `fetch` mocked.
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const CREATE_ISSUE = '/workspace/default/team/7/issue/detail/create';
const ISSUE_5 = '/workspace/default/team/7/issue/5';
const LIST = '/workspace/default/team/7/issue';

const titleBox = () => screen.findByRole('textbox', { name: '제목' });
const saveButton = () => screen.getByRole('button', { name: /작성 완료|수정하기|저장 중…/ });
const toastTexts = () => screen.queryAllByText('최대 20자까지 작성할 수 있습니다.');

describe('title field', () => {
  it('cuts input beyond 20 characters and toasts once per overflow', async () => {
    mockFetch(detailRoutes({}));
    await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    const title = await titleBox();

    fireEvent.change(title, { target: { value: '가'.repeat(25) } });
    expect(title).toHaveValue('가'.repeat(20));
    expect(await screen.findByText('최대 20자까지 작성할 수 있습니다.')).toBeInTheDocument();

    // Still over the limit: no second toast.
    fireEvent.change(title, { target: { value: `${'가'.repeat(20)}나` } });
    expect(title).toHaveValue('가'.repeat(20));
    expect(toastTexts()).toHaveLength(1);

    // Emoji count once (code points).
    fireEvent.change(title, { target: { value: '😀'.repeat(21) } });
    expect(title).toHaveValue('😀'.repeat(20));
  });

  it('does not cut while a Hangul syllable is being composed; the limit applies on compositionend', async () => {
    mockFetch(detailRoutes({}));
    await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    const title = await titleBox();
    const base = '가'.repeat(19);

    fireEvent.change(title, { target: { value: base } });
    fireEvent.compositionStart(title);
    fireEvent.change(title, { target: { value: `${base}ㅎ` } });
    fireEvent.compositionUpdate(title, { data: '하' });
    fireEvent.change(title, { target: { value: `${base}하` } });
    fireEvent.change(title, { target: { value: `${base}한` } });
    expect(title).toHaveValue(`${base}한`);
    // The jamo of the next syllable goes past the limit while composing: nothing is cut yet.
    fireEvent.change(title, { target: { value: `${base}한ㄱ` } });
    expect(title).toHaveValue(`${base}한ㄱ`);
    expect(toastTexts()).toHaveLength(0);

    fireEvent.compositionEnd(title, { data: 'ㄱ' });
    expect(title).toHaveValue(`${base}한`);
    expect(await screen.findByText('최대 20자까지 작성할 수 있습니다.')).toBeInTheDocument();
  });

  it('blocks Enter', async () => {
    mockFetch(detailRoutes({}));
    await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    const title = await titleBox();
    const enter = fireEvent.keyDown(title, { key: 'Enter' });
    expect(enter).toBe(false);
  });
});

describe('save button', () => {
  it("is '작성 완료', disabled until the trimmed title is non-empty, in create mode", async () => {
    mockFetch(detailRoutes({}));
    await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    const title = await titleBox();
    expect(saveButton()).toHaveTextContent('작성 완료');
    expect(saveButton()).toBeDisabled();
    fireEvent.change(title, { target: { value: '   ' } });
    expect(saveButton()).toBeDisabled();
    fireEvent.change(title, { target: { value: ' 새 이슈 ' } });
    expect(saveButton()).toBeEnabled();
  });

  it("shows '수정하기' in view mode and goes to edit; edit saves with PATCH and returns to view", async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
        'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
      }),
    );
    const { router } = await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    expect(await titleBox()).toHaveValue('이슈 5');
    expect(saveButton()).toHaveTextContent('수정하기');

    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ISSUE_5}/edit`));
    await waitFor(() => expect(saveButton()).toHaveTextContent('작성 완료'));

    fireEvent.change(await titleBox(), { target: { value: '이슈 5 수정' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(ISSUE_5));
    await waitFor(() => expect(saveButton()).toHaveTextContent('수정하기'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      title: '이슈 5 수정',
      content: '',
      state: 'IN_PROGRESS',
      priority: 'HIGH',
      managersId: [1],
      goalId: 40,
    });
    // No leave confirmation after a save.
    expect(screen.queryByText('작성을 그만두시겠습니까?')).not.toBeInTheDocument();
  });
});

describe('create', () => {
  it('POSTs the payload without a goal and replaces the history entry with the new view', async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'POST /api/teams/7/issues': recordBody(sent, { issueId: 9 }, 201),
        'GET /api/issues/9': () => envelopeResponse(200, detail(9, { title: '새 이슈', goal: null })),
      }),
    );
    const { router } = await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    expect((await screen.findAllByText('Acme-i8'))[0]).toBeInTheDocument();
    fireEvent.change(await titleBox(), { target: { value: ' 새 이슈 ' } });

    fireEvent.click(screen.getByRole('button', { name: '우선순위: 없음' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '긴급' }));

    fireEvent.click(saveButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/default/team/7/issue/9'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sent[0]!.body).toEqual({
      title: '새 이슈',
      content: '',
      state: 'NONE',
      priority: 'URGENT',
      managersId: [],
      deadline: {},
    });
    expect(await screen.findByRole('button', { name: '수정하기' })).toBeInTheDocument();
  });

  it('requires an external tool for externals', async () => {
    const sent: SentBody[] = [];
    mockFetch(detailRoutes({ 'POST /api/teams/7/externals': recordBody(sent, { externalId: 3 }, 201) }));
    await renderApp([LIST, '/workspace/default/team/7/ext/detail/create'], { preloadedState: signedIn });
    fireEvent.change(await titleBox(), { target: { value: '외부' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('반드시 외부 툴을 설정해야 합니다.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

describe('view mode properties', () => {
  it('PATCHes only the priority when it changes', async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
        'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
      }),
    );
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: '우선순위: 높음' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '낮음' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'PATCH', path: '/api/teams/7/issues/5', body: { priority: 'LOW' } });
    expect(screen.getByRole('button', { name: '우선순위: 낮음' })).toBeInTheDocument();
  });

  it("managers: '없음' clears, and picking a member drops '없음'", async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
        'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
      }),
    );
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: '담당자: 김민수' }));
    const menu = await screen.findByRole('menu', { name: '담당자' });
    // Team 7's members only (최지우 is in no team).
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitemcheckbox')
          .map((option) => option.textContent),
      ).toEqual(['없음', '김민수', '이영희', '박철수']),
    );
    expect(within(menu).getByRole('menuitemcheckbox', { name: '없음' })).toHaveAttribute(
      'aria-checked',
      'false',
    );

    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: '없음' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ managersId: [] });
    expect(within(menu).getByRole('menuitemcheckbox', { name: '없음' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: '이영희' }));
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: '박철수' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.body).toEqual({ managersId: [2, 3] });
    expect(within(menu).getByRole('menuitemcheckbox', { name: '없음' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it("goal picker suffixes duplicate titles with ' (#id)' and '없음' sends goalId null", async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
        'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
      }),
    );
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: '목표: 알림 고도화' }));
    const menu = await screen.findByRole('menu', { name: '목표' });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitemradio')
          .map((option) => option.textContent),
      ).toEqual(['없음', '알림 고도화', '온보딩 (#41)', '온보딩 (#42)']),
    );
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '없음' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ goalId: null });
  });

  it('saves the title on blur with a title-only PATCH', async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
        'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
      }),
    );
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const title = await titleBox();
    await waitFor(() => expect(title).toHaveValue('이슈 5'));
    fireEvent.change(title, { target: { value: '바뀐 제목' } });
    act(() => title.blur());
    fireEvent.blur(title);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ title: '바뀐 제목' });
  });

  it('external tool cannot change after creation', async () => {
    mockFetch(
      detailRoutes({
        'GET /api/teams/7/externals/3': () =>
          envelopeResponse(200, detail(3, { name: 'Acme-e3', extServiceType: 'GITHUB' })),
      }),
    );
    await renderApp([LIST, '/workspace/default/team/7/ext/3'], { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: '외부: GitHub' }));
    expect(await screen.findByText('외부 툴은 생성 시 한 번만 설정 가능합니다.')).toBeInTheDocument();
  });

  it('links a saved external to the GitHub issue it created (new tab)', async () => {
    const url = 'https://github.com/acme/web/issues/12';
    mockFetch(
      detailRoutes({
        'GET /api/teams/7/externals/3': () =>
          envelopeResponse(
            200,
            detail(3, {
              name: 'Acme-e3',
              extServiceType: 'GITHUB',
              externalLink: { url, label: 'acme/web#12' },
            }),
          ),
      }),
    );
    await renderApp([LIST, '/workspace/default/team/7/ext/3'], { preloadedState: signedIn });
    const link = await screen.findByRole('link', { name: 'GitHub에서 보기 · acme/web#12' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('leave guard', () => {
  it('asks before leaving create mode; overlay click stays, 확인 leaves', async () => {
    mockFetch(detailRoutes({}));
    const { router } = await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    await titleBox();

    act(() => void router.navigate(LIST));
    const dialog = await screen.findByRole('dialog', { name: '알림' });
    expect(dialog).toHaveTextContent('작성을 그만두시겠습니까?');
    expect(dialog).toHaveTextContent('작성중인 내용은 저장되지 않습니다.');
    expect(router.state.location.pathname).toBe(CREATE_ISSUE);

    // Overlay click: stay.
    const overlay = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(CREATE_ISSUE);

    act(() => void router.navigate(LIST));
    fireEvent.click(await screen.findByRole('button', { name: '확인' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
  });

  it('sets beforeunload while armed', async () => {
    mockFetch(detailRoutes({}));
    await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    await titleBox();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
