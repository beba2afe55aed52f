import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Descendant } from 'slate';
import { itemDetailApi } from '../../../../src/api/itemDetailApi';
import { slateToLexical } from '../../../../src/features/editor/lexical';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { mockMatchMedia } from '../workspace/workspaceSupport';
import { detail, detailRoutes, recordBody, signedIn, type SentBody } from './itemDetailSupport';

/*
 * Issue #21, the detail part: the title's focus on create screens, the 속성 band (a complementary landmark,
 * collapsible below 1024 px), one h1 and no nested main, the tab title, and checklist items ticked in view mode
 * (docs/product.md "Item detail", "Description").
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const CREATE_ISSUE = '/workspace/default/team/7/issue/detail/create';
const ISSUE_5 = '/workspace/default/team/7/issue/5';
const LIST = '/workspace/default/team/7/issue';

const titleBox = () => screen.findByRole('textbox', { name: '제목' });

/** A description: a paragraph and a check list of two unchecked items. */
const checklist = (first = false, second = false) =>
  slateToLexical([
    { type: 'paragraph', children: [{ text: '할 일' }] },
    {
      type: 'check-list',
      children: [
        { type: 'list-item', checked: first, children: [{ text: '첫 항목' }] },
        { type: 'list-item', checked: second, children: [{ text: '둘째 항목' }] },
      ],
    },
  ] as Descendant[]);

/** The check items' `checked` flags in a stored description. */
function checkedFlags(content: string): boolean[] {
  const flags: boolean[] = [];
  const visit = (node: { type?: string; checked?: boolean; children?: unknown[] }) => {
    if (node.type === 'listitem' && typeof node.checked === 'boolean') flags.push(node.checked);
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit((JSON.parse(content) as { root: { children: unknown[] } }).root);
  return flags;
}

const boxes = () => screen.findAllByRole('checkbox', { name: '완료 표시' });

describe('focus on create', () => {
  it('puts the focus in the title when a create screen mounts, so typed keys land there', async () => {
    mockFetch(detailRoutes({}));
    await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    const title = await titleBox();
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('focuses the title after the C shortcut from a list', async () => {
    mockFetch(detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) }));
    const { router } = await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    expect(await titleBox()).toHaveValue('이슈 5');
    // View mode never takes the focus.
    expect(await titleBox()).not.toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'c', code: 'KeyC' });
    await waitFor(() => expect(router.state.location.pathname).toBe(CREATE_ISSUE));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '제목' })).toHaveFocus());
  });

  it('leaves the focus where a Hangul composition is in progress', async () => {
    mockFetch(detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) }));
    const { router } = await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    await titleBox();
    const other = document.createElement('input');
    document.body.appendChild(other);
    other.focus();
    fireEvent.compositionStart(other, { data: 'ㅎ' });
    await act(() => router.navigate(CREATE_ISSUE));
    const title = await titleBox();
    expect(title).toHaveValue('');
    expect(other).toHaveFocus();
    fireEvent.compositionEnd(other, { data: '한' });
    other.remove();
  });
});

describe('landmarks and title', () => {
  it('has one main, one h1 (the title, or 새 이슈 while empty) and the 속성 aside; names the tab', async () => {
    mockFetch(detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) }));
    const first = await renderApp([LIST, CREATE_ISSUE], { preloadedState: signedIn });
    const title = await titleBox();
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('새 이슈');
    expect(screen.getByRole('complementary', { name: '속성' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('새 이슈 · Acme · Momentum'));
    fireEvent.change(title, { target: { value: '로그인 오류' } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('로그인 오류');

    first.unmount();
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('이슈 5'));
    expect(document.querySelectorAll('main')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('이슈 5 · Acme · Momentum'));
  });
});

