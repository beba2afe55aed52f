import 'dayjs/locale/ko';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { koKR } from '@mui/x-date-pickers/locales';
import { copy } from '../../../shared/copy';
import type { DeadlineValue } from './detailModel';

/*
 * The deadline's two date pickers (docs/product.md "Item detail") — MUI X with dayjs in Korean. Loaded
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
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="ko"
      localeText={koKR.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: '1.2rem', padding: '1.2rem' }}>
        <DeadlineDatePicker label={text.start} value={value.start} onCommit={onStartChange} />
        <DeadlineDatePicker label={text.end} value={value.end} onCommit={onEndChange} />
      </div>
    </LocalizationProvider>
  );
}

/**
 * One side of the deadline. Typing edits a local draft; the date is committed (`onCommit(YYYY-MM-DD | null)`) only
 * when it is settled — picked in the calendar, cleared, Enter pressed, the field left, or the dropdown closed
 * (unmount) — and only if it differs from `value`. The draft lives in `useState` for rendering and in refs for the
 * blur / unmount handlers, which must see the latest keystroke without waiting for a render. Committing every
 * intermediate date while typing "261120" fed each one back through the parent (push/pull rules, a PATCH in view
 * mode) and the field's re-sync could eat a digit typed in between; a half-typed or invalid date is never sent and
 * reverts to `value` on leaving.
 */
function DeadlineDatePicker({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string | null;
  onCommit: (wire: string | null) => void;
}) {
  const [draft, setDraft] = useState<Dayjs | null>(() => toDay(value));
  const draftValid = useRef(true);
  const editing = useRef(false);
  const latest = useRef({ value, onCommit });
  useLayoutEffect(() => {
    latest.current = { value, onCommit };
  });
  // What was last handed to `onCommit`, until the parent's `value` catches up (the clear button fires both
  // onChange and onAccept before the parent re-renders).
  const sent = useRef<string | null | undefined>(undefined);

  // Follow the parent (push/pull of the other side, a saved value) unless the user is typing here.
  useEffect(() => {
    sent.current = undefined;
    if (!editing.current) {
      setDraft(toDay(value));
      draftValid.current = true;
    }
  }, [value]);

  const commit = (next: Dayjs | null, valid: boolean) => {
    const { value: current, onCommit: send } = latest.current;
    if (!valid || (next !== null && !next.isValid())) {
      setDraft(toDay(current));
      draftValid.current = true;
      return;
    }
    const wire = toWire(next);
    if (wire === (sent.current === undefined ? current : sent.current)) return;
    sent.current = wire;
    send(wire);
  };

  // Closing the dropdown unmounts the pickers: a typed, valid date still counts.
  const pending = useRef<{ draft: Dayjs | null; valid: boolean } | null>(null);
  useEffect(
    () => () => {
      if (pending.current) commit(pending.current.draft, pending.current.valid);
    },
    [],
  );

  return (
    <DatePicker
      views={['day']}
      minDate={MIN_DATE}
      format="YY.MM.DD"
      label={label}
      value={draft}
      onChange={(next, context) => {
        const valid = context.validationError === null && (next === null || next.isValid());
        setDraft(next);
        draftValid.current = valid;
        // Cleared (the × button, or every digit deleted): settle now. Typed: wait for Enter or leaving the field.
        if (next === null && valid) {
          pending.current = null;
          commit(null, true);
        } else pending.current = { draft: next, valid };
      }}
      onAccept={(next) => {
        const valid = next === null || next.isValid();
        // MUI also "accepts" every complete date typed into the field; those wait like any typing.
        if (editing.current && next !== null) {
          pending.current = { draft: next, valid };
          return;
        }
        pending.current = null;
        commit(next, valid);
      }}
      slotProps={{
        field: { clearable: true },
        actionBar: { actions: ['clear'] },
        textField: {
          size: 'small',
          onFocus: () => {
            editing.current = true;
          },
          onBlur: () => {
            editing.current = false;
            if (pending.current) {
              const { draft: typed, valid } = pending.current;
              pending.current = null;
              commit(typed, valid);
            }
          },
          onKeyDown: (event: React.KeyboardEvent) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || !pending.current) return;
            const { draft: typed, valid } = pending.current;
            pending.current = null;
            commit(typed, valid);
          },
        },
      }}
    />
  );
}
