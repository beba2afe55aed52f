/** The time zone timestamps are shown in until workspaces carry their own (docs/product.md "Errors and messages"). */
export const DEFAULT_TIME_ZONE = 'Asia/Seoul';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/**
 * A wire timestamp: ISO-8601 to the second with the zone's offset, e.g. `2026-11-21T10:12:30+09:00`
 * (docs/product.md "Errors and messages"). Milliseconds are dropped.
 */
export function formatTimestamp(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(seconds))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  const offsetMinutes = Math.round((local - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return (
    `${pad(parts.year!, 4)}-${pad(parts.month!)}-${pad(parts.day!)}` +
    `T${pad(parts.hour!)}:${pad(parts.minute!)}:${pad(parts.second!)}` +
    `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`
  );
}

/**
 * SQL for "today in Asia/Seoul" from the database's transaction time: the `day` of alarms raised by writes
 * (ASSIGNED, COMMENT). The deadline reminder uses the app's clock instead (alarms/day.ts `seoulDay`), so tests and the
 * development clock switch can move it; writes are real events and take the real time.
 */
export const SEOUL_TODAY_SQL = `(now() at time zone '${DEFAULT_TIME_ZONE}')::date`;
