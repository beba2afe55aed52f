import '../../support/desktopPointer';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeResponse, mockFetch, renderApp } from '../../support/helpers';
import { detail, detailRoutes, recordBody, signedIn, type SentBody } from './itemDetailSupport';

/* The deadline pickers in view mode: only the changed side is PATCHed. */

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30000);

afterEach(() => jest.restoreAllMocks());

const ISSUE_5 = '/workspace/default/team/7/issue/5';

/** Issue 5 in view mode (deadline 26.11.20 - 26.11.25) with its deadline dropdown open; PATCHes are recorded. */
async function openDeadline() {
  const sent: SentBody[] = [];
  mockFetch(
    detailRoutes({
      'GET /api/issues/5': () => envelopeResponse(200, detail(5)),
      'PATCH /api/teams/7/issues/5': recordBody(sent, { issueId: 5 }),
    }),
  );
  await renderApp(ISSUE_5, { preloadedState: signedIn });
  fireEvent.click(await screen.findByRole('button', { name: '기한: 26.11.20 - 26.11.25' }));
  const dialog = await screen.findByRole('dialog', { name: '기한' });
  return { sent, dialog };
}

it('picks an end before the start: the start is pulled back and both sides are sent', async () => {
  const { sent, dialog } = await openDeadline();
  fireEvent.click(await within(dialog).findByRole('button', { name: '종료일 달력 열기' }));
  const grid = await screen.findByRole('grid');
  fireEvent.click(within(grid).getByRole('gridcell', { name: '18' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toEqual({ deadline: { start: '2026-11-18', end: '2026-11-18' } });
  expect(await screen.findByRole('button', { name: '기한: 26.11.18', hidden: true })).toBeInTheDocument();
});

it('picks a later end: only the end is sent', async () => {
  const { sent, dialog } = await openDeadline();
  // A click on the field itself opens its calendar.
  fireEvent.click(await within(dialog).findByRole('textbox', { name: '종료일' }));
  const grid = await screen.findByRole('grid');
  fireEvent.click(within(grid).getByRole('gridcell', { name: '28' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toEqual({ deadline: { end: '2026-11-28' } });
});

it("clears the start: only the start is sent, as 'null'", async () => {
  const { sent, dialog } = await openDeadline();
  // The start field's clear button (the end field has its own).
  const clears = await within(dialog).findAllByRole('button', { name: '지우기' });
  fireEvent.click(clears[0]!);
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toEqual({ deadline: { start: 'null' } });
  expect(await screen.findByRole('button', { name: '기한: 26.11.25', hidden: true })).toBeInTheDocument();
});

it('types 20261201 as the end: on leaving the field it shows 26.12.01 and only that end is sent', async () => {
  const { sent, dialog } = await openDeadline();
  const end = await within(dialog).findByRole('textbox', { name: '종료일' });
  fireEvent.focus(end);
  fireEvent.change(end, { target: { value: '20261201' } });
  fireEvent.blur(end);
  expect(end).toHaveValue('26.12.01');
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toEqual({ deadline: { end: '2026-12-01' } });
  expect(
    await screen.findByRole('button', { name: '기한: 26.11.20 - 26.12.01', hidden: true }),
  ).toBeInTheDocument();
});

it('types 2026-02-30: the Korean message under the field, and nothing is sent', async () => {
  const { sent, dialog } = await openDeadline();
  const start = await within(dialog).findByRole('textbox', { name: '시작일' });
  fireEvent.focus(start);
  fireEvent.change(start, { target: { value: '2026-02-30' } });
  fireEvent.blur(start);
  expect(start).toHaveAccessibleDescription('없는 날짜입니다. 2026년 2월은 28일까지 있습니다.');
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(sent).toEqual([]);
  expect(screen.getByRole('button', { name: '기한: 26.11.20 - 26.11.25', hidden: true })).toBeInTheDocument();
});
