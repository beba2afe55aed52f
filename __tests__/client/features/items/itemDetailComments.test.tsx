import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommentList } from '../../../../src/api/itemDetailApi';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detail, detailRoutes, recordBody, signedIn, type SentBody } from './itemDetailSupport';

/* Comments of a detail in view mode. */

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20000);

afterEach(() => jest.restoreAllMocks());

const ISSUE_5 = '/workspace/default/team/7/issue/5';
const issueRoute = { 'GET /api/issues/5': () => envelopeResponse(200, detail(5)) };

const comments = (...entries: Array<[number, string, string | null]>): CommentList => ({
  cnt: entries.length,
  info: entries.map(([id, content, profileUrl]) => ({
    id,
    content,
    profileUrl,
    name: profileUrl ? '김민수' : '이영희',
    createdAt: new Date(2026, 10, 21, 14, 3 + id).toISOString(),
  })),
});

const commentsSection = () => screen.findByRole('region', { name: /댓글/ });

it('shows the empty state', async () => {
  mockFetch(detailRoutes(issueRoute));
  await renderApp(ISSUE_5, { preloadedState: signedIn });
  const section = await commentsSection();
  expect(await within(section).findByText('댓글을 작성해보세요.')).toBeInTheDocument();
});

it('shows the error state', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  mockFetch(detailRoutes({ ...issueRoute, 'GET /api/comments': () => envelopeResponse(500, null) }));
  await renderApp(ISSUE_5, { preloadedState: signedIn });
  expect(await screen.findByText('댓글을 불러올 수 없습니다.', {}, { timeout: 15000 })).toBeInTheDocument();
});

it('lists comments with avatar, name and date, and the count', async () => {
  const requests: string[] = [];
  mockFetch(
    detailRoutes({
      ...issueRoute,
      'GET /api/comments': (request) => {
        requests.push(new URL(request.url).search);
        return envelopeResponse(200, comments([1, '첫 댓글', '/uploads/profile/1.webp'], [2, '둘째', null]));
      },
    }),
  );
  await renderApp(ISSUE_5, { preloadedState: signedIn });
  const section = await commentsSection();
  const list = await within(section).findByRole('list');
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('김민수26.11.21 14:04첫 댓글');
  expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/profile/1.webp');
  // No photo: a grey 3.2rem circle.
  expect(items[1]!.querySelector('span[aria-hidden="true"]')).toHaveStyle({
    width: '3.2rem',
    borderRadius: '50%',
  });
  expect(items[1]).toHaveTextContent('이영희26.11.21 14:05둘째');
  expect(within(section).getByRole('heading')).toHaveTextContent('댓글2');
  expect(new URLSearchParams(requests[0]).get('category')).toBe('ISSUE');
  expect(new URLSearchParams(requests[0]).get('targetId')).toBe('5');
});

it('posts the trimmed comment, clears the box and refreshes the list; never on a composing Enter', async () => {
  const sent: SentBody[] = [];
  let list = comments();
  mockFetch(
    detailRoutes({
      ...issueRoute,
      'GET /api/comments': () => envelopeResponse(200, list),
      'POST /api/comments': async (request) => {
        const response = await recordBody(sent, { commentId: 1 }, 201)(request);
        list = comments([1, '새 댓글', null]);
        return response;
      },
    }),
  );
  const scroll = jest.fn();
  Element.prototype.scrollIntoView = scroll;
  await renderApp(ISSUE_5, { preloadedState: signedIn });
  const box = await screen.findByRole('textbox', { name: '댓글 입력' });
  const submit = screen.getByRole('button', { name: '확인' });
  expect(submit).toBeDisabled();
  fireEvent.change(box, { target: { value: '   ' } });
  expect(submit).toBeDisabled();

  fireEvent.change(box, { target: { value: '  새 댓글 ' } });
  expect(submit).toBeEnabled();
  // Enter that completes a syllable: nothing is sent.
  fireEvent.compositionStart(box);
  fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
  fireEvent.compositionEnd(box);
  expect(sent).toHaveLength(0);

  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toEqual({ content: '새 댓글', category: 'ISSUE', targetId: 5 });
  await waitFor(() => expect(box).toHaveValue(''));
  expect(await screen.findByText('새 댓글')).toBeInTheDocument();
  await waitFor(() => expect(scroll).toHaveBeenCalled());
});

it('has no comments in create mode', async () => {
  mockFetch(detailRoutes({}));
  await renderApp('/workspace/default/team/7/issue/detail/create', { preloadedState: signedIn });
  await screen.findByRole('textbox', { name: '제목' });
  expect(screen.queryByRole('region', { name: /댓글/ })).not.toBeInTheDocument();
});
