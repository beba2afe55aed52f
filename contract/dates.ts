/**
 * Zod-free deadline date rules shared by server and client (docs/product.md "Limits": deadline dates). The one
 * allowed range of deadline dates: the date pickers offer exactly these days (minDate/maxDate), the client's date
 * reader refuses typed dates outside them, and the server's schema (`contract/items.ts` `dateSchema`) refuses the
 * same dates with `DATE_RANGE_MESSAGE`. Dates are `YYYY-MM-DD` (four-digit year), which compare as strings.
 */

/** Earliest deadline date (inclusive). */
export const DATE_MIN = '1900-01-01';
/** Latest deadline date (inclusive). */
export const DATE_MAX = '2099-12-31';

/** `YYYY-MM-DD` → '2026년 12월 1일' (no zero padding). Returns the input unchanged when it is not that shape. */
export function koreanDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return `${Number(match[1])}년 ${Number(match[2])}월 ${Number(match[3])}일`;
}

/** The Korean refusal of a date outside `DATE_MIN`…`DATE_MAX` (client reader and server 400 alike). */
export const DATE_RANGE_MESSAGE = `${koreanDate(DATE_MIN)}부터 ${koreanDate(DATE_MAX)} 사이의 날짜만 입력할 수 있습니다.`;

/** True when the `YYYY-MM-DD` date lies in `DATE_MIN`…`DATE_MAX` (both edges included). */
export const inDateRange = (date: string): boolean => date >= DATE_MIN && date <= DATE_MAX;

/** Days in `month` (1–12) of `year` (proleptic Gregorian). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
