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

/** UTC offset (minutes) of `timeZone` at the instant `ms`, from the zone's calendar fields (Intl, slow: ~µs). */
function offsetMinutesAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
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
  return Math.round((local - ms) / 60_000);
}

/** Offsets are remembered per zone and quarter hour of UTC time (see `offsetMinutes`). */
const QUARTER_HOUR_MS = 15 * 60_000;
const OFFSETS_MAX = 10_000;
const offsets = new Map<string, Map<number, number>>();

/**
 * UTC offset (minutes) of `timeZone` at `ms` (a whole second). `Intl.DateTimeFormat#formatToParts` costs a few
 * microseconds a call, which a list page paid for every row; a zone's offset changes only at its transitions, so
 * it is remembered per quarter hour of UTC time — when the offset at the quarter's first and last second agree
 * (no transition inside it; two transitions within 15 minutes do not occur); else the instant is computed alone.
 */
function offsetMinutes(ms: number, timeZone: string): number {
  let byQuarter = offsets.get(timeZone);
  if (!byQuarter) {
    byQuarter = new Map();
    offsets.set(timeZone, byQuarter);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  const known = byQuarter.get(quarter);
  if (known !== undefined) return known;
  const first = quarter * QUARTER_HOUR_MS;
  const offset = offsetMinutesAt(first, timeZone);
  if (offsetMinutesAt(first + QUARTER_HOUR_MS - 1000, timeZone) !== offset)
    return offsetMinutesAt(ms, timeZone);
  if (byQuarter.size >= OFFSETS_MAX) byQuarter.clear();
  byQuarter.set(quarter, offset);
  return offset;
}

/**
 * A wire timestamp: ISO-8601 to the second with the zone's offset, e.g. `2026-11-21T10:12:30+09:00`
 * (docs/product.md "Errors and messages"). Milliseconds are dropped.
 */
export function formatTimestamp(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  const offset = offsetMinutes(seconds, timeZone);
  const local = new Date(seconds + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/**
 * SQL for "today in Asia/Seoul" from the database's transaction time: the `day` of alarms raised by writes
 * (ASSIGNED, COMMENT). The deadline reminder uses the app's clock instead (alarms/day.ts `seoulDay`), so tests and the
 * development clock switch can move it; writes are real events and take the real time.
 */
export const SEOUL_TODAY_SQL = `(now() at time zone '${DEFAULT_TIME_ZONE}')::date`;
