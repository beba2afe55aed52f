import { lazy, Suspense, useId, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import Popover from '@mui/material/Popover';
import { styled } from '@mui/material/styles';
import { copy } from '../../../../shared/copy';
import { useIsPhone } from '../../../../shared/lib/useViewport';
import { tokens } from '../../../../shared/ui/tokens';
import { CalendarIcon } from '../../icons';
import { deadlineLabel, deadlinePatch, withEnd, withStart } from '../detailModel';
import { RowButton } from '../PropertyMenu';
import { Placeholder } from './Placeholder';
import type { PropertyProps } from './types';

/** The deadline pickers: their own chunk, loaded when the dropdown first opens (or is hovered). */
export const loadDeadlinePickers = () => import(/* webpackChunkName: "date-pickers" */ '../DeadlinePickers');
const DeadlinePickers = lazy(loadDeadlinePickers);

const PickersBox = styled('div')({ width: '32rem', maxWidth: '100%', backgroundColor: tokens.grey[100] });

/** The row: 44 px tall on phones (touch target). */
const DeadlineRow = styled(RowButton)(({ theme }) => ({
  [theme.breakpoints.down('sm')]: { minHeight: '4.4rem' },
}));

/** The phone sheet's bar: the title and '완료' (closes; a typed date still counts, as when the dropdown closes). */
const SheetBar = styled('div')({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '5.6rem',
  padding: '0 0.4rem 0 1.6rem',
  borderBottom: `1px solid ${tokens.grey[300]}`,
  '& h2': { margin: 0, fontSize: '1.8rem', fontWeight: 600 },
  '& button': {
    minWidth: '4.4rem',
    minHeight: '4.4rem',
    padding: '0 1.2rem',
    border: 'none',
    background: 'transparent',
    font: 'inherit',
    fontSize: '1.6rem',
    fontWeight: 600,
    color: tokens.grey[600],
    cursor: 'pointer',
  },
});

/** Phone: the fields' text at 16 px so iOS does not zoom into them; side padding 16 px. */
const SheetBody = styled('div')({
  padding: '0.4rem 0.4rem',
  '& .MuiInputBase-input': { fontSize: '1.6rem' },
});

/**
 * '기한': a start and an end date (docs/product.md "Item detail" → Deadline). Desktop and tablet: a popover under the
 * row. Phone (< 600 px): a full-screen sheet — the fields stay at the top above the on-screen keyboard, the calendar
 * gets the whole width for 44 px days, and nothing depends on where the row sits on a short screen.
 */
export function DeadlineProperty({ form, onChange }: PropertyProps) {
  const text = copy.itemDetail;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const phone = useIsPhone();
  const value = form.deadline;
  const label = deadlineLabel(value);
  const change = (deadline: typeof value) => {
    const patch = deadlinePatch(value, deadline);
    if (patch) onChange({ deadline }, { deadline: patch });
  };
  return (
    <>
      <DeadlineRow
        type="button"
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? popoverId : undefined}
        aria-label={`${text.deadline}: ${label ?? text.none}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        onMouseEnter={() => void loadDeadlinePickers()}
      >
        <CalendarIcon />
        {label ? <span className="value">{label}</span> : <Placeholder>{text.deadline}</Placeholder>}
      </DeadlineRow>
      {phone ? (
        <Dialog
          fullScreen
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          aria-labelledby={titleId}
          slotProps={{ paper: { id: popoverId } }}
        >
          <SheetBar>
            <h2 id={titleId}>{text.deadline}</h2>
            <button type="button" onClick={() => setAnchor(null)}>
              {copy.dates.done}
            </button>
          </SheetBar>
          <SheetBody>
            <Suspense fallback={<div style={{ padding: '1.6rem' }}>{text.loading}</div>}>
              <DeadlinePickers
                phone
                value={value}
                onStartChange={(start) => change(withStart(value, start))}
                onEndChange={(end) => change(withEnd(value, end))}
              />
            </Suspense>
          </SheetBody>
        </Dialog>
      ) : (
        <Popover
          id={popoverId}
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-label': text.deadline,
              sx: { borderRadius: '0.4rem', boxShadow: '0 4px 12px 0 rgba(0,0,0,.15)' },
            },
          }}
        >
          <PickersBox>
            <Suspense fallback={<div style={{ padding: '1.2rem' }}>{text.loading}</div>}>
              <DeadlinePickers
                value={value}
                onStartChange={(start) => change(withStart(value, start))}
                onEndChange={(end) => change(withEnd(value, end))}
              />
            </Suspense>
          </PickersBox>
        </Popover>
      )}
    </>
  );
}
