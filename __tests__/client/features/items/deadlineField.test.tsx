import '../../support/desktopPointer';
import { useState } from 'react';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import DeadlinePickers from '../../../../src/features/items/detail/DeadlinePickers';
import { type DeadlineValue, withEnd, withStart } from '../../../../src/features/items/detail/detailModel';

/*
 * The deadline fields (docs/product.md "Item detail" → Deadline): free typing read on leaving the field, YY.MM.DD
 * once left, a Korean message (and nothing sent) for what cannot be read, the Korean calendar on a click.
 */

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30000);

/** The pickers under a parent that keeps the deadline and applies the push/pull rules, recording each commit. */
function renderPickers(initial: DeadlineValue = { start: null, end: null }) {
  const sent: [side: 'start' | 'end', value: string | null][] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <DeadlinePickers
        value={value}
        onStartChange={(start) => {
          sent.push(['start', start]);
          setValue((current) => withStart(current, start));
        }}
        onEndChange={(end) => {
          sent.push(['end', end]);
          setValue((current) => withEnd(current, end));
        }}
      />
    );
  }
  const view = render(<Harness />);
  const field = (name: '시작일' | '종료일') => screen.getByRole('textbox', { name }) as HTMLInputElement;
  /** Focus, replace the text as typing would, leave. */
  const type = (name: '시작일' | '종료일', text: string, leave = true) => {
    const input = field(name);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    if (leave) fireEvent.blur(input);
    return input;
  };
  return { sent, field, type, ...view };
}

it('reads 20261201 on leaving the field: 26.12.01 is shown and 2026-12-01 sent', () => {
  const { sent, type } = renderPickers();
  const input = type('시작일', '20261201', false);
  // While focused the text is the person's own, and nothing is sent per keystroke.
  expect(input).toHaveValue('20261201');
  expect(sent).toEqual([]);
  fireEvent.blur(input);
  expect(input).toHaveValue('26.12.01');
  expect(sent).toEqual([['start', '2026-12-01']]);
});

it.each([
  ['2026.12.01', /^26\.12\.01$/, /^2026-12-01$/],
  ['12월 1일', /^\d\d\.12\.01$/, /^\d{4}-12-01$/],
  ['2026년 12월 1일', /^26\.12\.01$/, /^2026-12-01$/],
  [' 26.12.01. ', /^26\.12\.01$/, /^2026-12-01$/],
])('reads %j', (typed, shown, wire) => {
  const { sent, type } = renderPickers();
  expect(type('종료일', typed).value).toMatch(shown);
  expect(sent).toEqual([['end', expect.stringMatching(wire)]]);
});

it('refuses 2026-02-30 with a Korean message under the field, sends nothing and keeps the text', () => {
  const { sent, type, field } = renderPickers({ start: '2026-11-20', end: '2026-11-25' });
  const input = type('종료일', '2026-02-30');
  expect(sent).toEqual([]);
  expect(input).toHaveValue('2026-02-30');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('없는 날짜입니다. 2026년 2월은 28일까지 있습니다.');
  // The other side is untouched; correcting the text clears the message and sends the date.
  expect(field('시작일')).toHaveValue('26.11.20');
  type('종료일', '2026-12-30');
  expect(input).toHaveValue('26.12.30');
  expect(input).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText(/없는 날짜입니다/)).not.toBeInTheDocument();
  expect(sent).toEqual([['end', '2026-12-30']]);
});

it('refuses dates outside the allowed range and garbage, each with its message', () => {
  const { sent, type, field } = renderPickers();
  type('시작일', '2100-01-01');
  expect(field('시작일')).toHaveAccessibleDescription(
    '1900년 1월 1일부터 2099년 12월 31일 사이의 날짜만 입력할 수 있습니다.',
  );
  type('종료일', '다음 주');
  expect(field('종료일')).toHaveAccessibleDescription(
    '날짜를 읽을 수 없습니다. 예: 2026-12-01, 20261201, 12/1, 12월 1일',
  );
  expect(sent).toEqual([]);
});

it('Enter settles the date, but not while a Hangul syllable is being composed', () => {
  const { sent, type } = renderPickers();
  const input = type('시작일', '12월 1일', false);
  fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
  expect(sent).toEqual([]);
  expect(input).toHaveValue('12월 1일');
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(sent).toHaveLength(1);
  expect(input.value).toMatch(/^\d\d\.12\.01$/);
  // Leaving afterwards sends nothing more.
  fireEvent.blur(input);
  expect(sent).toHaveLength(1);
});

it('keeps the push/pull rules: a later start pushes the end, which the end field shows', () => {
  const { sent, type, field } = renderPickers({ start: '2026-11-20', end: '2026-11-25' });
  type('시작일', '2026-12-05');
  expect(sent).toEqual([['start', '2026-12-05']]);
  expect(field('종료일')).toHaveValue('26.12.05');
});

it('an emptied field clears its side; an untouched 19xx date is not re-read as 20xx', () => {
  const { sent, type, field } = renderPickers({ start: '1999-05-05', end: '2026-11-25' });
  expect(field('시작일')).toHaveValue('99.05.05');
  fireEvent.focus(field('시작일'));
  fireEvent.blur(field('시작일'));
  expect(sent).toEqual([]);
  type('종료일', '');
  expect(sent).toEqual([['end', null]]);
});

it('a typed date counts when the dropdown closes (unmount) while the field has focus', () => {
  const { sent, type, unmount } = renderPickers();
  type('종료일', '12/24', false);
  unmount();
  expect(sent).toEqual([['end', expect.stringMatching(/^\d{4}-12-24$/)]]);
});

describe('the calendar', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-27T03:00:00Z'), doNotFake: ['queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('opens on a click on the field: Korean header and weekdays, today marked, a pick sets that side', () => {
    const { sent, field } = renderPickers();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    fireEvent.click(field('종료일'));
    act(() => jest.advanceTimersByTime(500));
    const calendar = screen.getByRole('group', { name: '종료일 선택' });
    expect(within(calendar).getByText('2026년 11월')).toBeInTheDocument();
    const grid = within(calendar).getByRole('grid');
    const weekdays = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(weekdays).toEqual(['일', '월', '화', '수', '목', '금', '토']);
    expect(within(grid).getByRole('gridcell', { name: '27' })).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('button', { name: '이전 달' })).toBeInTheDocument();
    fireEvent.click(within(grid).getByRole('gridcell', { name: '30' }));
    expect(sent).toEqual([['end', '2026-11-30']]);
    expect(field('종료일')).toHaveValue('26.11.30');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('offers no date past the allowed range (the server accepts every date it offers)', () => {
    const { field } = renderPickers({ start: null, end: '2099-12-31' });
    fireEvent.click(screen.getByRole('button', { name: '종료일 달력 열기' }));
    act(() => jest.advanceTimersByTime(500));
    expect(field('종료일')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('2099년 12월')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다음 달' })).toBeDisabled();
  });
});
