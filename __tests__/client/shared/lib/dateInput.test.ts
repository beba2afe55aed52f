import { DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE } from '../../../../contract/dates';
import { readDateInput, seoulToday } from '../../../../src/shared/lib/dateInput';

/* The deadline fields' date reader (docs/product.md "Item detail" → Deadline): each typed form → the date or the message. */

const TODAY = '2026-11-27';
const FORMAT = '날짜를 읽을 수 없습니다. 예: 2026-12-01, 20261201, 12/1, 12월 1일';

describe('accepted forms', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026.12.01', '2026-12-01'],
    ['2026/12/01', '2026-12-01'],
    ['2026.12.01.', '2026-12-01'],
    ['2026. 12. 1.', '2026-12-01'],
    ['2026-2-3', '2026-02-03'],
    ['20261201', '2026-12-01'],
    ['261201', '2026-12-01'],
    ['26.12.01', '2026-12-01'],
    ['26.12.01.', '2026-12-01'],
    ['26/12/1', '2026-12-01'],
    ['12/1', '2026-12-01'],
    ['12.1', '2026-12-01'],
    ['12.1.', '2026-12-01'],
    ['12-1', '2026-12-01'],
    ['1/31', '2026-01-31'],
    ['12월 1일', '2026-12-01'],
    ['12월1일', '2026-12-01'],
    ['2026년 12월 1일', '2026-12-01'],
    ['2027년 2월 28일', '2027-02-28'],
    ['26년 12월 1일', '2026-12-01'],
    ['  2026-12-01  ', '2026-12-01'],
    ['\t12/1 ', '2026-12-01'],
    ['２０２６－１２－０１', '2026-12-01'],
    ['2028-02-29', '2028-02-29'],
    ['2000-02-29', '2000-02-29'],
    [DATE_MIN, '1900-01-01'],
    [DATE_MAX, '2099-12-31'],
    ['00.01.01', '2000-01-01'],
  ])('%j → %s', (typed, date) => {
    expect(readDateInput(typed, TODAY)).toEqual({ kind: 'date', date });
  });

  it('reads month-day forms in the year of `today`', () => {
    expect(readDateInput('3/1', '2027-01-05')).toEqual({ kind: 'date', date: '2027-03-01' });
    expect(readDateInput('2월 29일', '2028-06-01')).toEqual({ kind: 'date', date: '2028-02-29' });
  });

  it.each(['', '   ', '.'])('%j is empty (clears the side)', (typed) => {
    expect(readDateInput(typed, TODAY)).toEqual({ kind: 'empty' });
  });
});

describe('refused forms', () => {
  it.each([
    ['2026-02-30', 'day', '없는 날짜입니다. 2026년 2월은 28일까지 있습니다.'],
    ['2026-02-29', 'day', '없는 날짜입니다. 2026년 2월은 28일까지 있습니다.'],
    ['1900-02-29', 'day', '없는 날짜입니다. 1900년 2월은 28일까지 있습니다.'],
    ['2026-04-31', 'day', '없는 날짜입니다. 2026년 4월은 30일까지 있습니다.'],
    ['20261232', 'day', '없는 날짜입니다. 2026년 12월은 31일까지 있습니다.'],
    ['2026-12-00', 'day', '없는 날짜입니다. 2026년 12월은 31일까지 있습니다.'],
    ['2월 30일', 'day', '없는 날짜입니다. 2026년 2월은 28일까지 있습니다.'],
    ['2026-13-01', 'month', '없는 날짜입니다. 13월은 없습니다.'],
    ['20260001', 'month', '없는 날짜입니다. 0월은 없습니다.'],
    ['13/1', 'month', '없는 날짜입니다. 13월은 없습니다.'],
    ['1899-12-31', 'range', DATE_RANGE_MESSAGE],
    ['2100-01-01', 'range', DATE_RANGE_MESSAGE],
    ['3000-01-01', 'range', DATE_RANGE_MESSAGE],
    ['0001-01-01', 'range', DATE_RANGE_MESSAGE],
    ['21001231', 'range', DATE_RANGE_MESSAGE],
    ['내일', 'format', FORMAT],
    ['abc', 'format', FORMAT],
    ['2026', 'format', FORMAT],
    ['202612', 'month', '없는 날짜입니다. 26월은 없습니다.'], // six digits are YYMMDD
    ['2026120', 'format', FORMAT],
    ['202.12.01', 'format', FORMAT],
    ['12026-12-01', 'format', FORMAT],
    ['2026-12/01', 'format', FORMAT],
    ['2026-12-01T09:00', 'format', FORMAT],
    ['12월', 'format', FORMAT],
    ['1', 'format', FORMAT],
    ['-1/1', 'format', FORMAT],
  ])('%j → %s', (typed, problem, message) => {
    expect(readDateInput(typed, TODAY)).toEqual({ kind: 'invalid', problem, message });
  });

  it('words the range with the contract’s edges', () => {
    expect(DATE_RANGE_MESSAGE).toBe('1900년 1월 1일부터 2099년 12월 31일 사이의 날짜만 입력할 수 있습니다.');
  });
});

it('takes "today" in Asia/Seoul', () => {
  // 2026-12-31 16:00 UTC is already 2027-01-01 in Seoul.
  expect(seoulToday(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  expect(seoulToday(new Date('2026-12-31T14:59:00Z'))).toBe('2026-12-31');
});