describe('속성 by width', () => {
  it('is collapsed on a phone behind a 속성 button with aria-expanded, showing state and priority', async () => {
    const { restore } = mockMatchMedia(390);
    try {
      mockFetch(detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) }));
      await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
      const toggle = await screen.findByRole('button', { name: '속성' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveTextContent('진행중 · 높음');
      expect(screen.queryByRole('button', { name: '우선순위: 높음' })).not.toBeInTheDocument();
      fireEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = screen.getByRole('complementary', { name: '속성' });
      expect(within(panel).getByRole('button', { name: '우선순위: 높음' })).toBeVisible();
      fireEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('button', { name: '우선순위: 높음' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('is open by default on a tablet and can be collapsed', async () => {
    const { restore } = mockMatchMedia(768);
    try {
      mockFetch(detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) }));
      await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
      const toggle = await screen.findByRole('button', { name: '속성' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: '우선순위: 높음' })).toBeVisible();
      fireEvent.click(toggle);
      expect(screen.queryByRole('button', { name: '우선순위: 높음' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('is always open on desktop, with a plain heading', async () => {
    const media = mockMatchMedia(1440);
    try {
      mockFetch(detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) }));
      await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
      expect(await screen.findByRole('button', { name: '우선순위: 높음' })).toBeVisible();
      expect(screen.queryByRole('button', { name: '속성' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: '속성' })).toBeInTheDocument();
    } finally {
      media.restore();
    }
  });
});

describe('checklist in view mode', () => {
  it('ticks an item and saves the description at once with a content-only PATCH', async () => {
    const sent: SentBody[] = [];
    let stored = checklist();
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5, { content: stored })),
        'PATCH /api/teams/7/issues/5': async (request) => {
          const response = await recordBody(sent, { issueId: 5 })(request);
          stored = (sent[sent.length - 1]!.body as { content: string }).content;
          return response;
        },
      }),
    );
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const [first] = await boxes();
    expect(first).toHaveAttribute('aria-checked', 'false');
    expect(first).not.toHaveAttribute('aria-disabled');
    // Still read-only otherwise: no toolbar, nothing editable.
    expect(screen.queryByRole('toolbar', { name: '서식 도구' })).not.toBeInTheDocument();

    fireEvent.click(first!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PATCH');
    expect(Object.keys(sent[0]!.body as object)).toEqual(['content']);
    expect(checkedFlags((sent[0]!.body as { content: string }).content)).toEqual([true, false]);
    expect((await boxes())[0]).toHaveAttribute('aria-checked', 'true');

    // The keyboard: Space on the focused box.
    const second = (await boxes())[1]!;
    expect(second).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(second, { key: ' ' });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(checkedFlags((sent[1]!.body as { content: string }).content)).toEqual([true, true]);
    // The refetched detail (cache invalidation) shows the same.
    await waitFor(async () =>
      expect((await boxes()).map((box) => box.getAttribute('aria-checked'))).toEqual(['true', 'true']),
    );
  });

  it('keeps the tick while its save is in flight although newer data arrives, then shows the server', async () => {
    const sent: SentBody[] = [];
    let release: () => void = () => undefined;
    let stored = checklist();
    let priority: 'HIGH' | 'LOW' = 'HIGH';
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5, { content: stored, priority })),
        'PATCH /api/teams/7/issues/5': async (request) => {
          const response = await recordBody(sent, { issueId: 5 })(request);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          stored = (sent[sent.length - 1]!.body as { content: string }).content;
          return response;
        },
      }),
    );
    const { store } = await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    const [first] = await boxes();
    fireEvent.click(first!);
    await waitFor(() => expect(sent).toHaveLength(1));

    // Someone else changed the priority meanwhile (a live update refetches the detail): the tick stays.
    priority = 'LOW';
    await act(async () => {
      await store.dispatch(
        itemDetailApi.endpoints.getItemDetail.initiate(
          { kind: 'issue', teamId: 7, id: 5 },
          { forceRefetch: true },
        ),
      );
    });
    expect((await boxes())[0]).toHaveAttribute('aria-checked', 'true');

    // Saved: the refetch shows the server's item — its priority and the tick.
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('button', { name: '우선순위: 낮음' })).toBeInTheDocument());
    expect((await boxes())[0]).toHaveAttribute('aria-checked', 'true');
  });

  it('logs a failed save without a message and puts the box back', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5, { content: checklist() })),
        'PATCH /api/teams/7/issues/5': () => envelopeResponse(500, { requestId: 'r1' }, 'COMMON500'),
      }),
    );
    await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
    fireEvent.click((await boxes())[0]!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('수정 실패', expect.anything()));
    await waitFor(async () => expect((await boxes())[0]).toHaveAttribute('aria-checked', 'false'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('알림 메시지')).not.toBeInTheDocument();
  });

  it('cannot be ticked in edit mode through the view-mode save (the editor toggles it locally)', async () => {
    const sent: SentBody[] = [];
    mockFetch(
      detailRoutes({
        'GET /api/issues/5': () => envelopeResponse(200, detail(5, { content: checklist() })),
        'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
      }),
    );
    await renderApp([LIST, `${ISSUE_5}/edit`], { preloadedState: signedIn });
    const [first] = await boxes();
    fireEvent.click(first!);
    await waitFor(() => expect(first).toHaveAttribute('aria-checked', 'true'));
    expect(sent).toHaveLength(0);
  });
});
