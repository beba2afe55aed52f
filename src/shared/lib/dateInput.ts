import { DATE_MAX, DATE_MIN, daysInMonth, inDateRange } from '../../../contract/dates';
import { copy } from '../copy';

/*
 * The date reader of the deadline fields (docs/product.md "Item detail" → Deadline): turns what a Korean user types
 * into a `YYYY-MM-DD` date, or says in Korean why it cannot. Pure: "this year" comes from `today`.
 */

/** Why a typed date was refused. */
export type DateInputProblem = 'format' | 'month' | 'day' | 'range';

/** What a typed text says: nothing (clears the date), a date, or a refusal with its Korean message. */
export type DateInputReading =
  | { kind: 'empty' }
  | { kind: 'date'; date: string }
  | { kind: 'invalid'; problem: DateInputProblem; message: string };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Today in Asia/Seoul as `YYYY-MM-DD` (docs/product.md: "today" is the date in Asia/Seoul). */
export function seoulToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A two-digit year is this century's: `26` → 2026 (so `00`–`99` are 2000–2099, inside the allowed range). */
const fullYear = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

// Separators: '-', '.', '/', each with optional spaces around ('2026. 12. 1.' as Korean software writes it).
const YMD = /^(\d{4}|\d{2})\s*([-./])\s*(\d{1,2})\s*\2\s*(\d{1,2})$/;
const MD = /^(\d{1,2})\s*([-./])\s*(\d{1,2})$/;
const COMPACT8 = /^(\d{4})(\d{2})(\d{2})$/;
const COMPACT6 = /^(\d{2})(\d{2})(\d{2})$/;
const KOREAN = /^(?:(\d{4}|\d{2})\s*년\s*)?(\d{1,2})\s*월\s*(\d{1,2})\s*일$/;

/** The year, month and day a text names (unchecked), `year` null for "this year"; null when no form fits. */
function fields(text: string): { year: number | null; month: number; day: number } | null {
  let match = YMD.exec(text);
  if (match) return { year: fullYear(match[1]!), month: Number(match[3]), day: Number(match[4]) };
  match = COMPACT8.exec(text) ?? COMPACT6.exec(text);
  if (match) return { year: fullYear(match[1]!), month: Number(match[2]), day: Number(match[3]) };
  match = MD.exec(text);
  if (match) return { year: null, month: Number(match[1]), day: Number(match[3]) };
  match = KOREAN.exec(text);
  if (match)
    return { year: match[1] ? fullYear(match[1]) : null, month: Number(match[2]), day: Number(match[3]) };
  return null;
}

/**
 * Reads a typed date. Accepted (surrounding spaces, full-width digits and one trailing '.' allowed):
 * `2026-12-01`, `2026.12.01`, `2026/12/01` (also `2026. 12. 1.`), `20261201`, `261201`, `26.12.01` (two-digit years
 * are 20YY), `12/1`, `12.1`, `12-1` (this year, from `today`), `12월 1일`, `2026년 12월 1일`, `26년 12월 1일`. An empty
 * text is `{ kind: 'empty' }` (the side is cleared).
 * Refused, with the Korean message of `copy.dates`: `format` (nothing readable), `month` (13월), `day` (2026-02-30),
 * `range` (outside contract/dates.ts `DATE_MIN`…`DATE_MAX`, the pickers' and the server's range).
 *
 * @param text what the person typed
 * @param today `YYYY-MM-DD` giving "this year" for month-day forms; defaults to today in Asia/Seoul
 */
export function readDateInput(text: string, today: string = seoulToday()): DateInputReading {
  const normalized = text.normalize('NFKC').trim().replace(/\.$/, '').trim();
  if (normalized === '') return { kind: 'empty' };
  const read = fields(normalized);
  if (!read) return { kind: 'invalid', problem: 'format', message: copy.dates.format };
  const year = read.year ?? Number(today.slice(0, 4));
  const { month, day } = read;
  if (month < 1 || month > 12) return { kind: 'invalid', problem: 'month', message: copy.dates.month(month) };
  const last = daysInMonth(year, month);
  if (day < 1 || day > last)
    return { kind: 'invalid', problem: 'day', message: copy.dates.day(year, month, last) };
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (!inDateRange(date)) return { kind: 'invalid', problem: 'range', message: copy.dates.range };
  return { kind: 'date', date };
}

/** The allowed range again, for the pickers' `minDate` / `maxDate` (`YYYY-MM-DD`). */
export const DATE_INPUT_RANGE = { min: DATE_MIN, max: DATE_MAX } as const;
