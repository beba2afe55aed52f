import 'dayjs/locale/ko';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { koKR } from '@mui/x-date-pickers/locales';
import { copy } from '../../../shared/copy';
import type { DeadlineValue } from './detailModel';

/*
 * The deadline's two date pickers (spec §5 "Dates"; veco-frontend.md §5.3) — MUI X with dayjs in Korean. Loaded
 * lazily (chunk `date-pickers`) when the deadline dropdown first opens, so neither MUI X nor dayjs reach the
 * initial chunks. The calendar shows days of one month (no year view); the earliest date is year 1.
 */

const MIN_DATE = dayjs('0001-01-01');
const WIRE = 'YYYY-MM-DD';

const toDay = (value: string | null): Dayjs | null => (value ? dayjs(value, WIRE) : null);
const toWire = (value: Dayjs | null): string | null => (value && value.isValid() ? value.format(WIRE) : null);

export interface DeadlinePickersProps {
  value: DeadlineValue;
  onStartChange: (start: string | null) => void;
  onEndChange: (end: string | null) => void;
}

export default function DeadlinePickers({ value, onStartChange, onEndChange }: DeadlinePickersProps) {
  const text = copy.itemDetail;
  const common = {
    views: ['day' as const],
    minDate: MIN_DATE,
    format: 'YY.MM.DD',
    slotProps: {
      field: { clearable: true },
      textField: { size: 'small' as const },
      actionBar: { actions: ['clear' as const] },
    },
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="ko"
      localeText={koKR.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: '1.2rem', padding: '1.2rem' }}>
        <DatePicker
          {...common}
          label={text.start}
          value={toDay(value.start)}
          onChange={(next, context) => {
            if (context.validationError === null && (next === null || next.isValid()))
              onStartChange(toWire(next));
          }}
        />
        <DatePicker
          {...common}
          label={text.end}
          value={toDay(value.end)}
          onChange={(next, context) => {
            if (context.validationError === null && (next === null || next.isValid()))
              onEndChange(toWire(next));
          }}
        />
      </div>
    </LocalizationProvider>
  );
}
