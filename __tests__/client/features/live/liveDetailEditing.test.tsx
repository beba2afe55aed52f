import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LiveEvent } from '../../../../contract/events';
import { liveEventReceived } from '../../../../src/features/live/liveSlice';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detail, detailRoutes, signedIn } from '../items/itemDetailSupport';
import { item } from '../items/itemListSupport';

/*
 * Live updates on an open detail (src/features/items/detail/ItemDetailPage.tsx): view mode shows a teammate's
 * change; edit mode keeps the typed text and says that the item changed, with a way to the latest version.
 * Events are dispatched to the app's store as the live saga dispatches the stream's (`live/eventReceived`).
 */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);
afterEach(() => jest.restoreAllMocks());

const LIST = '/workspace/default/team/7/issue';
const ISSUE_5 = '/workspace/default/team/7/issue/5';
const CHANGED = '다른 사람이 이 항목을 수정했습니다';

const titleBox = () => screen.findByRole('textbox', { name: '제목' });

/** The detail of issue 5 as the server has it; `teammateSaves` plays another member's PATCH. */
function server() {
  let current = detail(5, { title: '처음 제목' });
  const routes = detailRoutes({ 'GET /api/issues/5': () => envelopeResponse(200, current) });
  return {
    routes,
    teammateSaves(changes: Partial<typeof current>): LiveEvent {
      current = { ...current, ...changes, updatedAt: '2026-11-25T10:00:00+09:00' };
      return {
        type: 'item.updated',
        actorId: 2,
        kind: 'issue',
        teamId: 7,
        id: 5,
        fields: Object.keys(changes) as Array<'title' | 'state'>,
        item: item(5, { title: current.title, state: current.state }),
      };
    },
  };
}

it('view mode: a teammate’s change shows without a reload', async () => {
  const { routes, teammateSaves } = server();
  const { seen } = mockFetch(routes);
  const { store } = await renderApp([LIST, ISSUE_5], { preloadedState: signedIn });
  expect(await titleBox()).toHaveValue('처음 제목');

  const event = teammateSaves({ title: '팀원이 바꾼 제목' });
  act(() => store.dispatch(liveEventReceived(event)));

  await waitFor(async () => expect(await titleBox()).toHaveValue('팀원이 바꾼 제목'));
  expect(seen.filter((request) => request.path === '/api/issues/5')).toHaveLength(2);
  expect(screen.queryByText(CHANGED)).not.toBeInTheDocument();
});

it('edit mode: typed text is kept, the notice says the item changed, and 최신 내용 보기 leads to it', async () => {
  const { routes, teammateSaves } = server();
  mockFetch(routes);
  const { store, router } = await renderApp([LIST, ISSUE_5, `${ISSUE_5}/edit`], { preloadedState: signedIn });
  const title = await titleBox();
  await waitFor(() => expect(title).toHaveValue('처음 제목'));
  fireEvent.change(title, { target: { value: '내가 쓰는 제목' } });

  const event = teammateSaves({ title: '팀원이 바꾼 제목', state: 'FINISH' });
  act(() => store.dispatch(liveEventReceived(event)));

  expect(await screen.findByText(CHANGED)).toBeInTheDocument();
  expect(await titleBox()).toHaveValue('내가 쓰는 제목');
  expect(router.state.location.pathname).toBe(`${ISSUE_5}/edit`);

  // The usual leave confirm: dismissing it keeps the typed text.
  fireEvent.click(screen.getByRole('button', { name: '최신 내용 보기' }));
  const dialog = await screen.findByRole('dialog', { name: '알림' });
  expect(dialog).toHaveTextContent('작성을 그만두시겠습니까?');
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await titleBox()).toHaveValue('내가 쓰는 제목');

  fireEvent.click(screen.getByRole('button', { name: '최신 내용 보기' }));
  fireEvent.click(await screen.findByRole('button', { name: '확인' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(ISSUE_5));
  await waitFor(async () => expect(await titleBox()).toHaveValue('팀원이 바꾼 제목'));
  expect(screen.queryByText(CHANGED)).not.toBeInTheDocument();
});

it('edit mode: an event that changes nothing on the item (e.g. an echo) shows no notice', async () => {
  const { routes } = server();
  const { seen } = mockFetch(routes);
  const { store } = await renderApp([LIST, ISSUE_5, `${ISSUE_5}/edit`], { preloadedState: signedIn });
  const title = await titleBox();
  await waitFor(() => expect(title).toHaveValue('처음 제목'));
  fireEvent.change(title, { target: { value: '내가 쓰는 제목' } });

  const echo: LiveEvent = {
    type: 'item.updated',
    actorId: 1,
    kind: 'issue',
    teamId: 7,
    id: 5,
    fields: [],
    item: item(5, { title: '처음 제목' }),
  };
  act(() => store.dispatch(liveEventReceived(echo)));
  await waitFor(() => expect(seen.filter((request) => request.path === '/api/issues/5')).toHaveLength(2));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByText(CHANGED)).not.toBeInTheDocument();
  expect(await titleBox()).toHaveValue('내가 쓰는 제목');
});
