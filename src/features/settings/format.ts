import dayjs from 'dayjs';

/** Dates on the settings tables: `YY.MM.DD`, in the viewer's time zone. */
export function formatShortDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YY.MM.DD') : '';
}
