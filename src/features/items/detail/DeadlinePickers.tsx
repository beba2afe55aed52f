import 'dayjs/locale/ko';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { koKR } from '@mui/x-date-pickers/locales';
import { copy } from '../../../shared/copy';
import { DATE_INPUT_RANGE, readDateInput } from '../../../shared/lib/dateInput';
import { tokens } from '../../../shared/ui/tokens';
import { CalendarIcon } from '../icons';
import { shortDate } from '../listModel';
import type { DeadlineValue } from './detailModel';

/*
 * The deadline's two date fields and their calendar (docs/product.md "Item detail" → Deadline). Loaded lazily
 * (chunk `date-pickers`) when the deadline dropdown first opens, so neither MUI X nor dayjs reach the initial
 * chunks. Each field is free text read by `readDateInput` (2026-12-01, 20261201, 12/1, 12월 1일 …) and shows
 * `YY.MM.DD` once left; a click on a field opens the Korean calendar under the fields (month view, today marked,
 * the one allowed range of contract/dates.ts as minDate/maxDate).
 */

const WIRE = 'YYYY-MM-DD';
const MIN_DATE = dayjs(DATE_INPUT_RANGE.min, WIRE);
const MAX_DATE = dayjs(DATE_INPUT_RANGE.max, WIRE);
/** The calendar's header: '2026년 11월' (MUI's default is 'MMMM YYYY' → '11월 2026'). */
const HEADER_FORMAT = 'YYYY년 M월';

type Side = 'start' | 'end';

const shown = (value: string | null) => (value ? shortDate(value) : '');

export interface DeadlinePickersProps {
  value: DeadlineValue;
  onStartChange: (start: string | null) => void;
  onEndChange: (end: string | null) => void;
  /** Phone layout: larger calendar days (44 px targets) filling the sheet's width. */
  phone?: boolean;
}

/**
 * The deadline pickers: '시작일' and '종료일' fields, then the calendar of the field last clicked. Each side calls its
 * `on…Change(YYYY-MM-DD | null)` once the date is settled (see `DeadlineField`); the push/pull rules are the
 * parent's (detailModel `withStart` / `withEnd`).
 */
export default function DeadlinePickers({
  value,
  onStartChange,
  onEndChange,
  phone = false,
}: DeadlinePickersProps) {
  const text = copy.itemDetail;
  const [calendar, setCalendar] = useState<Side | null>(null);
  const calendarId = useId();
  const sides: { side: Side; label: string; onCommit: (wire: string | null) => void }[] = [
    { side: 'start', label: text.start, onCommit: onStartChange },
    { side: 'end', label: text.end, onCommit: onEndChange },
  ];
  const open = sides.find((entry) => entry.side === calendar);
  // An empty side's calendar opens at the other side's month (an end right after the start).
  const reference = calendar ? (value[calendar] ?? value[calendar === 'start' ? 'end' : 'start']) : null;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="ko"
      localeText={koKR.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <Fields>
        {sides.map(({ side, label, onCommit }) => (
          <DeadlineField
            key={side}
            label={label}
            value={value[side]}
            onCommit={onCommit}
            calendarId={calendarId}
            calendarOpen={calendar === side}
            onOpenCalendar={() => setCalendar(side)}
          />
        ))}
      </Fields>
      {open && (
        <CalendarBox
          id={calendarId}
          role="group"
          aria-label={copy.dates.calendarOf(open.label)}
          data-phone={phone}
        >
          <p className="caption">{copy.dates.calendarOf(open.label)}</p>
          <DateCalendar
            key={open.side}
            views={['day']}
            minDate={MIN_DATE}
            maxDate={MAX_DATE}
            value={value[open.side] ? dayjs(value[open.side], WIRE) : null}
            referenceDate={reference ? dayjs(reference, WIRE) : undefined}
            slotProps={{ calendarHeader: { format: HEADER_FORMAT } }}
            onChange={(next: Dayjs | null, selection) => {
              if (selection !== 'finish' || !next || !next.isValid()) return;
              const wire = next.format(WIRE);
              if (wire !== value[open.side]) open.onCommit(wire);
              setCalendar(null);
            }}
          />
        </CalendarBox>
      )}
    </LocalizationProvider>
  );
}

const Fields = styled('div')({ display: 'flex', flexDirection: 'column', gap: '1.2rem', padding: '1.2rem' });

const CalendarBox = styled('div')(({ theme }) => ({
  borderTop: `1px solid ${tokens.grey[300]}`,
  '.caption': { margin: '0.8rem 1.2rem 0', fontSize: '1.2rem', color: tokens.grey.default },
  '.MuiDateCalendar-root': { margin: 0 },
  // Phone: 44 × 44 px days, weekday labels and month arrows; the grid fills the sheet (7 × 44 px = 308 px fits 360).
  '&[data-phone="true"]': {
    '.MuiDateCalendar-root': { width: '100%', maxWidth: '40rem', height: 'auto', maxHeight: 'none' },
    '.MuiDayCalendar-header, .MuiDayCalendar-weekContainer': { justifyContent: 'space-around' },
    '.MuiDayCalendar-weekDayLabel, .MuiPickerDay-root': { width: '4.4rem', height: '4.4rem', margin: 0 },
    '.MuiPickerDay-root': { fontSize: '1.5rem', borderRadius: '50%' },
    '.MuiDayCalendar-slideTransition': { minHeight: 'calc(4.4rem * 6 + 1.2rem)' },
    '.MuiPickersArrowSwitcher-button': { width: '4.4rem', height: '4.4rem' },
  },
  [theme.breakpoints.down('sm')]: { '.caption': { fontSize: '1.4rem' } },
}));

