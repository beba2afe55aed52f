import dayjs from 'dayjs';

/** Dates on the settings tables: `YY.MM.DD`, in the viewer's time zone. */
export function formatShortDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YY.MM.DD') : '';
}

const SEOUL_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * issue #23 (admin): an instant as Seoul time, `YYYY.MM.DD HH:mm` (with `:ss` when `seconds`), whatever the
 * viewer's time zone — the audit log and the invite expiry speak the product's time (docs/product.md).
 */
export function formatSeoulDateTime(iso: string, seconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(SEOUL_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  const time = `${part.hour}:${part.minute}${seconds ? `:${part.second}` : ''}`;
  return `${part.year}.${part.month}.${part.day} ${time}`;
}
