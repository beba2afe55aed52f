import { DEFAULT_TIME_ZONE } from '../../http/time';

/**
 * Calendar days of alarms. Alarm days, "today" and deadlines are Asia/Seoul dates (`YYYY-MM-DD`), the zone the
 * product shows every time in (server/http/time.ts `DEFAULT_TIME_ZONE`).
 */

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Asia/Seoul calendar date of `instant`, `YYYY-MM-DD` (e.g. 2026-11-24T15:30Z → `2026-11-25`). */
export function seoulDay(instant: Date): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormatter.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days (negative = earlier). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