/**
 * One side of the deadline: a text field that takes a date the way people type it (`readDateInput`). While focused
 * the text is free; the date is settled — read, and committed with `onCommit(YYYY-MM-DD | null)` when it differs
 * from `value` — on Enter (not while a Hangul syllable is being composed), when the field is left, and when the
 * dropdown closes (unmount). An unreadable date shows its Korean message under the field, is never sent, and stays
 * in the field for correcting; an empty field clears the side ('지우기' clears at once). Unless focused, the field
 * shows `value` as `YY.MM.DD` and follows it (push/pull of the other side, a saved value). A click on the field (or
 * Alt+↓, or the calendar button) opens the calendar.
 */
function DeadlineField({
  label,
  value,
  onCommit,
  calendarId,
  calendarOpen,
  onOpenCalendar,
}: {
  label: string;
  value: string | null;
  onCommit: (wire: string | null) => void;
  calendarId: string;
  calendarOpen: boolean;
  onOpenCalendar: () => void;
}) {
  const [text, setText] = useState(() => shown(value));
  const [error, setError] = useState<string | null>(null);
  // The latest keystroke and props for blur / Enter / unmount, which must not wait for a render.
  const typed = useRef(text);
  const focused = useRef(false);
  const latest = useRef({ value, onCommit });
  useLayoutEffect(() => {
    latest.current = { value, onCommit };
  });
  // What was last handed to `onCommit`, until the parent's `value` catches up (Enter, then leaving the field).
  const sent = useRef<string | null | undefined>(undefined);

  const show = (next: string) => {
    typed.current = next;
    setText(next);
  };

  useEffect(() => {
    sent.current = undefined;
    if (!focused.current) {
      show(shown(value));
      setError(null);
    }
  }, [value]);

  /** Reads the text and commits it; false when it could not be read (the message is shown). */
  const settle = (): boolean => {
    const { value: current, onCommit: send } = latest.current;
    const before = sent.current === undefined ? current : sent.current;
    // Unchanged text is no edit (a 19xx date shows as YY.MM.DD, which would read as 20xx).
    if (typed.current.trim() === shown(before)) {
      setError(null);
      return true;
    }
    const reading = readDateInput(typed.current);
    if (reading.kind === 'invalid') {
      setError(reading.message);
      return false;
    }
    const wire = reading.kind === 'date' ? reading.date : null;
    setError(null);
    show(shown(wire));
    if (wire !== before) {
      sent.current = wire;
      send(wire);
    }
    return true;
  };

  // Closing the dropdown unmounts the fields: a typed, readable date still counts.
  const settleRef = useRef(settle);
  useLayoutEffect(() => {
    settleRef.current = settle;
  });
  useEffect(
    () => () => {
      if (focused.current) settleRef.current();
    },
    [],
  );

  const fieldId = useId();
  return (
    <TextField
      id={fieldId}
      label={label}
      size="small"
      fullWidth
      value={text}
      placeholder={copy.dates.placeholder}
      error={error !== null}
      helperText={error ?? undefined}
      autoComplete="off"
      onChange={(event) => {
        show(event.target.value);
        if (error) setError(null);
      }}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
        settle();
      }}
      onClick={onOpenCalendar}
      onKeyDown={(event) => {
        if (event.nativeEvent.isComposing) return;
        if (event.key === 'Enter') {
          event.preventDefault();
          settle();
        } else if (event.key === 'ArrowDown' && event.altKey) {
          event.preventDefault();
          onOpenCalendar();
        }
      }}
      slotProps={{
        htmlInput: {
          'aria-controls': calendarOpen ? calendarId : undefined,
          'aria-expanded': calendarOpen,
          'aria-haspopup': 'grid',
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {text !== '' && (
                <AdornmentButton
                  aria-label={copy.dates.clear}
                  size="small"
                  onClick={(event) => {
                    event.stopPropagation();
                    show('');
                    setError(null);
                    if (latest.current.value !== null) {
                      sent.current = null;
                      latest.current.onCommit(null);
                    }
                  }}
                >
                  <ClearIcon fontSize="inherit" />
                </AdornmentButton>
              )}
              <AdornmentButton
                aria-label={copy.dates.openCalendar(label)}
                aria-controls={calendarOpen ? calendarId : undefined}
                aria-expanded={calendarOpen}
                size="small"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpenCalendar();
                }}
              >
                <CalendarIcon size="2rem" />
              </AdornmentButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

const AdornmentButton = styled(IconButton)(({ theme }) => ({
  fontSize: '1.8rem',
  lineHeight: 1,
  [theme.breakpoints.down('sm')]: { width: '4.4rem', height: '4.4rem' },
}));
